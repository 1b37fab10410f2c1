#pragma once

#include "Result.h"

#include <cstdint>
#include <vector>

struct sqlite3;

namespace cw {

// FTS5 auxiliary functions the workbench adds to every connection.
//
//   cw_keyword_rank(projection_fts)  memory search Mode B's sort key for the
//                                    row, one integer (KeywordRank below)
//   cw_bm25(projection_fts, counts, w...) bm25() with the phrases' record
//                                    counts passed in (FtsBm25.h)
//
// Mode B ranks files with more of the distinct keywords first, then files
// holding the keywords as the phrase written, then by keyword occurrences
// (INTERFACES.md §6). The MATCH expression is one FTS string per keyword,
// joined by OR, in the order written; the function reads the row's phrase
// instances once (xInst, what bm25() reads too) and folds the three keys into
// one integer, so ORDER BY key DESC ... LIMIT 10 stays inside SQLite.
// See docs/memory-search.md.
class FtsFunctions
{
public:
    static Status registerAll(sqlite3 *db);
};

// One occurrence of a Mode B keyword in a row: which keyword (its place in
// the expression), in which column, at which token.
struct KeywordInstance
{
    int phrase;
    int column;
    int offset;
    auto operator<=>(const KeywordInstance &) const = default;
};

// The bits of cw_keyword_rank's value, highest key first.
struct KeywordRank
{
    // A row's key from every occurrence of its keywords (sorted here) and
    // each keyword's size in tokens: what cw_keyword_rank computes from
    // FTS5's instances, and a server from its index's positions.
    static std::int64_t of(std::vector<KeywordInstance> &instances, const std::vector<int> &sizes);

    static constexpr int DistinctShift = 48; // distinct keywords found (0..63)
    static constexpr int PhraseShift = 47;   // 1 when the keywords occur as written
    static constexpr std::int64_t OccurrenceMask = (std::int64_t(1) << PhraseShift) - 1;

    static int distinct(std::int64_t key) { return int(key >> DistinctShift); }
    static bool phrase(std::int64_t key) { return (key >> PhraseShift) & 1; }
    static std::int64_t occurrences(std::int64_t key) { return key & OccurrenceMask; }
};

} // namespace cw
