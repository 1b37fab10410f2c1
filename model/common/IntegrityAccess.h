#pragma once

#include "Identity.h"
#include "Result.h"

namespace cw {
class Database;
}

namespace cw::inline common {

// Who may scan the file for corruption (`curation-cli check`): every
// principal with a role, like reading projection lag. The report names
// tables, indexes and pages, never a record's content; a database without
// principals yet may be checked by whoever opened it.
class IntegrityAccess
{
public:
    static Status mayCheck(const Database &db, const Actor *actor);
    // Who may change the file's schema to repair it (`check --repair`):
    // admins, acting as themselves or as another admin; with no principals
    // yet, whoever opened the file.
    static Status mayRepair(const Database &db, const Actor *actor);
};

} // namespace cw::inline common
