#include "ServerConnection.h"

#include "Database.h"
#include "PgConnection.h"

namespace cw::ServerConnection {

bool isServerLocation(const QString &location)
{
    return PgConnection::isServerLocation(location);
}

int notificationSocket(const Database &db)
{
    return db.server() ? db.server()->socket() : -1;
}

} // namespace cw::ServerConnection
