#include "MemorySearch.h"

#include "Database.h"
#include "FtsFunctions.h"
#include "MemoryExcerpt.h"
#include "MemoryFileParser.h"
#include "MemoryRanking.h"
#include "MemoryReferences.h"
#include "MemorySearchBudget.h"
#include "Statement.h"

#include <QRegularExpression>

#include <algorithm>

namespace cw::inline memory {

// Imported memory only: Mode A reads projection_frontmatter, which holds
// decisions/DEC-*.md files only (schema step 9); Mode B joins
// projection_memory, which holds memory files only (source_path set). The
// case registry and ingested experience never enter a memory search.

struct MemorySearch::ContentStatements
{
    explicit ContentStatements(const Database &db)
        : ranking(db)
        , read(db.prepare("SELECT p.ref, p.kind, p.source_path, p.title, p.status, p.body "
                          "FROM projection p WHERE p.rowid = ?1"))
    {
    }

    MemoryRanking ranking;
    Statement read;
};

MemorySearch::MemorySearch(const Database &db, const Actor *actor, MemoryIndexLag lag)
    : m_db(db)
    , m_actor(actor)
    , m_lag(lag)
{
}

MemorySearch::~MemorySearch() = default;

bool MemorySearch::isDecisionId(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral("^DEC-[0-9]+$"));
    return pattern.match(text).hasMatch();
}

QString MemorySearch::ftsExpression(const QStringList &keywords)
{
    QStringList phrases;
    for (const QString &keyword : keywords) {
        if (std::none_of(keyword.cbegin(), keyword.cend(),
                         [](QChar c) { return c.isLetterOrNumber(); }))
            return {};
        // An FTS5 string: double quotes doubled, nothing else is syntax inside
        // except NUL, which ends FTS5's input ("unterminated string"); the
        // tokenizer splits on it anyway, so a space means the same.
        QString quoted = keyword;
        quoted.replace(u'"', QLatin1String("\"\"")).replace(QChar(0), u' ');
        phrases.append(u'"' + quoted + QLatin1String("\"*"));
    }
    return phrases.join(QLatin1String(" OR "));
}

Status MemorySearch::mayRead() const
{
    // Imported memory is sanitised and readable by every principal; a null
    // actor is a database without principals (bootstrap). The check is here
    // so that a narrower rule has one place to go.
    if (m_actor && m_actor->effective.id.isEmpty())
        return fail(QStringLiteral("memory search needs an acting principal"));
    return {};
}

Result<MemorySearchResult> MemorySearch::finish(MemorySearchResult result) const
{
    if (const QString lagging = m_lag.note(); !lagging.isNull())
        result.notes.prepend(lagging);
    MemorySearchBudget::apply(result);
    return result;
}

// Mode A. Every given field must match (AND); a file missing one is out.
// Ranking (docs/memory-search.md): score = 4 x exact tag match (the file's
// tags are exactly the tags asked for) + 2 x domain match + 1 x level match,
// highest first; then, when tags were asked, fewer tags beyond them; then
// DEC number.
// Under AND the domain and level terms are the same for every hit of one
// query, so in practice tags decide and the DEC number breaks ties.
//
// It reads projection_frontmatter, the compact frontmatter rows of projected
// decision files (schema step 9), never projection's wide rows: its cost
// does not depend on body sizes. Without tags the score is the same for
// every hit, so it is left out of the ORDER BY and the (domain, number)
// index hands the rows over in order: the query stops after ten.
Result<MemorySearchResult> MemorySearch::byFields(const MemoryFieldQuery &query) const
{
    if (auto allowed = mayRead(); !allowed)
        return fail(allowed.error());
    if (query.isEmpty())
        return fail(QStringLiteral("Mode A needs at least one field: domain, level, status, "
                                   "tag or related_to"));
    const QStringList tags = distinctNonEmpty(query.tags);
    const QStringList related = distinctNonEmpty(query.relatedTo);
    auto orNull = [](const QString &value) {
        const QString trimmed = value.trimmed();
        return trimmed.isEmpty() ? QString() : trimmed;
    };
    // Only fixed fragments are chosen here; every value is bound. Leaving out
    // the fields not asked lets the planner use the frontmatter indexes.
    // One text for both backends: CASE, as a server does not count with
    // truth values, and each parameter typed at its first use (a server
    // cannot type `$1 IS NULL`).
    QByteArray sql("SELECT f.ref, f.kind, f.source_path, f.title, f.status, "
                   "CASE WHEN json_array_length(f.tags) = json_array_length(CAST(?4 AS TEXT)) "
                   "THEN 4 ELSE 0 END + CASE WHEN CAST(?1 AS TEXT) IS NULL THEN 0 ELSE 2 END + "
                   "CASE WHEN CAST(?2 AS TEXT) IS NULL THEN 0 ELSE 1 END "
                   "AS score FROM projection_frontmatter f");
    // With tags, start from the files carrying the first one (an index
    // lookup) rather than from every file of the domain.
    sql += tags.isEmpty() ? " WHERE true"
                          : " JOIN projection_frontmatter_tags t ON t.id = f.id WHERE t.tag = ?7";
    if (!orNull(query.domain).isNull())
        sql += " AND f.domain = ?1";
    if (!orNull(query.level).isNull())
        sql += " AND f.level = ?2";
    if (!orNull(query.status).isNull())
        sql += " AND f.source_status = ?3";
    if (!tags.isEmpty())
        sql += " AND NOT EXISTS (SELECT 1 FROM json_each(?4) q WHERE q.value NOT IN "
               "(SELECT value FROM json_each(f.tags)))";
    if (!related.isEmpty())
        sql += " AND NOT EXISTS (SELECT 1 FROM json_each(?5) q WHERE q.value NOT IN "
               "(SELECT value FROM json_each(f.related_to)))";
    sql += tags.isEmpty() ? " ORDER BY f.number, f.source_path LIMIT ?6"
                          : " ORDER BY score DESC, json_array_length(f.tags), f.number, "
                            "f.source_path LIMIT ?6";
    Statement s = m_db.prepare(sql.constData());
    s.bind(1, orNull(query.domain)).bind(2, orNull(query.level)).bind(3, orNull(query.status));
    tags.isEmpty() ? s.bindNull(4) : s.bindList(4, tags);
    related.isEmpty() ? s.bindNull(5) : s.bindList(5, related);
    s.bind(6, TopResults);
    if (!tags.isEmpty())
        s.bind(7, tags.constFirst());
    MemorySearchResult result;
    for (;;) {
        auto row = s.step();
        if (!row)
            return fail(QStringLiteral("memory search (Mode A): ") + row.error());
        if (!*row)
            break;
        result.hits.append(MemorySearchHit::fromRow(s, MemoryRelevance::FrontmatterMatch));
    }
    return finish(std::move(result));
}

