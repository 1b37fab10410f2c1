#include "MemoryRanking.h"

#include "Database.h"

#include <QByteArray>

#include <algorithm>
#include <optional>
#include <vector>

namespace cw::inline memory {

namespace {

using Candidate = MemoryRanking::Candidate;

bool rankedBefore(const Candidate &a, const Candidate &b)
{
    if (a.key != b.key)
        return a.key > b.key;
    if (a.hasUpdatedAt != b.hasUpdatedAt) // DESC: NULL last
        return a.hasUpdatedAt;
    if (a.updatedAt != b.updatedAt)
        return b.updatedAt < a.updatedAt;
    if (a.isOther != b.isOther)
        return a.isOther < b.isOther;
    if (a.hasNumber != b.hasNumber) // ASC: NULL first
        return b.hasNumber;
    if (a.number != b.number)
        return a.number < b.number;
    return a.sourcePath < b.sourcePath;
}

} // namespace

MemoryRanking::Candidate MemoryRanking::Candidate::fromRow(const Statement &s, std::int64_t rowId,
                                                           std::int64_t key)
{
    Candidate c;
    c.rowId = rowId;
    c.key = key;
    c.hasUpdatedAt = !s.isNull(1);
    c.updatedAt = s.text(1).toUtf8();
    c.isOther = s.int64(2);
    c.hasNumber = !s.isNull(3);
    c.number = s.int64(3);
    c.sourcePath = s.text(4).toUtf8();
    return c;
}

MemoryRanking::MemoryRanking(const Database &db)
    : m_db(db)
{
    if (db.isServer())
        return;
    m_keys.emplace(db.prepare("SELECT rowid, cw_keyword_rank(projection_fts) FROM projection_fts "
                              "WHERE projection_fts MATCH ?1"));
    m_memory.emplace(db.prepare("SELECT j.key, m.updated_at, m.is_other, m.number, m.source_path "
                                "FROM json_each(?1) j JOIN projection_memory m ON m.id = j.value"));
}

Status MemoryRanking::lookUp(const std::vector<Match> &chunk, std::vector<Candidate> &memory)
{
    QByteArray ids = "[";
    for (const Match &m : chunk)
        ids += QByteArray::number(m.rowId) + ',';
    ids.back() = ']';
    Statement &s = *m_memory;
    s.bind(1, QString::fromLatin1(ids));
    auto read = s.forEachRow([&] {
        const Match &match = chunk[std::size_t(s.int64(0))]; // j.key: index in the chunk
        memory.push_back(Candidate::fromRow(s, match.rowId, match.key));
    });
    s.reset();
    if (!read)
        return fail(read.error());
    return {};
}

Result<QList<MemoryRanking::Winner>> MemoryRanking::top(const QStringList &keywords,
                                                        const QString &expression, int limit)
{
    auto memory = m_db.isServer() ? onServer(keywords) : onFile(expression, limit);
    if (!memory)
        return fail(memory.error());
    std::sort(memory->begin(), memory->end(), rankedBefore);
    QList<Winner> winners;
    for (std::size_t i = 0; i < memory->size() && i < std::size_t(limit); ++i)
        winners.append({(*memory)[i].rowId, (*memory)[i].key});
    return winners;
}

Result<std::vector<MemoryRanking::Candidate>> MemoryRanking::onFile(const QString &expression,
                                                                    int limit)
{
    std::vector<Match> matches;
    Statement &ranked = *m_keys;
    ranked.bind(1, expression);
    auto read = ranked.forEachRow([&] { matches.push_back({ranked.int64(1), ranked.int64(0)}); });
    ranked.reset();
    if (!read)
        return fail(read.error());
    // Highest key on top. Matches are popped in key order and looked up in
    // chunks that double (most matches of a common word may be case records,
    // not memory files), until `limit` memory files are found and every
    // match tied with the last of them has been looked up.
    std::make_heap(matches.begin(), matches.end());
    std::vector<Candidate> memory;
    std::optional<std::int64_t> lastKey; // the key of the limit-th memory file
    std::size_t chunkSize = std::size_t(limit) + 6;
    std::vector<Match> chunk;
    while (!matches.empty() && !(lastKey && matches.front().key < *lastKey)) {
        chunk.clear();
        while (!matches.empty() && chunk.size() < chunkSize &&
               !(lastKey && matches.front().key < *lastKey)) {
            std::pop_heap(matches.begin(), matches.end());
            chunk.push_back(matches.back());
            matches.pop_back();
        }
        if (auto looked = lookUp(chunk, memory); !looked)
            return fail(looked.error());
        if (!lastKey && memory.size() >= std::size_t(limit)) {
            std::vector<std::int64_t> keys;
            for (const Candidate &c : memory)
                keys.push_back(c.key);
            std::nth_element(keys.begin(), keys.begin() + (limit - 1), keys.end(),
                             std::greater<>());
            lastKey = keys[std::size_t(limit - 1)];
        }
        chunkSize *= 2;
    }
    return memory;
}

} // namespace cw::inline memory
