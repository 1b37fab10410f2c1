#pragma once

#include "MemorySearchTypes.h"
#include "Result.h"

namespace cw {
class Database;
}

namespace cw::inline memory {

// Mode C of the memory-search skill: the files one decision is connected to
// at depth 1, each once under its highest relation, ranked (related_to
// inbound > related_to outbound > direct mention; then decisions by number,
// then other files by path). MemorySearch checks the caller and the id and
// bounds the answer; this only collects and ranks.
class MemoryReferences
{
public:
    explicit MemoryReferences(const Database &db);

    // Hits for decisionId (DEC-<digits>), notes for what could not be
    // resolved (no file of its own, a related_to without a file).
    Result<MemorySearchResult> of(const QString &decisionId) const;

private:
    const Database &m_db;
};

} // namespace cw::inline memory
