#include "ContentSearch.h"

#include "Database.h"
#include "Statement.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace cw::inline retrieval {

using namespace Qt::StringLiterals;

namespace {

// A null QString binds NULL, and `NULL = ''` is not true: no domain is ''.
QString domainOf(const ContentFilter &filter)
{
    return filter.domain.isNull() ? u""_s : filter.domain;
}

// The walk of current(), on a server: the content index is a tsvector with
// a GIN index (resources/pgsql/001_initial.sql), ?1 a to_tsquery text
// (ContentPlanner::tsQuery). FTS5's bm25 has no counterpart there; each of
// the plan's words is scored on its own with ts_rank, weighed by the word's
// idf as bm25 weighs it (?7: [{query, idf}]), so that a rare word counts for
// more, as on a file. ts_rank of one word grows with its hits and saturates,
// as bm25's term frequency does; its column weights and the factor 2.78
// give one hit in a title, a synopsis or a body what bm25's 4/2/1 column
// weights give it on a file (1.69, 1.38, 1.0 times the idf), so scores keep
// the magnitude the ranking's relevance expects. Unlike bm25 it does not
// normalise by the document's length. Negated: lower is better on both.
//
// `matched` takes every match from the GIN index first (a bitmap scan), and
// only the newest of them that the filters keep are read again, to be
// scored. Left to itself the planner walked the primary key backwards and
// tested every document against the query until it had enough (all 100,000
// of them for a rare word: 300 ms at 1,000,000 cases, against 10 ms for
// 2,645 matches this way); with a prepared statement's generic plan it
// cannot know how rare the words are. `window` narrows the matches to the
// newest rows (see windowFor). Each match's keys are looked up by its id
// (LATERAL ... LIMIT 1): joined plainly, the planner merged the 1,001
// newest with all 100,000 keys in key order (10 ms at 1,000,000 cases,
// against 2 ms). `words` makes each word's tsquery once, not once a scored
// row.
#define ServerWalkOver(window)                                                                     \
    "WITH matched AS MATERIALIZED (SELECT rowid AS id FROM projection_fts "                        \
    "WHERE document @@ to_tsquery('cw_text', ?1)" window "), "                                     \
    "words AS MATERIALIZED (SELECT to_tsquery('cw_text', w.query) AS query, w.idf AS idf "         \
    "FROM jsonb_to_recordset(CAST(?7 AS jsonb)) AS w(query text, idf double precision)), "         \
    "newest AS MATERIALIZED (SELECT m.id AS id, k.ref AS ref, "                                    \
    "k.status IN (SELECT value FROM json_each(?2)) "                                               \
    "AND k.kind IN (SELECT value FROM json_each(?3)) "                                             \
    "AND (?4 = '' OR k.domain = ?4) AS kept "                                                      \
    "FROM (SELECT id FROM matched ORDER BY id DESC LIMIT CAST(?5 AS bigint) + 1) AS m "            \
    "LEFT JOIN LATERAL (SELECT k.ref, k.status, k.kind, k.domain FROM projection_keys k "          \
    "WHERE k.id = m.id LIMIT 1) AS k ON true), "                                                   \
    "walked AS (SELECT count(*) AS matches, min(id) AS oldest FROM newest), "                      \
    "ranked AS (SELECT n.ref AS ref, -2.78 * (SELECT sum(w.idf * ts_rank('{0, 0.59, 0.81, 1}', "   \
    "f.document, w.query, 0)) FROM words w) AS score "                                             \
    "FROM newest n JOIN projection_fts f ON f.rowid = n.id WHERE n.kept "                          \
    "AND (n.id > (SELECT oldest FROM walked) "                                                     \
    "OR (SELECT matches FROM walked) <= CAST(?5 AS bigint)) "                                      \
    "ORDER BY score, ref LIMIT ?6) "                                                               \
    "SELECT walked.matches, ranked.ref, ranked.score FROM walked LEFT JOIN ranked ON true "        \
    "ORDER BY ranked.score, ranked.ref"
constexpr const char *ServerWalk = ServerWalkOver("");
constexpr const char *ServerWindowedWalk =
    ServerWalkOver(" AND rowid > (SELECT max(rowid) FROM projection_fts) - CAST(?8 AS bigint)");
#undef ServerWalkOver

// The same walk on a file: FTS5, scored by cw_bm25 given the plan's counts.
constexpr const char *FileWalk =
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
    "ORDER BY ranked.score, ranked.ref";

// What the walk's scorer is given of the plan's counts (?7). A file's
// cw_bm25 takes the records per word and works out the idf (FtsBm25.h); a
// server is given each word's query and its idf, worked out as FTS5 does.
QByteArray scorerCounts(const Database &db, const ContentPlan &plan)
{
    if (!db.isServer()) {
        QStringList records;
        for (const qint64 n : std::as_const(plan.matchRecords))
            records.append(QString::number(n));
        return records.join(u',').toUtf8();
    }
    QJsonArray words;
    const double rows = double(plan.indexedRows);
    for (qsizetype i = 0; i < plan.matchWords.size() && i < plan.matchRecords.size(); ++i) {
        const double records = double(plan.matchRecords.at(i));
        const double idf = std::log((rows - records + 0.5) / (records + 0.5));
        words.append(QJsonObject{{u"query"_s, ContentPlanner::tsQuery({plan.matchWords.at(i)})},
                                 {u"idf"_s, idf <= 0.0 ? 1e-6 : idf}});
    }
    return QJsonDocument(words).toJson(QJsonDocument::Compact);
}

// On a server, ts_headline's best fragment of about as many words as FTS5's
// snippet gives, from the indexed column (title, synopsis, body: the
// document's weights A, B, C) the words rank best in, a short one first.
// The column is chosen from the stored document, so only the chosen text
// is parsed again, by ts_headline, once a record (`best` picks the column).
constexpr const char *ServerExcerpts =
    "SELECT best.ref, ts_headline('cw_text', CASE best.n WHEN 1 THEN t.title "
    "WHEN 2 THEN t.synopsis ELSE t.body END, best.query, 'StartSel=\"\", StopSel=\"\", "
    "MaxWords=24, MinWords=12, ShortWord=0, MaxFragments=1, FragmentDelimiter=…') "
    "FROM (SELECT DISTINCT ON (p.rowid) p.rowid AS id, p.ref AS ref, c.n AS n, q.query AS query "
    "FROM projection p JOIN projection_fts f ON f.rowid = p.rowid, "
    "(SELECT to_tsquery('cw_text', ?1) AS query) q, "
    "LATERAL (VALUES (1, 'a'), (2, 'b'), (3, 'c')) AS c(n, weight), "
    "LATERAL (SELECT ts_filter(f.document, ARRAY[c.weight]::\"char\"[]) AS words) v "
    "WHERE p.ref IN (SELECT value FROM json_each(?2)) AND v.words @@ q.query "
    "ORDER BY p.rowid, ts_rank(v.words, q.query, 1) DESC, c.n) AS best "
    "JOIN projection_text t ON t.id = best.id";

// On a file, one record a step: FTS5 finds a record by its rowid, not by a
// list of them, and a step costs no round trip.
constexpr const char *FileExcerpt =
    "SELECT ?2, snippet(projection_fts, -1, '', '', '…', 24) FROM projection_fts "
    "WHERE projection_fts MATCH ?1 AND rowid = (SELECT rowid FROM projection WHERE ref = ?2)";

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
    // A server reads the row of every match before it knows which are the
    // newest (a bitmap scan), where FTS5 stops walking at the budget: a word
    // in 30,000 records cost 30,000 row visits. When the plan expects many
    // more matches than the budget, the newest rows are searched first, in
    // a window expected to hold twice the budget, widened fourfold while it
    // holds no more than the budget. Once it holds more, the newest matches
    // of the whole index are all in it, and the answer is the same. Beyond
    // half the index, the whole walk costs less.
    if (m_db.isServer()) {
        for (std::int64_t window = windowFor(*plan); window > 0 && window < plan->indexedRows / 2;
             window *= 4) {
            auto walked = walk(*plan, filter, window);
            if (!walked)
                return fail(walked.error());
            if (walked->plan.capped)
                return walked;
        }
    }
    return walk(*plan, filter, 0);
}

