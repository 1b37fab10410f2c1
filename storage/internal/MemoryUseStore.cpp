#include "MemoryUseStore.h"

#include "Database.h"
#include "StoreUtil.h"

namespace cw {

MemoryUseStore::MemoryUseStore(const Database &db)
    : m_db(db)
    , m_insert(db.prepare(
          returningKey(db, "INSERT INTO memory_use (at, strategy, strategy_version, principal, "
                           "effective_principal, inputs, watermark, canonical_head, candidates, "
                           "reads) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)")
              .constData()))
{
}

Result<std::int64_t> MemoryUseStore::insert(const MemoryUseRecord &r)
{
    m_insert.bind(1, r.at).bind(2, r.strategy).bind(3, r.strategyVersion).bind(4, r.principal);
    m_insert.bind(5, r.effectivePrincipal).bind(6, r.inputs).bind(7, r.watermark);
    m_insert.bind(8, r.canonicalHead).bind(9, r.candidates).bind(10, r.reads);
    auto key = insertedKey(m_db, m_insert);
    if (!key)
        return fail(QStringLiteral("memory-use record: ") + key.error());
    return *key;
}

Result<std::optional<MemoryUseRecord>> MemoryUseStore::find(std::int64_t id) const
{
    Statement s = m_db.prepare("SELECT id, at, strategy, strategy_version, principal, "
                               "effective_principal, inputs, watermark, canonical_head, "
                               "candidates, reads FROM memory_use WHERE id = ?1");
    s.bind(1, id);
    auto row = s.step();
    if (!row)
        return fail(row.error());
    if (!*row)
        return std::optional<MemoryUseRecord>();
    return std::optional(MemoryUseRecord{s.int64(0), s.text(1), s.text(2), s.integer(3), s.text(4),
                                         s.text(5), s.text(6), s.int64(7), s.int64(8), s.text(9),
                                         s.text(10)});
}

Status MemoryUseStore::recordRead(std::int64_t id, const QString &ref, int revision)
{
    // json_insert at '$[#]' appends (on a server, jsonb's ||); the NOT
    // EXISTS keeps each read once.
    Statement s = m_db.prepare(
        m_db.isServer()
            ? "UPDATE memory_use SET reads = CAST(CAST(reads AS jsonb) || jsonb_build_array("
              "jsonb_build_object('ref', CAST(?2 AS text), 'revision', CAST(?3 AS bigint))) AS "
              "text) WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements("
              "CAST(reads AS jsonb)) e WHERE e->>'ref' = ?2 AND e->>'revision' = CAST(?3 AS text))"
            : "UPDATE memory_use SET reads = json_insert(reads, '$[#]', json_object('ref', ?2, "
              "'revision', ?3)) WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM json_each(reads) "
              "WHERE json_extract(value, '$.ref') = ?2 AND json_extract(value, '$.revision') = "
              "?3)");
    s.bind(1, id).bind(2, ref).bind(3, revision);
    return s.exec();
}

Result<std::int64_t> MemoryUseStore::addVerdict(const VerdictRecord &v)
{
    Statement s = m_db.prepare(
        returningKey(m_db, "INSERT INTO memory_use_verdicts (memory_use_id, ref, revision, "
                           "verdict, reason, principal, at, real_principal) VALUES (?1, ?2, ?3, "
                           "?4, ?5, ?6, ?7, ?8)")
            .constData());
    s.bind(1, v.memoryUseId).bind(2, v.ref).bind(3, v.revision).bind(4, v.verdict);
    s.bind(5, v.reason).bind(6, v.principal).bind(7, v.at).bind(8, v.realPrincipal);
    auto key = insertedKey(m_db, s);
    if (!key)
        return fail(QStringLiteral("verdict: ") + key.error());
    return *key;
}

Result<QList<VerdictRecord>> MemoryUseStore::verdicts(std::int64_t memoryUseId) const
{
    Statement s =
        m_db.prepare("SELECT id, memory_use_id, ref, revision, verdict, reason, "
                     "principal, at, coalesce(real_principal, '') FROM memory_use_verdicts "
                     "WHERE memory_use_id = ?1 "
                     "ORDER BY id");
    s.bind(1, memoryUseId);
    QList<VerdictRecord> list;
    for (;;) {
        auto row = s.step();
        if (!row)
            return fail(row.error());
        if (!*row)
            return list;
        list.append(VerdictRecord{s.int64(0), s.int64(1), s.text(2), s.integer(3), s.text(4),
                                  s.text(5), s.text(6), s.text(7), s.text(8)});
    }
}

Result<std::int64_t> MemoryUseStore::timesReturned(const QString &ref) const
{
    Statement s = m_db.prepare(m_db.isServer()
                                   ? "SELECT count(*) FROM memory_use m, jsonb_array_elements(CAST("
                                     "m.candidates AS jsonb)) c WHERE c->>'ref' = ?1"
                                   : "SELECT count(*) FROM memory_use m, json_each(m.candidates) c "
                                     "WHERE json_extract(c.value, '$.ref') = ?1");
    s.bind(1, ref);
    auto row = s.step();
    if (!row)
        return fail(row.error());
    return *row ? s.int64(0) : 0;
}

} // namespace cw
