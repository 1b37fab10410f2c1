#include "MemoryRanking.h"

#include "Database.h"

#include <QByteArray>

#include <algorithm>
#include <optional>
#include <vector>

namespace cw::inline memory {

namespace {

// A memory file's sort keys after the rank key, compared as SQLite compares
// them in `updated_at DESC, is_other, number, source_path` (BINARY text,
// NULL below every value).
struct Candidate
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
    , m_memory(db.prepare("SELECT updated_at, is_other, number, source_path "
                          "FROM projection_memory WHERE id = ?1"))
{
}

Result<QList<MemoryRanking::Winner>> MemoryRanking::top(const QString &expression, int limit)
{
    std::vector<std::pair<std::int64_t, std::int64_t>> matches; // key, row
    m_keys.bind(1, expression);
    auto read = m_keys.forEachRow([&] { matches.push_back({m_keys.int64(1), m_keys.int64(0)}); });
    m_keys.reset();
    if (!read)
        return fail(read.error());
    // Highest key on top; popped one at a time, so only the matches that
    // can still be among the winners are looked up.
    std::make_heap(matches.begin(), matches.end());
    std::vector<Candidate> memory;
    std::optional<std::int64_t> lastKey; // the key of the limit-th memory file
    while (!matches.empty()) {
        const auto [key, rowId] = matches.front();
        if (lastKey && key < *lastKey)
            break; // every later match ranks below the winners
        std::pop_heap(matches.begin(), matches.end());
        matches.pop_back();
        m_memory.bind(1, rowId);
        auto row = m_memory.step();
        if (!row) {
            m_memory.reset();
            return fail(row.error());
        }
        if (*row) {
            Candidate c;
            c.rowId = rowId;
            c.key = key;
            c.hasUpdatedAt = !m_memory.isNull(0);
            c.updatedAt = m_memory.text(0).toUtf8();
            c.isOther = m_memory.int64(1);
            c.hasNumber = !m_memory.isNull(2);
            c.number = m_memory.int64(2);
            c.sourcePath = m_memory.text(3).toUtf8();
            memory.push_back(std::move(c));
            if (!lastKey && memory.size() == std::size_t(limit))
                lastKey = key;
        }
        m_memory.reset();
    }
    std::sort(memory.begin(), memory.end(), rankedBefore);
    QList<Winner> winners;
    for (std::size_t i = 0; i < memory.size() && i < std::size_t(limit); ++i)
        winners.append({memory[i].rowId, memory[i].key});
    return winners;
}

} // namespace cw::inline memory
