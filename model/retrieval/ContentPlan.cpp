#include "ContentPlan.h"

#include "Database.h"
#include "ProjectionStateStore.h"
#include "Statement.h"

#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace cw::inline retrieval {

using namespace Qt::StringLiterals;

QStringList ContentPlan::notes() const
{
    QStringList notes;
    if (!leftOut.isEmpty())
        notes.append(u"content search left out words found in a third or more of the "
                     "indexed records: %1"_s.arg(leftOut.join(u", "_s)));
    if (!tooFrequent.isEmpty())
        notes.append(
            u"content search ranked on its rarest words only; %1 match too many of "
            "the %2 indexed records to score within its bound"_s.arg(tooFrequent.join(u", "_s))
                .arg(indexedRows));
    if (!required.isEmpty())
        notes.append(u"content search ranked only records containing all of: %1 (each word "
                     "alone matches too many of the %2 indexed records to rank them all)"_s
                         .arg(required.join(u", "_s))
                         .arg(indexedRows));
    if (capped)
        notes.append(
            u"content search scored the %1 most recently indexed matches only; "
            "more specific words would rank every match"_s.arg(ContentPlanner::ScoredMatchBudget));
    return notes;
}

std::optional<qint64> TermCounts::find(const QString &word) const
{
    auto it = m_counts.constFind(word);
    return it == m_counts.cend() ? std::nullopt : std::optional<qint64>(*it);
}

void TermCounts::insert(const QString &word, qint64 records, bool counted)
{
    m_counts.insert(word, records);
    if (counted && records >= MinRecordsToSave)
        m_unsaved.append(word);
}

void TermCounts::checkIndex(qint64 rows, qint64 watermark)
{
    const bool resized = qAbs(rows - m_rows) * 100 > m_rows;
    const bool reprojected = (watermark - m_watermark) * 100 > qMax<qint64>(rows, 1);
    if (m_rows < 0 || resized || reprojected || m_counts.size() > MaxWords) {
        m_counts.clear();
        m_unsaved.clear();
        m_rows = rows;
        m_watermark = watermark;
    }
}

Status TermCounts::save(const Database &db)
{
    if (m_unsaved.isEmpty())
        return {};
    Statement s = db.prepare("INSERT INTO projection_word_counts "
                             "(word, records, at_rows, at_watermark) VALUES (?1, ?2, ?3, ?4) "
                             "ON CONFLICT (word) DO UPDATE SET records = excluded.records, "
                             "at_rows = excluded.at_rows, at_watermark = excluded.at_watermark");
    for (const QString &word : std::as_const(m_unsaved)) {
        s.bind(1, word).bind(2, std::int64_t(m_counts.value(word)));
        s.bind(3, std::int64_t(m_rows)).bind(4, std::int64_t(m_watermark));
        if (auto done = s.exec(); !done)
            return fail(u"keeping the count of '%1': "_s.arg(word) + done.error());
    }
    m_unsaved.clear();
    return {};
}

ContentPlanner::ContentPlanner(const Database &db, TermCounts &counts)
    : m_db(db)
    , m_counts(counts)
{
}

QStringList ContentPlanner::words(const QString &text)
{
    static const QRegularExpression word(u"[\\p{L}\\p{N}][\\p{L}\\p{N}_-]*"_s);
    QStringList words;
    auto it = word.globalMatch(text);
    while (it.hasNext() && words.size() < 16) {
        const QString w = it.next().captured().toLower();
        if (w.size() >= 2 && !words.contains(w))
            words.append(w);
    }
    return words;
}

QString ContentPlanner::ftsQuery(const QStringList &words, bool all)
{
    QStringList quoted;
    for (QString w : words)
        quoted.append(u'"' + w.replace(u'"', u"\"\""_s) + u'"');
    return quoted.join(all ? u" AND "_s : u" OR "_s);
}

