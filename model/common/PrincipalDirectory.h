#pragma once

#include "IdentityRecords.h"
#include "Result.h"

#include <QList>
#include <QStringList>

namespace cw {
class Database;
}

namespace cw::inline common {

// The principals of a database, for front ends: the View As choices of the
// workbench, and whether the CLI has anyone to act as yet. Who acts is
// IdentityResolver's answer; this only lists.
class PrincipalDirectory
{
public:
    explicit PrincipalDirectory(const Database &db);

    // Every principal, ordered by id.
    Result<QList<PrincipalRecord>> principals() const;
    // True before the first principal is ingested (a new database).
    Result<bool> isEmpty() const;
    // The ids of the principals who may import principals (Access::mayAdminister),
    // ordered by id: whom a login without a principal should ask.
    Result<QStringList> administrators() const;

private:
    const Database &m_db;
};

} // namespace cw::inline common