std::int64_t ContentSearch::windowFor(const ContentPlan &plan)
{
    const std::int64_t budget = ContentPlanner::ScoredMatchBudget + 1;
    if (plan.expectedMatches <= 2 * budget)
        return 0;
    return 2 * budget * plan.indexedRows / plan.expectedMatches;
}

// `newest` walks the index newest first and stops one past the budget; the
// extra one says whether the cap bit (then it is not ranked). Each walked
// match is looked up in the compact projection_keys rows (not projection),
// and only those the filters keep are scored: bm25 (cw_bm25, given the
// plan's counts) reads the match's positions and its length, and most
// matches of a common word are of another kind or domain. `walked` always
// yields a row, so the answer says so even when the filters keep nothing.
// No snippets here: they cost more than the whole walk for a common word, so
// excerpts() makes them for the few candidates that are kept. `window` > 0
// (a server only): only matches among the newest `window` rows.
Result<ContentAnswer> ContentSearch::walk(const ContentPlan &plan, const ContentFilter &filter,
                                          std::int64_t window) const
{
    ContentAnswer answer;
    answer.plan = plan;
    const char *sql = !m_db.isServer() ? FileWalk : window > 0 ? ServerWindowedWalk : ServerWalk;
    Statement s = m_db.prepare(sql);
    s.bind(1, answer.plan.match).bindList(2, filter.statuses).bindList(3, filter.kinds);
    s.bind(4, domainOf(filter)).bind(5, std::int64_t(ContentPlanner::ScoredMatchBudget));
    s.bind(6, Limit);
    // The plan counted its words' records already: bm25 need not walk their
    // doclists again for the idf (FtsBm25.h).
    s.bind(7, scorerCounts(m_db, answer.plan));
    if (window > 0)
        s.bind(8, window);
    if (auto done = s.forEachRow([&] {
            answer.plan.capped = s.int64(0) > ContentPlanner::ScoredMatchBudget;
            if (!s.isNull(1))
                answer.matches.append({s.text(1), 0, s.real(2)});
        });
        !done)
        return fail(u"content search: "_s + done.error());
    return answer;
}

