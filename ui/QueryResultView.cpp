#include "QueryResultView.h"

#include "CandidateTableModel.h"
#include "CandidateTextView.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QSplitter>
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
    tree->setWordWrap(true);
    tree->header()->setStretchLastSection(true);
    return tree;
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
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->horizontalHeader()->setSectionResizeMode(CandidateTableModel::Reason,
                                                      QHeaderView::Stretch);
    splitter->addWidget(m_table);
    splitter->addWidget(buildDetails());
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
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
    for (const QString &source : r.laggingSources)
        lines << tr("Lagging: %1").arg(source);
    for (const QString &note : r.notes)
        lines << tr("Note: %1").arg(note);
    return lines.join(u'\n');
}

void QueryResultView::setResult(const RetrievalResult &result)
{
    m_result = result;
    m_banner->setText(bannerText(result));
    m_model->setCandidates(result.candidates);
    m_table->resizeColumnsToContents();
    // Long refs and flag lists must not push the similarity reason out of view.
    for (int column : {int(CandidateTableModel::Ref), int(CandidateTableModel::Flags)})
        m_table->setColumnWidth(column, std::min(m_table->columnWidth(column), MaxColumnWidth));
    m_table->horizontalHeader()->setSectionResizeMode(CandidateTableModel::Reason,
                                                      QHeaderView::Stretch);
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
        m_exact->addTopLevelItem(
            new QTreeWidgetItem(QStringList{m.relation, m.caseKey, m.status, m.title, m.why}));
    m_dropped->clear();
    for (const DroppedCandidate &d : m_result.dropped)
        m_dropped->addTopLevelItem(
            new QTreeWidgetItem(QStringList{d.ref + u'@' + QString::number(d.revision), d.reason}));
    m_tabs->setTabText(2, tr("&Exact matches (%1)").arg(m_result.exactMatches.size()));
    m_tabs->setTabText(3, tr("&Dropped (%1)").arg(m_result.dropped.size()));
}

void QueryResultView::showBusy(const QString &text)
{
    m_banner->setText(text);
}

void QueryResultView::showError(const QString &message)
{
    m_banner->setText(tr("The query failed: %1").arg(message));
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
        m_trace->addTopLevelItem(new QTreeWidgetItem(QStringList{note.stage, note.note}));
    m_trace->resizeColumnToContents(0);
    m_text->showCandidate(m_db, *c);
    Q_EMIT candidateSelected(c);
}

} // namespace cw
