// The Evaluation dock: stored sets and runs (drift marked in words), a set
// run in the background with progress and Cancel, the measures per
// strategy, a comparison of two runs and its CSV, a chart per strategy
// version, and a query opened in the query panel — all through the model
// `curation-cli eval` uses. The drill-down into the query panel and the
// View menu are in tst_evaluationdrilldown (the window's part).

#include "ComparisonCsv.h"
#include "EvalChartView.h"
#include "EvalComparisonModel.h"
#include "EvalMetricsModel.h"
#include "EvalQueriesModel.h"
#include "EvalRunsModel.h"
#include "EvaluationPanel.h"
#include "EvaluationRunner.h"
#include "FileChooser.h"
#include "PanelFixture.h"
#include "QuerySets.h"
#include "RunComparison.h"
#include "RunHistory.h"
#include "TestPaths.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QFile>
#include <QFont>
#include <QLabel>
#include <QLineSeries>
#include <QListWidget>
#include <QProgressBar>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QValueAxis>

using namespace cw;
using namespace cw::test;

namespace {

QByteArray file(const QString &name)
{
    QFile f(TestPaths::source("tests/data/eval/") + name);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(name));
    return f.readAll();
}

// A set whose queries run as whoever runs it: `queries` copies of a
// judged register-row query.
QByteArray ownSet(int queries)
{
    QByteArray lines = R"({"type":"set","id":"own","name":"Register rows"})"
                       "\n";
    for (int i = 1; i <= queries; ++i) {
        const QByteArray id = "q" + QByteArray::number(i);
        lines += R"({"type":"query","id":")" + id +
                 R"(","strategy":"data-investigation","text":"register row missing",)"
                 R"("symptoms":["missing-register-row"]})"
                 "\n";
        lines += R"({"type":"judgment","query":")" + id +
                 R"(","ref":"EXP-9","grade":3})"
                 "\n";
        lines += R"({"type":"judgment","query":")" + id +
                 R"(","ref":"KB-12","grade":1})"
                 "\n";
    }
    return lines;
}

// A session on the demo database without the demo's own query set: these
// tests count and compare the small sets they import themselves.
template <typename Fixture>
auto sessionOwnSets(Fixture &f, const QString &file, const QString &login)
{
    auto session = f.session(file, login);
    if (!session->db().execScript("DELETE FROM eval_sets"))
        qFatal("could not remove the demo's query set");
    return session;
}

void import(const Database &db, const Clock &clock, const QByteArray &jsonl)
{
    auto imported = QuerySets(db, clock).importJsonLines(jsonl, QStringLiteral("tester"));
    if (!imported)
        qFatal("%s", qPrintable(imported.error()));
}

QList<EvalRun> runModel(const Database &db, const Clock &clock, const Actor &actor,
                        const QString &set, const QStringList &strategies)
{
    auto runs = EvaluationRunner(db, clock, actor).run(set, strategies, 10);
    if (!runs)
        qFatal("%s", qPrintable(runs.error()));
    return *runs;
}

int storedRuns(const Database &db)
{
    auto runs = RunHistory(db, nullptr).list();
    return runs ? int(runs->size()) : -1;
}

QString cellText(const QAbstractItemModel &model, int row, int column, int role = Qt::DisplayRole)
{
    return model.data(model.index(row, column), role).toString();
}

} // namespace

