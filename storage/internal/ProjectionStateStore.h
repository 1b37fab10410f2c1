#pragma once

#include "Result.h"

#include <QString>

#include <cstdint>

namespace cw {

class Database;

// Events of one ref and revision that the projector could not apply.
struct DeadLetterSummary
{
    qint64 count = 0;
    std::int64_t lastSeq = 0; // the latest of them (0: none)
    QString error;            // the error of one of them
};

// One projector batch, as projector_runs keeps it.
struct ProjectorRunRecord
{
    QString at;
    qint64 events = 0;
    qint64 deadLetters = 0;
    double ms = 0;
    std::int64_t watermark = 0;
};

// The watermark against the outbox's head, read together.
struct ProjectionLag
{
    std::int64_t watermark = 0;
    std::int64_t head = 0;   // the highest committed seq (0 when empty)
    qint64 pending = 0;      // events after the watermark
    QString oldestPendingAt; // at of the first of them; empty when none
};

// Totals over the latest projector batches.
struct RecentRuns
{
    qint64 runs = 0;
    qint64 events = 0;
    double ms = 0;
    QString lastAt; // empty when there was none
};

// The search projection's own bookkeeping: the watermark (the last outbox
// event applied), the events that could not be applied (dead letters) and
// the projector's recent batches. The outbox itself is OutboxStore's (lag()
// reads its head beside the watermark).
// Writes happen inside the caller's transaction.
class ProjectionStateStore
{
public:
    explicit ProjectionStateStore(const Database &db);

    Result<std::int64_t> watermark() const;
    // In one statement: a retrieval reads it on every request, and on a
    // server each statement is a round trip.
    Result<ProjectionLag> lag() const;
    Status setWatermark(std::int64_t seq, const QString &at);

    Result<qint64> deadLetterCount() const;
    Result<DeadLetterSummary> deadLettersOf(const QString &ref, int revision) const;
    // Records (or replaces) why the event at seq could not be applied.
    Status recordDeadLetter(std::int64_t seq, const QString &error, const QString &at);
    // Dead-letters every event with after < seq <= upTo whose revision does
    // not exist, in the projector's wording; events already recorded stay.
    Status deadLetterMissingRevisions(std::int64_t after, std::int64_t upTo, const QString &at);

    // Records a batch and keeps only the latest `kept` of them.
    Status recordRun(const ProjectorRunRecord &run, int kept);
    Result<RecentRuns> recentRuns(int latest) const;

    // A WITH clause for set-based builds (the rebuild) that defines `chosen`
    // (ref, revision, seq): per ref, the highest revision with an applicable
    // event at seq <= ?1 and the highest such seq. "Applicable" is what the
    // projector applies: the revision exists and the event is not a dead letter.
    static const char *chosenRevisionsClause();

private:
    const Database &m_db;
};

} // namespace cw
