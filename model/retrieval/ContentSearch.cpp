#include "ContentSearch.h"

#include "Database.h"
#include "Statement.h"

namespace cw::inline retrieval {

using namespace Qt::StringLiterals;

namespace {

// A null QString binds NULL, and `NULL = ''` is not true: no domain is ''.
QString domainOf(const ContentFilter &filter)
{
    return filter.domain.isNull() ? u""_s : filter.domain;
}

} // namespace

ContentSearch::ContentSearch(const Database &db, TermCounts &counts)
    : m_db(db)
    , m_counts(counts)
{
}

Result<ContentAnswer> ContentSearch::current(const QString &text, const ContentFilter &filter) const
{
    ContentAnswer answer;
    auto plan = ContentPlanner(m_db, m_counts).plan(text);
    if (!plan)
        return fail(u"content search: "_s + plan.error());
    answer.plan = *plan;
    if (plan->match.isEmpty())
        return answer;
    // `newest` walks the index newest first and stops one past the budget;
    // the extra one says whether the cap bit (then it is not ranked). Each
    // walked match is looked up in the compact projection_keys rows (not
    // projection), and only those the filters keep are scored: bm25
    // (cw_bm25, given the plan's counts) reads the match's positions and
    // its length, and most matches of a common word are of another kind or
    // domain. `walked` always yields a row, so the answer says so even when
    // the filters keep nothing. No snippets here: they cost more than the
    // whole walk for a common word, so excerpt() makes them for the few
    // candidates that are kept.
    Statement s = m_db.prepare(
        "WITH newest AS MATERIALIZED (SELECT f.rowid AS id, k.ref AS ref, "
        "CASE WHEN k.status IN (SELECT value FROM json_each(?2)) "
        "AND k.kind IN (SELECT value FROM json_each(?3)) AND (?4 = '' OR k.domain = ?4) "
        "THEN cw_bm25(projection_fts, ?7, 0.0, 4.0, 2.0, 1.0) END AS score "
        "FROM projection_fts f LEFT JOIN projection_keys k ON k.id = f.rowid "
        "WHERE projection_fts MATCH ?1 ORDER BY f.rowid DESC LIMIT ?5 + 1), "
        "walked AS (SELECT count(*) AS matches, min(id) AS oldest FROM newest), "
        "ranked AS (SELECT ref, score FROM newest WHERE score IS NOT NULL "
        "AND (id > (SELECT oldest FROM walked) OR (SELECT matches FROM walked) <= ?5) "
        "ORDER BY score, ref LIMIT ?6) "
        "SELECT walked.matches, ranked.ref, ranked.score FROM walked LEFT JOIN ranked "
        "ORDER BY ranked.score, ranked.ref");
    s.bind(1, plan->match).bindList(2, filter.statuses).bindList(3, filter.kinds);
    s.bind(4, domainOf(filter)).bind(5, std::int64_t(ContentPlanner::ScoredMatchBudget));
    s.bind(6, Limit);
    // The plan counted its words' records already: bm25 need not walk their
    // doclists again for the idf (FtsBm25.h).
    QStringList records;
    for (const qint64 n : std::as_const(plan->matchRecords))
        records.append(QString::number(n));
    s.bind(7, records.join(u','));
    if (auto done = s.forEachRow([&] {
            answer.plan.capped = s.int64(0) > ContentPlanner::ScoredMatchBudget;
            if (!s.isNull(1))
                answer.matches.append({s.text(1), 0, s.real(2)});
        });
        !done)
        return fail(u"content search: "_s + done.error());
    return answer;
}

Result<QString> ContentSearch::excerpt(const QString &match, const QString &ref) const
{
    Statement s = m_db.prepare(
        "SELECT snippet(projection_fts, -1, '', '', '…', 24) FROM projection_fts "
        "WHERE projection_fts MATCH ?1 AND rowid = (SELECT rowid FROM projection WHERE ref = ?2)");
    s.bind(1, match).bind(2, ref);
    auto row = s.step();
    if (!row)
        return fail(u"excerpt of %1: "_s.arg(ref) + row.error());
    return *row ? s.text(0) : QString();
}

Result<ContentAnswer> ContentSearch::asOf(const QString &text, const QString &time,
                                          const ContentFilter &filter) const
{
    ContentAnswer answer;
    const QStringList words = ContentPlanner::words(text);
    if (words.isEmpty())
        return answer;
    Statement s = m_db.prepare(
        "SELECT a.ref, r.revision, (SELECT count(*) FROM json_each(?1) w WHERE "
        "instr(lower(r.title || ' ' || coalesce(r.synopsis, '') || ' ' || coalesce(r.body, '') "
        "|| ' ' || coalesce(r.outcome, '') || ' ' || coalesce(r.mechanism, '')), w.value) > 0) "
        "AS matched FROM revisions r JOIN articles a ON a.id = r.article_id "
        "WHERE r.valid_from <= ?2 AND (r.valid_to IS NULL OR r.valid_to > ?2) "
        "AND r.state IN ('active', 'superseded', 'retired') "
        "AND a.kind IN (SELECT value FROM json_each(?3)) AND (?4 = '' OR a.domain = ?4) "
        "AND matched > 0 ORDER BY matched DESC, a.ref LIMIT 100");
    s.bindList(1, words).bind(2, time).bindList(3, filter.kinds);
    s.bind(4, domainOf(filter));
    if (auto done = s.forEachRow([&] {
            answer.matches.append({s.text(0), s.integer(1), -double(s.int64(2))});
        });
        !done)
        return fail(u"content search as of " + time + u": "_s + done.error());
    return answer;
}

} // namespace cw::inline retrieval
