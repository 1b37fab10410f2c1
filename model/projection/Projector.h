#pragma once

#include "Result.h"

#include <QString>

#include <cstdint>
#include <functional>

namespace cw {
class Database;
}
namespace cw::inline common {
class Clock;
}

namespace cw::inline projection {

struct ProjectorBatch
{
    qint64 events = 0; // applied + dead-lettered
    qint64 deadLettered = 0;
    std::int64_t watermark = 0; // after the batch
    double ms = 0;
};

struct ProjectorRun
{
    qint64 events = 0;
    qint64 deadLettered = 0;
    qint64 batches = 0;
    std::int64_t watermark = 0;
    qint64 elapsedMs = 0;
    bool caughtUp = false; // stopped because no event was left (not at maxEvents)
};

// The projector: applies outbox events after the watermark, in seq order, in
// batches. Each batch is one BEGIN IMMEDIATE transaction that re-reads the
// watermark, applies the events, writes the watermark (and a projector_runs
// row) and commits: rows and watermark are written together or not at all.
// Two projector processes at once serialise on the write lock; the second
// re-reads the advanced watermark and finds nothing (or the next events) to do.
class Projector
{
public:
    static constexpr int DefaultBatch = 1000;

    Projector(const Database &db, const Clock &clock);

    // One batch of at most batchSize events; events == 0 when caught up.
    Result<ProjectorBatch> step(int batchSize = DefaultBatch);
    // Batches until caught up or maxEvents (< 0: no limit) were applied.
    // onBatch is told about every batch that applied something.
    Result<ProjectorRun> run(int batchSize = DefaultBatch, qint64 maxEvents = -1,
                             const std::function<void(const ProjectorBatch &)> &onBatch = {});

    Result<std::int64_t> watermark() const;

    // One bounded step towards a text index of one segment, for when the
    // projector has nothing else to do (see Projector.cpp); true while there
    // is more to merge. The step is small enough to leave the writer free
    // between batches (figures: docs/benchmarks.md).
    static constexpr int TidyPages = 256;
    Result<bool> tidyIndex(int pages = TidyPages);

private:
    const Database &m_db;
    const Clock &m_clock;
};

} // namespace cw::inline projection
