#include "MainWindow.h"

#include "ComparisonView.h"
#include "Database.h"
#include "DecisionPanel.h"
#include "ErasureMenu.h"
#include "FileMenu.h"
#include "Identity.h"
#include "IntegrityWatch.h"
#include "LagBadge.h"
#include "Notice.h"
#include "OwnerPanel.h"
#include "Paths.h"
#include "PrincipalDirectory.h"
#include "ProposalListModel.h"
#include "ProposalWorkspace.h"
#include "ReviewQueuePanel.h"
#include "Session.h"
#include "WorkbenchDocks.h"

#include <QAction>
#include <QActionGroup>
#include <QCloseEvent>
#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>

namespace cw {

namespace {

const QString GeometryKey = QStringLiteral("mainWindow/geometry");
const QString StateKey = QStringLiteral("mainWindow/state");
const QString SplitterKey = QStringLiteral("mainWindow/splitter");
const QString WorkspaceKey = QStringLiteral("mainWindow/workspaceSplitter");
const QString ComparisonKey = QStringLiteral("mainWindow/comparisonSplitter");

} // namespace

MainWindow::MainWindow(std::unique_ptr<Database> db, std::optional<Actor> actor,
                       QString identityProblem, QWidget *parent)
    : QMainWindow(parent)
    , m_session(new Session(std::move(db), std::move(actor), std::move(identityProblem), this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("Curation Workbench — %1").arg(m_session->db().path()));
    setWindowIcon(QIcon::fromTheme(QStringLiteral("org.curationworkbench.CurationWorkbench"),
                                   QIcon::fromTheme(QStringLiteral("accessories-text-editor"))));
    setDockNestingEnabled(true);

    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->setObjectName(QStringLiteral("mainSplitter"));
    m_queue = new ReviewQueuePanel(*m_session, m_splitter);
    m_workspace = new ProposalWorkspace(*m_session, m_splitter);
    m_splitter->addWidget(m_queue);
    m_splitter->addWidget(m_workspace);
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 3);
    setCentralWidget(m_splitter);
    connect(m_queue, &ReviewQueuePanel::proposalSelected, m_workspace,
            &ProposalWorkspace::showProposal);

    buildMenus();
    addDocks();
    buildStatusBar();
    restoreLayout();
    if (!m_queue->selectedProposal().isEmpty())
        m_workspace->showProposal(m_queue->selectedProposal());
    FileMenu::rememberRecent(m_session->db().path());
    // Opening does not scan the file: the first open of the day does, off
    // the GUI thread (docs/storage.md, "Corruption").
    (new IntegrityWatch(m_session->db().path(), this))->startIfDue();
}

MainWindow::~MainWindow() = default;

MainWindow *MainWindow::openFile(const QString &path, bool create, QString *error,
                                 const QString &asPrincipal)
{
    auto db =
        Database::open(path, create ? Database::Mode::OpenOrCreate : Database::Mode::OpenExisting);
    if (!db) {
        if (error)
            *error = db.error();
        return nullptr;
    }
    auto actor = IdentityResolver::resolve(**db, Paths::osLoginName(), asPrincipal);
    std::optional<Actor> acting;
    if (actor)
        acting = *actor;
    auto *window = new MainWindow(std::move(*db), acting, actor ? QString() : actor.error());
    window->setAttribute(Qt::WA_DeleteOnClose);
    return window;
}

ProposalListModel *MainWindow::proposalModel() const
{
    return m_queue->model();
}

OwnerPanel *MainWindow::ownerPanel() const
{
    return qobject_cast<OwnerPanel *>(dockPanel(QStringLiteral("ownerDock")));
}

QWidget *MainWindow::dockPanel(const QString &objectName) const
{
    QDockWidget *dock = m_docks.value(objectName);
    return dock ? dock->widget() : nullptr;
}

void MainWindow::addDocks()
{
    const auto &acting = m_session->actor();
    QDockWidget *raised = nullptr;
    QList<QDockWidget *> sized;
    QList<int> heights;
    for (const DockSpec &spec : workbenchDocks()) {
        if (spec.needsActor && !acting)
            continue;
        QDockWidget *dock = addDock(spec);
        // Without a saved layout; restoreLayout() puts back what the user chose.
        const bool shown = acting && spec.shownByDefault && spec.shownByDefault(acting->effective);
        dock->setVisible(shown);
        if (shown)
            raised = dock;
        if (spec.defaultHeight > 0) {
            sized.append(dock);
            heights.append(spec.defaultHeight);
        }
    }
    resizeDocks(sized, heights, Qt::Vertical);
    if (raised)
        raised->raise();
    connectDocks(m_docks);
}

QDockWidget *MainWindow::addDock(const DockSpec &spec)
{
    auto *dock = new QDockWidget(spec.title, this);
    // The objectName is what saves and restores the dock's place.
    dock->setObjectName(spec.objectName);
    dock->setWidget(spec.make(*m_session, dock));
    QDockWidget *sibling = nullptr;
    for (QDockWidget *other : std::as_const(m_docks)) {
        if (dockWidgetArea(other) == spec.area && !other->isFloating())
            sibling = other;
    }
    addDockWidget(spec.area, dock);
    // Docks in the same area are tabbed.
    if (sibling)
        tabifyDockWidget(sibling, dock);
    QAction *toggle = dock->toggleViewAction();
    toggle->setObjectName(spec.objectName + QStringLiteral("Toggle"));
    if (!spec.menuText.isEmpty())
        toggle->setText(spec.menuText);
    toggle->setShortcut(spec.shortcut);
    // Chosen from View, a dock tabbed behind another comes to the front (once
    // the layout has given it its tab: queued).
    connect(
        toggle, &QAction::triggered, dock,
        [dock] {
            if (dock->isVisible())
                dock->raise();
        },
        Qt::QueuedConnection);
    m_viewMenu->addAction(toggle);
    m_docks.insert(spec.objectName, dock);
    return dock;
}

