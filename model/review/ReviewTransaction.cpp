#include "ReviewTransaction.h"

#include "Clock.h"
#include "Database.h"
#include "DecisionWriter.h"
#include "ReviewRules.h"
#include "Transaction.h"

namespace cw::inline review {

using namespace Qt::StringLiterals;

ReviewTransaction::ReviewTransaction(Database &db, const Clock &clock)
    : m_db(db)
    , m_clock(clock)
    , m_subjects(db)
{
}

Refusal ReviewTransaction::invalid(const QString &message)
{
    return Refusal{Refusal::Invalid, message, {}};
}

Refusal ReviewTransaction::failed(const QString &message)
{
    return Refusal{Refusal::Failed, u"nothing was recorded: "_s + message, {}};
}

Refusable<ReviewOutcome> ReviewTransaction::run(const Actor &actor, const QString &reason,
                                                const Body &body)
{
    auto keep = [&](Refusal refusal) {
        refusal.keptReason = reason;
        return refusal;
    };
    if (reason.trimmed().isEmpty())
        return keep(invalid(u"a reason is required: say why, for the audit trail"_s));
    Transaction transaction(m_db);
    if (!transaction.isActive())
        return keep(failed(transaction.beginError()));
    DecisionWriter writer(m_db, m_clock, actor);
    auto outcome = body(writer);
    if (!outcome)
        return keep(outcome.refusal()); // the transaction rolls back
    if (auto committed = transaction.commit(); !committed)
        return keep(failed(committed.error()));
    return outcome;
}

Refusable<ReviewOutcome> ReviewTransaction::finish(ReviewOutcome outcome, const QString &proposalId)
{
    // Read back inside the transaction: the answer shows what was written.
    auto loaded = m_subjects.proposal(proposalId);
    if (!loaded)
        return loaded.refusal();
    const ProposalSubject &s = *loaded;
    outcome.proposalId = proposalId;
    outcome.articleRef = s.article.ref;
    outcome.revision = {s.article.ref, s.revision.revision, s.revision.state, s.revision.version};
    outcome.proposalStatus = s.proposal.status;
    outcome.approvals = ReviewRules::approvals(s.reviews);
    return outcome;
}

} // namespace cw::inline review