// Mode B. FTS5 finds the candidates (any keyword, as a token prefix);
// cw_keyword_rank() folds, per file and inside SQLite, the number of distinct
// keywords found, whether they occur as the phrase written and the number of
// occurrences into one key; MemoryRanking orders by it, then recency, then
// file order. Only the ten winners' text is read, for title and excerpt (the
// wide projection rows are never touched per match).
Result<MemorySearchResult> MemorySearch::byContent(const QStringList &keywords) const
{
    if (auto allowed = mayRead(); !allowed)
        return fail(allowed.error());
    const QStringList words = distinctNonEmpty(keywords);
    if (words.isEmpty() || words.size() > MaxKeywords)
        return fail(QStringLiteral("Mode B takes 1 to %1 keywords, got %2")
                        .arg(MaxKeywords)
                        .arg(words.size()));
    const QString expression = ftsExpression(words);
    if (expression.isEmpty())
        return fail(QStringLiteral("a keyword has no letters or digits; full-text search "
                                   "cannot match it"));
    // Prepared once per MemorySearch: a caller that keeps one (an engine, the
    // benchmark) pays SQL compilation once, as for any hot query.
    if (!m_content)
        m_content = std::make_unique<ContentStatements>(m_db);
    Statement &read = m_content->read;
    auto ranked = m_content->ranking.top(words, expression, TopResults);
    if (!ranked)
        return fail(QStringLiteral("memory search (Mode B): ") + ranked.error());
    const QRegularExpression pattern = MemoryExcerpt::keywordPattern(words);
    MemorySearchResult result;
    for (const auto &[rowId, key] : std::as_const(*ranked)) {
        read.bind(1, rowId);
        auto row = read.step();
        if (!row)
            return fail(QStringLiteral("memory search (Mode B): ") + row.error());
        if (!*row) {
            read.reset();
            continue;
        }
        MemorySearchHit hit = MemorySearchHit::fromRow(read, MemoryRelevance::ContentMatch);
        const QString body = read.text(5);
        read.reset();
        if (const QString heading = MemoryFileParser::firstHeading(body); !heading.isEmpty())
            hit.title = heading;
        hit.excerpt = MemoryExcerpt::excerpt(hit.title, body, pattern);
        if (hit.excerpt.isNull())
            hit.excerpt = QLatin1String(""); // matched where the excerpt rule cannot show
        hit.matches = int(KeywordRank::occurrences(key));
        result.hits.append(hit);
    }
    return finish(std::move(result));
}

// Mode C: the references are collected by MemoryReferences; what is asked
// and how much is answered are decided here, as for the other modes.
Result<MemorySearchResult> MemorySearch::byReference(const QString &decisionId) const
{
    if (auto allowed = mayRead(); !allowed)
        return fail(allowed.error());
    if (!isDecisionId(decisionId))
        return fail(
            QStringLiteral("Mode C takes one decision id like DEC-42, got '%1'").arg(decisionId));
    auto result = MemoryReferences(m_db).of(decisionId);
    if (!result)
        return result;
    return finish(std::move(*result));
}

} // namespace cw::inline memory
