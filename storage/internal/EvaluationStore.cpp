#include "EvaluationStore.h"

#include "Database.h"
#include "StoreUtil.h"

#include <QCryptographicHash>
#include <QHash>

namespace cw {

namespace {

#define CW_RUN_COLUMNS                                                                             \
    "SELECT id, set_id, set_hash, strategy, strategy_hash, k, watermark, projection_hash, "        \
    "signature, at, principal, effective_principal, metrics, pairs, queries FROM eval_runs "

EvalRunRecord readRun(const Statement &s)
{
    return EvalRunRecord{s.int64(0),   s.text(1),  s.text(2),  s.text(3),  s.text(4),
                         s.integer(5), s.int64(6), s.text(7),  s.text(8),  s.text(9),
                         s.text(10),   s.text(11), s.text(12), s.text(13), s.text(14)};
}

EvalSetRecord readSet(const Statement &s)
{
    return EvalSetRecord{s.text(0),    s.text(1),    s.text(2), s.text(3),
                         s.integer(4), s.integer(5), s.text(6), s.text(7)};
}

} // namespace

EvaluationStore::EvaluationStore(const Database &db)
    : m_db(db)
{
}

Result<std::optional<EvalSetRecord>> EvaluationStore::findSet(const QString &id) const
{
    Statement s = m_db.prepare("SELECT id, name, content_hash, content, queries, judgments, "
                               "imported_at, imported_by FROM eval_sets WHERE id = ?1");
    s.bind(1, id);
    return readOptional<EvalSetRecord>(s, readSet);
}

Result<QList<EvalSetRecord>> EvaluationStore::sets() const
{
    Statement s = m_db.prepare("SELECT id, name, content_hash, content, queries, judgments, "
                               "imported_at, imported_by FROM eval_sets ORDER BY id");
    return readAll<EvalSetRecord>(s, readSet);
}

Status EvaluationStore::saveSet(const EvalSetRecord &r)
{
    // An upsert, not INSERT OR REPLACE: a replace deletes the row first, and
    // the cascade would take the set's runs with it.
    Statement s = m_db.prepare(
        "INSERT INTO eval_sets (id, name, content_hash, content, queries, judgments, imported_at, "
        "imported_by) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) ON CONFLICT(id) DO UPDATE SET "
        "name = excluded.name, content_hash = excluded.content_hash, content = excluded.content, "
        "queries = excluded.queries, judgments = excluded.judgments, "
        "imported_at = excluded.imported_at, imported_by = excluded.imported_by");
    s.bind(1, r.id).bind(2, r.name).bind(3, r.contentHash).bind(4, r.content);
    s.bind(5, r.queries).bind(6, r.judgments).bind(7, r.importedAt).bind(8, r.importedBy);
    if (auto done = s.exec(); !done)
        return fail(QStringLiteral("query set: ") + done.error());
    return {};
}

Result<std::int64_t> EvaluationStore::insertRun(const EvalRunRecord &r)
{
    Statement s = m_db.prepare(
        returningKey(
            m_db, "INSERT INTO eval_runs (set_id, set_hash, strategy, strategy_hash, k, watermark, "
                  "projection_hash, signature, at, principal, effective_principal, metrics, pairs, "
                  "queries) "
                  "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)")
            .constData());
    s.bind(1, r.setId).bind(2, r.setHash).bind(3, r.strategy).bind(4, r.strategyHash);
    s.bind(5, r.k).bind(6, r.watermark).bind(7, r.projectionHash).bind(8, r.signature);
    s.bind(9, r.at).bind(10, r.principal).bind(11, r.effectivePrincipal).bind(12, r.metrics);
    s.bind(13, r.pairs).bind(14, r.queries);
    auto key = insertedKey(m_db, s);
    if (!key)
        return fail(QStringLiteral("evaluation run: ") + key.error());
    return *key;
}

Result<std::optional<EvalRunRecord>> EvaluationStore::findRun(std::int64_t id) const
{
    Statement s = m_db.prepare(CW_RUN_COLUMNS "WHERE id = ?1");
    s.bind(1, id);
    return readOptional<EvalRunRecord>(s, readRun);
}

Result<QList<EvalRunRecord>> EvaluationStore::runs(const QString &setId) const
{
    // The comparison before `IS NULL`: a server types a parameter by its
    // first use, and `$1 IS NULL` alone gives it none.
    Statement s = m_db.prepare(CW_RUN_COLUMNS "WHERE set_id = ?1 OR ?1 IS NULL ORDER BY id");
    s.bind(1, setId.isEmpty() ? QString() : setId);
    return readAll<EvalRunRecord>(s, readRun);
}

Result<QString> EvaluationStore::projectionDigest() const
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    Statement s = m_db.prepare("SELECT ref, revision FROM projection ORDER BY ref");
    auto done = s.forEachRow([&] {
        hash.addData(s.text(0).toUtf8());
        hash.addData(QByteArrayView("@"));
        hash.addData(QByteArray::number(s.int64(1)));
        hash.addData(QByteArrayView("\n"));
    });
    if (!done)
        return fail(done.error());
    return QString::fromLatin1(hash.result().toHex());
}

