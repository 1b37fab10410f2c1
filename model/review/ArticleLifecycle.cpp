#include "ArticleLifecycle.h"

#include "Access.h"
#include "DecisionWriter.h"
#include "ReviewRules.h"
#include "Vocabulary.h"

#include <QCoreApplication>
#include <QJsonObject>

namespace cw::inline review {

using namespace Qt::StringLiterals;

namespace {

RevisionStanding standing(const ArticleRecord &a, const RevisionRecord &r, const QString &state)
{
    return {a.ref, r.revision, state, r.version + 1};
}

} // namespace

std::optional<Refusal> ArticleLifecycle::supersedeTargetRefusal(const Database &db,
                                                                const Actor &actor,
                                                                const ArticleSubject &article,
                                                                const ProposalSubject &p)
{
    const QString &articleRef = article.article.ref;
    const QString &proposalId = p.proposal.id;
    if (auto no = Access(db, actor).maySupersede(article, p))
        return no;
    if (p.article.id != article.article.id)
        return Refusal::invalid(QCoreApplication::translate("cw::Access", "%1 revises %2, not %3")
                                    .arg(proposalId, p.article.ref, articleRef));
    if (!article.active)
        return Refusal::invalid(
            QCoreApplication::translate(
                "cw::Access",
                "%1 has no active revision to supersede; %2 activates with its second "
                "sign-off when nothing is active")
                .arg(articleRef, proposalId));
    if (article.active->id == p.revision.id)
        return Refusal{
            Refusal::Conflict,
            QCoreApplication::translate(
                "cw::Access", "%1 is already the active revision of %2: %3 published it at %4")
                .arg(proposalId, articleRef, p.revision.updatedBy, p.revision.validFrom),
            {}};
    return std::nullopt;
}

std::optional<Refusal> ArticleLifecycle::supersedeStandingRefusal(const ProposalSubject &p)
{
    const QString &proposalId = p.proposal.id;
    const std::optional<ProposalStatus> status = parse<ProposalStatus>(p.proposal.status);
    if (status != ProposalStatus::Approved) {
        if (status == ProposalStatus::Pending)
            return Refusal::invalid(
                QCoreApplication::translate("cw::Access", "%1 is not approved yet: waiting for %2")
                    .arg(proposalId, ReviewRules::missingSignOff(p.reviews, p.article.domain)));
        return Refusal::invalid(
            QCoreApplication::translate(
                "cw::Access", "%1 is %2, not approved; only an approved revision can supersede")
                .arg(proposalId, p.proposal.status));
    }
    // Approval already checked both; they are checked again because this
    // is the moment the revision becomes what agents retrieve.
    if (!ReviewRules::signOffsComplete(p.reviews))
        return Refusal::invalid(
            QCoreApplication::translate("cw::Access", "%1 lacks a current sign-off from %2")
                .arg(proposalId, ReviewRules::missingSignOff(p.reviews, p.article.domain)));
    return ReviewRules::checkProofLevel(proposalId, p.revision.proofLevel, p.linkedProofs);
}

std::optional<Refusal> ArticleLifecycle::retireRefusal(const Database &db, const Actor &actor,
                                                       const ArticleSubject &a)
{
    if (auto no = Access(db, actor).mayRetire(a))
        return no;
    if (!a.active)
        return Refusal::invalid(QCoreApplication::translate(
                                    "cw::Access", "%1 has no active revision; nothing to retire")
                                    .arg(a.article.ref));
    return std::nullopt;
}

ArticleLifecycle::ArticleLifecycle(Database &db, const Clock &clock)
    : m_action(db, clock)
{
}

Refusable<ReviewOutcome> ArticleLifecycle::supersede(const Actor &actor, const QString &articleRef,
                                                     const QString &proposalId, int onVersion,
                                                     const QString &reason)
{
    return m_action.run(actor, reason, [&](DecisionWriter &writer) -> Refusable<ReviewOutcome> {
        auto article = m_action.subjects().article(articleRef);
        if (!article)
            return article.refusal();
        auto incoming = m_action.subjects().proposal(proposalId);
        if (!incoming)
            return incoming.refusal();
        ProposalSubject &p = incoming.value();
        if (auto no = supersedeTargetRefusal(m_action.db(), actor, *article, p))
            return *no;
        if (auto stale = m_action.subjects().checkVersion(
                u"%1 revision %2"_s.arg(articleRef).arg(article->active->revision),
                *article->active, onVersion, {articleRef, article->activeProposalId}))
            return *stale;
        if (auto wrong = supersedeStandingRefusal(p))
            return *wrong;
        return replaceActive(writer, article.value(), p, reason);
    });
}

Refusable<ReviewOutcome> ArticleLifecycle::replaceActive(DecisionWriter &writer, ArticleSubject &a,
                                                         ProposalSubject &p, const QString &reason)
{
    const RevisionRecord &old = *a.active;
    // The old revision steps down first: at most one revision is active.
    if (auto down = writer.transition(old, name(RevisionState::Superseded), false, true); !down)
        return ReviewTransaction::failed(down.error());
    if (auto up = writer.transition(p.revision, name(RevisionState::Active), true); !up)
        return ReviewTransaction::failed(up.error());
    if (auto set = writer.proposalStatus(p.proposal.id, name(ProposalStatus::Published)); !set)
        return ReviewTransaction::failed(set.error());
    auto superseded =
        writer.event(u"revision-superseded"_s, a.article, old.revision,
                     {{u"kind"_s, a.article.kind}, {u"superseded_by"_s, p.revision.revision}});
    if (!superseded)
        return ReviewTransaction::failed(superseded.error());
    auto activated = writer.event(u"revision-activated"_s, a.article, p.revision.revision,
                                  {{u"kind"_s, a.article.kind},
                                   {u"superseded_revision"_s, old.revision},
                                   {u"proposal"_s, p.proposal.id}});
    if (!activated)
        return ReviewTransaction::failed(activated.error());
    const QJsonObject oldDetails{{u"state"_s, name(RevisionState::Superseded)},
                                 {u"superseded_by"_s, p.revision.revision},
                                 {u"proposal"_s, p.proposal.id},
                                 {u"outbox_event"_s, qint64(*superseded)}};
    if (auto audited = writer.audit(u"supersede"_s, a.article.ref, old.revision, old.version,
                                    reason, oldDetails);
        !audited)
        return ReviewTransaction::failed(audited.error());
    const QJsonObject newDetails{{u"state"_s, name(RevisionState::Active)},
                                 {u"supersedes"_s, old.revision},
                                 {u"outbox_event"_s, qint64(*activated)}};
    if (auto audited = writer.audit(u"publish"_s, p.proposal.id, p.revision.revision,
                                    p.revision.version, reason, newDetails);
        !audited)
        return ReviewTransaction::failed(audited.error());

    ReviewOutcome outcome;
    outcome.action = u"supersede"_s;
    outcome.fromVersion = old.version;
    outcome.replaced = standing(a.article, old, name(RevisionState::Superseded));
    outcome.outboxEvent = *activated;
    outcome.outboxEvents = {*superseded, *activated};
    outcome.summary =
        u"%1 revision %2 (%3) supersedes revision %4, effective %5"_s.arg(a.article.ref)
            .arg(p.revision.revision)
            .arg(p.proposal.id)
            .arg(old.revision)
            .arg(writer.now());
    return m_action.finish(std::move(outcome), p.proposal.id);
}

Refusable<ReviewOutcome> ArticleLifecycle::retire(const Actor &actor, const QString &articleRef,
                                                  int onVersion, const QString &reason)
{
    return m_action.run(actor, reason, [&](DecisionWriter &writer) -> Refusable<ReviewOutcome> {
        auto loaded = m_action.subjects().article(articleRef);
        if (!loaded)
            return loaded.refusal();
        const ArticleSubject &a = *loaded;
        if (auto no = retireRefusal(m_action.db(), actor, a))
            return *no;
        const RevisionRecord &active = *a.active;
        if (auto stale = m_action.subjects().checkVersion(
                u"%1 revision %2"_s.arg(articleRef).arg(active.revision), active, onVersion,
                {articleRef, a.activeProposalId}))
            return *stale;
        if (auto down = writer.transition(active, name(RevisionState::Retired), false, true); !down)
            return ReviewTransaction::failed(down.error());
        auto seq = writer.event(u"revision-retired"_s, a.article, active.revision,
                                {{u"kind"_s, a.article.kind}});
        if (!seq)
            return ReviewTransaction::failed(seq.error());
        const QJsonObject details{{u"state"_s, name(RevisionState::Retired)},
                                  {u"outbox_event"_s, qint64(*seq)}};
        if (auto audited = writer.audit(u"retire"_s, articleRef, active.revision, active.version,
                                        reason, details);
            !audited)
            return ReviewTransaction::failed(audited.error());
        ReviewOutcome outcome;
        outcome.action = u"retire"_s;
        outcome.articleRef = articleRef;
        outcome.fromVersion = active.version;
        outcome.revision = standing(a.article, active, name(RevisionState::Retired));
        outcome.outboxEvent = *seq;
        outcome.outboxEvents = {*seq};
        outcome.summary = u"%1 retired %2 revision %3 at %4; %2 has no current revision now"_s
                              .arg(writer.by(), articleRef)
                              .arg(active.revision)
                              .arg(writer.now());
        if (!a.activeProposalId.isEmpty()) {
            auto approvals = m_action.subjects().reviews(active.id);
            if (!approvals)
                return ReviewTransaction::failed(approvals.error());
            outcome.approvals = ReviewRules::approvals(*approvals);
        }
        return outcome;
    });
}

} // namespace cw::inline review
