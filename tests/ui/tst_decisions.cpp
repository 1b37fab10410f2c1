// Decisions in the real main window: approve as curator and as owner, watch
// the revision become retrievable once the projector runs, and a conflict
// with a decision taken on another connection; the way to visibility is
// counted off the GUI thread.

#include "DecisionPanel.h"
#include "Projector.h"
#include "ProposalWorkspace.h"
#include "ReviewWorkflow.h"
#include "UiFixture.h"
#include "VisibilityLabel.h"

#include <QAction>
#include <QLabel>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTextBrowser>

using namespace cw;
using namespace cw::test;

class DecisionsTest : public QObject
{
    Q_OBJECT

private:
    static QAction *action(MainWindow &w, const char *name)
    {
        return w.findChild<QAction *>(QString::fromLatin1(name));
    }
    static QString visibility(MainWindow &w)
    {
        return w.findChild<QLabel *>(QStringLiteral("visibilityLabel"))->text();
    }

private Q_SLOTS:
    void approvingAsCuratorThenOwnerMakesTheRevisionRetrievableAfterProjection()
    {
        UiFixture f;
        {
            auto cora = f.window(QStringLiteral("cora"));
            QVERIFY(UiFixture::select(*cora, QStringLiteral("PR-1")));
            QTRY_COMPARE(cora->workspace()->proposalId(), QStringLiteral("PR-1"));
            ReasonPrompt::setNextAnswer(QStringLiteral("claim matches P-1 and P-2"));
            action(*cora, "approveAction")->trigger();
            QVERIFY2(cora->workspace()->decisions()->refusalText().isEmpty(),
                     qPrintable(cora->workspace()->decisions()->refusalText()));
            auto *approvals = cora->findChild<QTextBrowser *>(QStringLiteral("approvalsView"));
            QTRY_VERIFY(approvals->toPlainText().contains(QStringLiteral("claim matches P-1")));
            QTRY_VERIFY2(visibility(*cora).contains(QStringLiteral("domain owner")),
                         qPrintable(visibility(*cora)));
        }
        auto dora = f.window(QStringLiteral("dora"));
        QVERIFY(UiFixture::select(*dora, QStringLiteral("PR-1")));
        QTRY_COMPARE(dora->workspace()->proposalId(), QStringLiteral("PR-1"));
        ReasonPrompt::setNextAnswer(QStringLiteral("owner agrees"));
        action(*dora, "approveAction")->trigger();
        QVERIFY2(dora->workspace()->decisions()->refusalText().isEmpty(),
                 qPrintable(dora->workspace()->decisions()->refusalText()));
        QTRY_VERIFY2(visibility(*dora).contains(QStringLiteral("pending")),
                     qPrintable(visibility(*dora)));
        QVERIFY(visibility(*dora).contains(QStringLiteral("activated → outbox event #")));

        // The projector runs in "another process"; the window notices by itself.
        auto elsewhere = f.open();
        auto ran = Projector(*elsewhere, f.clock).run();
        QVERIFY2(ran, qPrintable(ran.error()));
        QTRY_VERIFY2(visibility(*dora).contains(QStringLiteral("retrievable")),
                     qPrintable(visibility(*dora)));
        QVERIFY(visibility(*dora).contains(QStringLiteral("projected at watermark")));
    }

    void theWayToVisibilityIsCountedOffTheGuiThread()
    {
        UiFixture f;
        auto cora = f.window(QStringLiteral("cora"));
        DecisionPanel *panel = cora->workspace()->decisions();
        // The answer can only arrive through the event loop: right after
        // asking, the label says that it is counting.
        cora->workspace()->showProposal(QStringLiteral("PR-1"));
        QCOMPARE(visibility(*cora), QStringLiteral("Counting the way to visibility…"));
        QVERIFY(panel->isCountingVisibility());
        QTRY_VERIFY2(visibility(*cora).contains(QStringLiteral("waiting for the sign-off")),
                     qPrintable(visibility(*cora)));
        QVERIFY(!panel->isCountingVisibility());
    }

