#pragma once

#include "Identity.h"
#include "ReviewSubject.h"
#include "ReviewTransaction.h"
#include "ReviewTypes.h"

namespace cw {
class Database;
}
namespace cw::inline common {
class Clock;
}

namespace cw::inline review {

class DecisionWriter;

// Corrections to a proposal before it is published. Which edits outdate
// earlier approvals (substantive) and which keep them (cosmetic) is
// EditRules; an edit never raises the proof level past the evidence.
class ProposalEdits
{
public:
    ProposalEdits(Database &db, const Clock &clock);

    // A returned proposal goes back to pending; an approved one too when the
    // edit is substantive.
    Refusable<ReviewOutcome> edit(const Actor &actor, const QString &proposalId, int onVersion,
                                  const ProposalEdit &changes, const QString &reason);

private:
    Refusable<ReviewOutcome> apply(DecisionWriter &writer, ProposalSubject &subject,
                                   const ProposalEdit &changes, const QString &reason);

    ReviewTransaction m_action;
};

} // namespace cw::inline review
