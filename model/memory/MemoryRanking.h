#pragma once

#include "Result.h"
#include "Statement.h"

#include <QList>

#include <cstdint>
#include <vector>

namespace cw {
class Database;
}

namespace cw::inline memory {

// Mode B's winners: the memory files ranked first by cw_keyword_rank's key,
// then newest, decisions before other files, by number, by path
// (docs/memory-search.md). The same order as one SQL ORDER BY over every
// match joined with projection_memory, without that join: a common word
// matches half the files, and seeking each match's sort keys and sorting
// them all was most of such a search (60 ms at 100,000 files). Here every
// match's key is read from the index alone; only matches in key order are
// looked up, until the winners and everything tied with the last are known.
class MemoryRanking
{
public:
    struct Winner
    {
        std::int64_t rowId;
        std::int64_t key; // cw_keyword_rank
    };

    struct Candidate;

    explicit MemoryRanking(const Database &db);

    Result<QList<Winner>> top(const QString &expression, int limit);

private:
    struct Match
    {
        std::int64_t key; // cw_keyword_rank
        std::int64_t rowId;
        auto operator<=>(const Match &) const = default;
    };
    // Appends the chunk's memory files, with their keys, to `memory`.
    Status lookUp(const std::vector<Match> &chunk, std::vector<Candidate> &memory);

    Statement m_keys;   // every match's row and key
    Statement m_memory; // the sort keys of those of a chunk of matches that are memory files
};

} // namespace cw::inline memory
