#pragma once

#include "ProjectionRow.h"
#include "Records.h"
#include "Result.h"
#include "Statement.h"

namespace cw {

class Database;

struct AppliedBatch
{
    qint64 events = 0;       // events read (applied + dead-lettered)
    qint64 deadLettered = 0; // of which went to projector_dead_letters
    std::int64_t lastSeq = 0;
};

// Applies outbox events to the live projection inside the caller's
// transaction. Each event is applied from the canonical revision it names
// (content is immutable once published):
//  - no row yet, or the row holds an older or the same revision: the row is
//    (re)written from the canonical revision with the status the event gives;
//  - the row holds a newer revision: only projected_seq moves, the fields stay
//    (so events are idempotent and order-safe).
// An event whose revision does not exist goes to projector_dead_letters; the
// caller's transaction carries on. A database failure aborts (returns the
// error): the caller rolls back the whole batch.
class ProjectionApplier
{
public:
    ProjectionApplier(const Database &db, QString now);

    // Applies the events with after < seq <= upTo, at most limit of them.
    Result<AppliedBatch> applyAfter(std::int64_t after, std::int64_t upTo, qint64 limit);
    // One event. Returns the dead-letter reason, or an empty string when applied.
    Result<QString> apply(const OutboxEvent &event);

private:
    Status deadLetter(std::int64_t seq, const QString &error);

    const Database &m_db;
    QString m_now;
    Statement m_events;
    Statement m_canonical;
    Statement m_existing;
    Statement m_touch;
    Statement m_deadLetter;
    ProjectionTable m_table;
};

} // namespace cw
