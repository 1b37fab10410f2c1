// The "my turn" count reads only the proposals that can be anyone's turn
// (pending, approved, returned), and still says exactly what walking every
// row of the queue says: for every demo principal, with and without a
// status filter, and again after a decision.

#include "ReviewFixture.h"
#include "ReviewQueue.h"
#include "ReviewTurns.h"

#include <limits>

using namespace cw;
using namespace cw::test;

class MyTurnCountTest : public QObject
{
    Q_OBJECT

private:
    // The old way: every row of the filter, asked one by one.
    static std::int64_t walked(const ReviewQueue &queue, const ProposalFilter &filter)
    {
        auto rows = queue.myTurnPage(filter, nullptr, std::numeric_limits<int>::max());
        return rows ? std::int64_t(rows->size()) : -1;
    }

private Q_SLOTS:
    void theCountEqualsTheRowWalkForEveryPrincipalAndStatus()
    {
        ReviewFixture f;
        QVERIFY2(f.ok(), qPrintable(f.error));
        bool someoneHasATurn = false;
        for (const char *id : {"cora", "nils", "dora", "owen", "ana", "admin"}) {
            const ReviewQueue queue(*f.db, f.as(QString::fromLatin1(id)));
            for (const QString &status :
                 {QString(), QStringLiteral("pending"), QStringLiteral("approved"),
                  QStringLiteral("returned"), QStringLiteral("published"),
                  QStringLiteral("rejected")}) {
                ProposalFilter filter;
                filter.status = status;
                auto count = queue.myTurnCount(filter);
                QVERIFY(count);
                QCOMPARE(*count, walked(queue, filter));
                someoneHasATurn = someoneHasATurn || *count > 0;
            }
        }
        QVERIFY(someoneHasATurn);
    }

    void decidedProposalsAreNobodysTurn()
    {
        for (const ProposalStatus status : {ProposalStatus::Rejected, ProposalStatus::Published})
            QVERIFY(!ReviewTurns::openStatuses().contains(status));
    }

    void theCountFollowsADecision()
    {
        ReviewFixture f;
        QVERIFY2(f.ok(), qPrintable(f.error));
        const Actor cora = f.as(QStringLiteral("cora"));
        const ReviewQueue queue(*f.db, cora);
        auto before = queue.myTurnCount({});
        QVERIFY(before && *before > 0);
        QVERIFY(f.workflow->approve(cora, QStringLiteral("PR-1"), 1, QStringLiteral("ok")));
        auto after = queue.myTurnCount({});
        QVERIFY(after);
        QCOMPARE(*after, *before - 1);
        QCOMPARE(*after, walked(queue, {}));
    }

    void noPrincipalHasNoTurnAndAForeignTenantFilterIsRefused()
    {
        ReviewFixture f;
        QVERIFY2(f.ok(), qPrintable(f.error));
        auto none = ReviewQueue(*f.db, std::nullopt).myTurnCount({});
        QVERIFY(none);
        QCOMPARE(*none, std::int64_t(0));
        ProposalFilter foreign;
        foreign.tenant = QStringLiteral("northwind");
        QVERIFY(!ReviewQueue(*f.db, f.as(QStringLiteral("cora"))).myTurnCount(foreign));
    }
};

QTEST_MAIN(MyTurnCountTest)
#include "tst_myturncount.moc"