Result<QHash<QString, QString>> ContentSearch::excerpts(const QString &match,
                                                        const QStringList &refs) const
{
    QHash<QString, QString> excerpts;
    for (const QString &ref : refs)
        excerpts.insert(ref, QString());
    if (refs.isEmpty())
        return excerpts;
    Statement s = m_db.prepare(m_db.isServer() ? ServerExcerpts : FileExcerpt);
    const auto read = [&] { excerpts.insert(s.text(0), s.text(1)); };
    const auto failed = [&](const QString &error) {
        return fail(u"excerpts of %1: "_s.arg(refs.join(u", "_s)) + error);
    };
    if (m_db.isServer()) {
        s.bind(1, match).bindList(2, refs);
        if (auto done = s.forEachRow(read); !done)
            return failed(done.error());
        return excerpts;
    }
    for (const QString &ref : refs) {
        s.bind(1, match).bind(2, ref);
        if (auto done = s.forEachRow(read); !done)
            return failed(done.error());
        s.reset();
    }
    return excerpts;
}

Result<ContentAnswer> ContentSearch::asOf(const QString &text, const QString &time,
                                          const ContentFilter &filter) const
{
    ContentAnswer answer;
    const QStringList words = ContentPlanner::words(text);
    if (words.isEmpty())
        return answer;
    // A subquery, not the alias in WHERE: PostgreSQL filters on no alias.
    Statement s = m_db.prepare(
        "SELECT ref, revision, matched FROM (SELECT a.ref AS ref, r.revision AS revision, "
        "(SELECT count(*) FROM json_each(?1) w WHERE "
        "instr(lower(r.title || ' ' || coalesce(r.synopsis, '') || ' ' || coalesce(r.body, '') "
        "|| ' ' || coalesce(r.outcome, '') || ' ' || coalesce(r.mechanism, '')), w.value) > 0) "
        "AS matched FROM revisions r JOIN articles a ON a.id = r.article_id "
        "WHERE r.valid_from <= ?2 AND (r.valid_to IS NULL OR r.valid_to > ?2) "
        "AND r.state IN ('active', 'superseded', 'retired') "
        "AND a.kind IN (SELECT value FROM json_each(?3)) AND (?4 = '' OR a.domain = ?4)) x "
        "WHERE matched > 0 ORDER BY matched DESC, ref LIMIT 100");
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
