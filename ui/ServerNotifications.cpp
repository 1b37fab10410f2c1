#include "ServerNotifications.h"

#include "ServerConnection.h"

#include <QSocketNotifier>

namespace cw {

Result<std::unique_ptr<ServerNotifications>> ServerNotifications::listen(const QString &location)
{
    auto db = Database::open(location, Database::Mode::ReadOnly);
    if (!db)
        return fail(db.error());
    if (!(*db)->isServer() || ServerConnection::notificationSocket(**db) < 0)
        return fail(QObject::tr("%1 sends no notifications").arg((*db)->path()));
    return std::unique_ptr<ServerNotifications>(new ServerNotifications(std::move(*db)));
}

ServerNotifications::ServerNotifications(std::unique_ptr<Database> db)
    : m_db(std::move(db))
{
    // The first dataVersion() issues LISTEN; only then is a readable socket
    // a notification, and none sent from here on can be missed.
    m_seen = m_db->dataVersion();
    m_notifier = new QSocketNotifier(qintptr(ServerConnection::notificationSocket(*m_db)),
                                     QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &ServerNotifications::readSocket);
}

ServerNotifications::~ServerNotifications() = default;

std::int64_t ServerNotifications::version() const
{
    return m_seen;
}

bool ServerNotifications::isListening() const
{
    return m_notifier->isEnabled();
}

void ServerNotifications::readSocket()
{
    // Reads what arrived without waiting (PQconsumeInput + PQnotifies).
    const std::int64_t version = m_db->dataVersion();
    if (ServerConnection::notificationSocket(*m_db) < 0) {
        // A closed socket stays readable: stop watching it, or it spins.
        m_notifier->setEnabled(false);
        Q_EMIT lost(tr("the connection to %1 was lost").arg(m_db->path()));
        return;
    }
    if (version == m_seen)
        return;
    m_seen = version;
    Q_EMIT notified();
}

} // namespace cw
