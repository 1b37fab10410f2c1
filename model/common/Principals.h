#pragma once

#include "Identity.h"
#include "Records.h"
#include "Result.h"

namespace cw {
class Database;
}

namespace cw::inline common {

// The principals of a database and who acts, for the GUI and the CLI, which
// do not reach the identity store themselves.
class Principals
{
public:
    explicit Principals(const Database &db);

    Result<QList<PrincipalRecord>> all() const;
    // The OS login's principal, or (admins only) the one it acts as; see
    // IdentityResolver.
    Result<Actor> resolve(const QString &osUser, const QString &asPrincipal = {}) const;

private:
    const Database &m_db;
};

} // namespace cw::inline common
