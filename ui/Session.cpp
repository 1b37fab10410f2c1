#include "Session.h"

#include "Access.h"
#include "Clock.h"
#include "Paths.h"
#include "ServerNotifications.h"

#include <QTimer>

namespace cw {

Session::Session(std::unique_ptr<Database> db, std::optional<Actor> actor, QString identityProblem,
                 QString location, QObject *parent)
    : QObject(parent)
    , m_db(std::move(db))
    , m_actor(std::move(actor))
    , m_identityProblem(std::move(identityProblem))
    , m_login(Paths::osLoginName())
    , m_systemClock(std::make_unique<Clock>())
    , m_clock(m_systemClock.get())
    , m_location(location.isEmpty() ? m_db->path() : std::move(location))
    , m_poll(new QTimer(this))
{
    m_poll->setObjectName(QStringLiteral("sessionPoll"));
    m_poll->setInterval(PollIntervalMs);
    connect(m_poll, &QTimer::timeout, this, &Session::checkForChanges);
    m_localChanges = m_db->totalChanges();
    follow();
}

Session::~Session() = default;

void Session::follow()
{
    if (m_db->isServer()) {
        auto listening = ServerNotifications::listen(m_location);
        if (listening) {
            m_notifications = std::move(*listening);
            m_dataVersion = m_notifications->version();
            connect(m_notifications.get(), &ServerNotifications::notified, this,
                    &Session::checkForChanges);
            connect(m_notifications.get(), &ServerNotifications::lost, this, &Session::pollInstead);
            return;
        }
        qWarning("not listening for changes, polling instead: %s", qPrintable(listening.error()));
    }
    pollInstead();
}

void Session::pollInstead()
{
    // On a server the first dataVersion() LISTENs on the session's own
    // connection; polling then reads what its statements took in.
    if (m_notifications) // lost() comes from it: it goes once the signal is done
        m_notifications.release()->deleteLater();
    m_dataVersion = m_db->dataVersion();
    m_poll->start();
}

bool Session::followsNotifications() const
{
    return m_notifications && m_notifications->isListening();
}

std::int64_t Session::currentVersion() const
{
    return m_notifications ? m_notifications->version() : m_db->dataVersion();
}

void Session::setClock(const Clock *clock)
{
    m_clock = clock ? clock : m_systemClock.get();
    Q_EMIT clockChanged();
}

void Session::setIdentitySource(const QString &login, const QString &asPrincipal)
{
    m_login = login;
    m_asPrincipal = asPrincipal;
}

bool Session::mayViewAs() const
{
    return m_actor && Access::mayActAsOthers(m_actor->real);
}

void Session::viewAs(const PrincipalRecord &effective)
{
    if (!mayViewAs())
        return;
    m_actor->effective = effective;
    Q_EMIT actorChanged();
}

void Session::checkForChanges()
{
    // Other connections' commits move data_version; this connection's own
    // writes move its change count instead.
    const std::int64_t version = currentVersion();
    const std::int64_t local = m_db->totalChanges();
    if (version == m_dataVersion && local == m_localChanges)
        return;
    m_dataVersion = version;
    m_localChanges = local;
    // Before databaseChanged: panels that reload then see the new principal.
    if (!m_actor)
        resolveIdentity();
    Q_EMIT databaseChanged();
}

void Session::resolveIdentity()
{
    auto resolved = IdentityResolver::resolve(*m_db, m_login, m_asPrincipal);
    if (!resolved) {
        // The reason can change too (the first principal arrived, but not yours).
        m_identityProblem = resolved.error();
        return;
    }
    m_actor = *resolved;
    m_identityProblem.clear();
    Q_EMIT actorChanged();
}

} // namespace cw
