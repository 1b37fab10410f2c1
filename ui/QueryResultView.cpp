#include "QueryResultView.h"

#include "CandidateTableModel.h"
#include "CandidateTextView.h"
#include "FlagDelegate.h"
#include "FocusMarks.h"
#include "Theme.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QSplitter>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace cw {

namespace {

QTreeWidget *makeList(QWidget *parent, const QString &name, const QStringList &headers)
{
    auto *tree = new QTreeWidget(parent);
    tree->setObjectName(name);
    tree->setHeaderLabels(headers);
    tree->setRootIsDecorated(false);
    tree->setAlternatingRowColors(true);
    // One line a row, all rows alike: long text is elided, whole in the tooltip.
    tree->setWordWrap(false);
    tree->setUniformRowHeights(true);
    tree->header()->setStretchLastSection(true);
    return tree;
}

// Rows are one line high: the whole text is in the tooltip.
QTreeWidgetItem *withTips(QTreeWidgetItem *item)
{
    for (int column = 0; column < item->columnCount(); ++column)
        item->setToolTip(column, item->text(column));
    return item;
}

} // namespace

QueryResultView::QueryResultView(const Database &db, QWidget *parent)
    : QWidget(parent)
    , m_db(db)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_banner = new QLabel(tr("Run a query to see candidates."), this);
    m_banner->setObjectName(QStringLiteral("queryBanner"));
    m_banner->setWordWrap(true);
    m_banner->setTextFormat(Qt::PlainText);
    m_banner->setFrameShape(QFrame::StyledPanel);
    m_banner->setMargin(6);
    m_banner->setAutoFillBackground(true);
    m_banner->setBackgroundRole(QPalette::AlternateBase);
    m_banner->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_banner);

    // Lag needs to be seen: a tinted row with a warning icon, not a text line.
    m_lagWarning = new QWidget(this);
    m_lagWarning->setObjectName(QStringLiteral("lagWarning"));
    m_lagWarning->setAutoFillBackground(true);
    QPalette warning = m_lagWarning->palette();
    warning.setColor(QPalette::Window, Theme::background(Theme::Tone::Warning, warning));
    warning.setColor(QPalette::WindowText, Theme::text(Theme::Tone::Warning, warning));
    m_lagWarning->setPalette(warning);
    auto *warningRow = new QHBoxLayout(m_lagWarning);
    warningRow->setContentsMargins(6, 4, 6, 4);
    auto *icon = new QLabel(m_lagWarning);
    const int iconSize = style()->pixelMetric(QStyle::PM_SmallIconSize);
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(iconSize));
    icon->setAccessibleName(tr("Warning"));
    m_lagWarningText = new QLabel(m_lagWarning);
    m_lagWarningText->setObjectName(QStringLiteral("lagWarningText"));
    m_lagWarningText->setTextFormat(Qt::PlainText);
    m_lagWarningText->setWordWrap(true);
    m_lagWarningText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont bold = m_lagWarningText->font();
    bold.setBold(true);
    m_lagWarningText->setFont(bold);
    warningRow->addWidget(icon, 0, Qt::AlignTop);
    warningRow->addWidget(m_lagWarningText, 1);
    m_lagWarning->hide();
    layout->addWidget(m_lagWarning);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->setObjectName(QStringLiteral("queryResultSplitter"));
    m_model = new CandidateTableModel(this);
    m_table = new QTableView(splitter);
    m_table->setObjectName(QStringLiteral("candidateTable"));
    m_table->setAccessibleName(tr("Candidates"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->setItemDelegateForColumn(CandidateTableModel::Flags, new FlagDelegate(m_table));
    static_assert(int(CandidateTableModel::FlagsRole) == int(FlagDelegate::FlagsRole));
    // Rows of one height (the chips' height), never sized to their content.
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 10);
    // The similarity reason, the one long text, is last and takes the room
    // left; the others are sized to their content.
    QHeaderView *header = m_table->horizontalHeader();
    header->moveSection(header->visualIndex(CandidateTableModel::Reason),
                        CandidateTableModel::ColumnCount - 1);
    header->setStretchLastSection(true);
    header->setSectionResizeMode(CandidateTableModel::Reason, QHeaderView::Stretch);
    header->setMinimumSectionSize(m_table->fontMetrics().averageCharWidth() * 4);
    // At least six whole rows before the details take the rest.
    m_table->setMinimumHeight(header->sizeHint().height() +
                              6 * m_table->verticalHeader()->defaultSectionSize() +
                              2 * m_table->frameWidth());
    FocusMarks::apply(m_table);
    splitter->addWidget(m_table);
    splitter->addWidget(buildDetails());
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setCollapsible(0, false);
    layout->addWidget(splitter, 1);

    m_budget = new QLabel(this);
    m_budget->setObjectName(QStringLiteral("budgetUsed"));
    layout->addWidget(m_budget);

    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &QueryResultView::showSelected);
}

