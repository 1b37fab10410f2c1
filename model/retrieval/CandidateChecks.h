#pragma once

#include "Result.h"
#include "RetrievalHit.h"

namespace cw {
class Database;
}
namespace cw::inline common {
class Access;
}

namespace cw::inline retrieval {

// Stages 6 and 7: the canonical check (no ghosts, also while the projection
// lags) and applicability (version scope, proof level, rejected routes,
// symptoms). Dropped candidates are listed with their reason.
class CandidateChecks
{
public:
    CandidateChecks(const Database &db, const EffectiveRequest &request, const Access &access);

    // Drops or relabels candidates whose canonical revision changed after the
    // watermark; adds revisions published after it that match the request,
    // flagged not-yet-indexed.
    Status canonicalCheck(HitMap &hits, QList<DroppedCandidate> &dropped);
    void applicability(HitMap &hits, QList<DroppedCandidate> &dropped);
    // Source case handles the principal may not read are redacted.
    void redactSourceCases(HitMap &hits);
    // Revisions whose source case changed (or was erased) since they were
    // verified: flag source-changed, the changes named in applicability.
    // Canonical state, not the projection: the flag clears the moment an
    // owner re-verifies.
    Status flagSourceChanges(HitMap &hits);

private:
    Status lookUpUnindexed(HitMap &hits);
    bool matchesRequest(const RetrievalHit &hit) const;

    const Database &m_db;
    const EffectiveRequest &m_request;
    const Access &m_access;
};

} // namespace cw::inline retrieval
