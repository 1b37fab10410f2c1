#include "ReviewQueuePanel.h"

#include "BackgroundRunner.h"
#include "Clock.h"
#include "ColumnChooser.h"
#include "Database.h"
#include "FocusMarks.h"
#include "ProposalListModel.h"
#include "Session.h"
#include "StretchWithFloor.h"
#include "Vocabulary.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cstdlib>

namespace cw {

ReviewQueuePanel::ReviewQueuePanel(Session &session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_textDelay(new QTimer(this))
    , m_turnCounter(new BackgroundRunner(QStringLiteral("myTurnCount"), session.location(), this))
{
    setObjectName(QStringLiteral("reviewQueue"));
    const Session *s = &m_session;
    m_model = new ProposalListModel(
        session.db(), [s] { return s->actor(); }, this);

    m_status = makeCombo(QStringLiteral("statusFilter"), tr("Filter by status"),
                         {{tr("All statuses"), {}},
                          {tr("pending"), name(ProposalStatus::Pending)},
                          {tr("returned"), name(ProposalStatus::Returned)},
                          {tr("approved"), name(ProposalStatus::Approved)},
                          {tr("published"), name(ProposalStatus::Published)},
                          {tr("rejected"), name(ProposalStatus::Rejected)}});
    m_proof = makeCombo(QStringLiteral("proofFilter"), tr("Filter by proof level"),
                        {{tr("Any proof"), {}},
                         {tr("verified"), name(ProofLevel::Verified)},
                         {tr("executed"), name(ProofLevel::Executed)},
                         {tr("proposed"), name(ProofLevel::Proposed)}});
    // Age in days; negative: newer than, positive: older than.
    m_age = makeCombo(QStringLiteral("ageFilter"), tr("Filter by age"),
                      {{tr("Any age"), {}},
                       {tr("Last 7 days"), QStringLiteral("-7")},
                       {tr("Last 30 days"), QStringLiteral("-30")},
                       {tr("Older than 7 days"), QStringLiteral("7")},
                       {tr("Older than 30 days"), QStringLiteral("30")},
                       {tr("Older than 90 days"), QStringLiteral("90")}});
    m_domain = makeLine(QStringLiteral("domainFilter"), tr("Domain"));
    m_tenant = makeLine(QStringLiteral("tenantFilter"), tr("Tenant"));
    m_text = makeLine(QStringLiteral("textFilter"), tr("Search id, title, synopsis"));
    m_count = new QLabel(this);
    m_count->setObjectName(QStringLiteral("proposalCount"));
    m_myTurn = new QCheckBox(tr("&My turn"), this);
    m_myTurn->setObjectName(QStringLiteral("myTurnFilter"));
    m_myTurn->setToolTip(
        tr("Only the proposals waiting for you: a sign-off you may give, an "
           "approved revision you may put in place, a returned proposal of yours"));

    m_filteredOut = new QLabel(this);
    m_filteredOut->setObjectName(QStringLiteral("filteredOutNote"));
    m_filteredOut->setWordWrap(true);
    m_filteredOut->hide();

    auto *filters = new QGridLayout;
    auto *statusLabel = new QLabel(tr("&Status:"), this);
    statusLabel->setBuddy(m_status);
    filters->addWidget(statusLabel, 0, 0);
    filters->addWidget(m_status, 0, 1);
    filters->addWidget(m_proof, 0, 2);
    filters->addWidget(m_age, 0, 3);
    filters->addWidget(m_domain, 1, 0, 1, 2);
    filters->addWidget(m_tenant, 1, 2);
    filters->addWidget(m_count, 1, 3, Qt::AlignRight);
    filters->addWidget(m_text, 2, 0, 1, 3);
    filters->addWidget(m_myTurn, 2, 3);

    m_table = new QTableView(this);
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
    header->setHighlightSections(false);
    // Interactive widths fitted once to the first page (ResizeToContents
    // would measure every loaded row at every change); the title, what a
    // curator reads, takes the room that is left.
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setMinimumSectionSize(m_table->fontMetrics().averageCharWidth() * 5);
    header->setSortIndicator(ProposalListModel::ProposedAt, Qt::AscendingOrder);
    // The title is what a curator scans for: right after the id, never
    // scrolled out of sight by the wider columns.
    header->moveSection(header->visualIndex(ProposalListModel::Title), 1);
    // Whose turn it is comes next: what a reviewer scans for after the title.
    header->moveSection(header->visualIndex(ProposalListModel::Waiting), 2);
    m_table->setSortingEnabled(true);
    const QList<std::pair<int, int>> widths{
        {ProposalListModel::Id, 7},      {ProposalListModel::Title, 34},
        {ProposalListModel::Status, 9},  {ProposalListModel::ProofLevel, 8},
        {ProposalListModel::Domain, 12}, {ProposalListModel::Article, 9},
        {ProposalListModel::Case, 22},   {ProposalListModel::ProposedAt, 16},
        {ProposalListModel::Waiting, 16}};
    for (const auto &[column, chars] : widths)
        m_table->setColumnWidth(column, m_table->fontMetrics().averageCharWidth() * chars + 16);

    // What a reviewer scans: id, title, whose turn and status. The domain
    // shows in "Waiting for", the proof level in the claim and its filter;
    // they, the article, case and date are one header right-click away, so
    // the queue beside the evidence rarely scrolls.
    new ColumnChooser(m_table, QStringLiteral("queue/hiddenColumns"),
                      {ProposalListModel::ProofLevel, ProposalListModel::Domain,
                       ProposalListModel::Article, ProposalListModel::Case,
                       ProposalListModel::ProposedAt});
    // The title takes the room that is left, but at least ~24 characters:
    // in a narrow pane the queue scrolls rather than hide what it lists.
    m_titleFit = new StretchWithFloor(m_table, ProposalListModel::Title,
                                      m_table->fontMetrics().averageCharWidth() * 24);
    FocusMarks::apply(m_table);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(filters);
    layout->addWidget(m_filteredOut);
    layout->addWidget(m_table, 1);

    m_textDelay->setSingleShot(true);
    m_textDelay->setInterval(250);
    connect(m_textDelay, &QTimer::timeout, this, &ReviewQueuePanel::applyFilter);
    // Every text filter applies as you type (after a pause) and at once on Enter.
    for (QLineEdit *line : {m_domain, m_tenant, m_text})
        connect(line, &QLineEdit::textChanged, m_textDelay, qOverload<>(&QTimer::start));
    for (QComboBox *combo : {m_status, m_proof, m_age})
        connect(combo, &QComboBox::currentIndexChanged, this, &ReviewQueuePanel::applyFilter);
    connect(m_myTurn, &QCheckBox::toggled, this, &ReviewQueuePanel::applyFilter);
    for (QLineEdit *line : {m_domain, m_tenant, m_text})
        connect(line, &QLineEdit::editingFinished, this, &ReviewQueuePanel::applyFilter);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &ReviewQueuePanel::selectionChanged);
    connect(m_model, &ProposalListModel::totalCountChanged, this, &ReviewQueuePanel::updateCount);
    // A reset (a commit elsewhere changed which rows match) drops the view's
    // selection silently; the rows come back on the next fetch.
    connect(m_model, &QAbstractItemModel::modelAboutToBeReset, this, [this] {
        const int loaded = m_model->rowCount();
        QTimer::singleShot(0, this, [this, loaded] { keepSelection(loaded); });
    });
    connect(m_model, &QAbstractItemModel::rowsInserted, this, [this] {
        if (!m_fitted)
            fitColumns();
    });
    connect(m_model, &ProposalListModel::loadFailed, this, [this](const QString &message) {
        m_count->setText(tr("not loaded"));
        m_count->setToolTip(message);
    });
    connect(&m_session, &Session::databaseChanged, m_model, &ProposalListModel::refreshLoaded);
    connect(&m_session, &Session::actorChanged, m_model, &ProposalListModel::reload);
    connect(&m_session, &Session::databaseChanged, this, &ReviewQueuePanel::countMyTurn);
    connect(&m_session, &Session::actorChanged, this, &ReviewQueuePanel::countMyTurn);
    applyFilter();
    countMyTurn();
}

void ReviewQueuePanel::countMyTurn()
{
    m_turnCounter->submit(
        [this, actor = m_session.actor()](const Database &db) -> BackgroundRunner::Delivery {
            auto mine = ReviewQueue(db, actor).myTurnCount(ProposalFilter{});
            return [this, mine] {
                m_myTurnCount = mine ? *mine : -1;
                Q_EMIT myTurnCountChanged(m_myTurnCount);
            };
        });
}

void ReviewQueuePanel::selectNext()
{
    selectRelative(1);
}

void ReviewQueuePanel::selectPrevious()
{
    selectRelative(-1);
}

void ReviewQueuePanel::selectRelative(int step)
{
    const int current = m_table->selectionModel()->currentIndex().row();
    int row = current < 0 ? 0 : current + step;
    if (row >= m_model->rowCount() && m_model->canFetchMore({}))
        m_model->fetchMore({});
    row = std::clamp(row, 0, m_model->rowCount() - 1);
    if (row < 0 || row == current)
        return;
    m_table->selectRow(row);
    m_table->scrollTo(m_model->index(row, 0));
}

QComboBox *ReviewQueuePanel::makeCombo(const QString &name, const QString &accessible,
                                       const QList<std::pair<QString, QString>> &items)
{
    auto *combo = new QComboBox(this);
    combo->setObjectName(name);
    combo->setAccessibleName(accessible);
    for (const auto &[text, value] : items)
        combo->addItem(text, value);
    return combo;
}

QLineEdit *ReviewQueuePanel::makeLine(const QString &name, const QString &placeholder)
{
    auto *line = new QLineEdit(this);
    line->setObjectName(name);
    line->setAccessibleName(placeholder);
    line->setPlaceholderText(placeholder);
    line->setClearButtonEnabled(true);
    return line;
}

ProposalFilter ReviewQueuePanel::currentFilter() const
{
    ProposalFilter f = m_model->filter(); // keeps the sort
    f.status = m_status->currentData().toString();
    f.domain = m_domain->text().trimmed();
    f.tenant = m_tenant->text().trimmed();
    f.proofLevel = m_proof->currentData().toString();
    f.text = m_text->text().trimmed();
    f.proposedBefore.clear();
    f.proposedAfter.clear();
    const int days = m_age->currentData().toString().toInt();
    const QString edge = Clock::format(m_session.clock().now().addDays(-std::abs(days)));
    if (days > 0)
        f.proposedBefore = edge;
    else if (days < 0)
        f.proposedAfter = edge;
    return f;
}

void ReviewQueuePanel::applyFilter()
{
    m_textDelay->stop();
    const int loaded = m_model->rowCount();
    m_model->setMyTurnOnly(m_myTurn->isChecked());
    m_model->setFilter(currentFilter());
    if (m_model->canFetchMore({}))
        m_model->fetchMore({});
    updateCount();
    keepSelection(loaded);
}

void ReviewQueuePanel::keepSelection(int previouslyLoaded)
{
    if (m_shown.isEmpty()) {
        // Nothing shown yet: the first proposal, as when the queue opens
        // (but not after details were closed: that stays until one is chosen).
        if (m_filteredOut->isHidden() && m_model->rowCount() > 0 &&
            !m_table->selectionModel()->currentIndex().isValid())
            m_table->selectRow(0);
        return;
    }
    // Look as far as the view had loaded (and a page more), never further.
    while (m_model->rowOf(m_shown) < 0 && m_model->canFetchMore({}) &&
           m_model->rowCount() < previouslyLoaded + 200)
        m_model->fetchMore({});
    const int row = m_model->rowOf(m_shown);
    if (row >= 0) {
        if (m_table->selectionModel()->currentIndex().row() != row)
            m_table->selectRow(row);
        return;
    }
    // One rule whatever moved it out: the details close, and the queue says why.
    m_filteredOut->setText(
        tr("%1 is no longer in the list: it does not match the filter now, so its details "
           "are closed.")
            .arg(m_shown));
    m_filteredOut->show();
    m_shown.clear();
    m_table->selectionModel()->clearCurrentIndex();
    Q_EMIT proposalSelected(QString());
}

void ReviewQueuePanel::fitColumns()
{
    // Content and header text, within bounds: ids and dates whole, a long
    // case key or domain not pushing the title out.
    const int chars = m_table->fontMetrics().averageCharWidth();
    for (int column = 0; column < ProposalListModel::ColumnCount; ++column) {
        if (column == ProposalListModel::Title)
            continue;
        m_table->resizeColumnToContents(column); // cells and header text
        const int wanted = m_table->columnWidth(column);
        // Whose turn it is stays short (its whole text is the tooltip).
        const int most = column == ProposalListModel::Waiting ? chars * 18 : chars * 28;
        m_table->setColumnWidth(column, std::clamp(wanted + 8, chars * 6, most));
    }
    m_titleFit->fit();
    m_fitted = m_model->rowCount() > 0;
}

void ReviewQueuePanel::updateCount()
{
    const qint64 total = m_model->totalCount();
    m_count->setText(total == ProposalListModel::CountUnknown
                         ? tr("counting…")
                         : tr("%n proposal(s)", nullptr, int(total)));
    m_count->setAccessibleName(m_count->text());
    m_count->setToolTip(QString());
}

QString ReviewQueuePanel::selectedProposal() const
{
    const ProposalSummary *s = m_model->summaryAt(m_table->selectionModel()->currentIndex().row());
    return s ? s->id : QString();
}

void ReviewQueuePanel::selectionChanged()
{
    const QString id = selectedProposal();
    // Selected again after a reset: the details already show it.
    if (id.isEmpty() || id == m_shown)
        return;
    m_shown = id;
    m_filteredOut->hide();
    Q_EMIT proposalSelected(id);
}

void ReviewQueuePanel::focusTextFilter()
{
    m_text->setFocus(Qt::ShortcutFocusReason);
}

} // namespace cw