class EvaluationDockTest : public QObject
{
    Q_OBJECT

private:
    static void waitForRuns(EvaluationPanel &panel, int rows)
    {
        QTRY_COMPARE_WITH_TIMEOUT(panel.runsModel()->rowCount(), rows, 10000);
    }

private Q_SLOTS:
    void everyModelPassesTheModelTester()
    {
        PanelFixture f;
        auto session = sessionOwnSets(f, QStringLiteral("cw.db"), QStringLiteral("admin"));
        import(session->db(), f.clock, file(QStringLiteral("demo-small.jsonl")));
        const QList<EvalRun> made = runModel(
            session->db(), f.clock, *session->actor(), QStringLiteral("demo-small"),
            {QStringLiteral("data-investigation@1"), QStringLiteral("root-classification@1")});
        auto history = RunHistory(session->db(), &*session->actor()).list();
        QVERIFY(history);
        auto comparison = RunComparison::compare(made.at(0), made.at(1), 1000, 1);
        QVERIFY(comparison);
        const auto mode = QAbstractItemModelTester::FailureReportingMode::QtTest;

        EvalRunsModel runs;
        QAbstractItemModelTester runsTester(&runs, mode);
        runs.setRuns(*history);
        runs.setRuns({});
        runs.setRuns(*history);
        EvalMetricsModel metrics;
        QAbstractItemModelTester metricsTester(&metrics, mode);
        metrics.setRuns(made);
        metrics.setRuns({made.first()});
        EvalQueriesModel queries;
        QAbstractItemModelTester queriesTester(&queries, mode);
        queries.setRun(made.first());
        queries.setRun(EvalRun());
        EvalComparisonModel byMetric;
        QAbstractItemModelTester byMetricTester(&byMetric, mode);
        byMetric.setComparison(*comparison);
        EvalQueryComparisonModel byQuery;
        QAbstractItemModelTester byQueryTester(&byQuery, mode);
        byQuery.setComparison(*comparison);
        QCOMPARE(byQuery.rowCount(), 4);
    }

    void theDockListsTheSetsAndTheirRunsWithDriftMarkedInWords()
    {
        PanelFixture f;
        auto session = sessionOwnSets(f, QStringLiteral("cw.db"), QStringLiteral("admin"));
        import(session->db(), f.clock, file(QStringLiteral("demo-small.jsonl")));
        import(session->db(), f.clock, file(QStringLiteral("other-set.jsonl")));
        runModel(session->db(), f.clock, *session->actor(), QStringLiteral("demo-small"),
                 {QStringLiteral("data-investigation@1")});
        // The set's judgments change: the run above no longer describes it.
        QByteArray changed = file(QStringLiteral("demo-small.jsonl"));
        changed.replace(R"("ref":"EXP-1","grade":0)", R"("ref":"EXP-1","grade":1)");
        import(session->db(), f.clock, changed);
        runModel(session->db(), f.clock, *session->actor(), QStringLiteral("demo-small"),
                 {QStringLiteral("data-investigation@1")});

        EvaluationPanel panel(*session);
        panel.resize(1200, 500);
        panel.show();
        QTRY_COMPARE(panel.setChooser()->count(), 2);
        QCOMPARE(panel.setChooser()->currentData().toString(), QStringLiteral("demo-small"));
        QVERIFY(panel.setChooser()->currentText().contains(QStringLiteral("4 queries")));
        waitForRuns(panel, 2);
        const EvalRunsModel &runs = *panel.runsModel();
        const QString old = cellText(runs, 0, EvalRunsModel::Drift);
        QVERIFY2(old.startsWith(QStringLiteral("drifted: ")) && old.contains(QStringLiteral("set")),
                 qPrintable(old));
        // Not by colour alone: an icon and bold type as well as the words.
        QVERIFY(!runs.data(runs.index(0, EvalRunsModel::Drift), Qt::DecorationRole).isNull());
        QVERIFY(runs.data(runs.index(0, EvalRunsModel::Drift), Qt::FontRole).value<QFont>().bold());
        QCOMPARE(cellText(runs, 1, EvalRunsModel::Drift), QStringLiteral("current"));
        QVERIFY(runs.data(runs.index(1, EvalRunsModel::Drift), Qt::DecorationRole).isNull());
        // The newest run is selected: its measures show.
        QCOMPARE(panel.metricsModel()->columnCount(), EvalMetricsModel::FirstRun + 1);

        // The other set has no runs.
        panel.setChooser()->setCurrentIndex(panel.setChooser()->findData(QStringLiteral("other")));
        panel.refresh();
        waitForRuns(panel, 0);
        QCOMPARE(panel.metricsModel()->columnCount(), int(EvalMetricsModel::FirstRun));
    }

