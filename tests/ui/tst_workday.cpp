// The workbench as reviewers use it all day, in the real main window: actions
// only for those who may (disabled, the policy's reason in the tooltip), a
// history of the proposal and its article, whose turn it is, keyboard review,
// docks that show when chosen, the retire reason as typed, and a layout per
// role that never grows the window.

#include "ComparisonView.h"
#include "DecisionPanel.h"
#include "HistoryModel.h"
#include "OwnedArticlesModel.h"
#include "OwnerPanel.h"
#include "ProposalWorkspace.h"
#include "ReviewWorkflow.h"
#include "Statement.h"
#include "UiFixture.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QCheckBox>
#include <QDockWidget>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QStatusBar>
#include <QTabBar>
#include <QTextBrowser>
#include <QTreeView>

using namespace cw;
using namespace cw::test;

class WorkdayTest : public QObject
{
    Q_OBJECT

private:
    static QAction *action(MainWindow &w, const QString &name)
    {
        auto *found = w.findChild<QAction *>(name);
        if (!found)
            qFatal("no action %s", qPrintable(name));
        return found;
    }
    static bool show(MainWindow &w, const QString &proposal)
    {
        if (!UiFixture::select(w, proposal))
            return false;
        return QTest::qWaitFor([&] { return w.workspace()->proposalId() == proposal; });
    }
    static QString history(MainWindow &w)
    {
        QStringList lines;
        const HistoryModel *model = w.workspace()->decisions()->history();
        for (int row = 0; row < model->rowCount(); ++row) {
            QStringList cells;
            for (int column = 0; column < HistoryModel::ColumnCount; ++column)
                cells.append(model->index(row, column).data().toString());
            lines.append(cells.join(u'|'));
        }
        return lines.join(u'\n');
    }
    static QString approvals(MainWindow &w)
    {
        return w.findChild<QTextBrowser *>(QStringLiteral("approvalsView"))->toPlainText();
    }
    static QString waiting(MainWindow &w, const QString &proposal)
    {
        ProposalListModel *model = w.proposalModel();
        while (model->rowOf(proposal) < 0 && model->canFetchMore({}))
            model->fetchMore({});
        const int row = model->rowOf(proposal);
        return row < 0 ? QStringLiteral("(not listed)")
                       : model->index(row, ProposalListModel::Waiting).data().toString();
    }
    static QDockWidget *dock(MainWindow &w, const QString &name)
    {
        return w.findChild<QDockWidget *>(name);
    }

private Q_SLOTS:
    // --- 1. actions only for those who may ---------------------------------

    void aCuratorMayDecideButNotSupersedeOrRetireWhatIsNotThere()
    {
        UiFixture f;
        auto cora = f.window(QStringLiteral("cora"));
        QVERIFY(show(*cora, QStringLiteral("PR-1")));
        QVERIFY(action(*cora, QStringLiteral("approveAction"))->isEnabled());
        QVERIFY(action(*cora, QStringLiteral("rejectAction"))->isEnabled());
        QVERIFY(action(*cora, QStringLiteral("returnAction"))->isEnabled());
        QAction *supersede = action(*cora, QStringLiteral("supersedeAction"));
        QVERIFY(!supersede->isEnabled());
        QVERIFY2(supersede->toolTip().contains(QStringLiteral("no active revision")),
                 qPrintable(supersede->toolTip()));
        QAction *retire = action(*cora, QStringLiteral("retireAction"));
        QVERIFY(!retire->isEnabled());
        QVERIFY2(retire->toolTip().contains(QStringLiteral("nothing to retire")),
                 qPrintable(retire->toolTip()));
        // The shortcut is in the tooltip as well as in the menu.
        QVERIFY2(action(*cora, QStringLiteral("approveAction"))
                     ->toolTip()
                     .contains(QKeySequence(QStringLiteral("Ctrl+Shift+A"))
                                   .toString(QKeySequence::NativeText)),
                 qPrintable(action(*cora, QStringLiteral("approveAction"))->toolTip()));
    }