QString ContentPlanner::tsQuery(const QStringList &words, bool all)
{
    static const QRegularExpression separators(u"[-_]+"_s);
    QStringList terms;
    for (const QString &word : words) {
        QStringList parts;
        for (QString part : word.split(separators, Qt::SkipEmptyParts))
            parts.append(u'\'' + part.replace(u'\\', u"\\\\"_s).replace(u'\'', u"''"_s) + u'\'');
        if (parts.size() == 1)
            terms.append(parts.first());
        else if (!parts.isEmpty())
            terms.append(u'(' + parts.join(u" <-> "_s) + u')');
    }
    return terms.join(all ? u" & "_s : u" | "_s);
}

QString ContentPlanner::query(const QStringList &words, bool all) const
{
    return m_db.isServer() ? tsQuery(words, all) : ftsQuery(words, all);
}

// Counts the records holding each word: FTS5's vocabulary on a file (one
// statement for all), the content index on a server (a count a word).
Status ContentPlanner::countUncounted(const QStringList &words) const
{
    if (m_db.isServer()) {
        auto uncounted = estimateFromStatistics(words);
        if (!uncounted)
            return fail(uncounted.error());
        Statement s = m_db.prepare(
            "SELECT count(*) FROM projection_fts WHERE document @@ to_tsquery('cw_text', ?1)");
        for (const QString &w : std::as_const(*uncounted)) {
            s.bind(1, tsQuery({w}));
            auto row = s.step();
            if (!row)
                return fail(row.error());
            m_counts.insert(w, *row ? s.int64(0) : 0, true);
            s.reset();
        }
        return {};
    }
    if (auto made = m_db.execScript("CREATE VIRTUAL TABLE IF NOT EXISTS temp.projection_vocab "
                                    "USING fts5vocab(main, projection_fts, row)");
        !made)
        return fail(made.error());
    Statement s = m_db.prepare("SELECT w.value, coalesce(v.doc, 0) FROM json_each(?1) w "
                               "LEFT JOIN temp.projection_vocab v ON v.term = w.value");
    s.bindList(1, words);
    return s.forEachRow([&] { m_counts.insert(s.text(0), s.int64(1), true); });
}

Result<QStringList> ContentPlanner::estimateFromStatistics(const QStringList &words) const
{
    if (m_counts.rows() < MinRowsToEstimate)
        return words;
    // pg_stats shows a table's statistics to whoever may read the table;
    // without them (never analysed, or hidden) every word is counted. The
    // frequencies array ends with three figures of its own (the least and
    // the most frequent word's, and that of empty documents): unnest pairs
    // them with no word.
    Statement s = m_db.prepare(
        "SELECT e.word, e.frequency FROM pg_stats s, "
        "unnest(CAST(CAST(s.most_common_elems AS text) AS text[]), s.most_common_elem_freqs) "
        "AS e(word, frequency) WHERE s.schemaname = current_schema() "
        "AND s.tablename = 'projection_fts' AND s.attname = 'document' "
        "AND e.word IN (SELECT value FROM json_each(?1))");
    s.bindList(1, words);
    QStringList uncounted = words;
    if (auto done = s.forEachRow([&] {
            const qint64 records = std::llround(s.real(1) * double(m_counts.rows()));
            if (records < TermCounts::MinRecordsToSave)
                return; // as fast to count
            m_counts.insert(s.text(0), records);
            uncounted.removeOne(s.text(0));
        });
        !done)
        return fail(done.error());
    return uncounted;
}

Result<QList<ContentPlanner::WordCount>>
ContentPlanner::countRecords(const QStringList &words, std::int64_t &indexedRows) const
{
    auto rows = m_db.queryInt("SELECT rows FROM projection_size WHERE id = 1");
    auto watermark = ProjectionStateStore(m_db).watermark();
    if (!rows || !watermark)
        return fail(!rows ? rows.error() : watermark.error());
    indexedRows = *rows;
    m_counts.checkIndex(*rows, *watermark);
    if (auto saved = readSaved(words); !saved)
        return fail(saved.error());
    QStringList uncounted;
    for (const QString &w : words) {
        if (!m_counts.find(w))
            uncounted.append(w);
    }
    if (!uncounted.isEmpty()) {
        if (auto counted = countUncounted(uncounted); !counted)
            return fail(counted.error());
    }
    QList<WordCount> counts;
    for (const QString &w : words) {
        if (const qint64 records = m_counts.find(w).value_or(0); records > 0)
            counts.append({w, records}); // a word no record contains matches nothing
    }
    // Rarest first; ties keep the request's order.
    std::stable_sort(counts.begin(), counts.end(),
                     [](const WordCount &a, const WordCount &b) { return a.records < b.records; });
    return counts;
}

