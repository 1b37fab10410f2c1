#pragma once

#include "Result.h"

namespace cw {

class Database;

// Cumulative schema migrations keyed on PRAGMA user_version. Each step is an
// SQL file under resources/sql; all pending steps run in one transaction.
class Schema
{
public:
    static int currentVersion();
    // Returns the schema version the database has afterwards.
    static Result<int> migrate(const Database &db);
};

} // namespace cw