    void aCuratorMayNotDecideOnACaseOfAnotherTenant()
    {
        UiFixture f;
        auto cora = f.window(QStringLiteral("cora"));
        QVERIFY(show(*cora, QStringLiteral("PR-6")));
        QAction *approve = action(*cora, QStringLiteral("approveAction"));
        QVERIFY(!approve->isEnabled());
        QVERIFY2(approve->toolTip().contains(QStringLiteral("does not read")),
                 qPrintable(approve->toolTip()));
        QVERIFY(!approve->toolTip().contains(QStringLiteral("NW-311")));
    }

    void anOwnerMayDecideOnlyInItsDomain()
    {
        UiFixture f;
        auto dora = f.window(QStringLiteral("dora"));
        QVERIFY(show(*dora, QStringLiteral("PR-1")));
        QVERIFY(action(*dora, QStringLiteral("approveAction"))->isEnabled());
        QVERIFY(show(*dora, QStringLiteral("PR-3")));
        QAction *approve = action(*dora, QStringLiteral("approveAction"));
        QVERIFY(!approve->isEnabled());
        QVERIFY2(approve->toolTip().contains(QStringLiteral("owns data, not configuration")),
                 qPrintable(approve->toolTip()));
    }

    void anAnalystMayNotDecideAndTriggeringWritesNothing()
    {
        UiFixture f;
        auto ana = f.window(QStringLiteral("ana"));
        QVERIFY(show(*ana, QStringLiteral("PR-1")));
        for (const char *name : {"approveAction", "rejectAction", "returnAction"}) {
            QAction *a = action(*ana, QString::fromLatin1(name));
            QVERIFY2(!a->isEnabled(), name);
            QVERIFY2(a->toolTip().contains(QStringLiteral("analysts never decide")),
                     qPrintable(a->toolTip()));
        }
        ReasonPrompt::setNextAnswer(QStringLiteral("should never be asked"));
        action(*ana, QStringLiteral("approveAction"))->trigger();
        QCOMPARE(ReasonPrompt::lastQuestion(), QString());
        QCOMPARE(ana->workspace()->view()->approvals.size(), 0);
        ReasonPrompt::reset();
    }

    void anAdminAsItselfMayNotDecideAndAsTwoPeopleSignsOnce()
    {
        UiFixture f;
        auto admin = f.window(QStringLiteral("admin"));
        QVERIFY(show(*admin, QStringLiteral("PR-1")));
        QAction *approve = action(*admin, QStringLiteral("approveAction"));
        QVERIFY(!approve->isEnabled());
        QVERIFY2(approve->toolTip().contains(QStringLiteral("admins administer but do not decide")),
                 qPrintable(approve->toolTip()));

        admin->session().viewAs(f.as(QStringLiteral("cora")).effective);
        QTRY_VERIFY(approve->isEnabled());
        ReasonPrompt::setNextAnswer(QStringLiteral("curator ok"));
        approve->trigger();
        QTRY_COMPARE(admin->workspace()->view()->approvals.size(), 1);

        admin->session().viewAs(f.as(QStringLiteral("dora")).effective);
        QTRY_VERIFY(!approve->isEnabled());
        QVERIFY2(approve->toolTip().contains(QStringLiteral("one person")),
                 qPrintable(approve->toolTip()));
    }

    void aRefusalWrapsAndClearsWhenThePrincipalChanges()
    {
        UiFixture f;
        auto admin = f.window(QStringLiteral("admin"));
        admin->resize(1024, 700);
        QVERIFY(show(*admin, QStringLiteral("PR-1")));
        DecisionPanel *panel = admin->workspace()->decisions();
        // The action is disabled; calling the decision anyway (a stale
        // window) gets the workflow's refusal, shown in the panel.
        ReasonPrompt::setNextAnswer(QStringLiteral("as admin"));
        panel->approve();
        QVERIFY2(panel->refusalText().contains(QStringLiteral("admins administer")),
                 qPrintable(panel->refusalText()));
        QLabel *label = panel->refusalLabel();
        QVERIFY(label->wordWrap());
        QTRY_VERIFY(label->isVisible());
        QVERIFY2(label->geometry().right() <= panel->width(),
                 qPrintable(
                     QStringLiteral("%1 > %2").arg(label->geometry().right()).arg(panel->width())));
        QVERIFY(label->mapTo(admin.get(), QPoint(label->width(), 0)).x() <= admin->width());

        admin->session().viewAs(f.as(QStringLiteral("cora")).effective);
        QTRY_COMPARE(panel->refusalText(), QString());
    }

