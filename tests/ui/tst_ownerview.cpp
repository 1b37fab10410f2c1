// The domain owners' view: the articles in the domains the principal owns,
// what is due for re-verification, and retiring from there.

#include "OwnedArticlesModel.h"
#include "OwnerPanel.h"
#include "UiFixture.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>

using namespace cw;
using namespace cw::test;

class OwnerViewTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void listsTheActiveArticlesOfTheOwnersDomainsOnly()
    {
        UiFixture f;
        auto dora = f.window(QStringLiteral("dora"));
        OwnedArticlesModel *model = dora->ownerPanel()->model();
        QAbstractItemModelTester tester(model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QTRY_VERIFY(model->rowCount() > 0);
        QVERIFY(model->rowOf(QStringLiteral("KB-12")) >= 0);
        for (int row = 0; row < model->rowCount(); ++row)
            QCOMPARE(model->articleAt(row)->domain, QStringLiteral("data"));
        // KB-30 is retired: not an active revision, not listed.
        QCOMPARE(model->rowOf(QStringLiteral("KB-30")), -1);
    }

    void theViewFillsFromAnotherThread()
    {
        UiFixture f;
        auto db = f.open();
        const Actor dora = f.as(QStringLiteral("dora"));
        MainWindow window(std::move(db), dora, QString());
        OwnerPanel *panel = window.ownerPanel();
        OwnedArticlesModel *model = panel->model();
        QAbstractItemModelTester tester(model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        auto *message = window.findChild<QLabel *>(QStringLiteral("ownerMessage"));
        QVERIFY(message);
        // Nothing was read on this thread: the window is up, the view is loading.
        QCOMPARE(model->rowCount(), 0);
        QVERIFY(panel->isLoading());
        QVERIFY2(message->text().startsWith(QStringLiteral("Loading")),
                 qPrintable(message->text()));
        QTRY_VERIFY(model->rowOf(QStringLiteral("KB-12")) >= 0);
        QVERIFY2(message->text().contains(QStringLiteral("active article")),
                 qPrintable(message->text()));
        QTRY_VERIFY(!panel->isLoading());
    }

    void aNewerLoadSupersedesAnOlderOne()
    {
        UiFixture f;
        auto dora = f.window(QStringLiteral("dora"));
        OwnerPanel *panel = dora->ownerPanel();
        QTRY_VERIFY(!panel->isLoading());
        QSignalSpy loaded(panel, &OwnerPanel::loaded);
        QSignalSpy resets(panel->model(), &QAbstractItemModel::modelReset);
        panel->reload();
        panel->reload();
        panel->reload();
        QTRY_COMPARE(loaded.count(), 1);
        QTest::qWait(300);
        QCOMPARE(loaded.count(), 1);
        QCOMPARE(resets.count(), 1);
    }

    void dueOnlyFiltersWithoutReadingAgain()
    {
        UiFixture f;
        auto dora = f.window(QStringLiteral("dora"));
        OwnerPanel *panel = dora->ownerPanel();
        OwnedArticlesModel *model = panel->model();
        QTRY_VERIFY(model->rowCount() > 0);
        const int all = model->rowCount();
        auto *dueOnly = dora->findChild<QCheckBox *>(QStringLiteral("dueOnlyCheck"));
        QVERIFY(dueOnly);
        dueOnly->setChecked(true);
        QVERIFY(!panel->isLoading());
        QVERIFY(model->rowCount() <= all);
        for (int row = 0; row < model->rowCount(); ++row)
            QVERIFY(model->articleAt(row)->due);
        dueOnly->setChecked(false);
        QCOMPARE(model->rowCount(), all);
    }

    void aCuratorWithoutDomainsIsToldSo()
    {
        UiFixture f;
        auto cora = f.window(QStringLiteral("cora"));
        QCOMPARE(cora->ownerPanel()->model()->rowCount(), 0);
        auto *message = cora->findChild<QLabel *>(QStringLiteral("ownerMessage"));
        QVERIFY(message->text().contains(QStringLiteral("own no domain")));
    }

    void retiringFromTheOwnerViewEndsTheActiveRevision()
    {
        UiFixture f;
        auto dora = f.window(QStringLiteral("dora"));
        OwnerPanel *panel = dora->ownerPanel();
        OwnedArticlesModel *model = panel->model();
        QAbstractItemModelTester tester(model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QTRY_VERIFY(model->rowOf(QStringLiteral("KB-12")) >= 0);
        panel->selectArticle(QStringLiteral("KB-12"));
        ReasonPrompt::setNextConfirmation(true);
        ReasonPrompt::setNextAnswer(QStringLiteral("superseded by the 5.x posting service"));
        auto *retire = dora->findChild<QPushButton *>(QStringLiteral("retireArticleButton"));
        QVERIFY(retire && retire->isEnabled());
        QTest::mouseClick(retire, Qt::LeftButton);
        QVERIFY(ReasonPrompt::lastQuestion().contains(QStringLiteral("KB-12")));
        QTRY_COMPARE(model->rowOf(QStringLiteral("KB-12")), -1);
        auto *message = dora->findChild<QLabel *>(QStringLiteral("ownerMessage"));
        QVERIFY2(!message->text().startsWith(QStringLiteral("Not retired")),
                 qPrintable(message->text()));
    }

    void declinedConfirmationRetiresNothing()
    {
        UiFixture f;
        auto dora = f.window(QStringLiteral("dora"));
        QTRY_VERIFY(dora->ownerPanel()->model()->rowOf(QStringLiteral("KB-12")) >= 0);
        dora->ownerPanel()->selectArticle(QStringLiteral("KB-12"));
        ReasonPrompt::setNextConfirmation(false);
        dora->ownerPanel()->retireSelected();
        QVERIFY(dora->ownerPanel()->model()->rowOf(QStringLiteral("KB-12")) >= 0);
    }
};

QTEST_MAIN(OwnerViewTest)
#include "tst_ownerview.moc"
