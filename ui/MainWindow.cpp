#include "MainWindow.h"

#include "Access.h"
#include "Database.h"
#include "ProposalDetails.h"
#include "ProposalListModel.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace cw {

MainWindow::MainWindow(std::unique_ptr<Database> db, std::optional<Actor> actor,
                       QString identityProblem, QWidget *parent)
    : QMainWindow(parent)
    , m_db(std::move(db))
    , m_actor(std::move(actor))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("Curation Workbench — %1").arg(m_db->path()));
    setWindowIcon(QIcon::fromTheme(QStringLiteral("org.curationworkbench.CurationWorkbench"),
                                   QIcon::fromTheme(QStringLiteral("accessories-text-editor"))));

    const Database *database = m_db.get();
    const std::optional<Actor> actorCopy = m_actor;
    m_model = new ProposalListModel(
        *m_db,
        [database, actorCopy](const QString &caseKey) {
            const auto key = CaseKey::parse(caseKey);
            return actorCopy && key && Access(*database, *actorCopy).mayReadCase(*key);
        },
        this);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setObjectName(QStringLiteral("mainSplitter"));
    splitter->addWidget(buildQueuePane());
    m_details = new QTextBrowser(splitter);
    m_details->setObjectName(QStringLiteral("proposalDetails"));
    m_details->setAccessibleName(tr("Proposal details"));
    m_details->setPlaceholderText(tr("Select a proposal to see its claim and evidence."));
    splitter->addWidget(m_details);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    setCentralWidget(splitter);

    buildMenus();
    buildStatusBar(identityProblem);
    restoreLayout();
    applyFilter();
}

MainWindow::~MainWindow() = default;

QWidget *MainWindow::buildQueuePane()
{
    auto *pane = new QWidget(this);
    auto *layout = new QVBoxLayout(pane);
    layout->setContentsMargins(0, 0, 0, 0);

    auto *filters = new QHBoxLayout;
    m_statusFilter = new QComboBox(pane);
    m_statusFilter->setObjectName(QStringLiteral("statusFilter"));
    m_statusFilter->setAccessibleName(tr("Filter by status"));
    m_statusFilter->addItem(tr("All statuses"), QString());
    for (const char *status : {"pending", "returned", "approved", "published", "rejected"})
        m_statusFilter->addItem(QString::fromLatin1(status), QString::fromLatin1(status));
    m_domainFilter = new QLineEdit(pane);
    m_domainFilter->setObjectName(QStringLiteral("domainFilter"));
    m_domainFilter->setAccessibleName(tr("Filter by domain"));
    m_domainFilter->setPlaceholderText(tr("Domain"));
    m_domainFilter->setClearButtonEnabled(true);
    m_countLabel = new QLabel(pane);
    m_countLabel->setObjectName(QStringLiteral("proposalCount"));
    filters->addWidget(new QLabel(tr("&Status:"), pane));
    filters->addWidget(m_statusFilter);
    filters->addWidget(m_domainFilter, 1);
    filters->addWidget(m_countLabel);
    qobject_cast<QLabel *>(filters->itemAt(0)->widget())->setBuddy(m_statusFilter);
    layout->addLayout(filters);

    m_table = new QTableView(pane);
    m_table->setObjectName(QStringLiteral("proposalTable"));
    m_table->setAccessibleName(tr("Proposals"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->setWordWrap(false);
    m_table->setShowGrid(false);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    QHeaderView *header = m_table->horizontalHeader();
    header->setStretchLastSection(false);
    header->setHighlightSections(false);
    for (int column = 0; column < ProposalListModel::ColumnCount; ++column)
        header->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(ProposalListModel::Title, QHeaderView::Stretch);
    layout->addWidget(m_table);

    connect(m_statusFilter, &QComboBox::currentIndexChanged, this, &MainWindow::applyFilter);
    connect(m_domainFilter, &QLineEdit::editingFinished, this, &MainWindow::applyFilter);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &MainWindow::showSelectedProposal);
    connect(m_model, &ProposalListModel::loadFailed, this, [this](const QString &message) {
        statusBar()->showMessage(tr("Could not load proposals: %1").arg(message));
    });
    return pane;
}

void MainWindow::buildMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *reload = file->addAction(QIcon::fromTheme(QStringLiteral("view-refresh")),
                                      tr("&Reload"), m_model, &ProposalListModel::reload);
    reload->setShortcut(QKeySequence::Refresh);
    file->addSeparator();
    QAction *quit = file->addAction(QIcon::fromTheme(QStringLiteral("application-exit")),
                                    tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Curation Workbench"), this, [this] {
        QMessageBox::about(this, tr("About Curation Workbench"),
                           tr("<p><b>Curation Workbench</b></p><p>Review experience proposals "
                              "against their source cases and proof records, watch projection "
                              "lag, and run the retrieval engine agents use.</p>"));
    });
}

void MainWindow::buildStatusBar(const QString &identityProblem)
{
    auto *who = new QLabel(statusBar());
    who->setObjectName(QStringLiteral("principalLabel"));
    if (m_actor) {
        who->setText(
            m_actor->isImpersonating()
                ? tr("%1 acting as %2").arg(m_actor->real.id, m_actor->effective.id)
                : tr("Signed in as %1 (%2)")
                      .arg(m_actor->real.id, m_actor->real.roles.join(QStringLiteral(", "))));
    } else {
        who->setText(tr("No principal: %1").arg(identityProblem));
    }
    auto *where = new QLabel(m_db->path(), statusBar());
    where->setObjectName(QStringLiteral("databaseLabel"));
    statusBar()->addWidget(who);
    statusBar()->addPermanentWidget(where);
}

void MainWindow::applyFilter()
{
    m_model->setFilter(ProposalFilter{m_statusFilter->currentData().toString(),
                                      m_domainFilter->text().trimmed(), QString()});
    if (m_model->canFetchMore({}))
        m_model->fetchMore({});
    m_countLabel->setText(tr("%n proposal(s)", nullptr, int(m_model->totalCount())));
    m_details->clear();
    if (m_model->rowCount() > 0)
        m_table->selectRow(0);
}

void MainWindow::showSelectedProposal()
{
    const QModelIndex current = m_table->selectionModel()->currentIndex();
    const ProposalSummary *summary = m_model->summaryAt(current.row());
    if (!summary || !m_actor) {
        m_details->setHtml(m_actor ? QString()
                                   : tr("<p>No principal is mapped to you, so "
                                        "details are hidden.</p>"));
        return;
    }
    m_details->setHtml(ProposalDetails::html(*m_db, *m_actor, summary->id));
}

void MainWindow::restoreLayout()
{
    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("mainWindow/geometry")).toByteArray()))
        resize(1280, 800);
    restoreState(settings.value(QStringLiteral("mainWindow/state")).toByteArray());
    if (auto *splitter = findChild<QSplitter *>(QStringLiteral("mainSplitter")))
        splitter->restoreState(settings.value(QStringLiteral("mainWindow/splitter")).toByteArray());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    QSettings settings;
    settings.setValue(QStringLiteral("mainWindow/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("mainWindow/state"), saveState());
    if (auto *splitter = findChild<QSplitter *>(QStringLiteral("mainSplitter")))
        settings.setValue(QStringLiteral("mainWindow/splitter"), splitter->saveState());
    event->accept();
}

} // namespace cw
