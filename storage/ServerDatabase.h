#pragma once

#include "Result.h"

#include <QString>

#include <memory>

namespace cw {

class PgConnection;

// A database on a PostgreSQL server, the second backend (DESIGN.md §9,
// docs/postgresql.md), named by a libpq connection URI or service=NAME.
// Who connects is the server's business (its authentication); the
// connection's session_user is the principal's db_role.
//
// A server database is created and migrated here (curation-cli init) and
// copied to and from a file (BackendCopy); the stores reach it through
// Database::open like a file (storage/DatabaseServer.cpp).
class ServerDatabase
{
public:
    // postgresql://..., postgres://... or service=NAME; anything else is a file.
    static bool isServerLocation(const QString &location);
    static Result<std::unique_ptr<ServerDatabase>> connect(const QString &location);
    // A location as shown to people: without its password.
    static QString connectionDisplay(const QString &location);
    ~ServerDatabase();
    ServerDatabase(const ServerDatabase &) = delete;
    ServerDatabase &operator=(const ServerDatabase &) = delete;

    // Brings the schema to the current version (resources/pgsql); returns it.
    Result<int> migrate() const;
    // 0 for a database without our schema.
    Result<int> schemaVersion() const;

    // The location as shown to people: never its password.
    QString displayLocation() const;
    // The database role this connection acts as (session_user).
    Result<QString> sessionUser() const;
    Result<qint64> principalCount() const;

private:
    friend class BackendCopy;
    explicit ServerDatabase(std::unique_ptr<PgConnection> connection);
    std::unique_ptr<PgConnection> m_connection;
};

} // namespace cw