    void aNewerVisibilityCountSupersedesTheOlder()
    {
        UiFixture f;
        auto cora = f.window(QStringLiteral("cora"));
        DecisionPanel *panel = cora->workspace()->decisions();
        QTRY_VERIFY(!panel->isCountingVisibility());
        auto *label = cora->findChild<VisibilityLabel *>(QStringLiteral("visibilityLabel"));
        QSignalSpy counted(label, &VisibilityLabel::counted);
        // PR-8 is published ("activated → outbox event #…"); PR-1 is not.
        cora->workspace()->showProposal(QStringLiteral("PR-8"));
        cora->workspace()->showProposal(QStringLiteral("PR-1"));
        QTRY_VERIFY(!panel->isCountingVisibility());
        QVERIFY(!counted.isEmpty());
        for (const QList<QVariant> &arguments : counted)
            QVERIFY2(!arguments.first().toString().contains(QStringLiteral("outbox event")),
                     qPrintable(arguments.first().toString()));
        QVERIFY2(visibility(*cora).contains(QStringLiteral("waiting for the sign-off")),
                 qPrintable(visibility(*cora)));
    }

    void theApprovalsAndTheEditRuleShowWhole()
    {
        UiFixture f;
        auto elsewhere = f.open();
        auto approved = ReviewWorkflow(*elsewhere, f.clock)
                            .approve(f.as(QStringLiteral("cora")), QStringLiteral("PR-1"), 1,
                                     QStringLiteral("claim matches P-1 and P-2; the register and "
                                                    "the statement agree after the repair"));
        QVERIFY2(approved, qPrintable(approved.error()));
        auto dora = f.window(QStringLiteral("dora"));
        dora->resize(1000, 600); // held at the window's minimum height
        dora->workspace()->showProposal(QStringLiteral("PR-1"));
        auto *approvals = dora->findChild<QTextBrowser *>(QStringLiteral("approvalsView"));
        const QString text = approvals->toPlainText();
        QVERIFY2(text.contains(QStringLiteral("statement agree after the repair")),
                 qPrintable(text));
        // The edit rule is there when asked (the tooltip), not under every proposal.
        QVERIFY2(approvals->toolTip().contains(QStringLiteral("cosmetic and keeps them")),
                 qPrintable(approvals->toolTip()));
        // Nothing to scroll to: every line is in view.
        QTRY_COMPARE(approvals->verticalScrollBar()->maximum(), 0);
    }

    void aConflictReloadsTheProposalAndKeepsTheTypedReason()
    {
        UiFixture f;
        auto cora = f.window(QStringLiteral("cora"));
        QVERIFY(UiFixture::select(*cora, QStringLiteral("PR-1")));
        QTRY_COMPARE(cora->workspace()->proposalId(), QStringLiteral("PR-1"));
        QCOMPARE(cora->workspace()->view()->revision.version, 1);

        // Dora signs off on another connection first: version 1 is stale now.
        auto elsewhere = f.open();
        auto first = ReviewWorkflow(*elsewhere, f.clock)
                         .approve(f.as(QStringLiteral("dora")), QStringLiteral("PR-1"), 1,
                                  QStringLiteral("owner first"));
        QVERIFY2(first, qPrintable(first.error()));

        ReasonPrompt::setNextAnswer(QStringLiteral("my careful reason"));
        action(*cora, "approveAction")->trigger();
        const QString refusal = cora->workspace()->decisions()->refusalText();
        QVERIFY2(refusal.contains(QStringLiteral("Someone else decided first")),
                 qPrintable(refusal));
        // Reloaded: the window now holds the version dora's decision made.
        QCOMPARE(cora->workspace()->view()->revision.version, 2);
        // The next dialog offers the reason typed before the refusal.
        ReasonPrompt::setNextAnswer(QStringLiteral("my careful reason"));
        action(*cora, "approveAction")->trigger();
        QCOMPARE(ReasonPrompt::lastDraft(), QStringLiteral("my careful reason"));
        QVERIFY2(cora->workspace()->decisions()->refusalText().isEmpty(),
                 qPrintable(cora->workspace()->decisions()->refusalText()));
        QTRY_VERIFY(visibility(*cora).contains(QStringLiteral("outbox event")));
    }

