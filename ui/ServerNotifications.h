#pragma once

#include "Database.h"

#include <QObject>

#include <cstdint>
#include <memory>

class QSocketNotifier;

namespace cw {

// What a session on a PostgreSQL server hears instead of polling: a
// connection of its own that LISTENs on cw_outbox and cw_projection
// (resources/pgsql/003_notify.sql) and a QSocketNotifier on its socket.
// Its own, because a statement libpq runs on a connection reads any
// notification that arrives meanwhile into its queue: on the GUI's
// connection, a notification taken in by a panel's read would leave the
// socket quiet and the change unannounced until the next one.
class ServerNotifications : public QObject
{
    Q_OBJECT

public:
    // location: the full libpq location (it may hold the password).
    // Fails when the connection cannot be opened; the caller polls then.
    static Result<std::unique_ptr<ServerNotifications>> listen(const QString &location);
    ~ServerNotifications() override;

    // Notifications counted so far (Database::dataVersion on the listener).
    std::int64_t version() const;
    bool isListening() const;

Q_SIGNALS:
    // The server sent notifications since the last one.
    void notified();
    // The connection was lost: nothing more will be heard.
    void lost(const QString &why);

private:
    explicit ServerNotifications(std::unique_ptr<Database> db);
    void readSocket();

    std::unique_ptr<Database> m_db;
    QSocketNotifier *m_notifier = nullptr;
    std::int64_t m_seen = 0;
};

} // namespace cw
