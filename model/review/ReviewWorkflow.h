#pragma once

#include "ArticleLifecycle.h"
#include "ProposalDecisions.h"
#include "ProposalEdits.h"

namespace cw::inline review {

// The review actions a front end can take, in one place: the GUI panels, the
// CLI commands and the demo reach them here. It decides nothing itself; each
// action is one of the classes below, which share ReviewTransaction (a
// reason, one write transaction, the outcome read back):
//
//   ProposalDecisions  approve, reject, return (the sign-offs and verdicts)
//   ProposalEdits      edit (substantive edits outdate approvals)
//   ArticleLifecycle   supersede, retire (what is current changes)
//
// Every action names the version it was taken on; state changes, review
// rows, the audit row and, when what is current changes, the outbox event(s)
// commit together or not at all. A new review rule goes in ReviewRules or
// EditRules; a new action in the class whose job it is.
class ReviewWorkflow
{
public:
    ReviewWorkflow(Database &db, const Clock &clock)
        : m_decisions(db, clock)
        , m_edits(db, clock)
        , m_articles(db, clock)
    {
    }

    Refusable<ReviewOutcome> approve(const Actor &actor, const QString &proposalId, int onVersion,
                                     const QString &reason)
    {
        return m_decisions.approve(actor, proposalId, onVersion, reason);
    }
    Refusable<ReviewOutcome> reject(const Actor &actor, const QString &proposalId, int onVersion,
                                    const QString &reason)
    {
        return m_decisions.reject(actor, proposalId, onVersion, reason);
    }
    Refusable<ReviewOutcome> returnProposal(const Actor &actor, const QString &proposalId,
                                            int onVersion, const QString &reason)
    {
        return m_decisions.returnProposal(actor, proposalId, onVersion, reason);
    }
    Refusable<ReviewOutcome> edit(const Actor &actor, const QString &proposalId, int onVersion,
                                  const ProposalEdit &changes, const QString &reason)
    {
        return m_edits.edit(actor, proposalId, onVersion, changes, reason);
    }
    Refusable<ReviewOutcome> supersede(const Actor &actor, const QString &articleRef,
                                       const QString &proposalId, int onVersion,
                                       const QString &reason)
    {
        return m_articles.supersede(actor, articleRef, proposalId, onVersion, reason);
    }
    Refusable<ReviewOutcome> retire(const Actor &actor, const QString &articleRef, int onVersion,
                                    const QString &reason)
    {
        return m_articles.retire(actor, articleRef, onVersion, reason);
    }

    Result<QList<ReviewRecord>> approvals(const QString &proposalId)
    {
        return m_decisions.approvals(proposalId);
    }

    ProposalDecisions &decisions() { return m_decisions; }
    ProposalEdits &edits() { return m_edits; }
    ArticleLifecycle &articles() { return m_articles; }

private:
    ProposalDecisions m_decisions;
    ProposalEdits m_edits;
    ArticleLifecycle m_articles;
};

} // namespace cw::inline review