QWidget *QueryResultView::buildDetails()
{
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("queryDetailTabs"));
    m_trace =
        makeList(m_tabs, QStringLiteral("candidateTrace"), {tr("Stage"), tr("What happened")});
    m_text = new CandidateTextView(m_tabs);
    m_exact = makeList(m_tabs, QStringLiteral("exactMatches"),
                       {tr("Relation"), tr("Case"), tr("Status"), tr("Title"), tr("Why")});
    m_dropped =
        makeList(m_tabs, QStringLiteral("droppedCandidates"), {tr("Ref@rev"), tr("Why dropped")});
    m_tabs->addTab(m_trace, tr("Stage &trace"));
    m_tabs->addTab(m_text, tr("Te&xt"));
    m_tabs->addTab(m_exact, tr("&Exact matches"));
    m_tabs->addTab(m_dropped, tr("&Dropped"));
    return m_tabs;
}

QString QueryResultView::bannerText(const RetrievalResult &r)
{
    QStringList lines = bannerLines(r);
    const QString lag = lagWarningText(r);
    if (!lag.isEmpty())
        lines.insert(std::min(qsizetype(2 + (r.candidates.isEmpty() ? 1 : 0)), lines.size()), lag);
    return lines.join(u'\n');
}

QString QueryResultView::lagWarningText(const RetrievalResult &r)
{
    QStringList lines;
    for (const QString &source : r.laggingSources)
        lines << tr("Lagging: %1").arg(source);
    return lines.join(u'\n');
}

QStringList QueryResultView::bannerLines(const RetrievalResult &r)
{
    QStringList lines;
    QString head = tr("%1 for %2").arg(r.strategy, r.effectivePrincipal);
    if (r.realPrincipal != r.effectivePrincipal)
        head += tr(" (viewed by %1)").arg(r.realPrincipal);
    lines << head + tr(" · memory use #%1").arg(r.memoryUseId);
    QString lag =
        tr("Index watermark %1 · canonical head %2").arg(r.watermark).arg(r.canonicalHead);
    lag += r.lagEvents > 0 ? tr(" · %n event(s) behind", nullptr, int(r.lagEvents))
                           : tr(" · up to date");
    lines << lag;
    if (r.candidates.isEmpty())
        lines << tr("No indexed hits at watermark %1 — not proof that nothing exists.")
                     .arg(r.watermark);
    for (const QString &note : r.notes)
        lines << tr("Note: %1").arg(note);
    return lines;
}

void QueryResultView::setResult(const RetrievalResult &result)
{
    m_result = result;
    m_banner->setText(bannerLines(result).join(u'\n'));
    const QString lag = lagWarningText(result);
    m_lagWarningText->setText(lag);
    m_lagWarning->setAccessibleName(lag);
    m_lagWarning->setVisible(!lag.isEmpty());
    m_model->setCandidates(result.candidates);
    m_table->resizeColumnsToContents();
    // Long refs and flag lists must not push the similarity reason out of view.
    m_table->setColumnWidth(
        CandidateTableModel::Ref,
        std::min(m_table->columnWidth(CandidateTableModel::Ref), MaxColumnWidth));
    m_table->setColumnWidth(
        CandidateTableModel::Flags,
        std::min(m_table->columnWidth(CandidateTableModel::Flags), MaxFlagsWidth));
    m_budget->setText(
        tr("Budget: %1 of %2 tokens used · %n candidate(s)", nullptr, int(result.candidates.size()))
            .arg(result.usedTokens)
            .arg(result.budgetTokens));
    fillLists();
    if (m_model->rowCount() > 0)
        m_table->selectRow(0);
    else
        showSelected();
}

void QueryResultView::fillLists()
{
    m_exact->clear();
    for (const ExactMatch &m : m_result.exactMatches)
        m_exact->addTopLevelItem(withTips(
            new QTreeWidgetItem(QStringList{m.relation, m.caseKey, m.status, m.title, m.why})));
    m_dropped->clear();
    for (const DroppedCandidate &d : m_result.dropped)
        m_dropped->addTopLevelItem(withTips(new QTreeWidgetItem(
            QStringList{d.ref + u'@' + QString::number(d.revision), d.reason})));
    m_tabs->setTabText(2, tr("&Exact matches (%1)").arg(m_result.exactMatches.size()));
    m_tabs->setTabText(3, tr("&Dropped (%1)").arg(m_result.dropped.size()));
}

void QueryResultView::showBusy(const QString &text)
{
    m_banner->setText(text);
    m_lagWarning->hide();
}

void QueryResultView::showError(const QString &message)
{
    m_banner->setText(tr("The query failed: %1").arg(message));
    m_lagWarning->hide();
}

const Candidate *QueryResultView::selectedCandidate() const
{
    return m_model->candidateAt(m_table->currentIndex().row());
}

void QueryResultView::showSelected()
{
    const Candidate *c = selectedCandidate();
    m_trace->clear();
    if (!c) {
        m_text->clearCandidate();
        Q_EMIT candidateSelected(nullptr);
        return;
    }
    for (const StageNote &note : c->trace)
        m_trace->addTopLevelItem(withTips(new QTreeWidgetItem(QStringList{note.stage, note.note})));
    m_trace->resizeColumnToContents(0);
    m_text->showCandidate(m_db, *c);
    Q_EMIT candidateSelected(c);
}

} // namespace cw
