#include "MemoryRanking.h"

#include "Database.h"

#include <QByteArray>

#include <algorithm>
#include <optional>
#include <vector>

namespace cw::inline memory {

// A memory file's sort keys after the rank key, compared as SQLite compares
// them in `updated_at DESC, is_other, number, source_path` (BINARY text,
// NULL below every value).
struct MemoryRanking::Candidate
{
    std::int64_t rowId = 0;
    std::int64_t key = 0;
    bool hasUpdatedAt = false;
    QByteArray updatedAt;
    std::int64_t isOther = 0;
    bool hasNumber = false;
    std::int64_t number = 0;
    QByteArray sourcePath;
};

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

MemoryRanking::MemoryRanking(const Database &db)
    : m_keys(db.prepare("SELECT rowid, cw_keyword_rank(projection_fts) FROM projection_fts "
                        "WHERE projection_fts MATCH ?1"))
    , m_memory(db.prepare("SELECT j.key, m.updated_at, m.is_other, m.number, m.source_path "
                          "FROM json_each(?1) j JOIN projection_memory m ON m.id = j.value"))
{
}

Status MemoryRanking::lookUp(const std::vector<Match> &chunk, std::vector<Candidate> &memory)
{
    QByteArray ids = "[";
    for (const Match &m : chunk)
        ids += QByteArray::number(m.rowId) + ',';
    ids.back() = ']';
    m_memory.bind(1, QString::fromLatin1(ids));
    auto read = m_memory.forEachRow([&] {
        const Match &match = chunk[std::size_t(m_memory.int64(0))]; // j.key: index in the chunk
        Candidate c;
        c.rowId = match.rowId;
        c.key = match.key;
        c.hasUpdatedAt = !m_memory.isNull(1);
        c.updatedAt = m_memory.text(1).toUtf8();
        c.isOther = m_memory.int64(2);
        c.hasNumber = !m_memory.isNull(3);
        c.number = m_memory.int64(3);
        c.sourcePath = m_memory.text(4).toUtf8();
        memory.push_back(std::move(c));
    });
    m_memory.reset();
    if (!read)
        return fail(read.error());
    return {};
}

Result<QList<MemoryRanking::Winner>> MemoryRanking::top(const QString &expression, int limit)
{
    std::vector<Match> matches;
    m_keys.bind(1, expression);
    auto read = m_keys.forEachRow([&] { matches.push_back({m_keys.int64(1), m_keys.int64(0)}); });
    m_keys.reset();
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
    std::sort(memory.begin(), memory.end(), rankedBefore);
    QList<Winner> winners;
    for (std::size_t i = 0; i < memory.size() && i < std::size_t(limit); ++i)
        winners.append({memory[i].rowId, memory[i].key});
    return winners;
}

} // namespace cw::inline memory
