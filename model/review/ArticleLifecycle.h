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

// The actions that change which revision of an article is current, each with
// its outbox event(s): supersede (an approved revision replaces the active
// one) and retire (the active revision stops being current).
class ArticleLifecycle
{
public:
    ArticleLifecycle(Database &db, const Clock &clock);

    // Replaces the article's active revision (taken on its version) with the
    // approved revision of proposalId.
    Refusable<ReviewOutcome> supersede(const Actor &actor, const QString &articleRef,
                                       const QString &proposalId, int onVersion,
                                       const QString &reason);
    // The active revision (taken on its version) stops being current.
    Refusable<ReviewOutcome> retire(const Actor &actor, const QString &articleRef, int onVersion,
                                    const QString &reason);

    // What supersede and retire would be refused for, the version aside: the
    // actions ask them, and so does ReviewChecks before anyone types a reason.
    // Who may (Access) and whether the proposal revises the article's active
    // revision; checked before the version.
    static std::optional<Refusal> supersedeTargetRefusal(const Database &db, const Actor &actor,
                                                         const ArticleSubject &article,
                                                         const ProposalSubject &incoming);
    // Whether the incoming proposal may become current: approved, both
    // sign-offs, a supported proof level; checked after the version.
    static std::optional<Refusal> supersedeStandingRefusal(const ProposalSubject &incoming);
    static std::optional<Refusal> retireRefusal(const Database &db, const Actor &actor,
                                                const ArticleSubject &article);

private:
    Refusable<ReviewOutcome> replaceActive(DecisionWriter &writer, ArticleSubject &article,
                                           ProposalSubject &incoming, const QString &reason);

    ReviewTransaction m_action;
};

} // namespace cw::inline review
