#pragma once

#include "Identity.h"

#include <QMainWindow>

#include <memory>
#include <optional>

class QComboBox;
class QLabel;
class QLineEdit;
class QTableView;
class QTextBrowser;

namespace cw {

class Database;
class ProposalListModel;

// The workbench window: the proposal queue with its filters, the selected
// proposal's details, and who you are in the status bar.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    MainWindow(std::unique_ptr<Database> db, std::optional<Actor> actor, QString identityProblem,
               QWidget *parent = nullptr);
    ~MainWindow() override;

    ProposalListModel *proposalModel() const { return m_model; }

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void buildMenus();
    QWidget *buildQueuePane();
    void buildStatusBar(const QString &identityProblem);
    void applyFilter();
    void showSelectedProposal();
    void restoreLayout();

    std::unique_ptr<Database> m_db;
    std::optional<Actor> m_actor;
    ProposalListModel *m_model = nullptr;
    QComboBox *m_statusFilter = nullptr;
    QLineEdit *m_domainFilter = nullptr;
    QTableView *m_table = nullptr;
    QTextBrowser *m_details = nullptr;
    QLabel *m_countLabel = nullptr;
};

} // namespace cw
