#include "ProjectionApplier.h"

#include "Database.h"

namespace cw::inline projection {

namespace {

// The batch's events, each with the state of the revision it names and the
// ref's live row: what the projector read per event in three statements
// (the events, the revision, the row), in one. The revision and the row are
// looked up per event, by index, in subqueries: as joins, a server's planner
// hashed every article for a batch whose events it guessed to be fewer than
// the limit (statistics a batch behind), 80-120 ms against 5 for the
// lookups at 1,000,000 cases (issue #15, docs/postgresql.md).
constexpr const char *PendingSql =
    "SELECT o.seq, o.at, o.event, o.ref, o.revision, o.domain, o.payload, "
    "(SELECT r.state FROM articles a JOIN revisions r ON r.article_id = a.id WHERE a.ref = o.ref "
    "AND r.revision = o.revision), "
    "(SELECT p.rowid FROM projection p WHERE p.ref = o.ref), "
    "(SELECT p.revision FROM projection p WHERE p.ref = o.ref) "
    "FROM outbox o WHERE o.seq > ?1 AND o.seq <= ?2 ORDER BY o.seq LIMIT ?3";

} // namespace

ProjectionApplier::ProjectionApplier(const Database &db, QString now)
    : m_db(db)
    , m_now(std::move(now))
    , m_projectionState(db)
    , m_pending(db.prepare(PendingSql))
    , m_writer(db)
{
}

Result<AppliedBatch> ProjectionApplier::applyAfter(std::int64_t after, std::int64_t upTo,
                                                   qint64 limit)
{
    // Read the batch first, then apply: writes must not interleave with an
    // open read of the same connection. The rows it read are the batch's
    // "before": nothing of the batch is written yet.
    auto events = pending(after, upTo, limit);
    if (!events)
        return fail(events.error());
    AppliedBatch batch;
    batch.lastSeq = after;
    QHash<QString, Touched> touched;
    QStringList order;
    for (const Pending &p : std::as_const(*events)) {
        auto it = touched.find(p.event.ref);
        if (it == touched.end()) {
            it = touched.insert(p.event.ref, Touched{p.rowId, p.heldRevision, {}, 0, false});
            order.append(p.event.ref);
        }
        if (const QString dead = apply(p, *it); !dead.isEmpty()) {
            if (auto recorded = deadLetter(p.event.seq, dead); !recorded)
                return fail(recorded.error());
            ++batch.deadLettered;
        }
        ++batch.events;
        batch.lastSeq = p.event.seq;
    }
    if (auto written = write(order, touched); !written)
        return fail(written.error());
    return batch;
}

Result<QList<ProjectionApplier::Pending>>
ProjectionApplier::pending(std::int64_t after, std::int64_t upTo, qint64 limit)
{
    Statement &s = m_pending;
    s.bind(1, after).bind(2, upTo).bind(3, std::int64_t(limit));
    QList<Pending> events;
    auto done = s.forEachRow([&] {
        Pending p{OutboxEvent{s.int64(0), s.text(1), s.text(2), s.text(3), s.integer(4), s.text(5),
                              s.text(6)},
                  {},
                  s.optionalInt64(8),
                  s.isNull(9) ? 0 : s.integer(9)};
        if (!s.isNull(7))
            p.revisionState = s.text(7);
        events.append(std::move(p));
    });
    s.reset();
    if (!done)
        return fail(QStringLiteral("outbox events after %1: %2").arg(after).arg(done.error()));
    return events;
}

QString ProjectionApplier::apply(const Pending &p, Touched &touched)
{
    const OutboxEvent &event = p.event;
    if (!p.revisionState)
        return QStringLiteral("%1 revision %2 does not exist").arg(event.ref).arg(event.revision);
    const auto status = ProjectionRows::statusAfter(event.event, *p.revisionState);
    if (!status)
        return QStringLiteral("unknown event %1").arg(event.event);

    // An event for an older revision never overwrites a newer one; it only
    // counts as the last event that touched the ref (as the rebuild sees it).
    touched.seq = event.seq;
    if (touched.revision > event.revision)
        return QString();
    touched.revision = event.revision;
    touched.status = *status;
    touched.rewrite = true;
    return QString();
}

Status ProjectionApplier::write(const QStringList &order, const QHash<QString, Touched> &touched)
{
    QList<ProjectionWrite> rows;
    QList<SeqMove> moves;
    QList<std::int64_t> rewritten;
    for (const QString &ref : order) {
        const Touched t = touched.value(ref);
        if (t.rewrite) {
            rows.append(ProjectionWrite{ref, t.revision, t.status, t.seq, t.rowId});
            if (t.rowId)
                rewritten.append(*t.rowId);
        } else if (t.rowId) { // no row: every event of this ref was dead-lettered
            moves.append(SeqMove{*t.rowId, t.seq});
        }
    }
    // The index entries of the rows to rewrite go first, the new ones are
    // added for the batch at once (ProjectionWriter).
    if (auto unindexed = m_writer.unindex(rewritten); !unindexed)
        return unindexed;
    if (auto moved = m_writer.moveSeq(moves); !moved)
        return moved;
    auto rowIds = m_writer.write(rows);
    if (!rowIds)
        return fail(rowIds.error());
    return m_writer.index(*rowIds);
}

Status ProjectionApplier::deadLetter(std::int64_t seq, const QString &error)
{
    return m_projectionState.recordDeadLetter(seq, error, m_now);
}

} // namespace cw::inline projection
