#include "EvaluationPanel.h"

#include "Access.h"
#include "BackgroundRunner.h"
#include "Clock.h"
#include "ComparisonCsv.h"
#include "EvalChartView.h"
#include "EvalComparisonModel.h"
#include "EvalMetricsModel.h"
#include "EvalQueriesModel.h"
#include "EvalRunsModel.h"
#include "EvaluationRunner.h"
#include "FileChooser.h"
#include "QuerySets.h"
#include "ReplacingFile.h"
#include "RunComparison.h"
#include "RunHistory.h"
#include "Session.h"
#include "StrategyCatalog.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace cw {

EvaluationPanel::EvaluationPanel(Session &session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
{
    setObjectName(QStringLiteral("evaluationPanel"));
    setAccessibleName(tr("Evaluation"));
    m_runs = new EvalRunsModel(this);
    m_metrics = new EvalMetricsModel(this);
    m_queries = new EvalQueriesModel(this);
    // Another principal's answers are for whoever may run queries as them.
    m_queries->setMayShow([this](const QString &principal) {
        const auto &actor = m_session.actor();
        return actor && !Access(m_session.db(), *actor).mayEvaluateAs(principal);
    });
    m_comparison = new EvalComparisonModel(this);
    m_queryComparison = new EvalQueryComparisonModel(this);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setObjectName(QStringLiteral("evaluationSplitter"));
    splitter->addWidget(buildRunControls());
    splitter->addWidget(buildRuns());

    m_tabs = new QTabWidget(splitter);
    m_tabs->setObjectName(QStringLiteral("evaluationTabs"));
    m_tabs->setDocumentMode(true);
    auto *metricsTable = makeTable(QStringLiteral("evalMetricsTable"), tr("Measures per strategy"));
    metricsTable->setModel(m_metrics);
    metricsTable->setSelectionMode(QAbstractItemView::NoSelection);
    m_tabs->addTab(metricsTable, tr("&Measures"));

    auto *queries = new QWidget(m_tabs);
    auto *queriesLayout = new QVBoxLayout(queries);
    queriesLayout->setContentsMargins(0, 0, 0, 0);
    m_queriesTable = makeTable(QStringLiteral("evalQueriesTable"), tr("Queries of the run"));
    m_queriesTable->setModel(m_queries);
    m_queriesTable->setSelectionMode(QAbstractItemView::SingleSelection);
    m_open = new QPushButton(QIcon::fromTheme(QStringLiteral("document-open")),
                             tr("&Open in Query Panel"), queries);
    m_open->setObjectName(QStringLiteral("evalOpenQuery"));
    m_open->setToolTip(tr("Run this query in the query panel, as you, and show its trace"));
    queriesLayout->addWidget(m_queriesTable, 1);
    queriesLayout->addWidget(m_open, 0, Qt::AlignLeft);
    m_tabs->addTab(queries, tr("&Queries"));
    m_tabs->addTab(buildComparison(), tr("Com&parison"));
    m_tabs->addTab(buildChart(), tr("C&hart"));
    splitter->addWidget(m_tabs);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 3);
    splitter->setStretchFactor(2, 3);
    splitter->setSizes({200, 480, 680});

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(splitter);

    const QString path = session.location();
    m_reader = new BackgroundRunner(QStringLiteral("evaluationReader"), path, this);
    // Runs are stored: a writing connection of their own.
    m_runner = new BackgroundRunner(QStringLiteral("evaluationRunner"), path,
                                    Database::Mode::OpenExisting, this);
    m_comparer = new BackgroundRunner(QStringLiteral("evaluationCompare"), path, this);
    connect(m_reader, &BackgroundRunner::failed, this, [this](const QString &message) {
        m_status->setText(tr("Cannot read: %1").arg(message));
    });
    connect(m_runner, &BackgroundRunner::failed, this, [this](const QString &message) {
        const quint64 run = m_activeRun;
        runDone(run, Refusal{Refusal::Failed, message, {}});
    });
    connect(m_queriesTable, &QTableView::doubleClicked, this, &EvaluationPanel::openSelectedQuery);
    connect(m_open, &QPushButton::clicked, this, &EvaluationPanel::openSelectedQuery);
    connect(m_queriesTable->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &EvaluationPanel::updateControls);
    connect(&m_session, &Session::databaseChanged, this, &EvaluationPanel::refresh);
    connect(&m_session, &Session::actorChanged, this,
            [this] { m_queries->setRun(m_queries->run()); });
    refresh();
    updateControls();
}