    void runningASetInTheBackgroundFillsTheMeasuresPerStrategy()
    {
        PanelFixture f;
        auto session = sessionOwnSets(f, QStringLiteral("cw.db"), QStringLiteral("admin"));
        import(session->db(), f.clock, file(QStringLiteral("demo-small.jsonl")));
        EvaluationPanel panel(*session);
        QTRY_COMPARE(panel.setChooser()->count(), 1);
        panel.setCheckedStrategies(
            {QStringLiteral("data-investigation@1"), QStringLiteral("root-classification@1")});
        QCOMPARE(panel.checkedStrategies().size(), 2);
        QSignalSpy finished(&panel, &EvaluationPanel::runFinished);
        panel.runSet();
        QVERIFY(panel.isRunning());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
        QVERIFY2(finished.first().at(0).toBool(), qPrintable(finished.first().at(1).toString()));
        waitForRuns(panel, 2);
        auto *progress = panel.findChild<QProgressBar *>(QStringLiteral("evalProgress"));
        QCOMPARE(progress->maximum(), 8); // 4 queries, 2 strategies
        QCOMPARE(storedRuns(session->db()), 2);

        // Both new runs are selected, one column each, IR and seed measures.
        const EvalMetricsModel &m = *panel.metricsModel();
        QTRY_COMPARE(m.columnCount(), EvalMetricsModel::FirstRun + 2);
        QVERIFY(m.headerData(EvalMetricsModel::FirstRun, Qt::Horizontal)
                    .toString()
                    .startsWith(QStringLiteral("data-investigation@1\nrun ")));
        QVERIFY(m.headerData(EvalMetricsModel::FirstRun + 1, Qt::Horizontal)
                    .toString()
                    .startsWith(QStringLiteral("root-classification@1")));
        QCOMPARE(cellText(m, EvalMetricsModel::Ndcg, EvalMetricsModel::Measure),
                 QStringLiteral("ndcg@10"));
        QCOMPARE(cellText(m, EvalMetricsModel::Ndcg, EvalMetricsModel::Kind), QStringLiteral("IR"));
        QCOMPARE(cellText(m, EvalMetricsModel::Unauthorised, EvalMetricsModel::Kind),
                 QStringLiteral("seed"));
        const EvalRun &run = m.runs().first();
        QCOMPARE(cellText(m, EvalMetricsModel::Ndcg, EvalMetricsModel::FirstRun),
                 QString::number(run.means.value(QStringLiteral("ndcg@10")).toDouble(), 'f', 3));
        QCOMPARE(cellText(m, EvalMetricsModel::PairsHeld, EvalMetricsModel::FirstRun),
                 QStringLiteral("%1 of 1").arg(run.pairsHeld()));
        for (int row = 0; row < EvalMetricsModel::RowCount; ++row)
            QVERIFY2(!cellText(m, row, EvalMetricsModel::FirstRun).isEmpty(),
                     qPrintable(cellText(m, row, EvalMetricsModel::Measure)));
        // The chart has a line per strategy version.
        QCOMPARE(panel.chart()->lines().size(), 2);
    }

    void cancelStopsTheRunAndStoresNothing()
    {
        PanelFixture f;
        auto session = sessionOwnSets(f, QStringLiteral("cw.db"), QStringLiteral("ana"));
        import(session->db(), f.clock, ownSet(400));
        EvaluationPanel panel(*session);
        QTRY_COMPARE(panel.setChooser()->count(), 1);
        panel.setCheckedStrategies({QStringLiteral("data-investigation@1"),
                                    QStringLiteral("root-classification@1"),
                                    QStringLiteral("configuration@1")});
        auto *progress = panel.findChild<QProgressBar *>(QStringLiteral("evalProgress"));
        // Cancel as soon as the first query is reported: mid-run.
        connect(progress, &QProgressBar::valueChanged, &panel, [&panel](int value) {
            if (value >= 1 && panel.isRunning())
                panel.cancelRun();
        });
        QSignalSpy finished(&panel, &EvaluationPanel::runFinished);
        panel.runSet();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
        QCOMPARE(finished.first().at(0).toBool(), false);
        QVERIFY(!panel.isRunning());
        QVERIFY(panel.status()->text().contains(QStringLiteral("nothing was stored")));
        QTest::qWait(1500); // whatever the runner thread was doing has ended
        QCOMPARE(finished.count(), 1);
        QCOMPARE(storedRuns(session->db()), 0);
        QCOMPARE(panel.runsModel()->rowCount(), 0);
    }

