#pragma once

#include "Result.h"

#include <cstdint>

namespace cw {
class Database;
}

namespace cw::inline projection {

// The projection built from canonical state aside, in temp.projection_rebuilt
// (same columns as the live table, keyed on ref): for each article, the
// highest revision that has at least one applicable outbox event (its
// revision exists; not dead-lettered) up to a cutoff seq, with its canonical
// state as status and, as projected_seq, the highest such event seq of the
// ref. Rows are built by the same SQL select list as the incremental
// projector's (ProjectionWriter.h), so the two cannot drift. Shared by the
// rebuild (which swaps it in) and verify (which diffs it with the live one).
class ProjectionAside
{
public:
    explicit ProjectionAside(const Database &db);
    ~ProjectionAside(); // drops the table
    ProjectionAside(const ProjectionAside &) = delete;
    ProjectionAside &operator=(const ProjectionAside &) = delete;

    // The number of rows built.
    Result<qint64> build(std::int64_t cutoff);
    void drop();

private:
    Status create();

    const Database &m_db;
    bool m_wasMemory = false; // temp_store was MEMORY: restored on destruction
};

} // namespace cw::inline projection
