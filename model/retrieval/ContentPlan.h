#pragma once

#include "Result.h"

#include <QHash>
#include <QStringList>

#include <optional>

namespace cw {
class Database;
}

namespace cw::inline retrieval {

// How the content stage asks FTS5: which request words it matches, how, and
// at most how many matches it scores. bm25 is paid per match, so the cost of
// a query is the number of records it matches; the plan keeps that bounded at
// any index size and says what it did to get there (docs/benchmarks.md).
struct ContentPlan
{
    // The backend's query: an FTS5 MATCH expression on a file, a to_tsquery
    // text on a server (ContentPlanner::tsQuery); empty: no content search.
    QString match;
    QStringList matchWords;     // the words of `match`, in its order
    QList<qint64> matchRecords; // per word of `match`, in its order: records holding it
    QStringList leftOut;        // words in a third or more of the indexed records
    QStringList tooFrequent;    // words left out to stay within the budget
    QStringList required;       // non-empty: every match contains all these words
    std::int64_t indexedRows = 0;
    // How many records `match` is expected to match: the sum of its words'
    // records when they are ORed, assuming independent words when ANDed.
    std::int64_t expectedMatches = 0;
    // Set by the search that ran the plan: its words matched more than the
    // budget, and only the newest ScoredMatchBudget matches were scored.
    bool capped = false;

    // Plain-words notes for the retrieval result: what was left out or narrowed.
    QStringList notes() const;
};

// How many indexed records contain each word. Counting walks the word's
// whole doclist (slow for a common word in a large index), and a plan only
// needs the proportions, so counts are kept for the life of the engine, the
// common ones also on disk for the next process (projection_word_counts), and
// read again once the index has grown or shrunk by 1% or had 1% of its rows
// re-projected.
class TermCounts
{
public:
    // Words in fewer records are counted faster than they are looked up.
    static constexpr qint64 MinRecordsToSave = 1000;

    std::optional<qint64> find(const QString &word) const;
    // `counted`: read from the index now, so worth saving (see save()).
    void insert(const QString &word, qint64 records, bool counted = false);
    // Forgets every count when the index moved too far from where they were
    // read (size or watermark).
    void checkIndex(qint64 rows, qint64 watermark);
    qint64 rows() const { return m_rows; }
    qint64 watermark() const { return m_watermark; }
    // Writes the common words counted since the last save; the caller holds
    // a write transaction.
    Status save(const Database &db);

private:
    static constexpr qsizetype MaxWords = 20000;
    QHash<QString, qint64> m_counts;
    QStringList m_unsaved;
    qint64 m_rows = -1;
    qint64 m_watermark = 0;
};

class ContentPlanner
{
public:
    // Small indexes are scored whole: pruning only pays off at scale.
    static constexpr qint64 MinRowsToPrune = 2000;
    // On a server a count reads the row of every match (30 ms for a word in
    // 80,000 records at 1,000,000 cases), where FTS5's vocabulary answers at
    // once. From this size on (a word in a third of it takes 7 ms to count),
    // the planner's statistics (ANALYZE's most common words with their
    // frequencies) give the common words' counts; they are a sample's,
    // within a few percent, and the plan only needs the proportions.
    // Smaller indexes, and rarer words, are counted.
    static constexpr qint64 MinRowsToEstimate = 20000;
    // At most this many matches are scored per query, so a common word costs
    // what a rare one does.
    static constexpr qint64 ScoredMatchBudget = 1000;

    ContentPlanner(const Database &db, TermCounts &counts);

    // The request's words: letters and digits, lower-cased, unique, at most 16.
    static QStringList words(const QString &text);
    // Every word quoted and ORed (or ANDed): nothing of the text is ever FTS syntax.
    static QString ftsQuery(const QStringList &words, bool all = false);
    // The same words as PostgreSQL's to_tsquery reads them: each word's parts
    // (split where unicode61 and cw_words split, at - and _) a phrase, the
    // words ORed or (all) ANDed. Words hold letters and digits only, quoted
    // all the same: the text is a bound value the server parses, never SQL.
    static QString tsQuery(const QStringList &words, bool all = false);
    static QString ftsQuery(const QString &text) { return ftsQuery(words(text)); }

    Result<ContentPlan> plan(const QString &text) const;

private:
    struct WordCount
    {
        QString word;
        qint64 records;
    };
    // The backend's query for the words (ContentPlan::match).
    QString query(const QStringList &words, bool all = false) const;
    Status readSaved(const QStringList &words) const;
    Status countUncounted(const QStringList &words) const;
    // A server's estimate of the records holding each common word (see
    // MinRowsToEstimate); returns the words it has none for.
    Result<QStringList> estimateFromStatistics(const QStringList &words) const;
    Result<QList<WordCount>> countRecords(const QStringList &words,
                                          std::int64_t &indexedRows) const;

    const Database &m_db;
    TermCounts &m_counts;
};

} // namespace cw::inline retrieval