Result<std::int64_t> EvaluationStore::watermark() const
{
    return m_db.queryInt("SELECT watermark FROM projector_state WHERE id = 1");
}

Result<std::optional<RevisionFacts>> EvaluationStore::revisionFacts(const QString &ref,
                                                                    int revision) const
{
    Statement s = m_db.prepare(
        "SELECT a.ref, r.revision, a.kind, r.state, coalesce(r.proof_level, ''), "
        "coalesce(r.product, ''), coalesce(r.product_versions, ''), r.source_case_id, "
        "p.id IS NOT NULL, "
        "(SELECT count(*) FROM proposal_proofs pp WHERE pp.proposal_id = p.id), "
        "(SELECT count(*) FROM proposal_proofs pp JOIN proof_records pr ON pr.id = pp.proof_id "
        " WHERE pp.proposal_id = p.id AND pr.result = 'verified'), "
        "coalesce(p.status = 'rejected', false), "
        "EXISTS (SELECT 1 FROM revision_source_changes c WHERE c.revision_id = r.id "
        " AND c.cleared_at IS NULL) "
        "FROM articles a JOIN revisions r ON r.article_id = a.id "
        "LEFT JOIN proposals p ON p.revision_id = r.id "
        "WHERE a.ref = ?1 AND r.revision = ?2");
    s.bind(1, ref).bind(2, revision);
    return readOptional<RevisionFacts>(s, [](const Statement &row) {
        return RevisionFacts{row.text(0),       row.integer(1),       row.text(2),
                             row.text(3),       row.text(4),          row.text(5),
                             row.text(6),       row.optionalInt64(7), row.int64(8) != 0,
                             row.integer(9),    row.integer(10),      row.int64(11) != 0,
                             row.int64(12) != 0};
    });
}

Result<bool> EvaluationStore::principalReadsCase(const QString &principal,
                                                 std::int64_t caseId) const
{
    Statement s = m_db.prepare(
        "SELECT EXISTS (SELECT 1 FROM cases c JOIN principal_tenants t ON t.tenant = c.tenant "
        "WHERE c.id = ?2 AND t.principal = ?1) "
        "OR EXISTS (SELECT 1 FROM grants g WHERE g.principal = ?1 AND g.case_id = ?2)");
    s.bind(1, principal).bind(2, caseId);
    auto row = s.step();
    if (!row)
        return fail(row.error());
    const bool reads = *row && s.int64(0) != 0;
    s.reset();
    return reads;
}

Result<std::optional<std::int64_t>> EvaluationStore::caseId(const QString &tenant,
                                                            const QString &sourceSystem,
                                                            const QString &sourceRequest) const
{
    Statement s = m_db.prepare("SELECT id FROM cases WHERE tenant = ?1 AND source_system = ?2 AND "
                               "source_request = ?3");
    s.bind(1, tenant).bind(2, sourceSystem).bind(3, sourceRequest);
    return readOptional<std::int64_t>(s, [](const Statement &row) { return row.int64(0); });
}

Result<QList<JudgedUse>> EvaluationStore::judgedUses(const QString &since) const
{
    Statement s = m_db.prepare(
        "SELECT m.id, m.at, m.strategy, m.strategy_version, m.effective_principal, m.inputs, "
        "v.ref, v.revision, v.verdict, v.at FROM memory_use m "
        "JOIN memory_use_verdicts v ON v.memory_use_id = m.id "
        "WHERE v.at >= ?1 OR ?1 IS NULL ORDER BY m.id, v.id");
    s.bind(1, since.isEmpty() ? QString() : since);
    QList<JudgedUse> uses;
    auto done = s.forEachRow([&] {
        if (uses.isEmpty() || uses.last().memoryUseId != s.int64(0))
            uses.append(JudgedUse{
                s.int64(0), s.text(1), s.text(2), s.integer(3), s.text(4), s.text(5), {}});
        uses.last().verdicts.append({s.text(6), s.integer(7), s.text(8), s.text(9)});
    });
    s.reset();
    if (!done)
        return fail(done.error());
    return uses;
}

} // namespace cw
