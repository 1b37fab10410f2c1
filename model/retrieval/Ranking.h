#pragma once

#include "RetrievalHit.h"

namespace cw::inline retrieval {

// Stage 8: a documented, deterministic score per strategy.
//
//   score = exact·[exact] + symptom·sharedSymptoms + requestType·[route = case's request type]
//         + tag·sharedTags + domain·[same domain as the request]
//         + content·relevance + crossReference·[reached by cross-reference]
//         + verified·[proof verified] + revalidate·[revalidate] + rejectedRoute·[rejected route]
//         + effortRecorded·[effort recorded]
//
// relevance = r / (1 + r) with r = −bm25 (FTS5's bm25 is negative; lower is
// better), so it lies in [0, 1) and is independent of the number of hits.
// Ties are broken by ref, then by revision (newest first): the same input
// always gives the same order.
class Ranking
{
public:
    static void score(RetrievalHit &hit, const EffectiveRequest &request);
    // Scores every hit, writes its similarity reason, and returns the
    // candidates in rank order.
    static QList<Candidate> rank(HitMap &hits, const EffectiveRequest &request);
};

} // namespace cw::inline retrieval
