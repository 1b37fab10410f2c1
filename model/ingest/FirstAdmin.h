#pragma once

#include "Records.h"
#include "ReviewTypes.h"

namespace cw {
class Database;
}

namespace cw::inline common {
class Clock;
}

namespace cw::inline ingest {

// The first admin of a new database: the login that asks becomes a principal
// with the admin role, in one transaction with its audit row. Only while the
// database has no principal at all; after that, principals come from ingest,
// where an admin adds them. (`curation-cli init --admin`.)
class FirstAdmin
{
public:
    // What names the login: the OS login on a file, the connection's
    // database role on a server (where the role decides who you are).
    enum class Login
    {
        OsUser,
        DbRole
    };

    FirstAdmin(const Database &db, const Clock &clock);

    // The principal made: id and name are the login, which is also its
    // os_user or its db_role (by kind); roles [admin], no tenants or domains
    // yet. Refused (Conflict, nothing written) when any principal exists,
    // naming the admins and what to do instead.
    Refusable<PrincipalRecord> make(const QString &login, Login kind);

private:
    static QString refusalText(const QList<PrincipalRecord> &principals, const QString &login,
                               Login kind);

    const Database &m_db;
    const Clock &m_clock;
};

} // namespace cw::inline ingest
