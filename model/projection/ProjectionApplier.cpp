#include "ProjectionApplier.h"

#include "Database.h"

#include <QHash>
#include <QStringList>

namespace cw::inline projection {

ProjectionApplier::ProjectionApplier(const Database &db, QString now)
    : m_db(db)
    , m_now(std::move(now))
    , m_outbox(db)
    , m_projectionState(db)
    , m_state(db.prepare("SELECT r.state FROM revisions r JOIN articles a ON a.id = "
                         "r.article_id WHERE a.ref = ?1 AND r.revision = ?2"))
    , m_existing(db.prepare("SELECT rowid, revision FROM projection WHERE ref = ?1"))
    , m_touch(db.prepare("UPDATE projection SET projected_seq = ?2 WHERE rowid = ?1"))
    , m_writer(db)
{
}

Result<AppliedBatch> ProjectionApplier::applyAfter(std::int64_t after, std::int64_t upTo,
                                                   qint64 limit)
{
    // Read the batch first, then apply: writes must not interleave with an
    // open read of the same connection.
    auto events = m_outbox.between(after, upTo, limit);
    if (!events)
        return fail(events.error());
    AppliedBatch batch;
    batch.lastSeq = after;
    QHash<QString, Touched> touched;
    QStringList order;
    for (const OutboxEvent &event : std::as_const(*events)) {
        auto it = touched.find(event.ref);
        if (it == touched.end()) {
            auto current = held(event.ref);
            if (!current)
                return fail(current.error());
            it = touched.insert(event.ref, *current);
            order.append(event.ref);
        }
        auto applied = apply(event, *it);
        if (!applied)
            return fail(QStringLiteral("event %1 (%2 %3 revision %4): %5")
                            .arg(event.seq)
                            .arg(event.event, event.ref)
                            .arg(event.revision)
                            .arg(applied.error()));
        if (!applied->isEmpty()) {
            if (auto recorded = deadLetter(event.seq, *applied); !recorded)
                return fail(recorded.error());
            ++batch.deadLettered;
        }
        ++batch.events;
        batch.lastSeq = event.seq;
    }
    // The index entries of the rows to rewrite go first, the new ones are
    // added for the batch at once (ProjectionWriter).
    QList<std::int64_t> rewritten;
    for (const QString &ref : std::as_const(order)) {
        const Touched t = touched.value(ref);
        if (t.rewrite && t.rowId)
            rewritten.append(*t.rowId);
    }
    if (auto unindexed = m_writer.unindex(rewritten); !unindexed)
        return fail(unindexed.error());
    rewritten.clear();
    for (const QString &ref : std::as_const(order)) {
        const Touched t = touched.value(ref);
        if (!t.rewrite) {
            if (auto moved = touch(t); !moved)
                return fail(moved.error());
            continue;
        }
        auto rowId = m_writer.write(ref, t.revision, t.status, t.seq, t.rowId);
        if (!rowId)
            return fail(rowId.error());
        rewritten.append(*rowId);
    }
    if (auto indexed = m_writer.index(rewritten); !indexed)
        return fail(indexed.error());
    return batch;
}

Result<ProjectionApplier::Touched> ProjectionApplier::held(const QString &ref)
{
    m_existing.bind(1, ref);
    auto existing = m_existing.step();
    if (!existing) {
        m_existing.reset();
        return fail(existing.error());
    }
    Touched current;
    if (*existing) {
        current.rowId = m_existing.int64(0);
        current.revision = m_existing.integer(1);
    }
    m_existing.reset();
    return current;
}

Result<QString> ProjectionApplier::apply(const OutboxEvent &event, Touched &touched)
{
    m_state.bind(1, event.ref).bind(2, event.revision);
    auto found = m_state.step();
    if (!found) {
        m_state.reset();
        return fail(found.error());
    }
    const QString state = *found ? m_state.text(0) : QString();
    m_state.reset();
    if (!*found)
        return QStringLiteral("%1 revision %2 does not exist").arg(event.ref).arg(event.revision);
    const auto status = ProjectionRows::statusAfter(event.event, state);
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

Status ProjectionApplier::touch(const Touched &touched)
{
    if (!touched.rowId)
        return {}; // every event of this ref was dead-lettered
    m_touch.bind(1, *touched.rowId).bind(2, touched.seq);
    return m_touch.exec();
}

Status ProjectionApplier::deadLetter(std::int64_t seq, const QString &error)
{
    return m_projectionState.recordDeadLetter(seq, error, m_now);
}

} // namespace cw::inline projection
