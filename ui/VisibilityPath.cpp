#include "VisibilityPath.h"

#include "LagMonitor.h"
#include "ReviewRules.h"

#include <QCoreApplication>

namespace cw::VisibilityPath {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("VisibilityPath", text);
}

// What the event did, in the words of the revision's state.
QString verb(const QString &state)
{
    if (state == QLatin1String("active"))
        return tr("activated");
    if (state == QLatin1String("superseded"))
        return tr("superseded");
    if (state == QLatin1String("retired"))
        return tr("retired");
    if (state == QLatin1String("rejected"))
        return tr("rejected");
    return state;
}

QString notPublished(const ProposalView &view)
{
    const QString status = view.proposal.status;
    if (status == QLatin1String("pending")) {
        const QString missing = ReviewRules::missingSignOff(view.approvals, view.article.domain);
        return missing.isEmpty()
                   ? tr("Not published yet.")
                   : tr("Not published: waiting for the sign-off of %1.").arg(missing);
    }
    if (status == QLatin1String("approved"))
        return tr("Approved, not published: the article has an active revision; supersede it to "
                  "publish this one.");
    if (status == QLatin1String("returned"))
        return tr("Returned to the proposer: not published.");
    return tr("Not published.");
}

} // namespace

QString describe(const Database &db, const Clock &clock, const ProposalView &view,
                 const ReviewOutcome *lastOutcome)
{
    auto visible = LagMonitor(db, clock).visibility(view.article.ref, view.revision.revision);
    if (!visible)
        return tr("Visibility unknown: %1").arg(visible.error());
    const Visibility &v = *visible;
    const std::int64_t seq =
        lastOutcome && lastOutcome->outboxEvent ? *lastOutcome->outboxEvent : v.seq;
    const QString path = tr("%1 → outbox event #%2").arg(verb(view.revision.state)).arg(seq);
    switch (v.state) {
    case Visibility::State::NotPublished:
        return notPublished(view);
    case Visibility::State::Pending:
        return QCoreApplication::translate("VisibilityPath",
                                           "%1 → %n event(s) pending (watermark %2)", nullptr,
                                           int(v.pendingEvents))
            .arg(path)
            .arg(v.watermark);
    case Visibility::State::Retrievable:
        return tr("%1 → projected at watermark %2: retrievable").arg(path).arg(v.watermark);
    case Visibility::State::NoLongerCurrent:
    case Visibility::State::RecordedNotCurrent:
    case Visibility::State::DeadLettered:
        break;
    }
    return tr("%1 → %2").arg(path, v.text);
}

} // namespace cw::VisibilityPath
