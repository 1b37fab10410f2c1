#pragma once

#include "ContentPlan.h"
#include "Result.h"

#include <QStringList>

namespace cw {
class Database;
}

namespace cw::inline retrieval {

// Which published records the content stage may return: the request's
// statuses and kinds, and its domain when the strategy keeps to one.
struct ContentFilter
{
    QStringList statuses;
    QStringList kinds;
    QString domain; // empty: every domain
};

struct ContentMatch
{
    QString ref;
    int revision = 0; // as of a time only: the revision current then
    double score = 0; // bm25, lower is better; as of a time: minus the words found
};

struct ContentAnswer
{
    ContentPlan plan;
    QList<ContentMatch> matches; // best first, at most Limit
};

// Stage 4 (Mode B): the request's words against the published records. The
// ContentPlan bounds what is scored; this runs it, in one walk of the index
// (on a server over a window of the newest rows first, widened while it
// holds too few; see current()): the newest ScoredMatchBudget matches are
// scored with bm25 while the index is walked newest first, so a plan whose
// words turn out to match more than estimated is capped by the same walk
// that scores it. Excerpts around the matched words are made afterwards,
// for kept candidates only.
class ContentSearch
{
public:
    static constexpr int Limit = 40;

    ContentSearch(const Database &db, TermCounts &counts);

    Result<ContentAnswer> current(const QString &text, const ContentFilter &filter) const;
    // The FTS5 snippet of each published record of refs around the words of
    // `match` (a plan's MATCH expression), by ref; empty for a record that
    // does not match. A server makes them all in one statement.
    Result<QHash<QString, QString>> excerpts(const QString &match, const QStringList &refs) const;
    // The index reflects now; as of a time the text of the revisions current
    // then is matched word by word (slower, exact, without the index).
    Result<ContentAnswer> asOf(const QString &text, const QString &time,
                               const ContentFilter &filter) const;

private:
    // How many of the newest rows a server searches first (0: all of them).
    static std::int64_t windowFor(const ContentPlan &plan);
    Result<ContentAnswer> walk(const ContentPlan &plan, const ContentFilter &filter,
                               std::int64_t window) const;

    const Database &m_db;
    TermCounts &m_counts;
};

} // namespace cw::inline retrieval
