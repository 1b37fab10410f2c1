#pragma once

#include "RecordViews.h"
#include "ReviewTypes.h"

#include <QLabel>

#include <optional>

namespace cw {

class BackgroundRunner;
class Session;

// The shown proposal's way to visibility ("activated → outbox event #12 →
// 3 events pending"). Counting the pending events reads every one of them,
// and a large backlog takes a noticeable time, so the count runs off the GUI
// thread; a newer request supersedes an older one that has not answered yet.
class VisibilityLabel : public QLabel
{
    Q_OBJECT

public:
    explicit VisibilityLabel(Session &session, QWidget *parent = nullptr);

    // lastOutcome: the decision just taken here, whose outbox event names the step.
    void showFor(const ProposalView &view, const std::optional<ReviewOutcome> &lastOutcome);
    // No proposal: nothing shown, and a count still running is dropped.
    void showNothing();
    bool isCounting() const;

Q_SIGNALS:
    // A count arrived and is shown (superseded counts are never shown).
    void counted(const QString &text);

private:
    void showCount(const QString &text);

    Session &m_session;
    BackgroundRunner *m_reader = nullptr;
    // Which revision standing the text describes: a different one shows
    // "counting" at once; the same one keeps its text until the new count.
    QString m_subject;
};

} // namespace cw
