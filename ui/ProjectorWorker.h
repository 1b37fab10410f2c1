#pragma once

#include <QObject>
#include <QStringList>

#include <atomic>
#include <memory>

class QTimer;

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
};

// Runs the projector, a rebuild or a verify on its own thread with its own
// connection (a connection is never shared across threads). Run keeps
// applying batches, and waits for new events when caught up, until the stop
// flag is raised; the flag is checked before every batch, and batches are
// small, so Pause takes effect within one batch.
class ProjectorWorker : public QObject
{
    Q_OBJECT

public:
    static constexpr int RunBatch = 100;
    static constexpr int IdleWaitMs = 250;

    ProjectorWorker(QString databasePath, const Clock &clock,
                    std::shared_ptr<const std::atomic_bool> stop);
    ~ProjectorWorker() override;

    // Each is called on the worker's thread and ends with finished().
    void start(cw::ProjectorTask task);

Q_SIGNALS:
    void progress(qint64 appliedSoFar, qint64 watermark);
    void finished(const cw::ProjectorOutcome &outcome);

private:
    bool openDatabase(ProjectorOutcome &outcome);
    void runTick();
    ProjectorOutcome step();
    ProjectorOutcome rebuild();
    ProjectorOutcome verify();

    QString m_path;
    const Clock &m_clock;
    std::shared_ptr<const std::atomic_bool> m_stop;
    std::unique_ptr<Database> m_db;
    QTimer *m_runTimer = nullptr;
    qint64 m_runApplied = 0;
};

} // namespace cw
