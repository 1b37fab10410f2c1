#pragma once

#include "Records.h"
#include "Result.h"
#include "Statement.h"

#include <optional>

namespace cw {
class Database;
}

namespace cw::inline ingest {

// Whether a change of principals leaves someone able to administer the
// database (issue #36, item 10). An admin counts only if it can sign in as
// itself: on a file, its os_user is a login this machine knows (identity
// comes from the OS login); on a server, its db_role is a role the server
// has (identity comes from the connection's role). A principal record that
// takes the last such admin's role, login or role away is refused, as
// `init --admin` cannot help once any principal exists.
class AdminReach
{
public:
    explicit AdminReach(const Database &db);

    // Whether p could sign in here as itself.
    Result<bool> canSignIn(const PrincipalRecord &p);
    // A refusal naming the principal when changing old into changed leaves
    // no admin who can sign in (and there was one before).
    Status checkChange(const PrincipalRecord &old, const PrincipalRecord &changed);

private:
    Result<bool> anotherAdminCanSignIn(const QString &except);

    const Database &m_db;
    Statement m_otherAdmins;
    std::optional<Statement> m_roleExists; // a server's catalogue, prepared on first use
};

} // namespace cw::inline ingest
