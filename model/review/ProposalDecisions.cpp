#include "ProposalDecisions.h"

#include "Access.h"
#include "DecisionWriter.h"
#include "ReviewRules.h"
#include "Vocabulary.h"

#include <QCoreApplication>
#include <QJsonObject>

namespace cw::inline review {

using namespace Qt::StringLiterals;

namespace {

const ReviewRecord *lastDecision(const QList<ReviewRecord> &reviews, ReviewDecision decision)
{
    for (auto it = reviews.crbegin(); it != reviews.crend(); ++it) {
        if (parse<ReviewDecision>(it->decision) == decision)
            return &*it;
    }
    return nullptr;
}

// Which proposal statuses each action accepts; the refusal says where the
// proposal stands instead.
std::optional<Refusal> checkStatus(const ProposalSubject &s, const QString &action)
{
    const std::optional<ProposalStatus> status = parse<ProposalStatus>(s.proposal.status);
    const QString &id = s.proposal.id;
    const bool pending = status == ProposalStatus::Pending;
    const bool returned = status == ProposalStatus::Returned;
    const bool approved = status == ProposalStatus::Approved;
    const bool allowed =
        action == name(ReviewDecision::Approve) || action == name(ReviewDecision::Return)
            ? pending
            : pending || returned || approved; // reject, edit
    if (allowed)
        return std::nullopt;
    if (status == ProposalStatus::Rejected) {
        const ReviewRecord *by = lastDecision(s.reviews, ReviewDecision::Reject);
        const QString who = by ? QCoreApplication::translate("cw::Access", " by %1 at %2 (\"%3\")")
                                     .arg(by->effectivePrincipal, by->at, by->reason)
                               : QString();
        return Refusal::invalid(
            QCoreApplication::translate(
                "cw::Access",
                "%1 was rejected%2 and stays a rejected route; a rejected revision can "
                "never be approved, changed or activated")
                .arg(id, who));
    }
    if (status == ProposalStatus::Published)
        return Refusal::invalid(
            QCoreApplication::translate(
                "cw::Access",
                "%1 is already published: %2 revision %3 is %4; propose a new revision "
                "to change it")
                .arg(id, s.article.ref)
                .arg(s.revision.revision)
                .arg(s.revision.state));
    if (approved)
        return Refusal::invalid(
            QCoreApplication::translate(
                "cw::Access",
                "%1 already has both sign-offs; %2 revision %3 waits for `supersede %2 "
                "--with %1`")
                .arg(id, s.article.ref)
                .arg(s.revision.revision));
    const ReviewRecord *by = lastDecision(s.reviews, ReviewDecision::Return);
    return Refusal::invalid(
        QCoreApplication::translate(
            "cw::Access", "%1 was returned to its proposer (%2)%3; an edit puts it back to pending")
            .arg(id, s.proposal.proposedBy,
                 by ? QCoreApplication::translate("cw::Access", " by %1 at %2")
                          .arg(by->effectivePrincipal, by->at)
                    : QString()));
}

} // namespace

ProposalDecisions::ProposalDecisions(Database &db, const Clock &clock)
    : m_action(db, clock)
{
}

Refusable<ReviewOutcome> ProposalDecisions::approve(const Actor &actor, const QString &proposalId,
                                                    int onVersion, const QString &reason)
{
    return decide(actor, name(ReviewDecision::Approve), proposalId, onVersion, reason);
}

Refusable<ReviewOutcome> ProposalDecisions::reject(const Actor &actor, const QString &proposalId,
                                                   int onVersion, const QString &reason)
{
    return decide(actor, name(ReviewDecision::Reject), proposalId, onVersion, reason);
}

Refusable<ReviewOutcome> ProposalDecisions::returnProposal(const Actor &actor,
                                                           const QString &proposalId, int onVersion,
                                                           const QString &reason)
{
    return decide(actor, name(ReviewDecision::Return), proposalId, onVersion, reason);
}

std::optional<Refusal> ProposalDecisions::standingRefusal(const Database &db, const Actor &actor,
                                                          const ProposalSubject &s,
                                                          const QString &action)
{
    if (auto wrong = checkStatus(s, action))
        return wrong;
    if (action != name(ReviewDecision::Approve))
        return std::nullopt;
    if (auto overclaim =
            ReviewRules::checkProofLevel(s.proposal.id, s.revision.proofLevel, s.linkedProofs))
        return overclaim;
    return Access(db, actor).maySignOff(s);
}

Refusable<ReviewOutcome> ProposalDecisions::decide(const Actor &actor, const QString &action,
                                                   const QString &proposalId, int onVersion,
                                                   const QString &reason)
{
    return m_action.run(actor, reason, [&](DecisionWriter &writer) -> Refusable<ReviewOutcome> {
        auto loaded = m_action.subjects().proposal(proposalId);
        if (!loaded)
            return loaded.refusal();
        ProposalSubject &s = loaded.value();
        if (auto no = Access(m_action.db(), actor).mayReview(s, action))
            return *no;
        if (auto stale = m_action.subjects().checkVersion(proposalId, s.revision, onVersion,
                                                          {proposalId, s.article.ref}))
            return *stale;
        if (auto wrong = standingRefusal(m_action.db(), actor, s, action))
            return *wrong;
        if (action == name(ReviewDecision::Approve))
            return recordApproval(writer, actor, s, reason);
        return recordVerdict(writer, actor, s, action, reason);
    });
}

Refusable<ReviewOutcome> ProposalDecisions::recordApproval(DecisionWriter &writer,
                                                           const Actor &actor, ProposalSubject &s,
                                                           const QString &reason)
{
    const QString &id = s.proposal.id;
    const QString role = ReviewRules::roleForApproval(
        ReviewRules::reviewRoles(actor.effective, s.article), s.reviews);
    auto reviewId = writer.review(s.revision.id, name(ReviewDecision::Approve), role,
                                  s.revision.version, reason);
    if (!reviewId)
        return ReviewTransaction::failed(reviewId.error());
    ReviewRecord added;
    added.decision = name(ReviewDecision::Approve);
    added.role = role;
    added.principal = actor.real.id;
    added.effectivePrincipal = actor.effective.id;
    added.login = writer.login();
    s.reviews.append(added);

    ReviewOutcome outcome;
    outcome.action = name(ReviewDecision::Approve);
    QString state = s.revision.state;
    QString status = s.proposal.status;
    const QString who =
        u"%1 approved %2 as %3"_s.arg(actor.effective.id, id, QString(role).replace(u'_', u' '));
    if (!ReviewRules::signOffsComplete(s.reviews)) {
        outcome.summary =
            who + u"; waiting for "_s + ReviewRules::missingSignOff(s.reviews, s.article.domain);
    } else {
        auto article = m_action.subjects().article(s.article.ref);
        if (!article)
            return article.refusal();
        if (article->active) {
            state = name(RevisionState::Approved);
            status = name(ProposalStatus::Approved);
            outcome.summary = who + u"; both sign-offs present: %1 revision %2 is approved and "
                                    "waits for `supersede %1 --with %3` (revision %4 is active)"_s
                                        .arg(s.article.ref)
                                        .arg(s.revision.revision)
                                        .arg(id)
                                        .arg(article->active->revision);
        } else {
            state = name(RevisionState::Active);
            status = name(ProposalStatus::Published);
            outcome.summary =
                who + u"; both sign-offs present: %1 revision %2 is active"_s.arg(s.article.ref)
                          .arg(s.revision.revision);
        }
    }
    const bool activated = parse<RevisionState>(state) == RevisionState::Active;
    if (auto moved = writer.transition(s.revision, state, activated); !moved)
        return ReviewTransaction::failed(moved.error());
    if (status != s.proposal.status) {
        if (auto set = writer.proposalStatus(id, status); !set)
            return ReviewTransaction::failed(set.error());
    }
    if (activated) {
        auto seq = writer.event(u"revision-activated"_s, s.article, s.revision.revision,
                                {{u"kind"_s, s.article.kind}, {u"proposal"_s, id}});
        if (!seq)
            return ReviewTransaction::failed(seq.error());
        outcome.outboxEvent = *seq;
        outcome.outboxEvents.append(*seq);
    }
    const QJsonObject details{{u"role"_s, role},
                              {u"state"_s, state},
                              {u"proposal_status"_s, status},
                              {u"outbox_event"_s, outcome.outboxEvent
                                                      ? QJsonValue(qint64(*outcome.outboxEvent))
                                                      : QJsonValue()}};
    if (auto audited = writer.audit(name(ReviewDecision::Approve), id, s.revision.revision,
                                    s.revision.version, reason, details);
        !audited)
        return ReviewTransaction::failed(audited.error());
    outcome.fromVersion = s.revision.version;
    return m_action.finish(std::move(outcome), id);
}

Refusable<ReviewOutcome> ProposalDecisions::recordVerdict(DecisionWriter &writer,
                                                          const Actor &actor, ProposalSubject &s,
                                                          const QString &action,
                                                          const QString &reason)
{
    const QString &id = s.proposal.id;
    const bool reject = action == name(ReviewDecision::Reject);
    const QString role = ReviewRules::reviewRoles(actor.effective, s.article).value(0);
    auto reviewId = writer.review(s.revision.id, action, role, s.revision.version, reason);
    if (!reviewId)
        return ReviewTransaction::failed(reviewId.error());
    const QString state = reject ? QString(name(RevisionState::Rejected)) : s.revision.state;
    const QString status = name(reject ? ProposalStatus::Rejected : ProposalStatus::Returned);
    if (auto moved = writer.transition(s.revision, state); !moved)
        return ReviewTransaction::failed(moved.error());
    if (auto set = writer.proposalStatus(id, status); !set)
        return ReviewTransaction::failed(set.error());
    const QJsonObject details{
        {u"role"_s, role}, {u"state"_s, state}, {u"proposal_status"_s, status}};
    if (auto audited =
            writer.audit(action, id, s.revision.revision, s.revision.version, reason, details);
        !audited)
        return ReviewTransaction::failed(audited.error());
    ReviewOutcome outcome;
    outcome.action = action;
    outcome.fromVersion = s.revision.version;
    outcome.summary =
        reject ? u"%1 rejected %2; %3 revision %4 stays visible as a rejected route"_s
                     .arg(actor.effective.id, id, s.article.ref)
                     .arg(s.revision.revision)
               : u"%1 returned %2 to its proposer (%3); an edit puts it back to pending"_s.arg(
                     actor.effective.id, id, s.proposal.proposedBy);
    return m_action.finish(std::move(outcome), id);
}

Result<QList<ReviewRecord>> ProposalDecisions::approvals(const QString &proposalId)
{
    auto loaded = m_action.subjects().proposal(proposalId);
    if (!loaded)
        return fail(loaded.refusal().message);
    return ReviewRules::approvals(loaded->reviews);
}

} // namespace cw::inline review
