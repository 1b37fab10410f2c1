#include "ProjectorWorker.h"

#include "Database.h"
#include "ProjectionRebuild.h"
#include "ProjectionVerify.h"
#include "Projector.h"

#include <QTimer>

namespace cw {

ProjectorWorker::ProjectorWorker(QString databasePath, const Clock &clock,
                                 std::shared_ptr<const std::atomic_bool> stop)
    : m_path(std::move(databasePath))
    , m_clock(clock)
    , m_stop(std::move(stop))
{
}

ProjectorWorker::~ProjectorWorker() = default;

bool ProjectorWorker::openDatabase(ProjectorOutcome &outcome)
{
    if (m_db)
        return true;
    auto opened = Database::open(m_path, Database::Mode::OpenExisting);
    if (!opened) {
        outcome.ok = false;
        outcome.summary = opened.error();
        return false;
    }
    m_db = std::move(*opened);
    return true;
}

void ProjectorWorker::start(ProjectorTask task)
{
    ProjectorOutcome outcome;
    outcome.task = task;
    if (!openDatabase(outcome)) {
        Q_EMIT finished(outcome);
        return;
    }
    switch (task) {
    case ProjectorTask::Run:
        // Batches are driven by a timer so the thread's event loop stays
        // responsive between them; the stop flag ends the run.
        if (!m_runTimer) {
            m_runTimer = new QTimer(this);
            m_runTimer->setSingleShot(true);
            connect(m_runTimer, &QTimer::timeout, this, &ProjectorWorker::runTick);
        }
        m_runApplied = 0;
        m_runTimer->start(0);
        return;
    case ProjectorTask::Step:
        outcome = step();
        break;
    case ProjectorTask::Rebuild:
        outcome = rebuild();
        break;
    case ProjectorTask::Verify:
        outcome = verify();
        break;
    }
    Q_EMIT finished(outcome);
}

void ProjectorWorker::runTick()
{
    ProjectorOutcome outcome;
    outcome.task = ProjectorTask::Run;
    if (m_stop->load()) {
        outcome.summary = tr("Paused after applying %n event(s).", nullptr, int(m_runApplied));
        Q_EMIT finished(outcome);
        return;
    }
    auto batch = Projector(*m_db, m_clock).step(RunBatch);
    if (!batch) {
        outcome.ok = false;
        outcome.summary = batch.error();
        Q_EMIT finished(outcome);
        return;
    }
    m_runApplied += batch->events;
    if (batch->events > 0)
        Q_EMIT progress(m_runApplied, batch->watermark);
    // Caught up: wait a little before looking for new events again.
    m_runTimer->start(batch->events > 0 ? 0 : IdleWaitMs);
}

ProjectorOutcome ProjectorWorker::step()
{
    ProjectorOutcome outcome;
    outcome.task = ProjectorTask::Step;
    auto batch = Projector(*m_db, m_clock).step(RunBatch);
    if (!batch) {
        outcome.ok = false;
        outcome.summary = batch.error();
        return outcome;
    }
    Q_EMIT progress(batch->events, batch->watermark);
    outcome.summary = batch->events == 0
                          ? tr("Nothing to apply: caught up at watermark %1.").arg(batch->watermark)
                          : tr("Applied %n event(s) (%1 dead-lettered); watermark %2.", nullptr,
                               int(batch->events))
                                .arg(batch->deadLettered)
                                .arg(batch->watermark);
    return outcome;
}

ProjectorOutcome ProjectorWorker::rebuild()
{
    ProjectorOutcome outcome;
    outcome.task = ProjectorTask::Rebuild;
    auto report = ProjectionRebuild(*m_db, m_clock).rebuild();
    if (!report) {
        outcome.ok = false;
        outcome.summary = report.error();
        return outcome;
    }
    outcome.summary = tr("Rebuilt %n row(s) at head %1; %2 later event(s) applied; watermark %3 "
                         "(%4 ms).",
                         nullptr, int(report->rows))
                          .arg(report->builtAt)
                          .arg(report->caughtUpEvents)
                          .arg(report->watermark)
                          .arg(report->elapsedMs);
    return outcome;
}

ProjectorOutcome ProjectorWorker::verify()
{
    ProjectorOutcome outcome;
    outcome.task = ProjectorTask::Verify;
    auto report = ProjectionVerify(*m_db).verify();
    if (!report) {
        outcome.ok = false;
        outcome.summary = report.error();
        return outcome;
    }
    outcome.identical = report->identical();
    for (const ProjectionDifference &d : report->differences)
        outcome.differences << d.toText();
    outcome.summary =
        outcome.identical
            ? tr("identical: %n live row(s) match a rebuild at watermark %1.", nullptr,
                 int(report->liveRows))
                  .arg(report->watermark)
            : tr("%n difference(s) between the live projection and a rebuild at watermark %1.",
                 nullptr, int(report->differences.size()))
                  .arg(report->watermark);
    return outcome;
}

} // namespace cw
