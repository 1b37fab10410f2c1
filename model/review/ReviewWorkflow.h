#pragma once

#include "Identity.h"
#include "ReviewSubject.h"
#include "ReviewTypes.h"

#include <functional>

namespace cw {
class Database;
}
namespace cw::inline common {
class Clock;
}

namespace cw::inline review {

class DecisionWriter;

// The review workflow: decisions on proposals and actions on articles.
//
// Every action names the version it was taken on and runs in one write
// transaction (BEGIN IMMEDIATE): the checks read inside it, so what they saw
// is what gets changed. State changes, review rows, the audit row and, when
// what is current changes, the outbox event(s) commit together or not at all.
// Who may do what and which proof level the evidence supports are
// ReviewRules; which edits outdate approvals is EditRules.
class ReviewWorkflow
{
public:
    ReviewWorkflow(const Database &db, const Clock &clock);

    // A sign-off. The second one (a curator and a domain owner of the
    // revision's domain, two different principals) activates the revision
    // when its article has no active revision, and otherwise leaves it
    // approved, waiting for supersede().
    Refusable<ReviewOutcome> approve(const Actor &actor, const QString &proposalId, int onVersion,
                                     const QString &reason);
    // The revision is rejected for good and stays visible as a rejected route.
    Refusable<ReviewOutcome> reject(const Actor &actor, const QString &proposalId, int onVersion,
                                    const QString &reason);
    // Back to the proposer; an edit puts it back to pending.
    Refusable<ReviewOutcome> returnProposal(const Actor &actor, const QString &proposalId,
                                            int onVersion, const QString &reason);
    Refusable<ReviewOutcome> edit(const Actor &actor, const QString &proposalId, int onVersion,
                                  const ProposalEdit &changes, const QString &reason);

    // Replaces the article's active revision (taken on its version) with the
    // approved revision of proposalId.
    Refusable<ReviewOutcome> supersede(const Actor &actor, const QString &articleRef,
                                       const QString &proposalId, int onVersion,
                                       const QString &reason);
    // The active revision (taken on its version) stops being current.
    Refusable<ReviewOutcome> retire(const Actor &actor, const QString &articleRef, int onVersion,
                                    const QString &reason);

    // Approvals of the proposal's revision, current and outdated (with why).
    Result<QList<ReviewRecord>> approvals(const QString &proposalId);

private:
    using Body = std::function<Refusable<ReviewOutcome>(DecisionWriter &)>;
    Refusable<ReviewOutcome> decide(const Actor &actor, const QString &reason, const Body &body);
    Refusable<ReviewOutcome> decideOnProposal(const Actor &actor, const QString &action,
                                              const QString &proposalId, int onVersion,
                                              const QString &reason);
    Refusable<ReviewOutcome> recordApproval(DecisionWriter &writer, const Actor &actor,
                                            ProposalSubject &subject, const QString &reason);
    Refusable<ReviewOutcome> recordVerdict(DecisionWriter &writer, const Actor &actor,
                                           ProposalSubject &subject, const QString &action,
                                           const QString &reason);
    Refusable<ReviewOutcome> applyEdit(DecisionWriter &writer, ProposalSubject &subject,
                                       const ProposalEdit &changes, const QString &reason);
    Refusable<ReviewOutcome> replaceActive(DecisionWriter &writer, ArticleSubject &article,
                                           ProposalSubject &incoming, const QString &reason);
    // Fills revision, approvals and proposal status from the database.
    Refusable<ReviewOutcome> finish(ReviewOutcome outcome, const QString &proposalId);

    const Database &m_db;
    const Clock &m_clock;
    ReviewSubjects m_subjects;
};

} // namespace cw::inline review
