#include "ServerDatabase.h"

#include "PgConnection.h"
#include "PgSchema.h"

namespace cw {

bool ServerDatabase::isServerLocation(const QString &location)
{
    return PgConnection::isServerLocation(location);
}

QString ServerDatabase::connectionDisplay(const QString &location)
{
    return PgConnection::withoutPassword(location);
}

Result<std::unique_ptr<ServerDatabase>> ServerDatabase::connect(const QString &location)
{
    auto connection = PgConnection::connect(location);
    if (!connection)
        return fail(connection.error());
    return std::unique_ptr<ServerDatabase>(new ServerDatabase(std::move(*connection)));
}

ServerDatabase::ServerDatabase(std::unique_ptr<PgConnection> connection)
    : m_connection(std::move(connection))
{
}

ServerDatabase::~ServerDatabase() = default;

Result<int> ServerDatabase::migrate() const
{
    return PgSchema::migrate(*m_connection);
}

Result<int> ServerDatabase::schemaVersion() const
{
    return PgSchema::version(*m_connection);
}

QString ServerDatabase::displayLocation() const
{
    return m_connection->displayLocation();
}

Result<QString> ServerDatabase::sessionUser() const
{
    auto rows = m_connection->query("SELECT session_user");
    if (!rows)
        return fail(rows.error());
    return rows->text(0, 0);
}

Result<qint64> ServerDatabase::principalCount() const
{
    auto rows = m_connection->query("SELECT count(*) FROM principals");
    if (!rows)
        return fail(rows.error());
    return rows->text(0, 0).toLongLong();
}

} // namespace cw
