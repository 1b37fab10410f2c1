// Edit › Erase Case… and Edit › Retention… in the real window (issue 17):
// the dependency report in the confirmation dialog, Erase only with a report
// and a reason, the menu entry disabled with the policy's reason for
// non-admins, and the retention setting read and saved.

#include "EraseCaseDialog.h"
#include "RetentionDialog.h"
#include "Statement.h"
#include "UiFixture.h"

#include <QAction>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>

using namespace cw;
using namespace cw::test;

namespace {

const QString Case = QStringLiteral("studio/servicedesk/SD-1598");

template <typename T> T *child(QWidget &parent, const char *name)
{
    return parent.findChild<T *>(QString::fromLatin1(name));
}

} // namespace

class TestEraseDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void adminsEraseACaseAfterSeeingItsDependencies()
    {
        UiFixture f;
        auto window = f.window(QStringLiteral("admin"));
        QAction *action = window->findChild<QAction *>(QStringLiteral("eraseCaseAction"));
        QVERIFY(action);
        QVERIFY(action->isEnabled());
        action->trigger();
        EraseCaseDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = window->findChild<EraseCaseDialog *>()) != nullptr);
        QTRY_VERIFY(dialog->isVisible());
        auto *erase = child<QPushButton>(*dialog, "eraseButton");
        QVERIFY(!erase->isEnabled());

        QTest::keyClicks(child<QLineEdit>(*dialog, "caseRef"), Case);
        QTest::mouseClick(child<QPushButton>(*dialog, "checkButton"), Qt::LeftButton);
        const QString report = child<QPlainTextEdit>(*dialog, "report")->toPlainText();
        for (const char *line : {"cases: 1", "arrivals: 3", "proof_records: 3", "grants: 1",
                                 "proposals_withdrawn:", "memory_use:", "evaluation: 1"})
            QVERIFY2(report.contains(QLatin1String(line)), line);
        QVERIFY2(!erase->isEnabled(), "no reason yet");
        QTest::keyClicks(child<QLineEdit>(*dialog, "reason"), QStringLiteral("customer request"));
        QVERIFY(erase->isEnabled());
        // Changing the case after the report disables Erase until it is checked again.
        QTest::keyClick(child<QLineEdit>(*dialog, "caseRef"), Qt::Key_Backspace);
        QVERIFY(!erase->isEnabled());
        QTest::keyClicks(child<QLineEdit>(*dialog, "caseRef"), QStringLiteral("8"));
        QTest::mouseClick(child<QPushButton>(*dialog, "checkButton"), Qt::LeftButton);
        QVERIFY(erase->isEnabled());

        QTest::mouseClick(erase, Qt::LeftButton);
        QTRY_VERIFY(!window->findChild<EraseCaseDialog *>());
        auto db = f.open();
        Statement s = db->prepare("SELECT count(*) FROM cases WHERE source_request = 'SD-1598'");
        QVERIFY(s.step().value());
        QCOMPARE(s.int64(0), 0);
    }

    void theEntryIsDisabledWithThePolicysReasonForOthers()
    {
        UiFixture f;
        auto window = f.window(QStringLiteral("cora"));
        QAction *action = window->findChild<QAction *>(QStringLiteral("eraseCaseAction"));
        QVERIFY(action);
        QVERIFY(!action->isEnabled());
        QVERIFY2(action->toolTip().contains(QStringLiteral("only admins may erase")),
                 qPrintable(action->toolTip()));
        // An admin viewing as cora has cora's rights.
        auto admin = f.window(QStringLiteral("admin"));
        QAction *adminAction = admin->findChild<QAction *>(QStringLiteral("eraseCaseAction"));
        QVERIFY(adminAction->isEnabled());
        admin->session().viewAs(f.as(QStringLiteral("cora")).effective);
        QVERIFY(!adminAction->isEnabled());
    }

    void anAdminViewingAsANonAdminIsRefusedInTheDialog()
    {
        UiFixture f;
        auto window = f.window(QStringLiteral("admin"));
        window->session().viewAs(f.as(QStringLiteral("owen")).effective); // not an admin
        EraseCaseDialog dialog(window->session());
        child<QLineEdit>(dialog, "caseRef")->setText(Case);
        dialog.showDependencies();
        QVERIFY(child<QPlainTextEdit>(dialog, "report")->toPlainText().isEmpty());
        QVERIFY(child<QLabel>(dialog, "message")->text().contains(QStringLiteral("only admins")));
        QVERIFY(!child<QPushButton>(dialog, "eraseButton")->isEnabled());
    }

    void retentionIsShownToEveryoneAndSavedByAdmins()
    {
        UiFixture f;
        auto window = f.window(QStringLiteral("admin"));
        QAction *action = window->findChild<QAction *>(QStringLiteral("retentionAction"));
        action->trigger();
        RetentionDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = window->findChild<RetentionDialog *>()) != nullptr);
        auto *days = child<QSpinBox>(*dialog, "memoryUseDays");
        QCOMPARE(days->value(), 0); // off
        QVERIFY(days->isEnabled());
        days->setValue(30);
        QVERIFY(dialog->save());
        RetentionDialog again(window->session());
        QCOMPARE(child<QSpinBox>(again, "memoryUseDays")->value(), 30);
        QCOMPARE(child<QSpinBox>(again, "closedCaseDays")->value(), 0);

        auto ana = f.window(QStringLiteral("ana"));
        RetentionDialog shown(ana->session());
        auto *anaDays = child<QSpinBox>(shown, "memoryUseDays");
        QCOMPARE(anaDays->value(), 30);
        QVERIFY(!anaDays->isEnabled());
        QVERIFY(anaDays->toolTip().contains(QStringLiteral("only admins")));
    }
};

QTEST_MAIN(TestEraseDialog)
#include "tst_erasedialog.moc"
