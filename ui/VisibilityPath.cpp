#include "VisibilityPath.h"

#include "LagMonitor.h"
#include "ReviewRules.h"
#include "Vocabulary.h"

#include <QCoreApplication>

namespace cw::VisibilityPath {

namespace {

// What the event did, in the words of the revision's state.
QString verb(const QString &state)
{
    switch (parse<RevisionState>(state).value_or(RevisionState::Proposed)) {
    case RevisionState::Active:
        return QCoreApplication::translate("cw::VisibilityPath", "activated");
    case RevisionState::Superseded:
        return QCoreApplication::translate("cw::VisibilityPath", "superseded");
    case RevisionState::Retired:
        return QCoreApplication::translate("cw::VisibilityPath", "retired");
    case RevisionState::Rejected:
        return QCoreApplication::translate("cw::VisibilityPath", "rejected");
    case RevisionState::Proposed:
    case RevisionState::Approved:
        break;
    }
    return state;
}

QString notPublished(const ProposalView &view)
{
    const std::optional<ProposalStatus> status = parse<ProposalStatus>(view.proposal.status);
    if (status == ProposalStatus::Pending) {
        const QString missing = ReviewRules::missingSignOff(view.approvals, view.article.domain);
        return missing.isEmpty()
                   ? QCoreApplication::translate("cw::VisibilityPath", "Not published yet.")
                   : QCoreApplication::translate("cw::VisibilityPath",
                                                 "Not published: waiting for the sign-off of %1.")
                         .arg(missing);
    }
    if (status == ProposalStatus::Approved)
        return QCoreApplication::translate(
            "cw::VisibilityPath",
            "Approved, not published: the article has an active revision; supersede it to "
            "publish this one.");
    if (status == ProposalStatus::Returned)
        return QCoreApplication::translate("cw::VisibilityPath",
                                           "Returned to the proposer: not published.");
    return QCoreApplication::translate("cw::VisibilityPath", "Not published.");
}

} // namespace

QString describe(const Database &db, const Clock &clock, const ProposalView &view,
                 const ReviewOutcome *lastOutcome)
{
    auto visible = LagMonitor(db, clock).visibility(view.article.ref, view.revision.revision);
    if (!visible)
        return QCoreApplication::translate("cw::VisibilityPath", "Visibility unknown: %1")
            .arg(visible.error());
    const Visibility &v = *visible;
    const std::int64_t seq =
        lastOutcome && lastOutcome->outboxEvent ? *lastOutcome->outboxEvent : v.seq;
    const QString path = QCoreApplication::translate("cw::VisibilityPath", "%1 → outbox event #%2")
                             .arg(verb(view.revision.state))
                             .arg(seq);
    switch (v.state) {
    case Visibility::State::NotPublished:
        return notPublished(view);
    case Visibility::State::Pending:
        return QCoreApplication::translate("cw::VisibilityPath",
                                           "%1 → %n event(s) pending (watermark %2)", nullptr,
                                           int(v.pendingEvents))
            .arg(path)
            .arg(v.watermark);
    case Visibility::State::Retrievable:
        return QCoreApplication::translate("cw::VisibilityPath",
                                           "%1 → projected at watermark %2: retrievable")
            .arg(path)
            .arg(v.watermark);
    case Visibility::State::NoLongerCurrent:
    case Visibility::State::RecordedNotCurrent:
    case Visibility::State::DeadLettered:
        break;
    }
    return QCoreApplication::translate("cw::VisibilityPath", "%1 → %2").arg(path, v.text);
}

} // namespace cw::VisibilityPath
