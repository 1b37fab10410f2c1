#pragma once

#include "Result.h"

#include <cstdint>

namespace cw {
class Database;
}
namespace cw::inline common {
class Clock;
}

namespace cw::inline projection {

struct RebuildReport
{
    qint64 rows = 0;
    std::int64_t builtAt = 0;   // the outbox head the aside build read
    std::int64_t watermark = 0; // after the swap (events after builtAt applied in it)
    qint64 caughtUpEvents = 0;
    qint64 elapsedMs = 0;
};

// Replaces the live projection with one built from canonical state
// (ProjectionAside). ProjectionVerify compares the two without writing.
class ProjectionRebuild
{
public:
    ProjectionRebuild(const Database &db, const Clock &clock);

    // Builds aside at the outbox head, then in one write transaction replaces
    // the live projection (rows and FTS) with it, records events that cannot
    // be applied as dead letters, applies whatever was committed after the
    // aside build, and sets the watermark to the head read in that transaction.
    // Readers see the old projection or the new one, never a mix.
    // On a server the rows are built in that one transaction instead (no
    // events to catch up): its triggers keep the content index, the keys and
    // the memory rows with the projection, so building aside would only copy
    // every row twice, and the transaction's lock (Transaction.cpp) keeps
    // every other writer, a projector on another host included, out.
    Result<RebuildReport> rebuild();

private:
    Status swapIn(std::int64_t builtAt, RebuildReport &report);
    Status rebuildOnServer(RebuildReport &report);

    const Database &m_db;
    const Clock &m_clock;
};

} // namespace cw::inline projection
