// One panel convention: every panel follows the session — who acts (View
// As), the clock, and commits, its own included — and the window places the
// docks its list names and asks panels for what it needs.

#include "ComparisonView.h"
#include "LagMonitorPanel.h"
#include "ProposalWorkspace.h"
#include "QueryPanel.h"
#include "QueryResultView.h"
#include "Statement.h"
#include "UiFixture.h"
#include "WorkbenchDocks.h"

#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QScrollArea>
#include <QSettings>
#include <QSignalSpy>
#include <QSplitter>
#include <QTest>

using namespace cw;
using namespace cw::test;

class PanelConventionTest : public QObject
{
    Q_OBJECT

private:
    static QueryPanel *queryPanel(MainWindow &w)
    {
        return qobject_cast<QueryPanel *>(w.dockPanel(QStringLiteral("queryDock")));
    }
    static void fill(QueryPanel &panel)
    {
        auto *strategy = panel.findChild<QComboBox *>(QStringLiteral("queryStrategy"));
        strategy->setCurrentIndex(strategy->findData(QStringLiteral("data-investigation@1")));
        panel.findChild<QLineEdit *>(QStringLiteral("queryText"))
            ->setText(QStringLiteral("register row"));
    }
    static QAction *viewAs(MainWindow &w, const QString &principal)
    {
        auto *menu = w.findChild<QMenu *>(QStringLiteral("viewAsMenu"));
        if (!menu)
            return nullptr;
        for (QAction *a : menu->actions()) {
            if (a->text().startsWith(principal + QStringLiteral(" (")))
                return a;
        }
        return nullptr;
    }

private Q_SLOTS:
    void viewAsMovesTheQueryPanelAndItsQueriesToTheNewActor()
    {
        UiFixture f;
        auto window = f.window(QStringLiteral("admin"));
        QueryPanel *panel = queryPanel(*window);
        QVERIFY(panel);
        auto *header = panel->findChild<QLabel *>(QStringLiteral("queryActor"));
        QVERIFY(header);
        QVERIFY2(header->text().contains(QStringLiteral("as admin")), qPrintable(header->text()));

        QAction *dora = viewAs(*window, QStringLiteral("dora"));
        QVERIFY(dora);
        dora->trigger();
        QCOMPARE(panel->actor().effective.id, QStringLiteral("dora"));
        QCOMPARE(panel->actor().real.id, QStringLiteral("admin"));
        QVERIFY2(header->text().contains(QStringLiteral("as dora")), qPrintable(header->text()));
        QVERIFY(!header->text().contains(QStringLiteral("as admin")));

        QSignalSpy shown(panel, &QueryPanel::resultShown);
        fill(*panel);
        panel->runQuery();
        QTRY_COMPARE(shown.count(), 1);
        const RetrievalResult &result = panel->resultView()->result();
        QCOMPARE(result.effectivePrincipal, QStringLiteral("dora"));
        QCOMPARE(result.realPrincipal, QStringLiteral("admin"));
        QVERIFY2(panel->findChild<QLabel *>(QStringLiteral("queryBanner"))
                     ->text()
                     .contains(QStringLiteral("for dora")),
                 qPrintable(panel->findChild<QLabel *>(QStringLiteral("queryBanner"))->text()));
    }

    void queriesTakeTheirTimeFromTheSessionsClock()
    {
        UiFixture f;
        auto window = f.window(QStringLiteral("ana"));
        QueryPanel *panel = queryPanel(*window);
        QVERIFY(panel);
        f.clock.advance(3600);
        QSignalSpy shown(panel, &QueryPanel::resultShown);
        fill(*panel);
        panel->runQuery();
        QTRY_COMPARE(shown.count(), 1);
        auto db = f.open();
        Statement at = db->prepare("SELECT at FROM memory_use WHERE id = ?1");
        at.bind(1, std::int64_t(shown.first().at(1).toLongLong()));
        QVERIFY(at.step().value());
        QCOMPARE(at.text(0), QStringLiteral("2026-05-01T10:00:00Z"));
    }

