#pragma once

#include "Result.h"
#include "RetrievalHit.h"
#include "Statement.h"

#include <QHash>

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
    // Reads the published rows of refs in one statement; fromProjection()
    // then answers for each of them from what was read. A stage asks for
    // all its candidates at once: on a server every statement is a round
    // trip, and one a candidate was a third of a retrieval's time there.
    Status prefetchProjected(const QStringList &refs);
    Result<std::optional<RetrievalHit>> fromCanonical(const QString &ref, int revision);

private:
    const Database &m_db;
    Statement m_projected;
    Statement m_projectedMany;
    Statement m_canonical;
    Statement m_lists;
    QHash<QString, std::optional<RetrievalHit>> m_prefetched; // by ref; none: not published
};

} // namespace cw::inline retrieval
