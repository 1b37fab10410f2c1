// Live updates across connections: the lag badge and the queue follow what
// another process commits, through the session's data_version poll.

#include "LagBadge.h"
#include "Projector.h"
#include "ReviewWorkflow.h"
#include "UiFixture.h"

#include <QElapsedTimer>
#include <QSignalSpy>

using namespace cw;
using namespace cw::test;

class LiveUpdatesTest : public QObject
{
    Q_OBJECT

private:
    static void activatePr1Elsewhere(UiFixture &f, Database &elsewhere)
    {
        ReviewWorkflow workflow(elsewhere, f.clock);
        auto first = workflow.approve(f.as(QStringLiteral("cora")), QStringLiteral("PR-1"), 1,
                                      QStringLiteral("ok"));
        QVERIFY2(first, qPrintable(first.error()));
        auto second = workflow.approve(f.as(QStringLiteral("dora")), QStringLiteral("PR-1"), 2,
                                       QStringLiteral("owner ok"));
        QVERIFY2(second, qPrintable(second.error()));
        QVERIFY(second->outboxEvent.has_value());
    }

private Q_SLOTS:
    void lagBadgeMovesAfterAnOutboxEventFromAnotherConnection()
    {
        UiFixture f;
        auto window = f.window(QStringLiteral("cora"));
        auto *badge = window->findChild<QLabel *>(QStringLiteral("lagBadge"));
        QVERIFY(badge);
        auto elsewhere = f.open();
        QVERIFY(Projector(*elsewhere, f.clock).run()); // start caught up
        QTRY_VERIFY2(badge->text().contains(QStringLiteral("0 pending")),
                     qPrintable(badge->text()));
        const QString before = badge->text();

        QElapsedTimer elapsed;
        elapsed.start();
        activatePr1Elsewhere(f, *elsewhere);
        QTRY_VERIFY2_WITH_TIMEOUT(badge->text().contains(QStringLiteral("1 pending")),
                                  qPrintable(badge->text()), 1500);
        qInfo("badge updated %lld ms after the commit elsewhere", elapsed.elapsed());
        QVERIFY(badge->text() != before);

        QVERIFY(Projector(*elsewhere, f.clock).run());
        QTRY_VERIFY2_WITH_TIMEOUT(badge->text().contains(QStringLiteral("0 pending")),
                                  qPrintable(badge->text()), 1500);
    }

    void queueShowsAnotherCuratorsDecisionWithoutAReset()
    {
        UiFixture f;
        auto window = f.window(QStringLiteral("cora"));
        ProposalListModel *model = window->proposalModel();
        const int row = model->rowOf(QStringLiteral("PR-1"));
        QVERIFY(row >= 0);
        QCOMPARE(model->summaryAt(row)->status, QStringLiteral("pending"));
        QSignalSpy resets(model, &QAbstractItemModel::modelReset);
        QSignalSpy changes(model, &QAbstractItemModel::dataChanged);

        auto elsewhere = f.open();
        activatePr1Elsewhere(f, *elsewhere);
        QTRY_COMPARE(model->summaryAt(row)->status, QStringLiteral("published"));
        QCOMPARE(resets.count(), 0);
        QVERIFY(changes.count() >= 1);
    }
};

QTEST_MAIN(LiveUpdatesTest)
#include "tst_liveupdates.moc"
