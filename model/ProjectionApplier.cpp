#include "ProjectionApplier.h"

#include "Database.h"

namespace cw {

ProjectionApplier::ProjectionApplier(const Database &db, QString now)
    : m_db(db)
    , m_now(std::move(now))
    , m_events(db.prepare("SELECT seq, at, event, ref, revision, domain FROM outbox "
                          "WHERE seq > ?1 AND seq <= ?2 ORDER BY seq LIMIT ?3"))
    , m_canonical(db.prepare(
          projection::canonicalSelect("", "WHERE a.ref = ?1 AND r.revision = ?2").constData()))
    , m_existing(db.prepare("SELECT rowid, revision FROM projection WHERE ref = ?1"))
    , m_touch(db.prepare("UPDATE projection SET projected_seq = ?2 WHERE rowid = ?1"))
    , m_deadLetter(db.prepare("INSERT OR REPLACE INTO projector_dead_letters (seq, error, at) "
                              "VALUES (?1, ?2, ?3)"))
    , m_table(db, ProjectionTable::Target::Live)
{
}

Result<AppliedBatch> ProjectionApplier::applyAfter(std::int64_t after, std::int64_t upTo,
                                                   qint64 limit)
{
    // Read the batch first, then apply: the events are few and the writes
    // must not interleave with an open read of the same connection.
    QList<OutboxEvent> events;
    m_events.bind(1, after).bind(2, upTo).bind(3, std::int64_t(limit));
    for (;;) {
        auto row = m_events.step();
        if (!row) {
            m_events.reset();
            return fail(row.error());
        }
        if (!*row)
            break;
        const Statement &s = m_events;
        events.append(
            OutboxEvent{s.int64(0), s.text(1), s.text(2), s.text(3), s.integer(4), s.text(5), {}});
    }
    m_events.reset();

    AppliedBatch batch;
    batch.lastSeq = after;
    for (const OutboxEvent &event : std::as_const(events)) {
        auto applied = apply(event);
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
    return batch;
}

Result<QString> ProjectionApplier::apply(const OutboxEvent &event)
{
    m_canonical.bind(1, event.ref).bind(2, event.revision);
    auto canonical = m_canonical.step();
    if (!canonical) {
        m_canonical.reset();
        return fail(canonical.error());
    }
    if (!*canonical) {
        m_canonical.reset();
        return QStringLiteral("%1 revision %2 does not exist").arg(event.ref).arg(event.revision);
    }
    ProjectionRow row = projection::readCanonical(m_canonical);
    m_canonical.reset();
    const auto status = projection::statusAfter(event.event, row.status);
    if (!status)
        return QStringLiteral("unknown event %1").arg(event.event);
    row.status = *status;
    row.projectedSeq = event.seq;

    m_existing.bind(1, event.ref);
    auto existing = m_existing.step();
    if (!existing) {
        m_existing.reset();
        return fail(existing.error());
    }
    std::optional<std::int64_t> rowId;
    int heldRevision = 0;
    if (*existing) {
        rowId = m_existing.int64(0);
        heldRevision = m_existing.integer(1);
    }
    m_existing.reset();

    // An event for an older revision never overwrites a newer one; it only
    // counts as the last event that touched the ref (as the rebuild sees it).
    if (rowId && heldRevision > row.revision) {
        m_touch.bind(1, *rowId).bind(2, event.seq);
        if (auto touched = m_touch.exec(); !touched)
            return fail(touched.error());
        return QString();
    }
    if (auto written = m_table.write(row, rowId); !written)
        return fail(written.error());
    return QString();
}

Status ProjectionApplier::deadLetter(std::int64_t seq, const QString &error)
{
    m_deadLetter.bind(1, seq).bind(2, error).bind(3, m_now);
    return m_deadLetter.exec();
}

} // namespace cw