    void anAnalystMayNotRunQueriesAsOthersAndNeitherMayAnAdminViewingAsOne()
    {
        PanelFixture f;
        auto session = sessionOwnSets(f, QStringLiteral("cw.db"), QStringLiteral("ana"));
        // demo-small's q2 runs as nils.
        import(session->db(), f.clock, file(QStringLiteral("demo-small.jsonl")));
        {
            EvaluationPanel panel(*session);
            QTRY_COMPARE(panel.setChooser()->count(), 1);
            QSignalSpy finished(&panel, &EvaluationPanel::runFinished);
            panel.runSet();
            QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
            QCOMPARE(finished.first().at(0).toBool(), false);
            QVERIFY2(panel.status()->text().contains(
                         QStringLiteral("ana may not run evaluation queries as nils")),
                     qPrintable(panel.status()->text()));
        }
        auto admin = sessionOwnSets(f, QStringLiteral("admin.db"), QStringLiteral("admin"));
        import(admin->db(), f.clock, file(QStringLiteral("demo-small.jsonl")));
        auto dora = PanelFixture::actorFor(admin->db(), QStringLiteral("dora"));
        admin->viewAs(dora.effective);
        EvaluationPanel panel(*admin);
        QTRY_COMPARE(panel.setChooser()->count(), 1);
        QSignalSpy finished(&panel, &EvaluationPanel::runFinished);
        panel.runSet();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
        QCOMPARE(finished.first().at(0).toBool(), false);
        QVERIFY2(panel.status()->text().contains(QStringLiteral("dora may not run evaluation")),
                 qPrintable(panel.status()->text()));
        QCOMPARE(storedRuns(session->db()), 0);
        QCOMPARE(storedRuns(admin->db()), 0);
    }

    void anotherPrincipalsRankedListsAreShownOnlyToWhoMayRunQueriesAsThem()
    {
        PanelFixture f;
        auto admin = sessionOwnSets(f, QStringLiteral("cw.db"), QStringLiteral("admin"));
        import(admin->db(), f.clock, file(QStringLiteral("demo-small.jsonl")));
        runModel(admin->db(), f.clock, *admin->actor(), QStringLiteral("demo-small"),
                 {QStringLiteral("data-investigation@1")});
        // q1 ran as ana, q2 as nils, q4 as admin (who ran the set).
        Session ana(f.other(QStringLiteral("cw.db")),
                    PanelFixture::actorFor(admin->db(), QStringLiteral("ana")), QString());
        EvaluationPanel panel(ana);
        waitForRuns(panel, 1);
        const EvalQueriesModel &q = *panel.queriesModel();
        QTRY_COMPARE(q.rowCount(), 4);
        const auto candidates = [&q](const QString &id) {
            return cellText(q, q.rowOf(id), EvalQueriesModel::Candidates);
        };
        QVERIFY(candidates(QStringLiteral("q1")).contains(u'@'));
        QCOMPARE(candidates(QStringLiteral("q2")), QStringLiteral("not shown: it ran as nils"));
        QCOMPARE(cellText(q, q.rowOf(QStringLiteral("q2")), EvalQueriesModel::Findings),
                 QStringLiteral("not shown: it ran as nils"));
        QCOMPARE(candidates(QStringLiteral("q4")), QStringLiteral("not shown: it ran as admin"));
        // Her figures are the run's: only the lists are withheld.
        QVERIFY(!cellText(q, q.rowOf(QStringLiteral("q2")), EvalQueriesModel::Ndcg).isEmpty());

        // The admin, as himself, sees every list; viewing as dora, only hers.
        EvaluationPanel adminPanel(*admin);
        waitForRuns(adminPanel, 1);
        const EvalQueriesModel &all = *adminPanel.queriesModel();
        QTRY_COMPARE(all.rowCount(), 4);
        QVERIFY(cellText(all, all.rowOf(QStringLiteral("q2")), EvalQueriesModel::Candidates)
                    .contains(u'@'));
        admin->viewAs(PanelFixture::actorFor(admin->db(), QStringLiteral("dora")).effective);
        QCOMPARE(cellText(all, all.rowOf(QStringLiteral("q2")), EvalQueriesModel::Candidates),
                 QStringLiteral("not shown: it ran as nils"));
    }

