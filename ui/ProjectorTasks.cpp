#include "ProjectorTasks.h"

#include "ProjectionRebuild.h"
#include "ProjectionVerify.h"
#include "Projector.h"

namespace cw {

ProjectorOutcome ProjectorTasks::step(const Database &db, const Clock &clock)
{
    ProjectorOutcome outcome;
    outcome.task = ProjectorTask::Step;
    auto batch = Projector(db, clock).step(RunBatch);
    if (!batch) {
        outcome.ok = false;
        outcome.summary = batch.error();
        return outcome;
    }
    outcome.applied = batch->events;
    outcome.watermark = batch->watermark;
    outcome.summary = batch->events == 0
                          ? tr("Nothing to apply: caught up at watermark %1.").arg(batch->watermark)
                          : tr("Applied %n event(s) (%1 dead-lettered); watermark %2.", nullptr,
                               int(batch->events))
                                .arg(batch->deadLettered)
                                .arg(batch->watermark);
    return outcome;
}

ProjectorOutcome ProjectorTasks::rebuild(const Database &db, const Clock &clock)
{
    ProjectorOutcome outcome;
    outcome.task = ProjectorTask::Rebuild;
    auto report = ProjectionRebuild(db, clock).rebuild();
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

ProjectorOutcome ProjectorTasks::verify(const Database &db)
{
    ProjectorOutcome outcome;
    outcome.task = ProjectorTask::Verify;
    auto report = ProjectionVerify(db).verify();
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