    void aRefusalIsShownInPlainWords()
    {
        UiFixture f;
        auto ana = f.window(QStringLiteral("ana")); // an analyst never decides
        QVERIFY(UiFixture::select(*ana, QStringLiteral("PR-1")));
        QTRY_COMPARE(ana->workspace()->proposalId(), QStringLiteral("PR-1"));
        // The action is disabled, saying why; a decision taken anyway (a
        // window that has not caught up) is refused in the same words.
        QVERIFY(!action(*ana, "approveAction")->isEnabled());
        QVERIFY(action(*ana, "approveAction")->toolTip().contains(QStringLiteral("never decide")));
        ReasonPrompt::setNextAnswer(QStringLiteral("looks right"));
        ana->workspace()->decisions()->approve();
        QVERIFY2(ana->workspace()->decisions()->refusalText().startsWith(
                     QStringLiteral("You may not do this")),
                 qPrintable(ana->workspace()->decisions()->refusalText()));
    }

    // The policy holds in the window as in the CLI: cora reads Studio only,
    // and PR-6 comes from a Northwind case.
    void aCuratorMayNotDecideOnAnotherTenantsProposal()
    {
        UiFixture f;
        auto cora = f.window(QStringLiteral("cora"));
        QVERIFY(UiFixture::select(*cora, QStringLiteral("PR-6")));
        QTRY_COMPARE(cora->workspace()->proposalId(), QStringLiteral("PR-6"));
        QVERIFY(cora->workspace()->view()->caseRedacted);
        QVERIFY(!action(*cora, "approveAction")->isEnabled());
        ReasonPrompt::setNextAnswer(QStringLiteral("looks right"));
        cora->workspace()->decisions()->approve();
        const QString refusal = cora->workspace()->decisions()->refusalText();
        QVERIFY2(refusal.contains(QStringLiteral("does not read")), qPrintable(refusal));
        QVERIFY(!refusal.contains(QStringLiteral("NW-311")));
        QCOMPARE(cora->workspace()->view()->revision.version, 1);
        QCOMPARE(cora->workspace()->view()->approvals.size(), 0);
    }

    // An admin viewing as the curator and then as the owner is one person.
    void anAdminViewingAsBothReviewersGivesOnlyOneSignOff()
    {
        UiFixture f;
        auto admin = f.window(QStringLiteral("admin"));
        admin->session().viewAs(f.as(QStringLiteral("cora")).effective);
        QVERIFY(UiFixture::select(*admin, QStringLiteral("PR-1")));
        QTRY_COMPARE(admin->workspace()->proposalId(), QStringLiteral("PR-1"));
        ReasonPrompt::setNextAnswer(QStringLiteral("curator ok"));
        action(*admin, "approveAction")->trigger();
        QVERIFY2(admin->workspace()->decisions()->refusalText().isEmpty(),
                 qPrintable(admin->workspace()->decisions()->refusalText()));
        QTRY_COMPARE(admin->workspace()->view()->approvals.size(), 1);

        admin->session().viewAs(f.as(QStringLiteral("dora")).effective);
        QTRY_COMPARE(admin->workspace()->proposalId(), QStringLiteral("PR-1"));
        QTRY_VERIFY(!action(*admin, "approveAction")->isEnabled());
        ReasonPrompt::setNextAnswer(QStringLiteral("owner ok"));
        admin->workspace()->decisions()->approve();
        const QString refusal = admin->workspace()->decisions()->refusalText();
        QVERIFY2(refusal.contains(QStringLiteral("one person")), qPrintable(refusal));
        QCOMPARE(admin->workspace()->view()->approvals.size(), 1);
        QCOMPARE(admin->workspace()->view()->proposal.status, QStringLiteral("pending"));
    }

    void cancellingTheReasonDialogDecidesNothing()
    {
        UiFixture f;
        auto cora = f.window(QStringLiteral("cora"));
        QVERIFY(UiFixture::select(*cora, QStringLiteral("PR-2")));
        QTRY_COMPARE(cora->workspace()->proposalId(), QStringLiteral("PR-2"));
        ReasonPrompt::setNextAnswer(std::nullopt);
        action(*cora, "rejectAction")->trigger();
        QCOMPARE(cora->workspace()->view()->proposal.status, QStringLiteral("pending"));
    }
};

QTEST_MAIN(DecisionsTest)
#include "tst_decisions.moc"
