#include "OutboxStore.h"

#include "Database.h"
#include "StoreUtil.h"

namespace cw {

OutboxStore::OutboxStore(const Database &db)
    : m_db(db)
    , m_append(db.prepare(returningKey(db,
                                       "INSERT INTO outbox (at, event, ref, revision, domain, "
                                       "payload) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                                       "seq")
                              .constData()))
{
}

Result<std::int64_t> OutboxStore::append(const OutboxEvent &e)
{
    m_append.bind(1, e.at).bind(2, e.event).bind(3, e.ref).bind(4, e.revision);
    m_append.bind(5, e.domain).bind(6, e.payload);
    auto seq = insertedKey(m_db, m_append);
    if (!seq)
        return fail(QStringLiteral("outbox event %1 %2: %3").arg(e.event, e.ref, seq.error()));
    return seq;
}

Result<std::int64_t> OutboxStore::head() const
{
    return m_db.queryInt("SELECT coalesce(max(seq), 0) FROM outbox");
}

namespace {

// Reads rows of "seq, at, event, ref, revision, domain, payload".
Result<QList<OutboxEvent>> readEvents(Statement &s)
{
    QList<OutboxEvent> events;
    if (auto done = s.forEachRow([&] {
            events.append(OutboxEvent{s.int64(0), s.text(1), s.text(2), s.text(3), s.integer(4),
                                      s.text(5), s.text(6)});
        });
        !done)
        return fail(done.error());
    return events;
}

} // namespace

Result<QList<OutboxEvent>> OutboxStore::after(std::int64_t after, int limit) const
{
    Statement s = m_db.prepare("SELECT seq, at, event, ref, revision, domain, payload FROM outbox "
                               "WHERE seq > ?1 ORDER BY seq LIMIT ?2");
    s.bind(1, after).bind(2, limit);
    return readEvents(s);
}

Result<QList<OutboxEvent>> OutboxStore::between(std::int64_t after, std::int64_t upTo,
                                                std::int64_t limit) const
{
    Statement s = m_db.prepare("SELECT seq, at, event, ref, revision, domain, payload FROM outbox "
                               "WHERE seq > ?1 AND seq <= ?2 ORDER BY seq LIMIT ?3");
    s.bind(1, after).bind(2, upTo).bind(3, limit);
    return readEvents(s);
}

Result<qint64> OutboxStore::countBetween(std::int64_t after, std::int64_t upTo) const
{
    Statement s = m_db.prepare("SELECT count(*) FROM outbox WHERE seq > ?1 AND seq <= ?2");
    s.bind(1, after).bind(2, upTo);
    auto row = s.step();
    if (!row)
        return fail(row.error());
    return qint64(s.int64(0));
}

Result<QMap<QString, qint64>> OutboxStore::countByDomainAfter(std::int64_t after) const
{
    Statement s = m_db.prepare("SELECT domain, count(*) FROM outbox WHERE seq > ?1 "
                               "GROUP BY domain ORDER BY domain");
    s.bind(1, after);
    QMap<QString, qint64> counts;
    if (auto done = s.forEachRow([&] { counts.insert(s.text(0), s.int64(1)); }); !done)
        return fail(done.error());
    return counts;
}

Result<QList<OutboxEvent>> OutboxStore::forRef(const QString &ref, int fromRevision) const
{
    Statement s = m_db.prepare("SELECT seq, at, event, ref, revision, domain, payload FROM outbox "
                               "WHERE ref = ?1 AND revision >= ?2 ORDER BY seq");
    s.bind(1, ref).bind(2, fromRevision);
    return readEvents(s);
}

Result<QList<OutboxEvent>> OutboxStore::activationsAfter(std::int64_t after, int limit) const
{
    // Driven by the primary key: a caught-up projection costs one probe.
    Statement s = m_db.prepare("SELECT seq, at, event, ref, revision, domain, payload FROM outbox "
                               "WHERE seq > ?1 AND event IN ('revision-activated', "
                               "'revision-corrected') ORDER BY seq LIMIT ?2");
    s.bind(1, after).bind(2, limit);
    return readEvents(s);
}

AuditStore::AuditStore(const Database &db)
    : m_db(db)
    , m_append(db.prepare(
          returningKey(db, "INSERT INTO audit (at, principal, effective_principal, action, "
                           "subject, revision, from_version, to_version, reason, details) VALUES "
                           "(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)")
              .constData()))
{
}

Result<std::int64_t> AuditStore::append(const AuditRecord &a)
{
    m_append.bind(1, a.at).bind(2, a.principal).bind(3, a.effectivePrincipal).bind(4, a.action);
    m_append.bind(5, a.subject).bind(6, a.revision).bind(7, a.fromVersion).bind(8, a.toVersion);
    m_append.bind(9, a.reason).bind(10, a.details);
    auto id = insertedKey(m_db, m_append);
    if (!id)
        return fail(QStringLiteral("audit %1 %2: %3").arg(a.action, a.subject, id.error()));
    return id;
}

Result<QList<AuditRecord>> AuditStore::forSubject(const QString &subject) const
{
    Statement s = m_db.prepare("SELECT id, at, principal, effective_principal, action, subject, "
                               "revision, from_version, to_version, reason, details FROM audit "
                               "WHERE subject = ?1 ORDER BY id");
    s.bind(1, subject);
    QList<AuditRecord> records;
    for (;;) {
        auto row = s.step();
        if (!row)
            return fail(row.error());
        if (!*row)
            return records;
        records.append(AuditRecord{s.int64(0), s.text(1), s.text(2), s.text(3), s.text(4),
                                   s.text(5), s.optionalInt64(6), s.optionalInt64(7),
                                   s.optionalInt64(8), s.text(9), s.text(10)});
    }
}

} // namespace cw
