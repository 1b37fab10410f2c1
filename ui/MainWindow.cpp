#include "MainWindow.h"

#include "ComparisonView.h"
#include "ConnectServerDialog.h"
#include "Database.h"
#include "DatabaseContents.h"
#include "DecisionPanel.h"
#include "ErasureMenu.h"
#include "FileMenu.h"
#include "HelpMenu.h"
#include "Identity.h"
#include "IntegrityWatch.h"
#include "LagBadge.h"
#include "MainToolBar.h"
#include "Notice.h"
#include "OwnerPanel.h"
#include "Paths.h"
#include "PrincipalDirectory.h"
#include "ProposalListModel.h"
#include "ProposalWorkspace.h"
#include "ReviewQueuePanel.h"
#include "ServerConnection.h"
#include "Session.h"
#include "WelcomePage.h"
#include "WorkbenchDocks.h"

#include <QAction>
#include <QActionGroup>
#include <QCheckBox>
#include <QCloseEvent>
#include <QCryptographicHash>
#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QTimer>
#include <QToolBar>
#include <QUrl>

#include <algorithm>

namespace cw {

namespace {

const QString GeometryKey = QStringLiteral("geometry");
const QString StateKey = QStringLiteral("state");
const QString SplitterKey = QStringLiteral("splitter");
const QString WorkspaceKey = QStringLiteral("workspaceSplitter");
const QString ComparisonKey = QStringLiteral("comparisonSplitter");

// Each database keeps its own layout: a team database and a scratch file are
// worked on differently. The group is named by a hash of the canonical path.
QString layoutGroup(const QString &databasePath)
{
    const QByteArray hash =
        QCryptographicHash::hash(databasePath.toUtf8(), QCryptographicHash::Sha1).toHex();
    return QStringLiteral("layouts/") + QString::fromLatin1(hash.left(16));
}

// "demo on db.example.org:5432" for a window's title; the location itself
// (without its password) is in the status bar.
QString serverTitle(const QString &shown)
{
    if (shown.startsWith(QLatin1String("service=")))
        return MainWindow::tr("service %1").arg(shown.mid(8).section(u' ', 0, 0));
    const QUrl url(shown);
    const QString database = url.path().mid(1);
    QString host = url.host().isEmpty() ? QStringLiteral("localhost") : url.host();
    if (url.port() > 0)
        host += u':' + QString::number(url.port());
    return database.isEmpty() ? host : MainWindow::tr("%1 on %2").arg(database, host);
}

} // namespace

MainWindow::MainWindow(std::unique_ptr<Database> db, std::optional<Actor> actor,
                       QString identityProblem, QString location, QWidget *parent)
    : QMainWindow(parent)
    , m_session(new Session(std::move(db), std::move(actor), std::move(identityProblem),
                            std::move(location), this))
{
    setObjectName(QStringLiteral("mainWindow"));
    // "cw.db — Curation Workbench": the platform adds the application's
    // display name to the file's, once.
    if (m_session->db().isServer())
        setWindowTitle(serverTitle(m_session->db().path()));
    else
        setWindowFilePath(m_session->db().path());
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
    m_central = new QStackedWidget(this);
    m_central->setObjectName(QStringLiteral("centralStack"));
    m_central->addWidget(m_splitter);
    setCentralWidget(m_central);
    connect(m_queue, &ReviewQueuePanel::proposalSelected, m_workspace,
            &ProposalWorkspace::showProposal);

    buildMenus();
    m_welcome = new WelcomePage(*m_session, *m_fileMenu, m_central);
    m_central->addWidget(m_welcome);
    addDocks();
    buildToolBar();
    buildStatusBar();
    followActor();
    restoreLayout();
    showWelcomeIfEmpty();
    connect(m_session, &Session::actorChanged, this, &MainWindow::followActor);
    connect(m_session, &Session::databaseChanged, this, [this] {
        updatePrincipalLabel(); // the reason there is none may have changed
        showWelcomeIfEmpty();
    });
    if (!m_queue->selectedProposal().isEmpty())
        m_workspace->showProposal(m_queue->selectedProposal());
    if (m_session->db().isServer()) {
        // Its path() has no password: what is remembered may be shown.
        ConnectServerDialog::rememberServer(m_session->db().path());
        // A server checks its own pages; there is no file to scan.
        return;
    }
    FileMenu::rememberRecent(m_session->db().path());
    // Opening does not scan the file: the first open of the day does, off
    // the GUI thread (docs/storage.md, "Corruption").
    (new IntegrityWatch(m_session->db().path(), this))->startIfDue();
}

MainWindow::~MainWindow() = default;

MainWindow *MainWindow::openFile(const QString &path, bool create, QString *error,
                                 const QString &asPrincipal)
{
    const bool server = ServerConnection::isServerLocation(path);
    auto db = Database::open(path, create && !server ? Database::Mode::OpenOrCreate
                                                     : Database::Mode::OpenExisting);
    if (!db) {
        if (error)
            *error = db.error();
        return nullptr;
    }
    // On a server the connection's role is who one is (IdentityResolver).
    QString login = Paths::osLoginName();
    if (server) {
        auto role = (*db)->sessionRole();
        login = role ? *role : QString();
    }
    auto actor = IdentityResolver::resolve(**db, login, asPrincipal);
    std::optional<Actor> acting;
    if (actor)
        acting = *actor;
    auto *window = new MainWindow(std::move(*db), acting, actor ? QString() : actor.error(),
                                  server ? path : QString());
    window->session().setIdentitySource(login, asPrincipal);
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
    auto *scroller = dock ? qobject_cast<QScrollArea *>(dock->widget()) : nullptr;
    return scroller ? scroller->widget() : nullptr;
}

void MainWindow::addDocks()
{
    const auto &acting = m_session->actor();
    QDockWidget *raised = nullptr;
    QList<QDockWidget *> sized;
    QList<int> heights;
    bool added = false;
    for (const DockSpec &spec : workbenchDocks()) {
        // Again when a principal arrives: only the docks that were missing.
        if (m_docks.contains(spec.objectName) || (spec.needsActor && !acting))
            continue;
        added = true;
        QDockWidget *dock = addDock(spec);
        // Without a saved layout; restoreLayout() puts back what the user chose.
        const bool shown = acting && spec.shownByDefault && spec.shownByDefault(acting->effective);
        dock->setVisible(shown);
        if (QAction *toggle = dockToggle(dock))
            toggle->setChecked(shown);
        if (shown)
            raised = dock;
        if (spec.defaultHeight > 0) {
            sized.append(dock);
            heights.append(spec.defaultHeight);
        } else if (shown) {
            // An analysis dock open by default (analysts): the query form and
            // its results need a few rows; Qt's minimum left them one.
            const int screenHeight = screen() ? screen()->availableGeometry().height() : 768;
            sized.append(dock);
            heights.append(std::clamp(screenHeight * 38 / 100, 220, 420));
        }
    }
    if (!added)
        return;
    resizeDocks(sized, heights, Qt::Vertical);
    if (raised) {
        raised->raise();
        // Tabs take their current index when the window is laid out; raise
        // again then, or every tab of the group shows its panel at once.
        QTimer::singleShot(0, raised, &QDockWidget::raise);
    }
    connectDocks(m_docks);
}

QDockWidget *MainWindow::addDock(const DockSpec &spec)
{
    auto *dock = new QDockWidget(spec.title, this);
    // The objectName is what saves and restores the dock's place.
    dock->setObjectName(spec.objectName);
    // In a scroll area: a panel taller than the room left scrolls, and the
    // window never grows to fit it (the lag monitor's chart wants 300 px).
    auto *scroller = new QScrollArea(dock);
    scroller->setObjectName(spec.objectName + QStringLiteral("Scroller"));
    scroller->setWidgetResizable(true);
    scroller->setFrameShape(QFrame::NoFrame);
    scroller->setWidget(spec.make(*m_session, scroller));
    dock->setWidget(scroller);
    QDockWidget *sibling = nullptr;
    for (QDockWidget *other : std::as_const(m_docks)) {
        if (dockWidgetArea(other) == spec.area && !other->isFloating())
            sibling = other;
    }
    addDockWidget(spec.area, dock);
    // Docks in the same area are tabbed.
    if (sibling)
        tabifyDockWidget(sibling, dock);
    // Not the plain toggleViewAction(): showing a tabbed dock must also bring
    // its tab to the front, or the panel opens without showing.
    auto *toggle = new QAction(spec.menuText.isEmpty() ? spec.title : spec.menuText, dock);
    toggle->setObjectName(spec.objectName + QStringLiteral("Toggle"));
    toggle->setCheckable(true);
    toggle->setShortcut(spec.shortcut);
    if (!spec.shortcut.isEmpty())
        toggle->setToolTip(
            tr("%1 (%2)").arg(spec.title, spec.shortcut.toString(QKeySequence::NativeText)));
    connect(toggle, &QAction::triggered, dock, [this, dock](bool on) {
        if (on)
            showDock(dock);
        else
            dock->close();
    });
    connect(dock, &QDockWidget::visibilityChanged, toggle,
            [toggle, dock] { toggle->setChecked(!dock->isHidden()); });
    m_viewMenu->addAction(toggle);
    m_docks.insert(spec.objectName, dock);
    return dock;
}

QAction *MainWindow::dockToggle(QDockWidget *dock) const
{
    return dock->findChild<QAction *>(dock->objectName() + QStringLiteral("Toggle"),
                                      Qt::FindDirectChildrenOnly);
}

void MainWindow::showDock(QDockWidget *dock)
{
    // The window keeps its size: a dock takes room from the central widget,
    // never adds it to the window (a laptop screen has no more to give).
    const QSize before = size();
    dock->show();
    dock->raise();
    if (dock->widget())
        dock->widget()->setFocus(Qt::ShortcutFocusReason);
    if (!isMaximized() && !isFullScreen() && size() != before)
        resize(before);
}

void MainWindow::buildMenus()
{
    m_fileMenu = new FileMenu(*this, *m_session, [this] { return m_queue->currentFilter(); });
    connect(m_fileMenu, &FileMenu::openRequested, this, &MainWindow::openOther);
    connect(m_fileMenu, &FileMenu::connectServerRequested, this, &MainWindow::connectToServer);

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    m_viewMenu->setObjectName(QStringLiteral("viewMenu"));
    // restoreState() and closing a dock by its title bar move docks too.
    connect(m_viewMenu, &QMenu::aboutToShow, this, [this] {
        for (QDockWidget *dock : std::as_const(m_docks)) {
            if (QAction *toggle = dockToggle(dock))
                toggle->setChecked(!dock->isHidden());
        }
    });
    QAction *reload = m_viewMenu->addAction(QIcon::fromTheme(QStringLiteral("view-refresh")),
                                            tr("&Reload"), m_queue, &ReviewQueuePanel::applyFilter);
    reload->setObjectName(QStringLiteral("reloadAction"));
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
    buildReviewNavigation(review);
    review->addSeparator();
    review->addActions(m_workspace->decisions()->decisionActions());

    m_helpMenu = new HelpMenu(*this);
}

void MainWindow::buildToolBar()
{
    // The toolbar shows icons even without a desktop icon theme.
    const auto fallback = [this](const char *name, QStyle::StandardPixmap pixmap) {
        QAction *action = findChild<QAction *>(QString::fromLatin1(name));
        if (action && action->icon().isNull())
            action->setIcon(style()->standardIcon(pixmap));
        return action;
    };
    m_showQuery =
        new QAction(QIcon::fromTheme(QStringLiteral("edit-find"),
                                     style()->standardIcon(QStyle::SP_FileDialogContentsView)),
                    tr("&Query"), this);
    m_showQuery->setObjectName(QStringLiteral("showQueryAction"));
    connect(m_showQuery, &QAction::triggered, this, [this] {
        if (QDockWidget *query = m_docks.value(QStringLiteral("queryDock")))
            showDock(query);
    });
    MainToolBarActions actions;
    actions.open = m_fileMenu->openAction();
    actions.imports = {m_fileMenu->importJsonLinesAction(), m_fileMenu->importMemoryAction()};
    actions.previous = fallback("previousProposalAction", QStyle::SP_ArrowUp);
    actions.next = fallback("nextProposalAction", QStyle::SP_ArrowDown);
    actions.decisions = m_workspace->decisions()->decisionActions().mid(0, 3);
    actions.query = m_showQuery;
    actions.refresh = fallback("reloadAction", QStyle::SP_BrowserReload);
    m_toolBar = addMainToolBar(*this, actions);
    QAction *shown = m_toolBar->toggleViewAction();
    shown->setText(tr("Show &Toolbar"));
    m_viewMenu->insertAction(m_viewMenu->actions().value(0), shown);
}

void MainWindow::followActor()
{
    updatePrincipalLabel();
    // A principal mapped since the window opened brings the panels that act
    // as one, and View As for an admin.
    addDocks();
    if (m_session->mayViewAs() && !findChild<QMenu *>(QStringLiteral("viewAsMenu")))
        buildViewAsMenu(m_viewMenu);
    QDockWidget *query = m_docks.value(QStringLiteral("queryDock"));
    const QAction *toggle = query ? dockToggle(query) : nullptr;
    m_showQuery->setEnabled(query);
    m_showQuery->setToolTip(!query ? tr("Query: needs a principal; none is mapped to your login")
                            : toggle && !toggle->shortcut().isEmpty()
                                ? tr("Query: try the retrieval engine (%1)")
                                      .arg(toggle->shortcut().toString(QKeySequence::NativeText))
                                : tr("Query: try the retrieval engine"));
    m_welcome->refresh();
}

bool MainWindow::showsWelcome() const
{
    return m_central->currentWidget() == m_welcome;
}

void MainWindow::showWelcomeIfEmpty()
{
    // A read failure keeps the review view: it says what went wrong.
    auto empty = DatabaseContents(m_session->db()).isEmpty();
    const bool welcome = empty && *empty;
    if (welcome)
        m_welcome->refresh();
    m_central->setCurrentWidget(welcome ? static_cast<QWidget *>(m_welcome) : m_splitter);
}

void MainWindow::buildReviewNavigation(QMenu *review)
{
    // Keyboard-first review: move through the queue, read the evidence,
    // decide, without leaving the keys. Menus show the shortcuts; so do tooltips.
    auto add = [this, review](const QString &name, const QString &text, const QString &icon,
                              const QKeySequence &shortcut, auto slot) {
        QAction *action = review->addAction(QIcon::fromTheme(icon), text, this, slot);
        action->setObjectName(name);
        action->setShortcut(shortcut);
        QString plain = text;
        plain.remove(u'&');
        action->setToolTip(tr("%1 (%2)").arg(plain, shortcut.toString(QKeySequence::NativeText)));
        return action;
    };
    add(QStringLiteral("nextProposalAction"), tr("&Next Proposal"), QStringLiteral("go-down"),
        QKeySequence(tr("Alt+Down")), [this] { m_queue->selectNext(); });
    add(QStringLiteral("previousProposalAction"), tr("&Previous Proposal"), QStringLiteral("go-up"),
        QKeySequence(tr("Alt+Up")), [this] { m_queue->selectPrevious(); });
    add(QStringLiteral("openFirstProofAction"), tr("Open &First Proof"),
        QStringLiteral("document-open"), QKeySequence(tr("Ctrl+Shift+P")),
        [this] { m_workspace->comparison()->openFirstProof(); });
    add(QStringLiteral("myTurnAction"), tr("Only &My Turn"), QStringLiteral("view-filter"),
        QKeySequence(tr("Ctrl+Shift+M")), [this] { m_queue->myTurnFilter()->toggle(); });
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
    where->setToolTip(m_session->db().isServer() ? tr("PostgreSQL server") : tr("Database file"));
    m_lagBadge = new LagBadge(*m_session, statusBar());
    m_myTurn = new QLabel(statusBar());
    m_myTurn->setObjectName(QStringLiteral("myTurnLabel"));
    m_myTurn->setToolTip(tr("Proposals waiting for you (Review › Only My Turn shows them)"));
    connect(m_queue, &ReviewQueuePanel::myTurnCountChanged, this, [this](qint64 count) {
        m_myTurn->setText(count < 0 ? QString() : tr("Your turn: %1").arg(count));
    });
    statusBar()->addWidget(m_principal);
    statusBar()->addWidget(m_myTurn);
    statusBar()->addPermanentWidget(where);
    statusBar()->addPermanentWidget(m_lagBadge);
    updatePrincipalLabel();
}

void MainWindow::updatePrincipalLabel()
{
    const auto &actor = m_session->actor();
    // Nobody to count turns for until there is a principal.
    m_myTurn->setVisible(actor.has_value());
    if (!actor) {
        // Short, so the status bar keeps its other fields; the whole reason
        // in the tooltip (and, on an empty database, the welcome page).
        // On a server the connection's role names the principal, not the login.
        const auto role = m_session->db().sessionRole();
        m_principal->setText(
            m_session->db().isServer()
                ? tr("No principal for database role %1").arg(role ? *role : tr("(unknown)"))
                : tr("No principal for %1").arg(m_session->login()));
        m_principal->setToolTip(m_session->identityProblem());
        return;
    }
    m_principal->setToolTip(QString());
    const PrincipalRecord &e = actor->effective;
    m_principal->setText(
        actor->isImpersonating()
            ? tr("%1 acting as %2 (%3)")
                  .arg(actor->real.id, e.id, e.roles.join(QStringLiteral(", ")))
            : tr("Signed in as %1 (%2)").arg(e.id, e.roles.join(QStringLiteral(", "))));
}

void MainWindow::openOther(const QString &path, bool create)
{
    if (const QString error = switchTo(path, create); !error.isEmpty())
        Notice::warn(this, tr("Cannot open database"), error);
}

QString MainWindow::switchTo(const QString &path, bool create)
{
    QString error;
    MainWindow *other = openFile(path, create, &error);
    if (!other)
        return error.isEmpty() ? tr("The database could not be opened.") : error;
    // The window stays where it is, as large as it is: only the database changes.
    other->takeOverLayout(saveGeometry(), saveState());
    other->show();
    close();
    return {};
}

void MainWindow::connectToServer()
{
    // Window-modal without a nested event loop; this window stays as it is
    // until a connection succeeds.
    auto *dialog = new ConnectServerDialog(
        [this](const QString &location) { return switchTo(location, false); }, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void MainWindow::takeOverLayout(const QByteArray &geometry, const QByteArray &state)
{
    restoreGeometry(geometry);
    // The docks as they were, unless this database keeps a layout of its own.
    if (!m_hasSavedLayout)
        restoreState(state);
}

void MainWindow::restoreLayout()
{
    QSettings settings;
    settings.beginGroup(layoutGroup(m_session->db().path()));
    if (!restoreGeometry(settings.value(GeometryKey).toByteArray())) {
        // Never larger than the screen it opens on (a 1024×700 laptop too).
        QSize wanted(1360, 860);
        if (const QScreen *screen = this->screen())
            wanted = wanted.boundedTo(screen->availableGeometry().size() * 0.95);
        resize(wanted);
    }
    m_hasSavedLayout = settings.contains(StateKey);
    restoreState(settings.value(StateKey).toByteArray());
    m_splitter->restoreState(settings.value(SplitterKey).toByteArray());
    m_workspace->splitter()->restoreState(settings.value(WorkspaceKey).toByteArray());
    m_workspace->comparison()->restoreLayout(settings.value(ComparisonKey).toByteArray());
}

void MainWindow::saveLayout()
{
    QSettings settings;
    settings.beginGroup(layoutGroup(m_session->db().path()));
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
