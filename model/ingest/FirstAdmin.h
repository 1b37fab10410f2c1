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
    FirstAdmin(const Database &db, const Clock &clock);

    // The principal made: id, name and os_user are the login, roles [admin],
    // no tenants or domains yet. Refused (Conflict, nothing written) when any
    // principal exists, naming the admins and what to do instead.
    Refusable<PrincipalRecord> make(const QString &osUser);

private:
    QString refusalText(const QList<PrincipalRecord> &principals, const QString &osUser) const;

    const Database &m_db;
    const Clock &m_clock;
};

} // namespace cw::inline ingest