    void aWriteThroughTheSessionIsAnnouncedWithoutThePanelSayingSo()
    {
        UiFixture f;
        auto window = f.window(QStringLiteral("cora"));
        Session &session = window->session();
        QSignalSpy changed(&session, &Session::databaseChanged);
        const auto done = session.write([](const Database &db) {
            return db.execScript("UPDATE principals SET name = name || '' WHERE id = 'cora'");
        });
        QVERIFY(done);
        QCOMPARE(changed.count(), 1); // at once, not at the next poll
        // A write that bypasses write() is still announced, at the next check.
        QVERIFY(session.db().execScript("UPDATE principals SET name = name WHERE id = 'nils'"));
        session.checkForChanges();
        QCOMPARE(changed.count(), 2);
        // Reading is no change.
        (void)session.db().queryInt("SELECT count(*) FROM principals");
        session.checkForChanges();
        QCOMPARE(changed.count(), 2);
    }

    void everyListedDockIsPlacedWithItsToggleAndItsDefaultVisibility()
    {
        UiFixture f;
        QSettings().remove(QStringLiteral("layouts")); // no saved layout: the defaults
        auto ana = f.window(QStringLiteral("ana"));
        auto cora = f.window(QStringLiteral("cora"));
        auto *view = ana->findChild<QMenu *>(QStringLiteral("viewMenu"));
        QVERIFY(view);
        for (const DockSpec &spec : workbenchDocks()) {
            auto *dock = ana->findChild<QDockWidget *>(spec.objectName);
            // The panel scrolls inside its dock rather than growing the window.
            auto *scroller = dock ? qobject_cast<QScrollArea *>(dock->widget()) : nullptr;
            QVERIFY2(scroller && scroller->widget() == ana->dockPanel(spec.objectName),
                     qPrintable(spec.objectName));
            auto *toggle = dock->findChild<QAction *>(spec.objectName + QStringLiteral("Toggle"));
            QVERIFY(toggle && view->actions().contains(toggle));
        }
        // The analyst's workbench opens with the query; the curator's without.
        QVERIFY(ana->dockPanel(QStringLiteral("queryDock"))->isVisible());
        QVERIFY(!cora->dockPanel(QStringLiteral("queryDock"))->isVisible());
        // The lag monitor is open for analysts too (a tab behind the query), closed for curators.
        QVERIFY(!ana->findChild<QDockWidget *>(QStringLiteral("lagMonitorDock"))->isHidden());
        QVERIFY(cora->findChild<QDockWidget *>(QStringLiteral("lagMonitorDock"))->isHidden());
        QVERIFY(qobject_cast<LagMonitorPanel *>(ana->dockPanel(QStringLiteral("lagMonitorDock"))));
    }

    void findInQueueGoesToTheTextFilter()
    {
        UiFixture f;
        auto window = f.window(QStringLiteral("cora"));
        window->activateWindow();
        QAction *find = nullptr;
        for (QAction *a : window->findChild<QMenu *>(QStringLiteral("viewMenu"))->actions()) {
            if (a->shortcut() == QKeySequence(QKeySequence::Find))
                find = a;
        }
        QVERIFY(find);
        find->trigger();
        QTRY_COMPARE(QApplication::focusWidget(),
                     window->queue()->findChild<QWidget *>(QStringLiteral("textFilter")));
    }

    void theComparisonKeepsItsDividerAcrossWindows()
    {
        UiFixture f;
        QList<int> sizes;
        {
            auto window = f.window(QStringLiteral("cora"));
            QSplitter *splitter = window->workspace()->comparison()->splitter();
            const int total = splitter->sizes().value(0) + splitter->sizes().value(1);
            QVERIFY(total > 100);
            // A quarter is not where a new window puts the divider, so only a
            // restored layout can bring it back there.
            QVERIFY(qAbs(double(splitter->sizes().value(0)) / total - 0.25) > 0.1);
            splitter->setSizes({total / 4, total - total / 4});
            sizes = splitter->sizes();
            window->close();
        }
        // The divider stays where the user left it, relative to the pane: the
        // new window may lay the pane out at another size first (Qt 6.8 does),
        // and QSplitter keeps the proportions when it resizes.
        auto again = f.window(QStringLiteral("cora"));
        const QList<int> restored = again->workspace()->comparison()->splitter()->sizes();
        QCOMPARE(restored.size(), 2);
        const double before = double(sizes.value(0)) / (sizes.value(0) + sizes.value(1));
        const double after = double(restored.value(0)) / (restored.value(0) + restored.value(1));
        QVERIFY2(
            qAbs(after - before) < 0.02,
            qPrintable(QStringLiteral("divider at %1 of the pane, was %2").arg(after).arg(before)));
        QSettings().remove(QStringLiteral("layouts"));
    }
};

QTEST_MAIN(PanelConventionTest)
#include "tst_panelconvention.moc"
