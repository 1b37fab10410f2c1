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
};

} // namespace cw::inline common
