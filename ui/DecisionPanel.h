#pragma once

#include "AuditRecords.h"
#include "RecordViews.h"
#include "ReviewChecks.h"
#include "ReviewTypes.h"

#include <QStyle>
#include <QWidget>

#include <functional>
#include <optional>

class QAction;
class QKeySequence;
class QLabel;
class QTabWidget;
class QTreeView;

namespace cw {

class FittedTextBrowser;
class HistoryModel;
class Session;
class VisibilityLabel;

// The decisions on the shown proposal — approve, reject, return, supersede,
// retire — taken through ReviewWorkflow as the acting principal, with the
// approvals so far (and why it was last rejected or returned), the history of
// the proposal and its article, refusals in plain words, and the way to
// visibility. An action the principal may not take now is disabled, its
// tooltip saying why: the workflow's own refusal (ReviewChecks), asked before
// anyone types a reason.
class DecisionPanel : public QWidget
{
    Q_OBJECT

public:
    explicit DecisionPanel(Session &session, QWidget *parent = nullptr);

    // active: the article's active revision when it is not the proposal's own.
    // history: the proposal's and its article's audit, oldest first.
    void setProposal(const std::optional<ProposalView> &view,
                     const std::optional<RevisionRecord> &active,
                     const QList<AuditRecord> &history = {});
    // Re-reads where the revision stands on its way to being retrievable
    // (off the GUI thread: the text says "counting" until the answer).
    void refreshVisibility();
    bool isCountingVisibility() const;

    QList<QAction *> decisionActions() const;
    QString refusalText() const;
    QLabel *refusalLabel() const { return m_refusal; }
    HistoryModel *history() const { return m_historyModel; }
    QTreeView *historyView() const { return m_historyView; }
    // What stands in the way of each action now (empty: it may be taken).
    const ActionRefusals &refusals() const { return m_refusals; }
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
    void enable(QAction *action, const std::optional<Refusal> &refusal);
    void clearRefusal();

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
    QTabWidget *m_tabs = nullptr;
    FittedTextBrowser *m_approvals = nullptr;
    HistoryModel *m_historyModel = nullptr;
    QTreeView *m_historyView = nullptr;
    QList<AuditRecord> m_history;
    ActionRefusals m_refusals;
};

} // namespace cw
