#pragma once

#include <QCoreApplication>
#include <QStringList>

namespace cw::inline common {
class Clock;
}

namespace cw {

class Database;

// What the lag monitor's controls ask the projector to do in this process.
enum class ProjectorTask
{
    Run,
    Step,
    Rebuild,
    Verify
};

struct ProjectorOutcome
{
    ProjectorTask task = ProjectorTask::Step;
    bool ok = true;
    QString summary;         // one line: what happened, or the error
    bool identical = true;   // Verify only
    QStringList differences; // Verify only, one line each
    qint64 applied = 0;      // Step: events applied in the batch
    qint64 watermark = 0;    // Step: the watermark after it
};

// The projector's work as the lag monitor runs it on its BackgroundRunner:
// one call, one connection, a plain value back. Run is a Step after another
// (the panel schedules them), so Pause takes effect within one batch.
class ProjectorTasks
{
    Q_DECLARE_TR_FUNCTIONS(ProjectorTasks)

public:
    static constexpr int RunBatch = 100;
    static constexpr int IdleWaitMs = 250;

    static ProjectorOutcome step(const Database &db, const Clock &clock);
    static ProjectorOutcome rebuild(const Database &db, const Clock &clock);
    static ProjectorOutcome verify(const Database &db);
};

} // namespace cw
