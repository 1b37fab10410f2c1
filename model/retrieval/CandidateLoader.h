#pragma once

#include "Result.h"
#include "RetrievalHit.h"
#include "Statement.h"

namespace cw {
class Database;
}

namespace cw::inline retrieval {

// Fills RetrievalHits from the search projection (what agents normally see)
// or from canonical revisions (lag look-ups, as-of answers, rejected routes).
class CandidateLoader
{
public:
    explicit CandidateLoader(const Database &db);

    Result<std::optional<RetrievalHit>> fromProjection(const QString &ref);
    Result<std::optional<RetrievalHit>> fromCanonical(const QString &ref, int revision);

private:
    const Database &m_db;
    Statement m_projected;
    Statement m_canonical;
    Statement m_lists;
};

} // namespace cw::inline retrieval
