#include "ReviewChecks.h"

#include "Access.h"
#include "ArticleLifecycle.h"
#include "ProposalDecisions.h"
#include "ReviewSubject.h"
#include "Vocabulary.h"

namespace cw::inline review {

ReviewChecks::ReviewChecks(const Database &db, Actor actor)
    : m_db(db)
    , m_actor(std::move(actor))
{
}

ActionRefusals ReviewChecks::forProposal(const QString &proposalId) const
{
    ReviewSubjects subjects(m_db);
    auto loaded = subjects.proposal(proposalId);
    if (!loaded) {
        const Refusal no = loaded.refusal();
        return {no, no, no, no, no};
    }
    const ProposalSubject &p = *loaded;
    const Access access(m_db, m_actor);
    // The same order as ProposalDecisions::decide: who may, then where it stands.
    auto decision = [&](ReviewDecision verb) -> std::optional<Refusal> {
        if (auto no = access.mayReview(p, name(verb)))
            return no;
        return ProposalDecisions::standingRefusal(m_db, m_actor, p, name(verb));
    };
    ActionRefusals result{decision(ReviewDecision::Approve), decision(ReviewDecision::Reject),
                          decision(ReviewDecision::Return), std::nullopt, std::nullopt};
    auto article = subjects.article(p.article.ref);
    if (!article) {
        result.supersede = result.retire = article.refusal();
        return result;
    }
    result.supersede = ArticleLifecycle::supersedeTargetRefusal(m_db, m_actor, *article, p);
    if (!result.supersede)
        result.supersede = ArticleLifecycle::supersedeStandingRefusal(p);
    result.retire = ArticleLifecycle::retireRefusal(m_db, m_actor, *article);
    return result;
}

} // namespace cw::inline review
