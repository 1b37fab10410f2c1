#pragma once

#include "ProposalRecords.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QTableView;
class QTimer;

namespace cw {

class BackgroundRunner;
class ProposalListModel;
class Session;
class StretchWithFloor;

// The proposal queue: filters (status, domain, tenant, proof level, age,
// text), a sortable lazy table, and the count of what matches.
class ReviewQueuePanel : public QWidget
{
    Q_OBJECT

public:
    explicit ReviewQueuePanel(Session &session, QWidget *parent = nullptr);

    ProposalListModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    // The filter the widgets describe (also what File ▸ Export writes).
    ProposalFilter currentFilter() const;
    QString selectedProposal() const;
    QCheckBox *myTurnFilter() const { return m_myTurn; }
    // How many proposals wait for the acting principal, whatever the filter
    // (counted off the GUI thread); -1 until counted.
    qint64 myTurnCount() const { return m_myTurnCount; }
    // Shown when the selected proposal left the list (a filter, or a change
    // made elsewhere): its details are closed and this says why.
    QLabel *filteredOutNote() const { return m_filteredOut; }

public Q_SLOTS:
    void applyFilter();
    // Find in Queue: the cursor goes to the text filter.
    void focusTextFilter();
    // Keyboard review: the next or previous proposal of the queue.
    void selectNext();
    void selectPrevious();

Q_SIGNALS:
    void proposalSelected(const QString &proposalId);
    void myTurnCountChanged(qint64 count);

private:
    QComboBox *makeCombo(const QString &name, const QString &accessible,
                         const QList<std::pair<QString, QString>> &items);
    QLineEdit *makeLine(const QString &name, const QString &placeholder);
    void updateCount();
    void selectionChanged();
    void selectRelative(int step);
    void countMyTurn();
    // After the rows were re-read: select the shown proposal again, or
    // close its details with a note when it is no longer in the list.
    void keepSelection(int previouslyLoaded);
    void fitColumns();

    Session &m_session;
    ProposalListModel *m_model = nullptr;
    QComboBox *m_status = nullptr;
    QLineEdit *m_domain = nullptr;
    QLineEdit *m_tenant = nullptr;
    QComboBox *m_proof = nullptr;
    QComboBox *m_age = nullptr;
    QLineEdit *m_text = nullptr;
    QTimer *m_textDelay = nullptr;
    QTableView *m_table = nullptr;
    StretchWithFloor *m_titleFit = nullptr;
    QLabel *m_count = nullptr;
    QCheckBox *m_myTurn = nullptr;
    BackgroundRunner *m_turnCounter = nullptr;
    qint64 m_myTurnCount = -1;
    QLabel *m_filteredOut = nullptr;
    // The proposal whose details are shown (the last one announced).
    QString m_shown;
    bool m_fitted = false;
};

} // namespace cw