    void comparingTwoRunsShowsTheModelsPValuesWinsAndOverlap()
    {
        PanelFixture f;
        auto session = sessionOwnSets(f, QStringLiteral("cw.db"), QStringLiteral("admin"));
        import(session->db(), f.clock, file(QStringLiteral("demo-small.jsonl")));
        const QList<EvalRun> made = runModel(
            session->db(), f.clock, *session->actor(), QStringLiteral("demo-small"),
            {QStringLiteral("data-investigation@1"), QStringLiteral("root-classification@1")});
        EvaluationPanel panel(*session);
        waitForRuns(panel, 2);
        panel.selectRuns({made.at(0).id, made.at(1).id});
        QSignalSpy shown(&panel, &EvaluationPanel::comparisonShown);
        panel.compareSelected();
        QTRY_COMPARE(shown.count(), 1);

        // The same figures `curation-cli eval compare` prints (its defaults).
        auto expected = RunComparison::compare(
            made.at(0), made.at(1), EvaluationPanel::Permutations, EvaluationPanel::Seed);
        QVERIFY(expected);
        const EvalComparisonModel &m = *panel.comparisonModel();
        QCOMPARE(m.rowCount(), expected->metrics.size());
        for (int row = 0; row < m.rowCount(); ++row) {
            const MetricComparison &e = expected->metrics.at(row);
            QCOMPARE(cellText(m, row, EvalComparisonModel::Metric), e.metric);
            QVERIFY(cellText(m, row, EvalComparisonModel::PValue)
                        .startsWith(QString::number(e.pValue, 'f', 4)));
            QCOMPARE(cellText(m, row, EvalComparisonModel::Difference).toDouble(),
                     QString::number(e.difference, 'f', 4).toDouble());
        }
        QCOMPARE(m.headerData(EvalComparisonModel::A, Qt::Horizontal).toString(),
                 QStringLiteral("A (run %1)").arg(made.at(0).id));
        const QString summary =
            panel.findChild<QLabel *>(QStringLiteral("evalComparisonSummary"))->text();
        QVERIFY2(summary.contains(QStringLiteral("A wins %1, B wins %2, %3 tied")
                                      .arg(expected->aWins.size())
                                      .arg(expected->bWins.size())
                                      .arg(expected->ties)),
                 qPrintable(summary));
        QVERIFY(summary.contains(QString::number(expected->meanRbo, 'f', 3)));
        const EvalQueryComparisonModel &q = *panel.queryComparisonModel();
        QCOMPARE(q.rowCount(), 4);
        for (int row = 0; row < q.rowCount(); ++row) {
            const QString id = cellText(q, row, EvalQueryComparisonModel::Query);
            const QString winner = cellText(q, row, EvalQueryComparisonModel::Winner);
            QCOMPARE(winner == QStringLiteral("A"), expected->aWins.contains(id));
            QCOMPARE(winner == QStringLiteral("B"), expected->bWins.contains(id));
        }
    }

