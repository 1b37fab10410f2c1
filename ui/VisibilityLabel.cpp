#include "VisibilityLabel.h"

#include "BackgroundRunner.h"
#include "Clock.h"
#include "Database.h"
#include "Session.h"
#include "VisibilityPath.h"

namespace cw {

namespace {

QString subjectOf(const ProposalView &view)
{
    return QStringLiteral("%1 v%2 %3")
        .arg(view.proposal.id)
        .arg(view.revision.version)
        .arg(view.revision.state);
}

} // namespace

VisibilityLabel::VisibilityLabel(Session &session, QWidget *parent)
    : QLabel(parent)
    , m_session(session)
    , m_reader(new BackgroundRunner(QStringLiteral("visibilityPath"), session.location(), this))
{
    setObjectName(QStringLiteral("visibilityLabel"));
    setWordWrap(true);
    setAccessibleName(tr("Way to visibility"));
    connect(m_reader, &BackgroundRunner::failed, this, [this](const QString &message) {
        showCount(tr("Visibility unknown: %1").arg(message));
    });
}

bool VisibilityLabel::isCounting() const
{
    return m_reader->isBusy();
}

void VisibilityLabel::showNothing()
{
    m_reader->cancel();
    m_subject.clear();
    clear();
}

void VisibilityLabel::showFor(const ProposalView &view,
                              const std::optional<ReviewOutcome> &lastOutcome)
{
    const QString subject = subjectOf(view);
    // A refresh of the same standing (the projector moved) keeps the text it
    // replaces: it is only a few events off, and a label that blinks
    // "counting" on every commit elsewhere is noise.
    if (subject != m_subject)
        setText(tr("Counting the way to visibility…"));
    m_subject = subject;
    // Ages are taken at the time of asking; the clock stays on this thread.
    const QDateTime now = m_session.clock().now();
    m_reader->submit(
        [this, view, lastOutcome, now](const Database &db) -> BackgroundRunner::Delivery {
            const FixedClock asked(now);
            const QString text =
                VisibilityPath::describe(db, asked, view, lastOutcome ? &*lastOutcome : nullptr);
            return [this, text] { showCount(text); };
        });
}

void VisibilityLabel::showCount(const QString &text)
{
    setText(text);
    Q_EMIT counted(text);
}

} // namespace cw