void MainWindow::buildMenus()
{
    m_fileMenu = new FileMenu(*this, *m_session, [this] { return m_queue->currentFilter(); });
    connect(m_fileMenu, &FileMenu::openRequested, this, &MainWindow::openOther);

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    m_viewMenu->setObjectName(QStringLiteral("viewMenu"));
    QAction *reload = m_viewMenu->addAction(QIcon::fromTheme(QStringLiteral("view-refresh")),
                                            tr("&Reload"), m_queue, &ReviewQueuePanel::applyFilter);
    reload->setShortcut(QKeySequence::Refresh);
    QAction *find =
        m_viewMenu->addAction(QIcon::fromTheme(QStringLiteral("edit-find")), tr("&Find in Queue"),
                              m_queue, &ReviewQueuePanel::focusTextFilter);
    find->setShortcut(QKeySequence::Find);
    if (m_session->mayViewAs())
        buildViewAsMenu(m_viewMenu);
    m_viewMenu->addSeparator();
    new ErasureMenu(*this, *m_session, m_viewMenu);

    QMenu *review = menuBar()->addMenu(tr("&Review"));
    review->setObjectName(QStringLiteral("reviewMenu"));
    review->addActions(m_workspace->decisions()->decisionActions());

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(QIcon::fromTheme(QStringLiteral("help-about")), tr("&About Curation Workbench"),
                    this, [this] {
                        QMessageBox::about(
                            this, tr("About Curation Workbench"),
                            tr("<p><b>Curation Workbench</b></p><p>Review experience proposals "
                               "against their source cases and proof records, watch projection "
                               "lag, and run the retrieval engine agents use.</p>"));
                    });
}

void MainWindow::buildViewAsMenu(QMenu *view)
{
    QMenu *as = view->addMenu(QIcon::fromTheme(QStringLiteral("system-users")), tr("View &As"));
    as->setObjectName(QStringLiteral("viewAsMenu"));
    auto *group = new QActionGroup(as);
    auto principals = PrincipalDirectory(m_session->db()).principals();
    if (!principals)
        return;
    for (const PrincipalRecord &p : *principals) {
        QAction *action =
            as->addAction(tr("%1 (%2)").arg(p.id, p.roles.join(QStringLiteral(", "))));
        action->setCheckable(true);
        action->setChecked(p.id == m_session->actor()->effective.id);
        group->addAction(action);
        connect(action, &QAction::triggered, this, [this, p] {
            m_session->viewAs(p);
            updatePrincipalLabel();
        });
    }
}

void MainWindow::buildStatusBar()
{
    m_principal = new QLabel(statusBar());
    m_principal->setObjectName(QStringLiteral("principalLabel"));
    auto *where = new QLabel(m_session->db().path(), statusBar());
    where->setObjectName(QStringLiteral("databaseLabel"));
    where->setToolTip(tr("Database file"));
    m_lagBadge = new LagBadge(*m_session, statusBar());
    statusBar()->addWidget(m_principal);
    statusBar()->addPermanentWidget(where);
    statusBar()->addPermanentWidget(m_lagBadge);
    updatePrincipalLabel();
}

void MainWindow::updatePrincipalLabel()
{
    const auto &actor = m_session->actor();
    if (!actor) {
        m_principal->setText(tr("No principal: %1").arg(m_session->identityProblem()));
        return;
    }
    const PrincipalRecord &e = actor->effective;
    m_principal->setText(
        actor->isImpersonating()
            ? tr("%1 acting as %2 (%3)")
                  .arg(actor->real.id, e.id, e.roles.join(QStringLiteral(", ")))
            : tr("Signed in as %1 (%2)").arg(e.id, e.roles.join(QStringLiteral(", "))));
}

void MainWindow::openOther(const QString &path, bool create)
{
    QString error;
    MainWindow *other = openFile(path, create, &error);
    if (!other) {
        Notice::warn(this, tr("Cannot open database"), error);
        return;
    }
    other->show();
    close();
}

void MainWindow::restoreLayout()
{
    QSettings settings;
    if (!restoreGeometry(settings.value(GeometryKey).toByteArray()))
        resize(1360, 860);
    restoreState(settings.value(StateKey).toByteArray());
    m_splitter->restoreState(settings.value(SplitterKey).toByteArray());
    m_workspace->splitter()->restoreState(settings.value(WorkspaceKey).toByteArray());
    m_workspace->comparison()->restoreLayout(settings.value(ComparisonKey).toByteArray());
}

void MainWindow::saveLayout()
{
    QSettings settings;
    settings.setValue(GeometryKey, saveGeometry());
    settings.setValue(StateKey, saveState());
    settings.setValue(SplitterKey, m_splitter->saveState());
    settings.setValue(WorkspaceKey, m_workspace->splitter()->saveState());
    settings.setValue(ComparisonKey, m_workspace->comparison()->saveLayout());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveLayout();
    event->accept();
}

} // namespace cw
