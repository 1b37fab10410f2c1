#pragma once

#include "Identity.h"

#include <QHash>
#include <QMainWindow>

#include <memory>
#include <optional>

class QAction;
class QDockWidget;
class QLabel;
class QMenu;
class QSplitter;
class QStackedWidget;
class QToolBar;

namespace cw {

class Database;
struct DockSpec;
class FileMenu;
class HelpMenu;
class LagBadge;
class OwnerPanel;
class ProposalListModel;
class ProposalWorkspace;
class ReviewQueuePanel;
class Session;
class WelcomePage;

// The workbench shell: the review queue beside the selected proposal (or,
// while the database has nothing to review, the welcome page), dock panels
// around them, the menus and the main toolbar, and who you are, which
// database, and how far the projection lags in the status bar. The panels own their widgets and
// connects; the window only places them (the docks as workbenchDocks() lists
// them) and persists the layout.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    // location: what db was opened from, when it holds more than db->path()
    // shows (a server's password); Session::location().
    MainWindow(std::unique_ptr<Database> db, std::optional<Actor> actor, QString identityProblem,
               QString location = {}, QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens (or creates) the database file and resolves the OS login to a
    // principal; nullptr and *error when the file cannot be opened.
    // path may name a PostgreSQL server (Database::open): the server's
    // schema is never created or migrated from here (create is ignored),
    // and the connection's role names the principal.
    // asPrincipal: an admin acting as another principal (empty: as yourself).
    static MainWindow *openFile(const QString &path, bool create, QString *error,
                                const QString &asPrincipal = {});

    Session &session() const { return *m_session; }
    ProposalListModel *proposalModel() const;
    ReviewQueuePanel *queue() const { return m_queue; }
    ProposalWorkspace *workspace() const { return m_workspace; }
    OwnerPanel *ownerPanel() const;
    // The panel of a dock in workbenchDocks(), by its objectName; nullptr
    // when this session has none.
    QWidget *dockPanel(const QString &objectName) const;
    LagBadge *lagBadge() const { return m_lagBadge; }
    WelcomePage *welcomePage() const { return m_welcome; }
    // Whether the welcome page stands in for the review view.
    bool showsWelcome() const;
    QToolBar *mainToolBar() const { return m_toolBar; }
    HelpMenu *helpMenu() const { return m_helpMenu; }

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void buildMenus();
    void buildToolBar();
    void addDocks();
    QDockWidget *addDock(const DockSpec &spec);
    void showDock(QDockWidget *dock);
    QAction *dockToggle(QDockWidget *dock) const;
    void buildReviewNavigation(QMenu *review);
    void buildViewAsMenu(QMenu *view);
    void buildStatusBar();
    void updatePrincipalLabel();
    void followActor();
    void showWelcomeIfEmpty();
    void openOther(const QString &path, bool create);
    // Replaces this window by one on path; why not, or an empty string.
    QString switchTo(const QString &path, bool create);
    void connectToServer();
    void takeOverLayout(const QByteArray &geometry, const QByteArray &state);
    void restoreLayout();
    void saveLayout();

    Session *m_session = nullptr;
    FileMenu *m_fileMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    QSplitter *m_splitter = nullptr;
    QStackedWidget *m_central = nullptr;
    WelcomePage *m_welcome = nullptr;
    QToolBar *m_toolBar = nullptr;
    QAction *m_showQuery = nullptr;
    HelpMenu *m_helpMenu = nullptr;
    bool m_hasSavedLayout = false;
    ReviewQueuePanel *m_queue = nullptr;
    ProposalWorkspace *m_workspace = nullptr;
    QHash<QString, QDockWidget *> m_docks;
    QLabel *m_principal = nullptr;
    QLabel *m_myTurn = nullptr;
    LagBadge *m_lagBadge = nullptr;
};

} // namespace cw
