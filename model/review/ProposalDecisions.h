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

// The verdicts on a proposal: approve (a sign-off), reject, return. Each is
// taken on the version the reviewer saw; who may decide and which proof level
// the evidence supports are ReviewRules and Access.
class ProposalDecisions
{
public:
    ProposalDecisions(Database &db, const Clock &clock);

    // A sign-off. The second one (a curator and a domain owner of the
    // revision's domain, two different principals) activates the revision
    // when its article has no active revision, and otherwise leaves it
    // approved, waiting for ArticleLifecycle::supersede().
    Refusable<ReviewOutcome> approve(const Actor &actor, const QString &proposalId, int onVersion,
                                     const QString &reason);
    // The revision is rejected for good and stays visible as a rejected route.
    Refusable<ReviewOutcome> reject(const Actor &actor, const QString &proposalId, int onVersion,
                                    const QString &reason);
    // Back to the proposer; an edit puts it back to pending.
    Refusable<ReviewOutcome> returnProposal(const Actor &actor, const QString &proposalId,
                                            int onVersion, const QString &reason);

    // What a decision (approve, reject, return) would be refused for by where
    // the proposal stands, after who may decide (Access::mayReview) and the
    // version: its status, for an approval also the evidence and one person
    // one sign-off. nullopt: nothing there stands in the way. The decisions
    // ask it, and so does ReviewChecks before anyone types a reason.
    static std::optional<Refusal> standingRefusal(const Database &db, const Actor &actor,
                                                  const ProposalSubject &subject,
                                                  const QString &action);

    // Approvals of the proposal's revision, current and outdated (with why).
    Result<QList<ReviewRecord>> approvals(const QString &proposalId);

private:
    Refusable<ReviewOutcome> decide(const Actor &actor, const QString &action,
                                    const QString &proposalId, int onVersion,
                                    const QString &reason);
    Refusable<ReviewOutcome> recordApproval(DecisionWriter &writer, const Actor &actor,
                                            ProposalSubject &subject, const QString &reason);
    Refusable<ReviewOutcome> recordVerdict(DecisionWriter &writer, const Actor &actor,
                                           ProposalSubject &subject, const QString &action,
                                           const QString &reason);

    ReviewTransaction m_action;
};

} // namespace cw::inline review
