#pragma once

#include "Result.h"

struct sqlite3;

namespace cw {

// FTS5 auxiliary functions the workbench adds to every connection.
//
//   cw_match_count(projection_fts)  the number of phrase instances the MATCH
//                                   expression found in the row (all columns)
//
// Memory search Mode B ranks by "number of keyword matches"; computing it as
// an auxiliary function keeps ORDER BY count DESC ... LIMIT 10 inside SQLite,
// where it costs no more per row than bm25() (which reads the same instance
// list). See docs/memory-search.md.
class FtsFunctions
{
public:
    static Status registerAll(sqlite3 *db);
};

} // namespace cw
