#include "Session.h"

#include "Access.h"
#include "Clock.h"
#include "Database.h"

#include <QTimer>

namespace cw {

Session::Session(std::unique_ptr<Database> db, std::optional<Actor> actor, QString identityProblem,
                 QObject *parent)
    : QObject(parent)
    , m_db(std::move(db))
    , m_actor(std::move(actor))
    , m_identityProblem(std::move(identityProblem))
    , m_systemClock(std::make_unique<Clock>())
    , m_clock(m_systemClock.get())
    , m_poll(new QTimer(this))
{
    m_dataVersion = m_db->dataVersion();
    m_poll->setInterval(PollIntervalMs);
    connect(m_poll, &QTimer::timeout, this, &Session::checkForChanges);
    m_poll->start();
}

Session::~Session() = default;

void Session::setClock(const Clock *clock)
{
    m_clock = clock ? clock : m_systemClock.get();
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
    const std::int64_t version = m_db->dataVersion();
    if (version == m_dataVersion)
        return;
    m_dataVersion = version;
    Q_EMIT databaseChanged();
}

void Session::notifyLocalCommit()
{
    Q_EMIT databaseChanged();
}

} // namespace cw
