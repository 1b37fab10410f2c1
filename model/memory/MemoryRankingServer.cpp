// Mode B's ranking on a server (issue #15): the content index is a tsvector
// per projection row (resources/pgsql/001_initial.sql), which keeps each
// word's positions but has no FTS5 auxiliary function to fold them. So the
// server finds the memory files holding a keyword and hands back, for each,
// the positions of the words the keywords are made of; the key is folded
// here by the same rule as cw_keyword_rank's (KeywordRank::of): distinct
// keywords found, the keywords as the phrase written, occurrences.
//
// A keyword is a phrase of words, the last one a prefix (FTS5's "a b"*).
// Its words are the index's own (to_tsvector('cw_text', cw_words(k)), so
// folding and splitting are the index's). Where the two indexes part: a
// tsvector keeps at most 256 positions of a word, positions stop at 16,383,
// and its columns are one sequence of positions (a phrase may run from the
// title into the synopsis); on memory files of ordinary size the keys are
// the file's.

#include "Database.h"
#include "FtsFunctions.h"
#include "MemoryRanking.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>

namespace cw::inline memory {

namespace {

QString jsonList(const QStringList &values)
{
    return QString::fromUtf8(
        QJsonDocument(QJsonArray::fromStringList(values)).toJson(QJsonDocument::Compact));
}

// A word as a tsquery operand: quoted, its quote and backslash escaped.
QString operand(QString word)
{
    return u'\'' + word.replace(u'\\', QLatin1String("\\\\")).replace(u'\'', QLatin1String("''")) +
           u'\'';
}

// Each keyword's words, in order, as the index splits and folds them.
Result<QList<QStringList>> keywordWords(const Database &db, const QStringList &keywords)
{
    Statement s = db.prepare(
        "SELECT k.n, l.lexeme FROM jsonb_array_elements_text(CAST(?1 AS jsonb)) WITH ORDINALITY "
        "AS k(word, n) CROSS JOIN LATERAL unnest(to_tsvector('cw_text', cw_words(k.word))) AS "
        "l(lexeme, positions, weights) CROSS JOIN LATERAL unnest(l.positions) AS p(pos) "
        "ORDER BY k.n, p.pos");
    s.bind(1, jsonList(keywords));
    QList<QStringList> words(keywords.size());
    auto read = s.forEachRow([&] {
        const qsizetype keyword = qsizetype(s.int64(0)) - 1;
        if (keyword >= 0 && keyword < words.size())
            words[keyword].append(s.text(1));
    });
    if (!read)
        return fail(read.error());
    return words;
}

// The positions of each word of one file that a keyword may need.
using Positions = QHash<QString, QList<int>>;

// Every start of `phrase` in the file: its words at consecutive positions,
// the last one as a prefix of the file's word.
QList<int> starts(const QStringList &phrase, const Positions &file)
{
    const auto at = [&](int i, int position) {
        if (i < phrase.size() - 1)
            return file.value(phrase[i]).contains(position);
        for (auto it = file.cbegin(); it != file.cend(); ++it)
            if (it.key().startsWith(phrase[i]) && it.value().contains(position))
                return true;
        return false;
    };
    QList<int> found;
    QList<int> first;
    if (phrase.size() == 1) {
        for (auto it = file.cbegin(); it != file.cend(); ++it)
            if (it.key().startsWith(phrase.first()))
                first += it.value();
    } else {
        first = file.value(phrase.first());
    }
    for (int start : std::as_const(first)) {
        int i = 1;
        while (i < phrase.size() && at(i, start + i))
            ++i;
        if (i == phrase.size())
            found.append(start);
    }
    return found;
}

std::int64_t keyOf(const QList<QStringList> &words, const Positions &file)
{
    std::vector<KeywordInstance> instances;
    std::vector<int> sizes;
    for (qsizetype k = 0; k < words.size(); ++k) {
        sizes.push_back(int(words[k].size()));
        if (words[k].isEmpty())
            continue;
        for (int start : starts(words[k], file))
            instances.push_back({int(k), 0, start});
    }
    return KeywordRank::of(instances, sizes);
}

} // namespace

Result<std::vector<MemoryRanking::Candidate>> MemoryRanking::onServer(const QStringList &keywords)
{
    auto words = keywordWords(m_db, keywords);
    if (!words)
        return fail(words.error());
    QStringList alternatives, exact, prefixes;
    for (const QStringList &phrase : std::as_const(*words)) {
        if (phrase.isEmpty())
            continue;
        QStringList operands;
        for (const QString &word : phrase)
            operands.append(operand(word));
        operands.last() += QLatin1String(":*");
        alternatives.append(u'(' + operands.join(QLatin1String(" <-> ")) + u')');
        exact += phrase.mid(0, phrase.size() - 1);
        prefixes.append(phrase.last());
    }
    std::vector<Candidate> memory;
    if (alternatives.isEmpty())
        return memory;
    // The memory files matching any keyword, each with the positions of the
    // words its keywords are made of (none of the file's other words).
    Statement s = m_db.prepare(
        "SELECT f.rowid, m.updated_at, m.is_other, m.number, m.source_path, u.lexeme, "
        "array_to_string(u.positions, ',') FROM projection_fts f "
        "JOIN projection_memory m ON m.id = f.rowid "
        "CROSS JOIN LATERAL unnest(f.document) AS u(lexeme, positions, weights) "
        "WHERE f.document @@ CAST(?1 AS tsquery) AND (u.lexeme IN (SELECT value FROM "
        "json_each(?2)) OR EXISTS (SELECT 1 FROM json_each(?3) q WHERE starts_with(u.lexeme, "
        "q.value))) ORDER BY f.rowid");
    s.bind(1, alternatives.join(QLatin1String(" | ")))
        .bind(2, jsonList(exact))
        .bind(3, jsonList(prefixes));
    Positions file;
    const auto close = [&] {
        if (!memory.empty())
            memory.back().key = keyOf(*words, file);
        file.clear();
    };
    auto read = s.forEachRow([&] {
        const std::int64_t rowId = s.int64(0);
        if (memory.empty() || memory.back().rowId != rowId) {
            close();
            memory.push_back(Candidate::fromRow(s, rowId, 0)); // its key once its words are read
        }
        QList<int> &positions = file[s.text(5)];
        for (const QString &position : s.text(6).split(u','))
            positions.append(position.toInt());
    });
    if (!read)
        return fail(read.error());
    close();
    return memory;
}

} // namespace cw::inline memory
