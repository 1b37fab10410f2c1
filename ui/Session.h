#pragma once

#include "Identity.h"

#include <QObject>

#include <cstdint>
#include <memory>
#include <optional>

class QTimer;

namespace cw {

class Clock;
class Database;

// What every panel works with: the open database, who is acting (real and
// effective principal) and the clock. It also watches the file: another
// process's commit changes PRAGMA data_version, which is polled every
// PollIntervalMs, so panels reload within a second without a server.
class Session : public QObject
{
    Q_OBJECT

public:
    static constexpr int PollIntervalMs = 500;

    Session(std::unique_ptr<Database> db, std::optional<Actor> actor, QString identityProblem,
            QObject *parent = nullptr);
    ~Session() override;

    const Database &db() const { return *m_db; }
    Database &db() { return *m_db; } // for the model's writers (ReviewWorkflow)
    const std::optional<Actor> &actor() const { return m_actor; }
    const QString &identityProblem() const { return m_identityProblem; }
    const Clock &clock() const { return *m_clock; }
    // Tests install a fixed clock; the session does not own it.
    void setClock(const Clock *clock);

    // Admins only: act as another principal (the real one stays in audit).
    bool mayViewAs() const;
    void viewAs(const PrincipalRecord &effective);

    // Checks now instead of at the next tick.
    void checkForChanges();
    // data_version does not move for this connection's own commits, so
    // whoever commits through db() says so here.
    void notifyLocalCommit();

Q_SIGNALS:
    // Something committed since the last check (this or another connection).
    void databaseChanged();
    void actorChanged();

private:
    std::unique_ptr<Database> m_db;
    std::optional<Actor> m_actor;
    QString m_identityProblem;
    std::unique_ptr<Clock> m_systemClock;
    const Clock *m_clock = nullptr;
    QTimer *m_poll = nullptr;
    std::int64_t m_dataVersion = 0;
};

} // namespace cw