    // --- 2. history -------------------------------------------------------

    void theHistoryShowsApproveRejectReturnAndRetireWithWhoWhenWhy()
    {
        UiFixture f;
        auto admin = f.window(QStringLiteral("admin"));
        auto tester = std::make_unique<QAbstractItemModelTester>(
            admin->workspace()->decisions()->history(),
            QAbstractItemModelTester::FailureReportingMode::QtTest);

        admin->session().viewAs(f.as(QStringLiteral("cora")).effective);
        QVERIFY(show(*admin, QStringLiteral("PR-1")));
        ReasonPrompt::setNextAnswer(QStringLiteral("claim matches P-1"));
        action(*admin, QStringLiteral("approveAction"))->trigger();
        QTRY_VERIFY2(history(*admin).contains(QStringLiteral("|approve|PR-1|admin|cora|r1 v1")),
                     qPrintable(history(*admin)));
        QVERIFY(history(*admin).contains(QStringLiteral("claim matches P-1")));

        QVERIFY(show(*admin, QStringLiteral("PR-2")));
        ReasonPrompt::setNextAnswer(QStringLiteral("the rerun was never verified"));
        action(*admin, QStringLiteral("rejectAction"))->trigger();
        QTRY_VERIFY2(history(*admin).contains(QStringLiteral("|reject|PR-2|admin|cora|")),
                     qPrintable(history(*admin)));
        QVERIFY2(approvals(*admin).contains(
                     QStringLiteral("Rejected by admin as cora at 2026-05-01T09:00:00Z: the rerun "
                                    "was never verified")),
                 qPrintable(approvals(*admin)));

        QVERIFY(show(*admin, QStringLiteral("PR-3")));
        ReasonPrompt::setNextAnswer(QStringLiteral("name the template key"));
        action(*admin, QStringLiteral("returnAction"))->trigger();
        QTRY_VERIFY(history(*admin).contains(QStringLiteral("|return|PR-3|admin|cora|")));
        QVERIFY2(approvals(*admin).contains(QStringLiteral("Returned by admin as cora")),
                 qPrintable(approvals(*admin)));

        // PR-0 published its article; retiring that shows in PR-0's timeline.
        QVERIFY(show(*admin, QStringLiteral("PR-0")));
        QTRY_VERIFY(action(*admin, QStringLiteral("retireAction"))->isEnabled());
        ReasonPrompt::setNextConfirmation(true);
        ReasonPrompt::setNextAnswer(QStringLiteral("template keys moved to 5.x"));
        action(*admin, QStringLiteral("retireAction"))->trigger();
        QTRY_VERIFY2(history(*admin).contains(QStringLiteral("|retire|")),
                     qPrintable(history(*admin)));
        QVERIFY(history(*admin).contains(QStringLiteral("template keys moved to 5.x")));
        // Oldest first: the two approvals that published it come before the retire.
        const QString timeline = history(*admin);
        QVERIFY(timeline.indexOf(QStringLiteral("|approve|PR-0|")) <
                timeline.indexOf(QStringLiteral("|retire|")));
    }

    // --- 3. whose turn it is ----------------------------------------------