// Counts another process kept, where the index has not moved since (the
// rule of TermCounts::checkIndex).
Status ContentPlanner::readSaved(const QStringList &words) const
{
    QStringList unknown;
    for (const QString &w : words) {
        if (!m_counts.find(w))
            unknown.append(w);
    }
    if (unknown.isEmpty())
        return {};
    Statement s = m_db.prepare(
        "SELECT c.word, c.records FROM json_each(?1) w "
        "JOIN projection_word_counts c ON c.word = w.value "
        "WHERE abs(c.at_rows - ?2) * 100 <= c.at_rows AND (?3 - c.at_watermark) * 100 <= ?2");
    s.bindList(1, unknown).bind(2, std::int64_t(m_counts.rows()));
    s.bind(3, std::int64_t(m_counts.watermark()));
    return s.forEachRow([&] { m_counts.insert(s.text(0), s.int64(1)); });
}

Result<ContentPlan> ContentPlanner::plan(const QString &text) const
{
    ContentPlan plan;
    const QStringList requested = words(text);
    if (requested.isEmpty())
        return plan;
    auto counts = countRecords(requested, plan.indexedRows);
    if (!counts)
        return fail(counts.error());
    const qint64 rows = plan.indexedRows;
    QList<WordCount> kept;
    for (const WordCount &c : std::as_const(*counts)) {
        // In a third or more of the rows a word adds almost nothing to bm25
        // (its idf is near zero; FTS5 floors it past half) but makes FTS5
        // score most of the index.
        if (rows >= MinRowsToPrune && c.records * 3 >= rows)
            plan.leftOut.append(c.word);
        else
            kept.append(c);
    }
    // The rarest words, ORed, as long as their matches together fit the budget.
    QStringList rarest;
    qint64 rarestMatches = 0;
    for (const WordCount &c : std::as_const(kept)) {
        if (rows >= MinRowsToPrune && rarestMatches + c.records > ScoredMatchBudget)
            break;
        rarest.append(c.word);
        rarestMatches += c.records;
    }
    if (!rarest.isEmpty() || kept.isEmpty()) {
        for (qsizetype i = rarest.size(); i < kept.size(); ++i)
            plan.tooFrequent.append(kept[i].word);
        plan.match = query(rarest);
        plan.matchWords = rarest;
        plan.expectedMatches = rarestMatches;
        for (qsizetype i = 0; i < rarest.size(); ++i)
            plan.matchRecords.append(kept[i].records);
        return plan;
    }
    // Even the rarest word matches more than the budget: rank the records
    // that contain all of the rarest words, adding words (rarest first) until
    // the expected number of matches fits, assuming they occur independently.
    double expected = double(rows);
    for (const WordCount &c : std::as_const(kept)) {
        plan.required.append(c.word);
        plan.matchRecords.append(c.records);
        expected *= double(c.records) / double(rows);
        if (expected <= double(ScoredMatchBudget))
            break;
    }
    for (qsizetype i = plan.required.size(); i < kept.size(); ++i)
        plan.tooFrequent.append(kept[i].word);
    // Words are not independent: when the narrowed query still matches more
    // than the budget, the search scores only the newest matches (capped).
    plan.expectedMatches = std::llround(expected);
    if (plan.required.size() == 1) { // nothing to narrow with: capped by the search
        plan.match = query(plan.required);
        plan.required.clear();
    } else {
        plan.match = query(plan.required, true);
    }
    plan.matchWords = plan.required.isEmpty() ? QStringList{kept.first().word} : plan.required;
    return plan;
}

} // namespace cw::inline retrieval
