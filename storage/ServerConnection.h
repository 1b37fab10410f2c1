#pragma once

#include <QString>

namespace cw {

class Database;

// What a front end asks about a server connection without seeing libpq
// (docs/postgresql.md). Free functions beside Database, not members: the
// header every store includes stays as it is.
namespace ServerConnection {

// Whether Database::open would take location as a server's, not a file's.
bool isServerLocation(const QString &location);
// The connection's socket (PQsocket): it turns readable when a
// notification (LISTEN) arrives, so a GUI can wait on it instead of polling
// Database::dataVersion(). -1 on a file, and once the connection is lost.
int notificationSocket(const Database &db);

} // namespace ServerConnection
} // namespace cw
