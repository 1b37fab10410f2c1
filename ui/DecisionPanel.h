#pragma once

#include "RecordViews.h"
#include "ReviewTypes.h"

#include <QStyle>
#include <QWidget>

#include <functional>
#include <optional>

class QAction;
class QKeySequence;
class QLabel;

namespace cw {

class FittedTextBrowser;
class Session;
class VisibilityLabel;

// The decisions on the shown proposal — approve, reject, return, supersede,
// retire — taken through ReviewWorkflow as the acting principal, with the
// approvals so far, refusals in plain words, and the way to visibility.
class DecisionPanel : public QWidget
{
    Q_OBJECT

public:
    explicit DecisionPanel(Session &session, QWidget *parent = nullptr);

    // active: the article's active revision when it is not the proposal's own.
    void setProposal(const std::optional<ProposalView> &view,
                     const std::optional<RevisionRecord> &active);
    // Re-reads where the revision stands on its way to being retrievable
    // (off the GUI thread: the text says "counting" until the answer).
    void refreshVisibility();
    bool isCountingVisibility() const;

    QList<QAction *> decisionActions() const;
    QString refusalText() const;
    QString visibilityText() const;

    void approve();
    void reject();
    void returnProposal();
    void supersede();
    void retire();

Q_SIGNALS:
    // The item changed (a decision committed, or a conflict): reload it.
    void reloadRequested();

private:
    using Action = std::function<Refusable<ReviewOutcome>(const QString &reason)>;
    QAction *makeAction(const QString &name, const QString &text, const QString &icon,
                        QStyle::StandardPixmap fallback, const QKeySequence &shortcut,
                        void (DecisionPanel::*slot)());
    void decide(const QString &verb, const QString &question, const Action &action);
    void showRefusal(const Refusal &refusal);
    void showApprovals();
    void updateEnabled();

    Session &m_session;
    std::optional<ProposalView> m_view;
    std::optional<RevisionRecord> m_active;
    std::optional<ReviewOutcome> m_lastOutcome;
    // The reason typed before a refusal, offered again in the next dialog.
    QString m_draft;
    QAction *m_approve = nullptr;
    QAction *m_reject = nullptr;
    QAction *m_return = nullptr;
    QAction *m_supersede = nullptr;
    QAction *m_retire = nullptr;
    QLabel *m_refusal = nullptr;
    VisibilityLabel *m_visibility = nullptr;
    FittedTextBrowser *m_approvals = nullptr;
};

} // namespace cw
