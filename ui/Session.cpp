#include "Session.h"

#include "Access.h"
#include "Clock.h"
#include "Paths.h"

#include <QTimer>

namespace cw {

Session::Session(std::unique_ptr<Database> db, std::optional<Actor> actor, QString identityProblem,
                 QObject *parent)
    : QObject(parent)
    , m_db(std::move(db))
    , m_actor(std::move(actor))
    , m_identityProblem(std::move(identityProblem))
    , m_login(Paths::osLoginName())
    , m_systemClock(std::make_unique<Clock>())
    , m_clock(m_systemClock.get())
    , m_poll(new QTimer(this))
{
    m_dataVersion = m_db->dataVersion();
    m_localChanges = m_db->totalChanges();
    m_poll->setInterval(PollIntervalMs);
    connect(m_poll, &QTimer::timeout, this, &Session::checkForChanges);
    m_poll->start();
}

Session::~Session() = default;

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
    const std::int64_t version = m_db->dataVersion();
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
