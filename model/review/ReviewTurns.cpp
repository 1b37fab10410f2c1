#include "ReviewTurns.h"

#include "Access.h"
#include "ArticleLifecycle.h"
#include "ReviewRules.h"
#include "ReviewSubject.h"
#include "Vocabulary.h"

#include <QCoreApplication>

#include <algorithm>

namespace cw::inline review {

using namespace Qt::StringLiterals;

namespace {

bool approvedAs(const QList<ReviewRecord> &current, Role role)
{
    return std::any_of(current.begin(), current.end(),
                       [role](const ReviewRecord &r) { return parse<Role>(r.role) == role; });
}

} // namespace

QString WaitingFor::text() const
{
    if (you)
        return QCoreApplication::translate("cw::WaitingFor", "you");
    switch (who) {
    case Who::Nobody:
        return QCoreApplication::translate("cw::WaitingFor", "nobody");
    case Who::Reviewers:
        return QCoreApplication::translate("cw::WaitingFor", "curator, owner of %1").arg(domain);
    case Who::Curator:
        return QCoreApplication::translate("cw::WaitingFor", "curator");
    case Who::DomainOwner:
        return QCoreApplication::translate("cw::WaitingFor", "owner of %1").arg(domain);
    case Who::Proposer:
        return QCoreApplication::translate("cw::WaitingFor", "proposer %1").arg(proposer);
    }
    return {};
}

QString WaitingFor::detail() const
{
    QString step;
    switch (who) {
    case Who::Nobody:
        return QCoreApplication::translate("cw::WaitingFor", "Nobody: the proposal is decided.");
    case Who::Reviewers:
        step =
            QCoreApplication::translate(
                "cw::WaitingFor", "waiting for the sign-offs of a curator and a domain owner of %1")
                .arg(domain);
        break;
    case Who::Curator:
        step = QCoreApplication::translate("cw::WaitingFor", "waiting for a curator");
        break;
    case Who::DomainOwner:
        step = QCoreApplication::translate("cw::WaitingFor", "waiting for a domain owner of %1")
                   .arg(domain);
        break;
    case Who::Proposer:
        step = QCoreApplication::translate("cw::WaitingFor",
                                           "returned: waiting for its proposer (%1) to change it")
                   .arg(proposer);
        break;
    }
    return you ? QCoreApplication::translate("cw::WaitingFor", "Your turn: %1.").arg(step)
               : step.left(1).toUpper() + step.mid(1) + u'.';
}

ReviewTurns::ReviewTurns(const Database &db, std::optional<Actor> actor)
    : m_db(db)
    , m_actor(std::move(actor))
{
}

QList<ProposalStatus> ReviewTurns::openStatuses()
{
    // decide() answers Nobody for the others without reading anything.
    return {ProposalStatus::Pending, ProposalStatus::Approved, ProposalStatus::Returned};
}

Result<WaitingFor> ReviewTurns::waitingFor(const QString &proposalId) const
{
    ReviewSubjects subjects(m_db);
    auto proposal = subjects.proposal(proposalId);
    if (!proposal)
        return fail(proposal.refusal().message);
    if (parse<ProposalStatus>(proposal->proposal.status) != ProposalStatus::Approved)
        return decide(*proposal, nullptr);
    auto article = subjects.article(proposal->article.ref);
    if (!article)
        return fail(article.refusal().message);
    return decide(*proposal, &*article);
}

WaitingFor ReviewTurns::decide(const ProposalSubject &p, const ArticleSubject *article) const
{
    WaitingFor w;
    w.domain = p.article.domain;
    switch (parse<ProposalStatus>(p.proposal.status).value_or(ProposalStatus::Rejected)) {
    case ProposalStatus::Rejected:
    case ProposalStatus::Published:
        return w;
    case ProposalStatus::Returned:
        w.who = WaitingFor::Who::Proposer;
        w.proposer = p.proposal.proposedBy;
        w.you = m_actor && m_actor->effective.id == p.proposal.proposedBy;
        return w;
    case ProposalStatus::Approved:
        // Both sign-offs are there; a curator puts it in place of the active revision.
        w.who = WaitingFor::Who::Curator;
        w.you = m_actor && article &&
                !ArticleLifecycle::supersedeTargetRefusal(m_db, *m_actor, *article, p) &&
                !ArticleLifecycle::supersedeStandingRefusal(p);
        return w;
    case ProposalStatus::Pending:
        break;
    }
    const QList<ReviewRecord> current = ReviewRules::currentApprovals(p.reviews);
    const bool curator = approvedAs(current, Role::Curator);
    const bool owner = approvedAs(current, Role::DomainOwner);
    QStringList missing;
    if (!curator)
        missing.append(name(Role::Curator));
    if (!owner)
        missing.append(name(Role::DomainOwner));
    w.who = missing.size() == 2 ? WaitingFor::Who::Reviewers
            : curator           ? WaitingFor::Who::DomainOwner
                                : WaitingFor::Who::Curator;
    if (!m_actor)
        return w;
    // Your turn: you review in a role whose sign-off is missing, you may
    // decide on it (the case is in your scope) and have not signed it yet.
    const QStringList roles = ReviewRules::reviewRoles(m_actor->effective, p.article);
    const bool role = std::any_of(roles.begin(), roles.end(),
                                  [&](const QString &r) { return missing.contains(r); });
    const Access access(m_db, *m_actor);
    w.you = role && !access.mayReview(p, name(ReviewDecision::Approve)) && !access.maySignOff(p);
    return w;
}

} // namespace cw::inline review
