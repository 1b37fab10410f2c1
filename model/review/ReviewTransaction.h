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

// What every review action shares (ProposalDecisions, ProposalEdits,
// ArticleLifecycle): a reason is required, the action runs in one write
// transaction (BEGIN IMMEDIATE) with one DecisionWriter, its checks read the
// subjects inside it, and the outcome is read back before the commit. Either
// everything the action wrote commits or nothing does (invariant 1).
class ReviewTransaction
{
public:
    using Body = std::function<Refusable<ReviewOutcome>(DecisionWriter &)>;

    ReviewTransaction(Database &db, const Clock &clock);

    // Refuses an empty reason; otherwise runs body and commits only when it
    // succeeded. Any refusal keeps the reason, so the user need not type it
    // again.
    Refusable<ReviewOutcome> run(const Actor &actor, const QString &reason, const Body &body);
    // Fills revision, approvals and proposal status from the database: the
    // answer shows what was written.
    Refusable<ReviewOutcome> finish(ReviewOutcome outcome, const QString &proposalId);

    const Database &db() const { return m_db; }
    ReviewSubjects &subjects() { return m_subjects; }

    static Refusal invalid(const QString &message);
    // A write failed: the transaction rolls back, and the message says so.
    static Refusal failed(const QString &message);

private:
    Database &m_db;
    const Clock &m_clock;
    ReviewSubjects m_subjects;
};

} // namespace cw::inline review
