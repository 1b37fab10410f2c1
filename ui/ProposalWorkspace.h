#pragma once

#include "RecordViews.h"

#include <QWidget>

#include <optional>

class QSplitter;

namespace cw {

class ComparisonView;
class DecisionPanel;
class Session;

// The selected proposal: the comparison of claim and evidence above, the
// decisions below. Reloads itself when the database changes under it.
class ProposalWorkspace : public QWidget
{
    Q_OBJECT

public:
    explicit ProposalWorkspace(Session &session, QWidget *parent = nullptr);

    void showProposal(const QString &proposalId);
    QString proposalId() const { return m_proposalId; }
    const std::optional<ProposalView> &view() const { return m_view; }
    ComparisonView *comparison() const { return m_comparison; }
    DecisionPanel *decisions() const { return m_decisions; }
    QSplitter *splitter() const { return m_splitter; }

    // Re-reads the shown proposal (after a decision, a conflict, or a commit
    // elsewhere) and redraws only when something about it changed.
    void reload();

private:
    void load(bool force);

    Session &m_session;
    QString m_proposalId;
    std::optional<ProposalView> m_view;
    qsizetype m_articleAuditSize = 0;
    QSplitter *m_splitter = nullptr;
    ComparisonView *m_comparison = nullptr;
    DecisionPanel *m_decisions = nullptr;
};

} // namespace cw
