#pragma once

#include "Result.h"

namespace cw {

class PgConnection;

// The PostgreSQL schema, in its own versioned steps (resources/pgsql), as
// Schema is SQLite's. The version lives in a one-row table, schema_version
// (PostgreSQL has no user_version). All pending steps run in one
// transaction, under an advisory lock, so two programs migrating one server
// at once apply each step once.
class PgSchema
{
public:
    static int currentVersion();
    // Returns the schema version the database has afterwards.
    static Result<int> migrate(const PgConnection &db);
    // The version the database has: 0 when it has no schema yet.
    static Result<int> version(const PgConnection &db);
};

} // namespace cw
