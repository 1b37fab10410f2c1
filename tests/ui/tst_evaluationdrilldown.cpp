// The Evaluation dock in the window: a query of a run opens in the query
// panel with its trace, and the View menu opens the dock with its mnemonic
// and shortcut and brings it to the front.

#include "EvaluationPanel.h"
#include "Projector.h"
#include "QueryForm.h"
#include "QueryPanel.h"
#include "QueryResultView.h"
#include "QuerySets.h"
#include "TestPaths.h"
#include "UiFixture.h"

#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QMenu>
#include <QSettings>
#include <QSignalSpy>
#include <QTabBar>
#include <QTableView>
#include <QTest>

using namespace cw;
using namespace cw::test;

namespace {

int rowOf(const QAbstractItemModel &model, const QString &text)
{
    for (int row = 0; row < model.rowCount(); ++row)
        if (model.index(row, 0).data().toString() == text)
            return row;
    return -1;
}

// The title of the current tab of the dock tab bar that holds `title`.
QString frontTab(const QMainWindow &window, const QString &title)
{
    for (const QTabBar *bar : window.findChildren<QTabBar *>()) {
        for (int i = 0; i < bar->count(); ++i)
            if (bar->tabText(i) == title)
                return bar->tabText(bar->currentIndex());
    }
    return {};
}

} // namespace

class EvaluationDrillDownTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theDrillDownOpensTheQueryInTheQueryPanelWithItsTrace()
    {
        UiFixture f;
        {
            QFile set(TestPaths::source("tests/data/eval/demo-small.jsonl"));
            QVERIFY(set.open(QIODevice::ReadOnly));
            auto db = f.open();
            // The engine answers from the search projection.
            QVERIFY(Projector(*db, f.clock).run());
            // The small set only, not the demo's own: the test picks its q1.
            QVERIFY(db->execScript("DELETE FROM eval_sets"));
            auto imported =
                QuerySets(*db, f.clock).importJsonLines(set.readAll(), QStringLiteral("tester"));
            QVERIFY2(imported, qPrintable(imported.error()));
        }
        auto window = f.window(QStringLiteral("admin"));
        auto *panel =
            qobject_cast<EvaluationPanel *>(window->dockPanel(QStringLiteral("evaluationDock")));
        auto *query = qobject_cast<QueryPanel *>(window->dockPanel(QStringLiteral("queryDock")));
        QVERIFY(panel && query);
        QTRY_COMPARE(panel->setChooser()->count(), 1);
        panel->setCheckedStrategies({QStringLiteral("data-investigation@1")});
        QSignalSpy finished(panel, &EvaluationPanel::runFinished);
        panel->runSet();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
        QVERIFY2(finished.first().at(0).toBool(), qPrintable(finished.first().at(1).toString()));

        QAbstractItemModel *queries = panel->queriesTable()->model();
        QTRY_VERIFY(rowOf(*queries, QStringLiteral("q1")) >= 0);
        panel->queriesTable()->selectRow(rowOf(*queries, QStringLiteral("q1")));
        QSignalSpy shown(query, &QueryPanel::resultShown);
        panel->openSelectedQuery();
        QTRY_COMPARE_WITH_TIMEOUT(shown.count(), 1, 10000);
        const RetrievalRequest r = query->form()->request();
        QCOMPARE(r.text, QStringLiteral("register row missing"));
        QCOMPARE(r.symptoms, QStringList{QStringLiteral("missing-register-row")});
        QCOMPARE(r.product, QStringLiteral("lifeline"));
        QCOMPARE(r.productVersion, QStringLiteral("4.2"));
        QCOMPARE(r.strategy, QStringLiteral("data-investigation@1"));
        // q1 runs as ana; the admin's form can choose her.
        QCOMPARE(query->form()->viewAs(), QStringLiteral("ana"));
        QCOMPARE(query->resultView()->result().effectivePrincipal, QStringLiteral("ana"));
        // What the engine did for each candidate comes with it.
        const RetrievalResult &result = query->resultView()->result();
        QVERIFY(!result.candidates.isEmpty());
        QVERIFY(!result.candidates.first().trace.isEmpty());
        QCOMPARE(frontTab(*window, QStringLiteral("Query")), QStringLiteral("Query"));
    }

    void anAnalystsDrillDownRunsAsHerselfForAQueryOfAnothers()
    {
        // A stored run an admin made holds q2 as nils; ana opens it as ana:
        // only an admin's form can choose someone else.
        UiFixture f;
        auto window = f.window(QStringLiteral("ana"));
        auto *query = qobject_cast<QueryPanel *>(window->dockPanel(QStringLiteral("queryDock")));
        QVERIFY(query);
        RetrievalRequest r;
        r.strategy = QStringLiteral("data-investigation@1");
        r.text = QStringLiteral("register");
        QSignalSpy shown(query, &QueryPanel::resultShown);
        query->loadRequest(r, QStringLiteral("nils"));
        QTRY_COMPARE_WITH_TIMEOUT(shown.count(), 1, 10000);
        QCOMPARE(query->resultView()->result().effectivePrincipal, QStringLiteral("ana"));
        QCOMPARE(query->resultView()->result().realPrincipal, QStringLiteral("ana"));
    }

    void theViewMenuOpensAndRaisesTheDockWithItsShortcut()
    {
        UiFixture f;
        QSettings().remove(QStringLiteral("mainWindow")); // no saved layout: the defaults
        auto window = f.window(QStringLiteral("ana"));
        auto *dock = window->findChild<QDockWidget *>(QStringLiteral("evaluationDock"));
        QVERIFY(dock);
        auto *toggle = dock->findChild<QAction *>(QStringLiteral("evaluationDockToggle"));
        QVERIFY(toggle);
        QCOMPARE(toggle->text(), QStringLiteral("E&valuation"));
        QCOMPARE(toggle->shortcut(), QKeySequence(QStringLiteral("Ctrl+5")));
        QVERIFY(window->findChild<QMenu *>(QStringLiteral("viewMenu"))->actions().contains(toggle));
        // The analyst's query dock is in front; choosing Evaluation brings it there.
        QVERIFY(!dock->isVisible());
        QCOMPARE(frontTab(*window, QStringLiteral("Query")), QStringLiteral("Query"));
        toggle->trigger();
        QTRY_VERIFY(dock->isVisible());
        // Tabbed docks behind the current one are moved out of sight, not
        // hidden: the tab bar says which is in front.
        QTRY_COMPARE(frontTab(*window, QStringLiteral("Evaluation")), QStringLiteral("Evaluation"));
        QSettings().remove(QStringLiteral("mainWindow"));
    }
};

QTEST_MAIN(EvaluationDrillDownTest)
#include "tst_evaluationdrilldown.moc"
