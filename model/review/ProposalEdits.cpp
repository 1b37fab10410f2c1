#include "ProposalEdits.h"

#include "Access.h"
#include "DecisionWriter.h"
#include "EditRules.h"
#include "ReviewRules.h"
#include "VersionScope.h"
#include "Vocabulary.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace cw::inline review {

using namespace Qt::StringLiterals;

namespace {

QStringList labels(const QStringList &keys)
{
    QStringList result;
    for (const QString &key : keys)
        result.append(EditRules::labelOf(key));
    return result;
}

std::optional<Refusal> checkValues(const QString &id, const ProposalEdit &e)
{
    if (e.title && e.title->trimmed().isEmpty())
        return Refusal::invalid(
            QCoreApplication::translate("cw::Access", "%1: the title may not be empty").arg(id));
    if (e.proofLevel && !parse<ProofLevel>(*e.proofLevel))
        return Refusal::invalid(
            QCoreApplication::translate(
                "cw::Access", "%1: proof level \"%2\" is not one of verified, executed, proposed")
                .arg(id, *e.proofLevel));
    // A scope that cannot be read would later match nothing reliably: refuse
    // it here, naming the token (an empty text clears the scope).
    if (e.productVersions && !e.productVersions->trimmed().isEmpty()) {
        if (auto scope = VersionScope::parse(*e.productVersions); !scope)
            return Refusal::invalid(QCoreApplication::translate("cw::Access", "%1: versions: %2")
                                        .arg(id, scope.error()));
    }
    return std::nullopt;
}

} // namespace

ProposalEdits::ProposalEdits(Database &db, const Clock &clock)
    : m_action(db, clock)
{
}

Refusable<ReviewOutcome> ProposalEdits::edit(const Actor &actor, const QString &proposalId,
                                             int onVersion, const ProposalEdit &changes,
                                             const QString &reason)
{
    return m_action.run(actor, reason, [&](DecisionWriter &writer) -> Refusable<ReviewOutcome> {
        auto loaded = m_action.subjects().proposal(proposalId);
        if (!loaded)
            return loaded.refusal();
        ProposalSubject &s = loaded.value();
        if (auto no = Access(m_action.db(), actor).mayEdit(s))
            return *no;
        if (auto stale = m_action.subjects().checkVersion(proposalId, s.revision, onVersion,
                                                          {proposalId, s.article.ref}))
            return *stale;
        const std::optional<ProposalStatus> status = parse<ProposalStatus>(s.proposal.status);
        if (status != ProposalStatus::Pending && status != ProposalStatus::Returned &&
            status != ProposalStatus::Approved) {
            const QString why =
                status == ProposalStatus::Rejected
                    ? QCoreApplication::translate(
                          "cw::Access", "a rejected revision stays labelled as it was rejected")
                    : QCoreApplication::translate(
                          "cw::Access", "a published revision changes only by a new proposal "
                                        "that supersedes it");
            return Refusal::invalid(
                QCoreApplication::translate("cw::Access", "%1 is %2 and cannot be edited: %3")
                    .arg(proposalId, s.proposal.status, why));
        }
        if (auto bad = checkValues(proposalId, changes))
            return *bad;
        return apply(writer, s, changes, reason);
    });
}

Refusable<ReviewOutcome> ProposalEdits::apply(DecisionWriter &writer, ProposalSubject &s,
                                              const ProposalEdit &changes, const QString &reason)
{
    const QString &id = s.proposal.id;
    const QStringList changed = changes.changedFields(s.revision);
    if (changed.isEmpty())
        return Refusal::invalid(
            QCoreApplication::translate("cw::Access", "%1: the edit changes nothing").arg(id));
    RevisionRecord edited = s.revision;
    changes.applyTo(edited);
    // An edit may lower the claim, never raise it past the evidence.
    if (ReviewRules::rank(edited.proofLevel) > ReviewRules::rank(s.revision.proofLevel)) {
        if (auto overclaim = ReviewRules::checkProofLevel(id, edited.proofLevel, s.linkedProofs,
                                                          u"would claim"_s))
            return *overclaim;
    }
    const QStringList substantive = EditRules::substantiveOf(changed);
    int outdated = 0;
    if (!substantive.isEmpty()) {
        const QString why = u"substantive edit of %1 by %2 at %3"_s.arg(
            labels(substantive).join(u", "_s), writer.by(), writer.now());
        auto marked = writer.outdateApprovals(s.revision.id, why);
        if (!marked)
            return Refusal{Refusal::Failed, marked.error(), {}};
        outdated = *marked;
    }
    // Approved but not yet published: a substantive edit needs both
    // sign-offs again. Returned: any edit sends it back to the queue.
    std::optional<ProposalStatus> next = parse<ProposalStatus>(s.proposal.status);
    if (next == ProposalStatus::Returned ||
        (next == ProposalStatus::Approved && !substantive.isEmpty()))
        next = ProposalStatus::Pending;
    const QString status = next ? QString(name(*next)) : s.proposal.status;
    edited.state =
        name(next == ProposalStatus::Approved ? RevisionState::Approved : RevisionState::Proposed);
    if (auto written = writer.rewriteClaim(edited, s.revision.version); !written)
        return Refusal{Refusal::Failed, written.error(), {}};
    if (status != s.proposal.status) {
        if (auto set = writer.proposalStatus(id, status); !set)
            return Refusal{Refusal::Failed, set.error(), {}};
    }
    const QJsonObject details{{u"changed"_s, QJsonArray::fromStringList(changed)},
                              {u"substantive"_s, !substantive.isEmpty()},
                              {u"outdated_approvals"_s, outdated},
                              {u"proposal_status"_s, status}};
    if (auto audited =
            writer.audit(u"edit"_s, id, s.revision.revision, s.revision.version, reason, details);
        !audited)
        return Refusal{Refusal::Failed, audited.error(), {}};

    ReviewOutcome outcome;
    outcome.action = u"edit"_s;
    outcome.fromVersion = s.revision.version;
    outcome.changedFields = changed;
    outcome.approvalsOutdated = outdated > 0;
    const QString kind = substantive.isEmpty() ? u"cosmetic"_s : u"substantive"_s;
    outcome.summary = u"%1 edited %2 (%3: %4); %5"_s.arg(
        writer.by(), id, kind, labels(changed).join(u", "_s),
        outdated > 0 ? u"%1 approval(s) outdated, both sign-offs are needed again"_s.arg(outdated)
        : substantive.isEmpty() ? u"approvals kept"_s
                                : u"no approvals to outdate"_s);
    return m_action.finish(std::move(outcome), id);
}

} // namespace cw::inline review