    void theComparisonExportsAsCsvWithTheShownFigures()
    {
        PanelFixture f;
        auto session = sessionOwnSets(f, QStringLiteral("cw.db"), QStringLiteral("admin"));
        import(session->db(), f.clock, file(QStringLiteral("demo-small.jsonl")));
        const QList<EvalRun> made = runModel(
            session->db(), f.clock, *session->actor(), QStringLiteral("demo-small"),
            {QStringLiteral("data-investigation@1"), QStringLiteral("root-classification@1")});
        EvaluationPanel panel(*session);
        waitForRuns(panel, 2);
        panel.selectRuns({made.at(0).id, made.at(1).id});
        QSignalSpy shown(&panel, &EvaluationPanel::comparisonShown);
        panel.compareSelected();
        QTRY_COMPARE(shown.count(), 1);
        const QString path = f.path(QStringLiteral("comparison.csv"));
        FileChooser::setNextAnswer(path);
        panel.exportComparison();
        QCOMPARE(FileChooser::lastTitle(), QStringLiteral("Export Comparison"));
        QFile csv(path);
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(csv.readAll()).split(QStringLiteral("\r\n"));
        const Comparison &c = *panel.shownComparison();
        QCOMPARE(lines.at(0), QStringLiteral("set,run_a,run_b,permutations,seed,exact,a_wins,"
                                             "b_wins,ties,mean_rbo"));
        QVERIFY(lines.at(1).startsWith(
            QStringLiteral("demo-small,%1,%2,").arg(made.at(0).id).arg(made.at(1).id)));
        QCOMPARE(lines.at(3), QStringLiteral("metric,a,b,difference,p_value,queries"));
        const QStringList ndcg = lines.filter(QRegularExpression(QStringLiteral("^ndcg@10,")));
        QCOMPARE(ndcg.size(), 1);
        const QStringList cells = ndcg.first().split(u',');
        const auto metric = std::find_if(c.metrics.cbegin(), c.metrics.cend(), [](const auto &m) {
            return m.metric == QStringLiteral("ndcg@10");
        });
        QVERIFY(metric != c.metrics.cend());
        QCOMPARE(cells.at(4).toDouble(), metric->pValue);
        QCOMPARE(cells.at(3).toDouble(), metric->difference);
        QVERIFY(lines.contains(QStringLiteral("query,a_ndcg@10,b_ndcg@10,winner,rbo")));
        QCOMPARE(lines.filter(QRegularExpression(QStringLiteral("^q[1-4],"))).size(), 4);
        // Cancelled dialog: nothing written, nothing said.
        FileChooser::setNextAnswer(QString());
        panel.exportComparison();
    }

    void aCsvCellThatASpreadsheetWouldRunIsWrittenAsText()
    {
        QCOMPARE(ComparisonCsv::cell(QStringLiteral("=HYPERLINK(\"x\")")),
                 QStringLiteral("\"'=HYPERLINK(\"\"x\"\")\""));
        QCOMPARE(ComparisonCsv::cell(QStringLiteral("+1")), QStringLiteral("'+1"));
        QCOMPARE(ComparisonCsv::cell(QStringLiteral("@sum")), QStringLiteral("'@sum"));
        QCOMPARE(ComparisonCsv::cell(QStringLiteral("a,b")), QStringLiteral("\"a,b\""));
        QCOMPARE(ComparisonCsv::cell(QStringLiteral("q1")), QStringLiteral("q1"));
    }

    void theChartHasALinePerStrategyVersionWithDistinctPatternsAndWholeRunNumbers()
    {
        PanelFixture f;
        auto session = sessionOwnSets(f, QStringLiteral("cw.db"), QStringLiteral("admin"));
        import(session->db(), f.clock, file(QStringLiteral("demo-small.jsonl")));
        for (int i = 0; i < 3; ++i)
            runModel(
                session->db(), f.clock, *session->actor(), QStringLiteral("demo-small"),
                {QStringLiteral("data-investigation@1"), QStringLiteral("root-classification@1")});
        EvaluationPanel panel(*session);
        waitForRuns(panel, 6);
        const QList<QLineSeries *> lines = panel.chart()->lines();
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines.at(0)->name(), QStringLiteral("data-investigation@1"));
        QCOMPARE(lines.at(0)->count(), 3);
        QVERIFY(lines.at(0)->pen().style() != lines.at(1)->pen().style());
        QCOMPARE(panel.chart()->runAxis()->tickInterval(), 1.0);
        QCOMPARE(panel.chart()->runAxis()->labelFormat(), QStringLiteral("%d"));
        QCOMPARE(panel.chart()->valueAxis()->titleText(), QStringLiteral("ndcg@k"));
        panel.chartMetric()->setCurrentIndex(
            panel.chartMetric()->findData(QStringLiteral("latency_ms_p95")));
        QCOMPARE(panel.chart()->valueAxis()->titleText(), QStringLiteral("latency_ms_p95"));
        QCOMPARE(panel.chart()->lines().size(), 2);
    }
};

QTEST_MAIN(EvaluationDockTest)
#include "tst_evaluationdock.moc"