    void theQueueSaysWhoseTurnItIs()
    {
        UiFixture f;
        auto cora = f.window(QStringLiteral("cora"));
        auto tester = std::make_unique<QAbstractItemModelTester>(
            cora->proposalModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(waiting(*cora, QStringLiteral("PR-1")), QStringLiteral("you"));
        QCOMPARE(waiting(*cora, QStringLiteral("PR-0")), QStringLiteral("nobody"));
        // Another tenant's case: not cora's to decide.
        QCOMPARE(waiting(*cora, QStringLiteral("PR-6")), QStringLiteral("curator, owner of data"));

        auto dora = f.window(QStringLiteral("dora"));
        QCOMPARE(waiting(*dora, QStringLiteral("PR-1")), QStringLiteral("you"));
        QCOMPARE(waiting(*dora, QStringLiteral("PR-3")),
                 QStringLiteral("curator, owner of configuration"));

        // Cora signs PR-1: now only the owner is missing, for everyone.
        QVERIFY(show(*cora, QStringLiteral("PR-1")));
        ReasonPrompt::setNextAnswer(QStringLiteral("claim matches"));
        action(*cora, QStringLiteral("approveAction"))->trigger();
        QTRY_COMPARE(waiting(*cora, QStringLiteral("PR-1")), QStringLiteral("owner of data"));
        QTRY_COMPARE(waiting(*dora, QStringLiteral("PR-1")), QStringLiteral("you"));

        // Returned: the proposer's turn.
        QVERIFY(show(*cora, QStringLiteral("PR-2")));
        ReasonPrompt::setNextAnswer(QStringLiteral("say which rerun"));
        action(*cora, QStringLiteral("returnAction"))->trigger();
        QTRY_COMPARE(waiting(*cora, QStringLiteral("PR-2")), QStringLiteral("proposer agent-data"));
        QCOMPARE(waiting(*cora, QStringLiteral("PR-0")), QStringLiteral("nobody"));
    }

    void myTurnFiltersTheQueueAndTheStatusBarCountsIt()
    {
        UiFixture f;
        auto cora = f.window(QStringLiteral("cora"));
        auto tester = std::make_unique<QAbstractItemModelTester>(
            cora->proposalModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        auto *label = cora->findChild<QLabel *>(QStringLiteral("myTurnLabel"));
        QTRY_VERIFY(label->text().startsWith(QStringLiteral("Your turn: ")));
        const qint64 mine = cora->queue()->myTurnCount();
        QVERIFY(mine > 0);

        action(*cora, QStringLiteral("myTurnAction"))->trigger();
        QVERIFY(cora->queue()->myTurnFilter()->isChecked());
        ProposalListModel *model = cora->proposalModel();
        while (model->canFetchMore({}))
            model->fetchMore({});
        QCOMPARE(model->rowCount(), int(mine));
        QTRY_COMPARE(model->totalCount(), mine);
        for (int row = 0; row < model->rowCount(); ++row)
            QCOMPARE(model->index(row, ProposalListModel::Waiting).data().toString(),
                     QStringLiteral("you"));
        QCOMPARE(model->rowOf(QStringLiteral("PR-6")), -1);
        QCOMPARE(label->text(), QStringLiteral("Your turn: %1").arg(mine));

        // Deciding one takes it off the list and off the count.
        QVERIFY(show(*cora, QStringLiteral("PR-1")));
        ReasonPrompt::setNextAnswer(QStringLiteral("claim matches"));
        action(*cora, QStringLiteral("approveAction"))->trigger();
        QTRY_COMPARE(label->text(), QStringLiteral("Your turn: %1").arg(mine - 1));
    }

    void keyboardReviewMovesThroughTheQueueAndOpensTheFirstProof()
    {
        UiFixture f;
        auto cora = f.window(QStringLiteral("cora"));
        QVERIFY(show(*cora, QStringLiteral("PR-1")));
        const int row = cora->proposalModel()->rowOf(QStringLiteral("PR-1"));
        QAction *next = action(*cora, QStringLiteral("nextProposalAction"));
        QVERIFY(next->toolTip().contains(next->shortcut().toString(QKeySequence::NativeText)));
        next->trigger();
        QTRY_COMPARE(cora->workspace()->proposalId(),
                     cora->proposalModel()->summaryAt(row + 1)->id);
        action(*cora, QStringLiteral("previousProposalAction"))->trigger();
        QTRY_COMPARE(cora->workspace()->proposalId(), QStringLiteral("PR-1"));

        cora->activateWindow();
        action(*cora, QStringLiteral("openFirstProofAction"))->trigger();
        QWidget *focus = QApplication::focusWidget();
        QVERIFY(focus);
        QVERIFY2(qobject_cast<QPlainTextEdit *>(focus) &&
                     cora->workspace()->comparison()->isAncestorOf(focus),
                 focus->metaObject()->className());
        // Every review action is in the Review menu with its shortcut.
        auto *review = cora->findChild<QMenu *>(QStringLiteral("reviewMenu"));
        for (const char *name :
             {"nextProposalAction", "previousProposalAction", "openFirstProofAction",
              "approveAction", "rejectAction", "returnAction"}) {
            QAction *a = action(*cora, QString::fromLatin1(name));
            QVERIFY2(review->actions().contains(a), name);
            QVERIFY2(!a->shortcut().isEmpty(), name);
        }
    }

    // --- 4. docks that show, the retire reason as typed --------------------

    void choosingADockInTheViewMenuRaisesIt()
    {
        UiFixture f;
        auto cora = f.window(QStringLiteral("cora"));
        for (const QString &name : {QStringLiteral("ownerDock"), QStringLiteral("lagMonitorDock"),
                                    QStringLiteral("compareDock"), QStringLiteral("queryDock")}) {
            QAction *toggle = action(*cora, name + QStringLiteral("Toggle"));
            QVERIFY2(toggle->text().contains(u'&'), qPrintable(toggle->text()));
            QVERIFY2(!toggle->shortcut().isEmpty(), qPrintable(name));
            if (toggle->isChecked())
                toggle->trigger(); // closes it first
            toggle->trigger();
            QTRY_VERIFY2(dock(*cora, name)->widget()->isVisible(), qPrintable(name));
            QVERIFY(toggle->isChecked());
        }
        // The lag monitor, tabbed behind the others, comes to the front again.
        QAction *lag = action(*cora, QStringLiteral("lagMonitorDockToggle"));
        lag->trigger(); // checked: closes
        QVERIFY(dock(*cora, QStringLiteral("lagMonitorDock"))->isHidden());
        lag->trigger();
        QTRY_VERIFY(dock(*cora, QStringLiteral("lagMonitorDock"))->widget()->isVisible());
    }

    void theRetireReasonIsOnlyWhatTheOwnerTyped()
    {
        UiFixture f;
        auto dora = f.window(QStringLiteral("dora"));
        OwnerPanel *owner = dora->ownerPanel();
        QTRY_VERIFY(!owner->isLoading() && owner->model()->rowCount() > 0);
        QString ref;
        for (int row = 0; row < owner->model()->rowCount() && ref.isEmpty(); ++row) {
            if (owner->model()->articleAt(row)->due)
                ref = owner->model()->articleAt(row)->ref;
        }
        QVERIFY2(!ref.isEmpty(), "the demo has an article due for re-verification");
        owner->selectArticle(ref);
        ReasonPrompt::setNextConfirmation(true);
        ReasonPrompt::setNextAnswer(QStringLiteral("superseded by KB-12"));
        owner->retireSelected();
        // Offered as a suggestion, not typed into the field.
        QCOMPARE(ReasonPrompt::lastDraft(), QString());
        QVERIFY(!ReasonPrompt::lastSuggestion().isEmpty());
        auto db = f.open();
        Statement s =
            db->prepare("SELECT reason FROM audit WHERE action = 'retire' AND subject = ?1");
        s.bind(1, ref);
        auto row = s.step();
        QVERIFY(row && *row);
        QCOMPARE(s.text(0), QStringLiteral("superseded by KB-12"));
    }

    // --- 5. a layout per role ---------------------------------------------

    void curatorsAndOwnersStartWithTheAnalysisDocksClosedAnalystsWithThemOpen()
    {
        UiFixture f;
        const QStringList analysis{QStringLiteral("queryDock"), QStringLiteral("compareDock"),
                                   QStringLiteral("lagMonitorDock")};
        {
            auto cora = f.window(QStringLiteral("cora"));
            for (const QString &name : analysis)
                QVERIFY2(dock(*cora, name)->isHidden(), qPrintable(name));
            QVERIFY(dock(*cora, QStringLiteral("ownerDock"))->isHidden());
        }
        {
            auto dora = f.window(QStringLiteral("dora"));
            for (const QString &name : analysis)
                QVERIFY2(dock(*dora, name)->isHidden(), qPrintable(name));
            QVERIFY(dock(*dora, QStringLiteral("ownerDock"))->widget()->isVisible());
        }
        // Another database: no saved layout there, so ana gets the analysts':
        // query, compare and lag monitor open, as tabs of one dock area (each
        // takes its whole height), the query raised.
        UiFixture other;
        auto ana = other.window(QStringLiteral("ana"));
        for (const QString &name : analysis)
            QVERIFY2(!dock(*ana, name)->isHidden(), qPrintable(name));
        QDockWidget *query = dock(*ana, QStringLiteral("queryDock"));
        QVERIFY(query->widget()->isVisible());
        const QList<QDockWidget *> tabs = ana->tabifiedDockWidgets(query);
        QVERIFY(tabs.contains(dock(*ana, QStringLiteral("compareDock"))));
        QVERIFY(tabs.contains(dock(*ana, QStringLiteral("lagMonitorDock"))));
        // One tab bar holds the three, the query's tab current.
        QTabBar *bar = nullptr;
        for (QTabBar *candidate : ana->findChildren<QTabBar *>(Qt::FindDirectChildrenOnly)) {
            QStringList titles;
            for (int i = 0; i < candidate->count(); ++i)
                titles.append(candidate->tabText(i));
            if (titles.contains(QStringLiteral("Lag Monitor")))
                bar = candidate;
        }
        QVERIFY(bar);
        QCOMPARE(bar->count(), 3);
        QTRY_COMPARE(bar->tabText(bar->currentIndex()), QStringLiteral("Query"));
        QVERIFY(dock(*ana, QStringLiteral("ownerDock"))->isHidden());
        QVERIFY(action(*ana, QStringLiteral("lagMonitorDockToggle"))->isChecked());
    }

    void anAnalystsDefaultLayoutNeverGrowsTheWindow()
    {
        UiFixture f;
        auto ana = f.window(QStringLiteral("ana"));
        ana->resize(1024, 700);
        QTRY_COMPARE(ana->size(), QSize(1024, 700));
        // Raising the tallest tab (the lag monitor with its chart) takes room
        // from the review view, not from the screen.
        action(*ana, QStringLiteral("lagMonitorDockToggle"))->trigger(); // checked: closes
        action(*ana, QStringLiteral("lagMonitorDockToggle"))->trigger();
        QTRY_VERIFY(dock(*ana, QStringLiteral("lagMonitorDock"))->widget()->isVisible());
        QTest::qWait(50);
        QCOMPARE(ana->size(), QSize(1024, 700));
        QVERIFY(ana->statusBar()->isVisible());
        QVERIFY(ana->rect().contains(ana->statusBar()->geometry()));
    }

    void theLayoutIsSavedPerDatabase()
    {
        UiFixture first;
        UiFixture second;
        {
            auto cora = first.window(QStringLiteral("cora"));
            action(*cora, QStringLiteral("lagMonitorDockToggle"))->trigger();
            QTRY_VERIFY(!dock(*cora, QStringLiteral("lagMonitorDock"))->isHidden());
            cora->close();
        }
        auto again = first.window(QStringLiteral("cora"));
        QVERIFY(!dock(*again, QStringLiteral("lagMonitorDock"))->isHidden());
        auto elsewhere = second.window(QStringLiteral("cora"));
        QVERIFY(dock(*elsewhere, QStringLiteral("lagMonitorDock"))->isHidden());
    }

    void openingTheLagMonitorNeverGrowsTheWindow()
    {
        UiFixture f;
        auto cora = f.window(QStringLiteral("cora"));
        cora->resize(1024, 700);
        QTRY_COMPARE(cora->size(), QSize(1024, 700));
        QVERIFY(show(*cora, QStringLiteral("PR-1")));
        action(*cora, QStringLiteral("lagMonitorDockToggle"))->trigger();
        QTRY_VERIFY(dock(*cora, QStringLiteral("lagMonitorDock"))->widget()->isVisible());
        QTest::qWait(50);
        QCOMPARE(cora->size(), QSize(1024, 700));
    }
};

QTEST_MAIN(WorkdayTest)
#include "tst_workday.moc"
