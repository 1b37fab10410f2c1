#include "ComparePanel.h"

#include "CandidateTableModel.h"
#include "ComparisonModel.h"
#include "Identity.h"
#include "QueryForm.h"
#include "Session.h"

#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <tuple>

namespace cw {

ComparePanel::ComparePanel(Session &session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
{
    setObjectName(QStringLiteral("comparePanel"));
    setAccessibleName(tr("Compare strategies"));
    m_runner = new QueryRunner(session.location(), this);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setObjectName(QStringLiteral("compareSplitter"));
    m_form = new QueryForm(session.db(), *session.actor(), 2, splitter);
    splitter->addWidget(m_form->inScrollArea(splitter));
    splitter->addWidget(buildResults());
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 3);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(splitter);

    connect(m_form, &QueryForm::runRequested, this, &ComparePanel::compare);
    connect(m_runner, &QueryRunner::finished, this, &ComparePanel::showOutcome);
}

ComparePanel::~ComparePanel() = default;

QTableView *ComparePanel::makeTable(QWidget *parent, const QString &name)
{
    auto *table = new QTableView(parent);
    table->setObjectName(name);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setAlternatingRowColors(true);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setStretchLastSection(true);
    return table;
}

QWidget *ComparePanel::buildResults()
{
    auto *pane = new QWidget(this);
    auto *layout = new QVBoxLayout(pane);
    layout->setContentsMargins(0, 0, 0, 0);
    m_summary = new QLabel(tr("Choose two strategies and compare them on the same input."), pane);
    m_summary->setObjectName(QStringLiteral("compareSummary"));
    m_summary->setWordWrap(true);
    m_summary->setFrameShape(QFrame::StyledPanel);
    m_summary->setMargin(6);
    m_summary->setAutoFillBackground(true);
    m_summary->setBackgroundRole(QPalette::AlternateBase);
    layout->addWidget(m_summary);

    auto *vertical = new QSplitter(Qt::Vertical, pane);
    m_comparison = new ComparisonModel(this);
    QTableView *differences = makeTable(vertical, QStringLiteral("comparisonTable"));
    differences->setModel(m_comparison);
    vertical->addWidget(differences);

    auto *lists = new QSplitter(Qt::Horizontal, vertical);
    m_listA = new CandidateTableModel(this);
    m_listB = new CandidateTableModel(this);
    for (auto [model, name, title] :
         {std::tuple{m_listA, QStringLiteral("compareListA"), &m_titleA},
          std::tuple{m_listB, QStringLiteral("compareListB"), &m_titleB}}) {
        auto *box = new QWidget(lists);
        auto *boxLayout = new QVBoxLayout(box);
        boxLayout->setContentsMargins(0, 0, 0, 0);
        *title = new QLabel(box);
        QTableView *table = makeTable(box, name);
        table->setModel(model);
        // Rank, ref, status, flags, score: enough to read a ranked list.
        for (int column : {int(CandidateTableModel::Kind), int(CandidateTableModel::Proof),
                           int(CandidateTableModel::Reason), int(CandidateTableModel::Tokens)})
            table->setColumnHidden(column, true);
        boxLayout->addWidget(*title);
        boxLayout->addWidget(table, 1);
        lists->addWidget(box);
    }
    vertical->addWidget(lists);
    layout->addWidget(vertical, 1);
    return pane;
}

void ComparePanel::compare()
{
    Actor actor = *m_session.actor();
    if (const QString as = m_form->viewAs(); !as.isEmpty()) {
        auto resolved = IdentityResolver::resolve(m_session.db(), actor.real.osUser, as);
        if (!resolved) {
            m_summary->setText(resolved.error());
            return;
        }
        actor = *resolved;
    }
    const quint64 generation =
        m_runner->submit(actor, {m_form->request(0), m_form->request(1)}, m_session.clock());
    m_summary->setText(tr("Comparing (#%1)…").arg(generation));
}

void ComparePanel::showOutcome(const QueryRunOutcome &outcome)
{
    if (!outcome.ok() || outcome.results.size() != 2) {
        m_summary->setText(tr("The comparison failed: %1").arg(outcome.error));
        return;
    }
    const RetrievalResult &a = outcome.results[0];
    const RetrievalResult &b = outcome.results[1];
    const StrategyComparison comparison = StrategyComparison::compare(a, b);
    m_comparison->setComparison(comparison);
    m_listA->setCandidates(a.candidates);
    m_listB->setCandidates(b.candidates);
    m_titleA->setText(
        tr("A: %1 — %n candidate(s)", nullptr, int(a.candidates.size())).arg(a.strategy));
    m_titleB->setText(
        tr("B: %1 — %n candidate(s)", nullptr, int(b.candidates.size())).arg(b.strategy));
    // Both runs read the same watermark only if nothing was projected in
    // between; show both so a lag difference can be explained.
    m_summary->setText(comparison.summary() + u'\n' +
                       tr("Watermark A %1, B %2 · canonical head %3")
                           .arg(a.watermark)
                           .arg(b.watermark)
                           .arg(b.canonicalHead));
    // Fit the columns, but keep long refs from pushing ranks and scores out of view.
    for (auto *table : findChildren<QTableView *>()) {
        table->resizeColumnsToContents();
        for (int column = 0; column < table->model()->columnCount(); ++column)
            table->setColumnWidth(column, std::min(table->columnWidth(column), MaxColumnWidth));
    }
    Q_EMIT comparisonShown(outcome.generation);
}

} // namespace cw
