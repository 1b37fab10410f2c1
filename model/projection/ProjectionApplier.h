#pragma once

#include "ProjectionStateStore.h"
#include "ProjectionWriter.h"
#include "Records.h"
#include "Result.h"
#include "Statement.h"

#include <QHash>
#include <QStringList>

namespace cw {
class Database;
}

namespace cw::inline projection {

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

private:
    // One event of the batch with what applying it needs, read together in
    // one query (a statement is a round trip on a server): the state of the
    // canonical revision it names and the ref's live row before the batch.
    struct Pending
    {
        OutboxEvent event;
        std::optional<QString> revisionState; // nullopt: no such revision
        std::optional<std::int64_t> rowId;    // the live row, if there was one
        int heldRevision = 0;                 // its revision (0: no row)
    };

    // What the events of one batch did to one ref, applied in seq order. The
    // row is written once per batch: canonical content does not change
    // inside the transaction, so this equals writing it at every event.
    struct Touched
    {
        std::optional<std::int64_t> rowId; // the live row, if there was one
        int revision = 0;                  // held revision (0: no row)
        QString status;
        std::int64_t seq = 0;
        bool rewrite = false; // false: only projected_seq moves
    };

    Result<QList<Pending>> pending(std::int64_t after, std::int64_t upTo, qint64 limit);
    // The dead-letter reason, or an empty string when the event was applied.
    static QString apply(const Pending &pending, Touched &touched);
    // Writes the rows the batch touched, in the order it first touched them.
    Status write(const QStringList &order, const QHash<QString, Touched> &touched);
    Status deadLetter(std::int64_t seq, const QString &error);

    const Database &m_db;
    QString m_now;
    ProjectionStateStore m_projectionState;
    Statement m_pending;
    ProjectionWriter m_writer;
};

} // namespace cw::inline projection