// The runner threads stop (and a run still going is rolled back) before the
// widgets their deliveries touch are gone.
EvaluationPanel::~EvaluationPanel()
{
    m_runner->cancel();
    delete m_runner;
    delete m_comparer;
    delete m_reader;
}

QTableView *EvaluationPanel::makeTable(const QString &name, const QString &accessible)
{
    auto *table = new QTableView(this);
    table->setObjectName(name);
    table->setAccessibleName(accessible);
    table->setAlternatingRowColors(true);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setWordWrap(false);
    table->verticalHeader()->setVisible(false);
    table->horizontalHeader()->setStretchLastSection(true);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // A line of text a row, so a short dock still shows a dozen.
    table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    table->setIconSize(QSize(16, 16));
    return table;
}

QWidget *EvaluationPanel::buildRunControls()
{
    auto *box = new QWidget(this);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *setLabel = new QLabel(tr("Query &set:"), box);
    m_sets = new QComboBox(box);
    m_sets->setObjectName(QStringLiteral("evalSetChooser"));
    m_sets->setAccessibleName(tr("Query set"));
    setLabel->setBuddy(m_sets);
    layout->addWidget(setLabel);
    layout->addWidget(m_sets);

    auto *strategiesLabel = new QLabel(tr("S&trategies to run:"), box);
    m_strategies = new QListWidget(box);
    m_strategies->setObjectName(QStringLiteral("evalStrategies"));
    m_strategies->setAccessibleName(tr("Strategies to run"));
    m_strategies->setToolTip(tr("One run per checked strategy; none checked: one run with each "
                                "query's own strategy"));
    for (const StrategyDefinition &s : StrategyCatalog::builtIn().all()) {
        auto *item = new QListWidgetItem(s.key(), m_strategies);
        item->setData(Qt::UserRole, s.key());
        item->setToolTip(s.title);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Unchecked);
    }
    strategiesLabel->setBuddy(m_strategies);
    layout->addWidget(strategiesLabel);
    layout->addWidget(m_strategies, 1);

    auto *kRow = new QHBoxLayout;
    auto *kLabel = new QLabel(tr("Cut-off &k:"), box);
    m_k = new QSpinBox(box);
    m_k->setObjectName(QStringLiteral("evalK"));
    m_k->setRange(1, 1000);
    m_k->setValue(10);
    kLabel->setBuddy(m_k);
    kRow->addWidget(kLabel);
    kRow->addWidget(m_k, 1);
    layout->addLayout(kRow);

    auto *buttons = new QHBoxLayout;
    m_run = new QPushButton(QIcon::fromTheme(QStringLiteral("media-playback-start")),
                            tr("&Run Set"), box);
    m_run->setObjectName(QStringLiteral("evalRun"));
    m_run->setToolTip(tr("Score the set with the checked strategies, as you; the runs are stored"));
    m_cancel = new QPushButton(QIcon::fromTheme(QStringLiteral("process-stop")), tr("Cancel"), box);
    m_cancel->setObjectName(QStringLiteral("evalCancel"));
    buttons->addWidget(m_run);
    buttons->addWidget(m_cancel);
    layout->addLayout(buttons);
    m_progress = new QProgressBar(box);
    m_progress->setObjectName(QStringLiteral("evalProgress"));
    m_progress->setFormat(tr("%v of %m queries"));
    m_progress->setVisible(false); // shown while a run goes
    layout->addWidget(m_progress);
    m_status = new QLabel(box);
    m_status->setObjectName(QStringLiteral("evalStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);

    connect(m_sets, &QComboBox::activated, this, &EvaluationPanel::refresh);
    connect(m_run, &QPushButton::clicked, this, &EvaluationPanel::runSet);
    connect(m_cancel, &QPushButton::clicked, this, &EvaluationPanel::cancelRun);
    return box;
}

QWidget *EvaluationPanel::buildRuns()
{
    auto *box = new QWidget(this);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *label = new QLabel(tr("Stored r&uns (select one or more; two to compare):"), box);
    label->setWordWrap(true);
    m_runsTable = makeTable(QStringLiteral("evalRunsTable"), tr("Stored runs"));
    m_runsTable->setModel(m_runs);
    m_runsTable->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_runsTable->horizontalHeader()->setStretchLastSection(false);
    label->setBuddy(m_runsTable);
    m_compare = new QPushButton(tr("Compare &Two Runs"), box);
    m_compare->setObjectName(QStringLiteral("evalCompare"));
    m_compare->setToolTip(tr("The older selected run is A, the newer B"));
    layout->addWidget(label);
    layout->addWidget(m_runsTable, 1);
    layout->addWidget(m_compare, 0, Qt::AlignLeft);
    connect(m_runsTable->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &EvaluationPanel::showSelection);
    connect(m_compare, &QPushButton::clicked, this, &EvaluationPanel::compareSelected);
    return box;
}

QWidget *EvaluationPanel::buildComparison()
{
    auto *box = new QWidget(this);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    m_comparisonSummary = new QLabel(tr("Select two runs of the set and press Compare."), box);
    m_comparisonSummary->setObjectName(QStringLiteral("evalComparisonSummary"));
    m_comparisonSummary->setWordWrap(true);
    m_comparisonSummary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *tables = new QSplitter(Qt::Horizontal, box);
    auto *metrics = makeTable(QStringLiteral("evalComparisonTable"), tr("Per-metric comparison"));
    metrics->setModel(m_comparison);
    auto *queries =
        makeTable(QStringLiteral("evalQueryComparisonTable"), tr("Per-query comparison"));
    queries->setModel(m_queryComparison);
    tables->addWidget(metrics);
    tables->addWidget(queries);
    tables->setStretchFactor(0, 3);
    tables->setStretchFactor(1, 2);
    m_export = new QPushButton(QIcon::fromTheme(QStringLiteral("document-save-as")),
                               tr("E&xport CSV…"), box);
    m_export->setObjectName(QStringLiteral("evalExport"));
    layout->addWidget(m_comparisonSummary);
    layout->addWidget(tables, 1);
    layout->addWidget(m_export, 0, Qt::AlignLeft);
    connect(m_export, &QPushButton::clicked, this, &EvaluationPanel::exportComparison);
    return box;
}

QWidget *EvaluationPanel::buildChart()
{
    auto *box = new QWidget(this);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *row = new QHBoxLayout;
    auto *label = new QLabel(tr("M&etric:"), box);
    m_chartMetric = new QComboBox(box);
    m_chartMetric->setObjectName(QStringLiteral("evalChartMetric"));
    for (const QString &metric :
         {QStringLiteral("ndcg@k"), QStringLiteral("p@k"), QStringLiteral("r@k"),
          QStringLiteral("mrr"), QStringLiteral("judged@k"), QStringLiteral("evidence_recall"),
          QStringLiteral("unauthorised"), QStringLiteral("stale"), QStringLiteral("unsupported"),
          QStringLiteral("packing_loss"), QStringLiteral("tokens"),
          QStringLiteral("latency_ms_p50"), QStringLiteral("latency_ms_p95")})
        m_chartMetric->addItem(metric, metric);
    label->setBuddy(m_chartMetric);
    row->addWidget(label);
    row->addWidget(m_chartMetric);
    auto *note = new QLabel(tr("one line per strategy version; hollow marks: drifted runs"), box);
    row->addWidget(note, 1);
    layout->addLayout(row);
    m_chart = new EvalChartView(box);
    layout->addWidget(m_chart, 1);
    connect(m_chartMetric, &QComboBox::currentIndexChanged, this, &EvaluationPanel::showChart);
    return box;
}

void EvaluationPanel::refresh()
{
    const QString chosen = m_sets->currentData().toString();
    const QDateTime now = m_session.clock().now();
    // Whose retrievals the sets and runs may name is the reader's scope.
    std::optional<Actor> reader = m_session.actor();
    m_reader->submit([this, chosen, now, reader](const Database &db) -> BackgroundRunner::Delivery {
        const FixedClock asked(now);
        const QuerySets sets(db, asked);
        auto list = sets.list();
        if (!list)
            return [this, error = list.error()] {
                m_status->setText(tr("Cannot read: %1").arg(error));
            };
        QString setId = chosen;
        const auto known = [&](const QString &id) {
            return std::any_of(list->cbegin(), list->cend(),
                               [&](const EvalSetRecord &s) { return s.id == id; });
        };
        if (!known(setId))
            setId = list->isEmpty() ? QString() : list->first().id;
        std::shared_ptr<const QuerySet> set;
        QList<RunStatus> runs;
        if (!setId.isEmpty()) {
            const Actor *readerActor = reader ? &*reader : nullptr;
            auto loadedSet = sets.load(setId, readerActor);
            auto history = RunHistory(db, readerActor).list(setId);
            if (!loadedSet || !history)
                return [this, error = !loadedSet ? loadedSet.error() : history.error()] {
                    m_status->setText(tr("Cannot read: %1").arg(error));
                };
            if (*loadedSet)
                set = std::make_shared<const QuerySet>(**loadedSet);
            runs = *history;
        }
        return [this, sets = *list, setId, set, runs] { loaded(sets, setId, set, runs); };
    });
}

void EvaluationPanel::loaded(const QList<EvalSetRecord> &sets, const QString &setId,
                             const std::shared_ptr<const QuerySet> &set,
                             const QList<RunStatus> &runs)
{
    // Most commits (a query's memory use, a review) change nothing here: the
    // tables keep their selection and scroll position.
    QStringList key{setId};
    for (const EvalSetRecord &s : sets)
        key << s.id + u' ' + s.contentHash;
    for (const RunStatus &r : runs)
        key << QString::number(r.run.id) + u' ' + r.drift.join(u';');
    if (key == m_loadedKey && m_selectAfterLoad.isEmpty()) {
        Q_EMIT runsLoaded();
        return;
    }
    m_loadedKey = key;
    QList<std::int64_t> keep = m_selectAfterLoad.isEmpty() ? selectedRunIds() : m_selectAfterLoad;
    if (setId != m_setId && m_selectAfterLoad.isEmpty())
        keep.clear();
    m_selectAfterLoad.clear();
    m_sets->clear();
    for (const EvalSetRecord &s : sets)
        m_sets->addItem(tr("%1 — %2 (%n queries)", nullptr, s.queries).arg(s.id, s.name), s.id);
    m_sets->setCurrentIndex(m_sets->findData(setId));
    m_setId = setId;
    m_set = set;
    m_runs->setRuns(runs);
    if (keep.isEmpty() && !runs.isEmpty())
        keep.append(runs.last().run.id);
    selectRuns(keep);
    showChart();
    if (sets.isEmpty() && !isRunning())
        m_status->setText(
            tr("No query sets stored yet: curation-cli eval import SET.jsonl stores one."));
    updateControls();
    Q_EMIT runsLoaded();
}

void EvaluationPanel::selectRuns(const QList<std::int64_t> &ids)
{
    QItemSelection selection;
    for (std::int64_t id : ids) {
        const int row = m_runs->rowOf(id);
        if (row >= 0)
            selection.select(m_runs->index(row, 0),
                             m_runs->index(row, EvalRunsModel::ColumnCount - 1));
    }
    m_runsTable->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
    if (!ids.isEmpty() && m_runs->rowOf(ids.last()) >= 0)
        m_runsTable->selectionModel()->setCurrentIndex(m_runs->index(m_runs->rowOf(ids.last()), 0),
                                                       QItemSelectionModel::NoUpdate);
    showSelection();
}

QList<std::int64_t> EvaluationPanel::selectedRunIds() const
{
    QList<std::int64_t> ids;
    for (const QModelIndex &index : m_runsTable->selectionModel()->selectedRows())
        if (const RunStatus *s = m_runs->statusAt(index.row()))
            ids.append(s->run.id);
    std::sort(ids.begin(), ids.end());
    return ids;
}

const EvalRun *EvaluationPanel::storedRun(std::int64_t id) const
{
    const RunStatus *s = m_runs->statusAt(m_runs->rowOf(id));
    return s ? &s->run : nullptr;
}

void EvaluationPanel::showSelection()
{
    QList<EvalRun> runs;
    for (std::int64_t id : selectedRunIds())
        runs.append(*storedRun(id));
    m_metrics->setRuns(runs);
    // The drill-down shows the newest selected run.
    m_queries->setRun(runs.isEmpty() ? EvalRun() : runs.last());
    updateControls();
}

void EvaluationPanel::showChart()
{
    m_chart->setRuns(m_runs->runs(), m_chartMetric->currentData().toString());
}

void EvaluationPanel::setCheckedStrategies(const QStringList &keys)
{
    for (int row = 0; row < m_strategies->count(); ++row) {
        QListWidgetItem *item = m_strategies->item(row);
        item->setCheckState(keys.contains(item->data(Qt::UserRole).toString()) ? Qt::Checked
                                                                               : Qt::Unchecked);
    }
}

QStringList EvaluationPanel::checkedStrategies() const
{
    QStringList keys;
    for (int row = 0; row < m_strategies->count(); ++row)
        if (m_strategies->item(row)->checkState() == Qt::Checked)
            keys.append(m_strategies->item(row)->data(Qt::UserRole).toString());
    return keys;
}

void EvaluationPanel::runSet()
{
    if (isRunning() || m_setId.isEmpty() || !m_session.actor())
        return;
    const quint64 run = ++m_runCount;
    m_activeRun = run;
    const Actor actor = *m_session.actor();
    const QString setId = m_setId;
    const QStringList strategies = checkedStrategies();
    const int k = m_k->value();
    const QDateTime now = m_session.clock().now();
    m_progress->setRange(0, 0); // busy until the first query is done
    m_progress->setVisible(true);
    m_status->setText(
        strategies.isEmpty()
            ? tr("Running %1 with each query's own strategy, as %2…").arg(setId, actor.effective.id)
            : tr("Running %1 with %2, as %3…")
                  .arg(setId, strategies.join(QStringLiteral(", ")), actor.effective.id));
    updateControls();
    BackgroundRunner *runner = m_runner;
    m_runner->submit([this, runner, run, actor, setId, strategies, k,
                      now](const Database &db) -> BackgroundRunner::Delivery {
        const FixedClock asked(now);
        EvaluationRunner evaluation(db, asked, actor);
        auto result =
            evaluation.run(setId, strategies, k, [this, runner, run](int done, int total) {
                // Progress crosses to the GUI thread; Cancel stops at the next query.
                QMetaObject::invokeMethod(
                    this, [this, run, done, total] { showProgress(run, done, total); },
                    Qt::QueuedConnection);
                return !runner->isRunningStale();
            });
        return [this, run, result] { runDone(run, result); };
    });
}

void EvaluationPanel::showProgress(quint64 run, int done, int total)
{
    if (run != m_activeRun)
        return;
    m_progress->setRange(0, total);
    m_progress->setValue(done);
}

void EvaluationPanel::cancelRun()
{
    if (!isRunning())
        return;
    m_runner->cancel();
    m_activeRun = 0;
    m_progress->setVisible(false);
    m_status->setText(tr("Run cancelled: nothing was stored."));
    updateControls();
    Q_EMIT runFinished(false, m_status->text());
}

void EvaluationPanel::runDone(quint64 run, const Refusable<QList<EvalRun>> &result)
{
    if (run == 0 || run != m_activeRun)
        return;
    m_activeRun = 0;
    if (!result) {
        m_progress->setVisible(false);
        m_status->setText(tr("Not run: %1").arg(result.refusal().message));
        updateControls();
        Q_EMIT runFinished(false, m_status->text());
        return;
    }
    QStringList made;
    for (const EvalRun &r : *result) {
        m_selectAfterLoad.append(r.id);
        made.append(tr("run %1 (%2)").arg(r.id).arg(r.strategy));
    }
    m_status->setText(tr("Stored %1.").arg(made.join(QStringLiteral(", "))));
    m_tabs->setCurrentIndex(0);
    updateControls();
    // The runs were committed on the runner's connection: the session sees
    // the commit at its next check; reading now shows them at once.
    refresh();
    Q_EMIT runFinished(true, m_status->text());
}

void EvaluationPanel::compareSelected()
{
    const QList<std::int64_t> ids = selectedRunIds();
    if (ids.size() == 2)
        compareRuns(ids.at(0), ids.at(1));
}

void EvaluationPanel::compareRuns(std::int64_t a, std::int64_t b)
{
    const EvalRun *runA = storedRun(a);
    const EvalRun *runB = storedRun(b);
    if (!runA || !runB)
        return;
    m_comparisonSummary->setText(tr("Comparing run %1 with run %2…").arg(a).arg(b));
    // The randomization test is thousands of passes over the queries: off
    // the GUI thread (it reads nothing).
    m_comparer->submit([this, runA = *runA,
                        runB = *runB](const Database &) -> BackgroundRunner::Delivery {
        auto comparison = RunComparison::compare(runA, runB, Permutations, Seed);
        return [this, comparison, strategyA = runA.strategy, strategyB = runB.strategy] {
            if (!comparison) {
                m_comparisonSummary->setText(tr("Cannot compare: %1").arg(comparison.error()));
                return;
            }
            m_shown = std::make_shared<const Comparison>(*comparison);
            m_comparison->setComparison(*comparison);
            m_queryComparison->setComparison(*comparison);
            const Comparison &c = *comparison;
            m_comparisonSummary->setText(
                tr("A = run %1 (%2), B = run %3 (%4). On %5: A wins %6, B wins %7, %8 tied. "
                   "Mean rank-biased overlap (p = 0.9): %9. p-values from a paired randomization "
                   "test (%10); * marks p < 0.05.")
                    .arg(c.runA)
                    .arg(strategyA)
                    .arg(c.runB)
                    .arg(strategyB, c.winMetric)
                    .arg(c.aWins.size())
                    .arg(c.bWins.size())
                    .arg(c.ties)
                    .arg(QString::number(c.meanRbo, 'f', 3),
                         c.exact ? tr("every sign assignment")
                                 : tr("%1 sign flips, seed %2").arg(c.permutations).arg(c.seed)));
            m_tabs->setCurrentIndex(2);
            updateControls();
            Q_EMIT comparisonShown();
        };
    });
}

void EvaluationPanel::openSelectedQuery()
{
    const QModelIndexList rows = m_queriesTable->selectionModel()->selectedRows();
    const QueryOutcome *outcome =
        rows.isEmpty() ? nullptr : m_queries->outcomeAt(rows.first().row());
    if (!outcome || !m_set)
        return;
    const EvalQuery *query = m_set->query(outcome->id);
    if (!query) {
        m_status->setText(
            tr("Query %1 is no longer in set %2 (the run has drifted).").arg(outcome->id, m_setId));
        return;
    }
    // As the run sent it: the strategy version it used.
    const RetrievalRequest request =
        EvaluationRunner::requestOf(*query, outcome->strategy, m_set->id);
    m_status->setText(tr("Opened %1 in the query panel.").arg(outcome->id));
    Q_EMIT queryOpened(request, outcome->principal);
}

void EvaluationPanel::exportComparison()
{
    if (!m_shown)
        return;
    const QString path = FileChooser::saveFile(this, tr("Export Comparison"),
                                               tr("CSV files (*.csv);;All files (*)"));
    if (path.isEmpty())
        return;
    const QByteArray csv = ComparisonCsv::write(*m_shown);
    ReplacingFile file(path);
    if (!file.open() || file.write(csv) != csv.size()) {
        m_comparisonSummary->setText(tr("Cannot write %1: %2").arg(path, file.errorString()));
        return;
    }
    if (auto committed = file.commit(); !committed) {
        m_comparisonSummary->setText(committed.error());
        return;
    }
    m_status->setText(tr("Exported the comparison of runs %1 and %2 to %3.")
                          .arg(m_shown->runA)
                          .arg(m_shown->runB)
                          .arg(path));
}

void EvaluationPanel::updateControls()
{
    const bool running = isRunning();
    m_run->setEnabled(!running && !m_setId.isEmpty() && m_session.actor().has_value());
    m_cancel->setEnabled(running);
    m_sets->setEnabled(!running);
    m_compare->setEnabled(selectedRunIds().size() == 2);
    m_open->setEnabled(m_queriesTable->selectionModel()->hasSelection());
    m_export->setEnabled(m_shown != nullptr);
}

} // namespace cw
