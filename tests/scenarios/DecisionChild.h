#pragma once

#include "Database.h"

#include <QString>
#include <QThread>

#include <cstdio>
#include <sqlite3.h>

// The child process of killedDecisionsAreAllOrNothing makes the decision
// script's steps through ReviewWorkflow and says on stdout where it is
// ("@step N" before step N). It can stop at a chosen point until the parent
// kills it, so that a decision is reliably in flight: "commit:N" stops inside
// step N's COMMIT (every row of the decision written in the transaction, none
// committed), "wal:N" right after step N was committed to the WAL, before the
// workflow returns ("@paused N").
namespace cw::test::child {

inline constexpr char DatabaseVariable[] = "CW_PROCESSES_CHILD_DB";
inline constexpr char PauseVariable[] = "CW_PROCESSES_CHILD_PAUSE";
// Set: the child takes only that step of the script (1-based) and exits.
inline constexpr char StepVariable[] = "CW_PROCESSES_CHILD_STEP";

struct PausePoint
{
    int step = 0; // 1-based; 0: never
    bool inCommit = true;
    int current = 0;
};
inline PausePoint point;

inline void announce(const char *what, int step)
{
    std::printf("%s %d\n", what, step);
    std::fflush(stdout);
}

inline int beginStep()
{
    announce("@step", ++point.current);
    return point.current;
}

inline void pauseUntilKilled()
{
    announce("@paused", point.current);
    QThread::sleep(10); // the parent kills well before; a bound all the same
}

inline int pauseInCommit(void *)
{
    if (point.inCommit && point.current == point.step)
        pauseUntilKilled();
    return 0; // go on committing
}

inline int pauseAfterCommit(void *, sqlite3 *, const char *, int)
{
    if (!point.inCommit && point.current == point.step)
        pauseUntilKilled();
    return SQLITE_OK;
}

// spec: "commit:N", "wal:N" or empty (never stop).
inline void installPauseHooks(const Database &db, const QString &spec)
{
    const QStringList at = spec.split(u':');
    if (at.size() == 2) {
        point.inCommit = at[0] == QLatin1String("commit");
        point.step = at[1].toInt();
    }
    sqlite3_commit_hook(db.handle(), pauseInCommit, nullptr);
    sqlite3_wal_hook(db.handle(), pauseAfterCommit, nullptr);
}

} // namespace cw::test::child
