#pragma once

#include "Database.h"
#include "Identity.h"

#include <QObject>

#include <cstdint>
#include <memory>
#include <optional>
#include <utility>

class QTimer;

namespace cw::inline common {
class Clock;
}

namespace cw {

class ServerNotifications;

// What every panel works with: the open database, who is acting (real and
// effective principal) and the clock. It also watches the database: on a
// file, another process's commit changes PRAGMA data_version, which is
// polled every PollIntervalMs, so panels reload within a second; on a
// PostgreSQL server the server's notifications wake it (ServerNotifications)
// and nothing polls, unless the listening connection cannot be had.
// While no principal is mapped to the login, each change resolves it again:
// a principal imported elsewhere lets the user in without reopening the file.
class Session : public QObject
{
    Q_OBJECT

public:
    static constexpr int PollIntervalMs = 500;

    // location: what the database was opened from, for the connections of
    // background work; empty means db->path(). On a server it may hold a
    // password (db->path() does not): never shown, never stored.
    Session(std::unique_ptr<Database> db, std::optional<Actor> actor, QString identityProblem,
            QString location = {}, QObject *parent = nullptr);
    ~Session() override;

    const Database &db() const { return *m_db; }
    // For opening another connection to the same database (BackgroundRunner,
    // BackgroundJob) only; show db().path() to people instead.
    const QString &location() const { return m_location; }
    // Whether commits elsewhere are heard from the server rather than polled.
    bool followsNotifications() const;
    Database &db() { return *m_db; } // for the model's writers (ReviewWorkflow)
    const std::optional<Actor> &actor() const { return m_actor; }
    const QString &identityProblem() const { return m_identityProblem; }
    // Whom the session resolves while it has no principal: the OS login (by
    // default) and the principal an admin asked to act as (--as).
    const QString &login() const { return m_login; }
    void setIdentitySource(const QString &login, const QString &asPrincipal);
    const Clock &clock() const { return *m_clock; }
    // Tests install a fixed clock; the session does not own it.
    void setClock(const Clock *clock);

    // Admins only: act as another principal (the real one stays in audit).
    bool mayViewAs() const;
    void viewAs(const PrincipalRecord &effective);

    // Checks now instead of at the next tick.
    void checkForChanges();
    // Runs a model write on the session's connection and announces it at
    // once (databaseChanged) if it changed anything: data_version does not
    // move for a connection's own commits. A write that bypasses this is
    // still announced, at the next check (the connection's change count).
    template <typename Write> auto write(Write &&work) -> decltype(work(std::declval<Database &>()))
    {
        auto done = work(*m_db);
        checkForChanges();
        return done;
    }

Q_SIGNALS:
    // Something committed since the last check (this or another connection).
    void databaseChanged();
    // View As chose another effective principal, or a principal was mapped
    // to the login since the session opened: panels scope to it.
    void actorChanged();
    // A test installed another clock: panels take times from it.
    void clockChanged();

private:
    void follow();
    void pollInstead();
    void resolveIdentity();
    std::int64_t currentVersion() const;

    std::unique_ptr<Database> m_db;
    std::optional<Actor> m_actor;
    QString m_identityProblem;
    QString m_login;
    QString m_asPrincipal;
    std::unique_ptr<Clock> m_systemClock;
    const Clock *m_clock = nullptr;
    QString m_location;
    QTimer *m_poll = nullptr;
    std::unique_ptr<ServerNotifications> m_notifications;
    std::int64_t m_dataVersion = 0;
    std::int64_t m_localChanges = 0;
};

} // namespace cw
