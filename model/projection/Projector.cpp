#include "Projector.h"

#include "Clock.h"
#include "Database.h"
#include "ProjectionApplier.h"
#include "ProjectionStateStore.h"
#include "Transaction.h"

#include <QElapsedTimer>

#include <limits>

namespace cw::inline projection {

namespace {

// projector_runs keeps this many batches: enough for "recent throughput".
constexpr int KeptRuns = 100;

} // namespace

Projector::Projector(const Database &db, const Clock &clock)
    : m_db(db)
    , m_clock(clock)
{
}

Result<std::int64_t> Projector::watermark() const
{
    return ProjectionStateStore(m_db).watermark();
}

Result<ProjectorBatch> Projector::step(int batchSize)
{
    QElapsedTimer timer;
    timer.start();
    Transaction transaction(m_db);
    if (!transaction.isActive())
        return fail(transaction.beginError());
    // Inside the transaction: another projector may have moved it meanwhile.
    auto from = watermark();
    if (!from)
        return fail(from.error());

    const QString now = m_clock.nowText();
    ProjectionApplier applier(m_db, now);
    auto applied =
        applier.applyAfter(*from, std::numeric_limits<std::int64_t>::max(), qMax(1, batchSize));
    if (!applied)
        return fail(applied.error()); // rolled back: nothing of this batch, watermark unchanged
    ProjectorBatch batch{applied->events, applied->deadLettered, applied->lastSeq, 0};
    if (batch.events == 0)
        return batch; // nothing to write; the destructor ends the transaction

    ProjectionStateStore state(m_db);
    if (auto written = state.setWatermark(batch.watermark, now); !written)
        return fail(written.error());
    batch.ms = double(timer.nsecsElapsed()) / 1e6;
    const ProjectorRunRecord run{now, batch.events, batch.deadLettered, batch.ms, batch.watermark};
    if (auto recorded = state.recordRun(run, KeptRuns); !recorded)
        return fail(recorded.error());
    if (auto committed = transaction.commit(); !committed)
        return fail(committed.error());
    return batch;
}

// Every batch leaves a new segment in the FTS5 index, and FTS5's own
// automerge keeps many of them on a large index: a query then looks up each
// word in each segment, a noticeable share of every retrieval
// (docs/benchmarks.md).
// A negative 'merge' merges towards a single segment, at most `pages` pages
// in one short transaction; FTS5 reports work done as two or more changes.
Result<bool> Projector::tidyIndex(int pages)
{
    if (m_db.isServer())
        return false; // GIN keeps its own pending list (gin_pending_list_limit, autovacuum)
    Transaction transaction(m_db);
    if (!transaction.isActive())
        return fail(transaction.beginError());
    Statement merge =
        m_db.prepare("INSERT INTO projection_fts (projection_fts, rank) VALUES ('merge', ?1)");
    const std::int64_t before = m_db.totalChanges();
    if (auto merged = merge.bind(1, -qMax(1, pages)).exec(); !merged)
        return fail(QStringLiteral("merging the text index: ") + merged.error());
    const bool worked = m_db.totalChanges() - before >= 2;
    if (auto committed = transaction.commit(); !committed)
        return fail(committed.error());
    return worked;
}

Result<ProjectorRun> Projector::run(int batchSize, qint64 maxEvents,
                                    const std::function<void(const ProjectorBatch &)> &onBatch)
{
    QElapsedTimer timer;
    timer.start();
    ProjectorRun run;
    for (;;) {
        int size = qMax(1, batchSize);
        if (maxEvents >= 0) {
            if (run.events >= maxEvents)
                break;
            size = int(qMin<qint64>(size, maxEvents - run.events));
        }
        auto batch = step(size);
        if (!batch)
            return fail(batch.error());
        if (batch->events == 0) {
            run.caughtUp = true;
            break;
        }
        run.events += batch->events;
        run.deadLettered += batch->deadLettered;
        run.watermark = batch->watermark;
        ++run.batches;
        if (onBatch)
            onBatch(*batch);
    }
    if (run.batches == 0) {
        auto current = watermark();
        if (!current)
            return fail(current.error());
        run.watermark = *current;
    }
    run.elapsedMs = timer.elapsed();
    return run;
}

} // namespace cw::inline projection
