#include "ProposalStore.h"

#include "Database.h"
#include "StoreUtil.h"

namespace cw {

namespace {

constexpr const char *SummaryFrom =
    "SELECT p.id, p.status, p.proposed_at, p.proposed_by, a.ref, r.revision, a.kind, a.domain, "
    "r.title, r.proof_level, coalesce(c.tenant || '/' || c.source_system || '/' || "
    "c.source_request, ''), r.state, p.case_id IS NOT NULL AND c.id IS NULL "
    "FROM proposals p JOIN revisions r ON r.id = p.revision_id "
    "JOIN articles a ON a.id = r.article_id LEFT JOIN cases c ON c.id = p.case_id WHERE true";

// The WHERE clause is assembled from these constant fragments only; every
// value is bound. Separate statements per filter shape let SQLite use
// proposals_by_status / proposals_by_time instead of sorting the whole table.
QByteArray filterClause(const ProposalFilter &filter, const Database &db)
{
    QByteArray sql;
    if (!filter.status.isEmpty())
        sql += " AND p.status = ?1";
    if (!filter.domain.isEmpty())
        sql += " AND a.domain = ?2";
    if (!filter.tenant.isEmpty())
        sql += " AND c.tenant = ?3";
    if (!filter.proofLevel.isEmpty())
        sql += " AND r.proof_level = ?7";
    if (!filter.proposedBefore.isEmpty())
        sql += " AND p.proposed_at < ?8";
    if (!filter.proposedAfter.isEmpty())
        sql += " AND p.proposed_at >= ?9";
    // SQLite's LIKE ignores the case of ASCII letters; PostgreSQL's ILIKE
    // does that (and more).
    if (!filter.text.isEmpty())
        sql += db.isServer() ? " AND (p.id ILIKE ?10 ESCAPE '\\' OR r.title ILIKE ?10 ESCAPE '\\' "
                               "OR r.synopsis ILIKE ?10 ESCAPE '\\')"
                             : " AND (p.id LIKE ?10 ESCAPE '\\' OR r.title LIKE ?10 ESCAPE '\\' "
                               "OR r.synopsis LIKE ?10 ESCAPE '\\')";
    return sql;
}

// The sort key's column; a constant fragment, never user text.
const char *sortColumn(ProposalSort sort)
{
    switch (sort) {
    case ProposalSort::ByStatus:
        return "p.status";
    case ProposalSort::ByDomain:
        return "a.domain";
    case ProposalSort::ByProofLevel:
        return "coalesce(r.proof_level, '')";
    case ProposalSort::ByTitle:
        return "r.title";
    case ProposalSort::ByProposedAt:
        break;
    }
    return nullptr;
}

QString likePattern(const QString &text)
{
    QString escaped = text;
    escaped.replace(u'\\', QStringLiteral("\\\\"))
        .replace(u'%', QStringLiteral("\\%"))
        .replace(u'_', QStringLiteral("\\_"));
    return u'%' + escaped + u'%';
}

void bindFilter(Statement &s, const ProposalFilter &filter)
{
    if (!filter.status.isEmpty())
        s.bind(1, filter.status);
    if (!filter.domain.isEmpty())
        s.bind(2, filter.domain);
    if (!filter.tenant.isEmpty())
        s.bind(3, filter.tenant);
    if (!filter.proofLevel.isEmpty())
        s.bind(7, filter.proofLevel);
    if (!filter.proposedBefore.isEmpty())
        s.bind(8, filter.proposedBefore);
    if (!filter.proposedAfter.isEmpty())
        s.bind(9, filter.proposedAfter);
    if (!filter.text.isEmpty())
        s.bind(10, likePattern(filter.text));
}

ProposalSummary readSummary(const Statement &s)
{
    ProposalSummary p;
    p.id = s.text(0);
    p.status = s.text(1);
    p.proposedAt = s.text(2);
    p.proposedBy = s.text(3);
    p.articleRef = s.text(4);
    p.revision = s.integer(5);
    p.kind = s.text(6);
    p.domain = s.text(7);
    p.title = s.text(8);
    p.proofLevel = s.text(9);
    p.caseKey = s.text(10);
    p.revisionState = s.text(11);
    // A case the connection cannot see at all: on a server, row-level
    // security hides it (a file shows every case, and the model redacts).
    p.caseRedacted = s.int64(12) != 0;
    return p;
}

} // namespace

ProposalPageKey ProposalSummary::pageKey(ProposalSort sort) const
{
    switch (sort) {
    case ProposalSort::ByStatus:
        return {proposedAt, id, status};
    case ProposalSort::ByDomain:
        return {proposedAt, id, domain};
    case ProposalSort::ByProofLevel:
        return {proposedAt, id, proofLevel};
    case ProposalSort::ByTitle:
        return {proposedAt, id, title};
    case ProposalSort::ByProposedAt:
        break;
    }
    return {proposedAt, id, {}};
}

ProposalStore::ProposalStore(const Database &db)
    : m_db(db)
    , m_insert(db.prepare("INSERT INTO proposals (id, revision_id, case_id, status, proposed_by, "
                          "proposed_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)"))
    , m_insertProof(
          db.prepare("INSERT INTO proposal_proofs (proposal_id, proof_id) VALUES (?1, ?2) "
                     "ON CONFLICT DO NOTHING"))
    , m_find(db.prepare("SELECT id, revision_id, case_id, status, proposed_by, proposed_at "
                        "FROM proposals WHERE id = ?1"))
    , m_findProofs(db.prepare(
          "SELECT proof_id FROM proposal_proofs WHERE proposal_id = ?1 ORDER BY proof_id"))
{
}

Status ProposalStore::insert(const ProposalRecord &p)
{
    m_insert.bind(1, p.id).bind(2, p.revisionId).bind(3, p.caseId);
    m_insert.bind(4, p.status.isEmpty() ? QStringLiteral("pending") : p.status);
    m_insert.bind(5, p.proposedBy).bind(6, p.proposedAt);
    if (auto done = m_insert.exec(); !done)
        return fail(QStringLiteral("proposal %1: %2").arg(p.id, done.error()));
    for (const std::int64_t proofId : p.proofIds) {
        m_insertProof.bind(1, p.id).bind(2, proofId);
        if (auto done = m_insertProof.exec(); !done)
            return fail(QStringLiteral("proposal %1, proof %2: %3")
                            .arg(p.id)
                            .arg(proofId)
                            .arg(done.error()));
    }
    return {};
}

Result<std::optional<ProposalRecord>> ProposalStore::find(const QString &id)
{
    m_find.bind(1, id);
    auto found = readOptional<ProposalRecord>(m_find, [](const Statement &s) {
        return ProposalRecord{s.text(0), s.int64(1), s.optionalInt64(2), s.text(3), s.text(4),
                              s.text(5), {}};
    });
    if (!found || !*found)
        return found;
    m_findProofs.bind(1, id);
    auto proofs =
        readAll<std::int64_t>(m_findProofs, [](const Statement &s) { return s.int64(0); });
    if (!proofs)
        return fail(proofs.error());
    (*found)->proofIds = *proofs;
    return found;
}

Status ProposalStore::setStatus(const QString &id, const QString &status)
{
    Statement s = m_db.prepare("UPDATE proposals SET status = ?2 WHERE id = ?1");
    s.bind(1, id).bind(2, status);
    if (auto done = s.exec(); !done)
        return fail(QStringLiteral("proposal %1: %2").arg(id, done.error()));
    if (m_db.changes() != 1)
        return fail(QStringLiteral("no proposal %1").arg(id));
    return {};
}

Result<QList<ProposalSummary>> ProposalStore::list(const ProposalFilter &filter,
                                                   const ProposalPageKey *after, int limit)
{
    QByteArray sql = QByteArray(SummaryFrom) + filterClause(filter, m_db);
    const char *key = sortColumn(filter.sort);
    const QByteArray direction = filter.descending ? " DESC" : "";
    const QByteArray keyset = key ? QByteArray("(") + key + ", p.proposed_at, p.id)"
                                  : QByteArray("(p.proposed_at, p.id)");
    if (after)
        sql += " AND " + keyset + (filter.descending ? " < " : " > ") +
               (key ? "(?11, ?4, ?5)" : "(?4, ?5)");
    sql += " ORDER BY ";
    if (key)
        sql += key + direction + ", ";
    sql += "p.proposed_at" + direction + ", p.id" + direction + " LIMIT ?6";
    Statement s = m_db.prepare(sql.constData());
    bindFilter(s, filter);
    if (after) {
        s.bind(4, after->proposedAt).bind(5, after->id);
        if (key)
            s.bind(11, after->sortValue);
    }
    s.bind(6, limit);
    return readAll<ProposalSummary>(s, readSummary);
}

Result<std::int64_t> ProposalStore::count(const ProposalFilter &filter)
{
    // Only the tables the filter reads are joined: every proposal has its
    // revision and article (foreign keys), so the joins never change the
    // count, but walking them read most of the revisions' pages (a whole
    // `proposals` command on the demo database was 20 ms, issue #16).
    const bool needsRevision =
        !filter.domain.isEmpty() || !filter.proofLevel.isEmpty() || !filter.text.isEmpty();
    QByteArray sql = "SELECT count(*) FROM proposals p";
    if (needsRevision)
        sql += " JOIN revisions r ON r.id = p.revision_id";
    if (!filter.domain.isEmpty())
        sql += " JOIN articles a ON a.id = r.article_id";
    if (!filter.tenant.isEmpty())
        sql += " LEFT JOIN cases c ON c.id = p.case_id";
    sql += " WHERE true" + filterClause(filter, m_db);
    Statement s = m_db.prepare(sql.constData());
    bindFilter(s, filter);
    auto counted = readOptional<std::int64_t>(s, [](const Statement &st) { return st.int64(0); });
    if (!counted)
        return fail(counted.error());
    return counted->value_or(0);
}

Result<int> ProposalStore::nextProposalNumber()
{
    // SQLite's CAST reads the leading digits; PostgreSQL's takes only digits.
    auto highest = m_db.queryInt(
        m_db.isServer() ? "SELECT coalesce(max(CAST(substring(id FROM '^PR-([0-9]+)') AS "
                          "bigint)), 0) FROM proposals WHERE id ~ '^PR-[0-9]'"
                        : "SELECT coalesce(max(CAST(substr(id, 4) AS INTEGER)), 0) "
                          "FROM proposals WHERE id GLOB 'PR-[0-9]*'");
    if (!highest)
        return fail(highest.error());
    return int(*highest) + 1;
}

} // namespace cw
