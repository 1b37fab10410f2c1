// The evaluation's arithmetic (INTERFACES.md §8) against figures computed by
// hand: the IR metrics, the paired randomization test and rank-biased
// overlap. A mistake here would make every comparison an analyst draws wrong.
#include "Metrics.h"
#include "RunComparison.h"

#include <QTest>

#include <cmath>

using namespace cw;
using namespace Qt::Literals::StringLiterals;

namespace {

QList<RankedGrade> ranked(std::initializer_list<int> grades, bool judged = true)
{
    QList<RankedGrade> list;
    for (int g : grades)
        list.append({g, judged});
    return list;
}

bool near(double a, double b)
{
    return std::abs(a - b) < 1e-9;
}

} // namespace

class TestEvalMetrics : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void precisionDividesByKEvenWhenFewerWereReturned()
    {
        // Two relevant of three returned, k = 10: 2 / 10, as trec_eval.
        QVERIFY(near(Metrics::precisionAt(ranked({3, 0, 1}), 10), 0.2));
        QVERIFY(near(Metrics::precisionAt(ranked({3, 0, 1}), 2), 0.5));
        QVERIFY(near(Metrics::precisionAt({}, 5), 0.0));
    }

    void recallCountsTheQuerysRelevantJudgments()
    {
        // Judged relevant: 3 (grades 3, 2, 1; the 0 is not relevant).
        const QList<int> judged{3, 2, 1, 0};
        QVERIFY(near(Metrics::recallAt(ranked({3, 0, 1}), 10, judged), 2.0 / 3.0));
        QVERIFY(near(Metrics::recallAt(ranked({3, 0, 1}), 1, judged), 1.0 / 3.0));
        // No relevant judgment: 0, not a division by zero.
        QVERIFY(near(Metrics::recallAt(ranked({3}), 10, {0, 0}), 0.0));
        QVERIFY(near(Metrics::recallAt(ranked({3}), 10, {}), 0.0));
    }

    void reciprocalRankStopsAtK()
    {
        QVERIFY(near(Metrics::reciprocalRank(ranked({0, 0, 2}), 10), 1.0 / 3.0));
        QVERIFY(near(Metrics::reciprocalRank(ranked({0, 0, 2}), 2), 0.0));
        QVERIFY(near(Metrics::reciprocalRank(ranked({1}), 1), 1.0));
    }

    void gradedNdcgByHand()
    {
        // ranked grades 2, 3, 0, 1; judged grades 3, 2, 1 (k = 4):
        // DCG  = 2/log2(2) + 3/log2(3) + 0 + 1/log2(5)
        // IDCG = 3/log2(2) + 2/log2(3) + 1/log2(4)
        const double dcg = 2.0 + 3.0 / std::log2(3.0) + 1.0 / std::log2(5.0);
        const double idcg = 3.0 + 2.0 / std::log2(3.0) + 0.5;
        QVERIFY(near(Metrics::ndcgAt(ranked({2, 3, 0, 1}), 4, {3, 2, 1}), dcg / idcg));
    }

    void ndcgWithTiedGradesIsOneInAnyOrderOfTheTies()
    {
        // Two candidates graded 2 and one graded 1: either order of the two
        // 2s is ideal.
        QVERIFY(near(Metrics::ndcgAt(ranked({2, 2, 1}), 10, {2, 1, 2}), 1.0));
        // A tie broken the wrong way around the 1 is not.
        QVERIFY(Metrics::ndcgAt(ranked({2, 1, 2}), 10, {2, 2, 1}) < 1.0);
    }

    void ndcgWithoutRelevantJudgmentsIsZero()
    {
        QVERIFY(near(Metrics::ndcgAt(ranked({0, 0}), 10, {0, 0}), 0.0));
        QVERIFY(near(Metrics::ndcgAt(ranked({}), 10, {}), 0.0));
    }

    void ndcgIdealTakesTheKHighestGradesOnly()
    {
        // k = 1: ideal is the single best grade (3); a 2 on top gives 2/3.
        QVERIFY(near(Metrics::ndcgAt(ranked({2, 3}), 1, {3, 2}), 2.0 / 3.0));
    }

    void kLargerThanTheListChangesNothingButPrecision()
    {
        const auto list = ranked({3, 2});
        QVERIFY(near(Metrics::ndcgAt(list, 100, {3, 2}), 1.0));
        QVERIFY(near(Metrics::recallAt(list, 100, {3, 2}), 1.0));
        QVERIFY(near(Metrics::precisionAt(list, 100), 0.02));
        QVERIFY(near(Metrics::judgedAt(list, 100), 1.0));
    }

    void unjudgedCandidatesCountAsZeroAndLowerJudged()
    {
        QList<RankedGrade> list{{3, true}, {0, false}, {0, false}, {1, true}};
        QVERIFY(near(Metrics::judgedAt(list, 4), 0.5));
        QVERIFY(near(Metrics::judgedAt(list, 2), 0.5));
        QVERIFY(near(Metrics::judgedAt(list, 1), 1.0));
        QVERIFY(near(Metrics::judgedAt({}, 10), 0.0));
        QVERIFY(near(Metrics::precisionAt(list, 4), 0.5));
    }

    void percentilesAreNearestRank()
    {
        const QList<double> values{5, 1, 4, 2, 3, 6, 7, 8, 9, 10};
        QVERIFY(near(Metrics::percentile(values, 50), 5));
        QVERIFY(near(Metrics::percentile(values, 95), 10));
        QVERIFY(near(Metrics::percentile({}, 95), 0));
    }

    void identicalRunsHavePOne()
    {
        const QList<double> zero(25, 0.0);
        QCOMPARE(RunComparison::randomizationP(zero, 10000, 7), 1.0);
        bool exact = false;
        QCOMPARE(RunComparison::randomizationP({0, 0, 0}, 10000, 7, &exact), 1.0);
        QVERIFY(exact);
    }

    void aKnownCaseByEnumeration()
    {
        // Five queries, each +1: only all-plus and all-minus reach |mean| 1,
        // 2 of the 32 sign assignments: p = 0.0625.
        bool exact = false;
        QCOMPARE(RunComparison::randomizationP({1, 1, 1, 1, 1}, 10000, 1, &exact), 0.0625);
        QVERIFY(exact);
        // {1, -1}: the observed mean is 0, which every assignment reaches: p = 1.
        QCOMPARE(RunComparison::randomizationP({1, -1}, 10000, 1), 1.0);
        // {2, 1}: assignments give |mean| 1.5, 0.5, 0.5, 1.5; p = 2/4.
        QCOMPARE(RunComparison::randomizationP({2, 1}, 10000, 1), 0.5);
    }

    void aSeededRunIsReproducibleAndNearTheExactFigure()
    {
        // 20 queries: 2^20 assignments exceed 1000 permutations, so sampled.
        QList<double> d;
        for (int i = 0; i < 20; ++i)
            d.append(i % 4 == 0 ? -0.1 : 0.2);
        bool exact = true;
        const double p1 = RunComparison::randomizationP(d, 1000, 42, &exact);
        QVERIFY(!exact);
        QCOMPARE(RunComparison::randomizationP(d, 1000, 42), p1);
        const double exactP = RunComparison::randomizationP(d, 1 << 20, 0, &exact);
        QVERIFY(exact);
        QVERIFY2(std::abs(p1 - exactP) < 0.03,
                 qPrintable(u"sampled %1, exact %2"_s.arg(p1).arg(exactP)));
        // Another seed may differ, but stays close.
        QVERIFY(std::abs(RunComparison::randomizationP(d, 1000, 43) - exactP) < 0.03);
    }

    void rankBiasedOverlap()
    {
        const QStringList abc{u"a"_s, u"b"_s, u"c"_s};
        QVERIFY(near(RunComparison::rankBiasedOverlap(abc, abc), 1.0));
        QVERIFY(near(RunComparison::rankBiasedOverlap(abc, {u"x"_s, u"y"_s, u"z"_s}), 0.0));
        QVERIFY(near(RunComparison::rankBiasedOverlap({}, {}), 1.0));
        QVERIFY(near(RunComparison::rankBiasedOverlap(abc, {}), 0.0));
        // Same items, the top two swapped, p = 0.9, by hand (eq. 32 with
        // s = l = 3): X = 0, 2, 3 -> (0.1/0.9)(0 + 1*0.81 + 1*0.729) + 1*0.729.
        const double swapped = 0.1 / 0.9 * (0.81 + 0.729) + 0.729;
        QVERIFY(near(RunComparison::rankBiasedOverlap(abc, {u"b"_s, u"a"_s, u"c"_s}), swapped));
        // Symmetric, and a prefix of a list overlaps it well but not fully.
        const QStringList ab{u"a"_s, u"b"_s};
        QVERIFY(near(RunComparison::rankBiasedOverlap(ab, abc),
                     RunComparison::rankBiasedOverlap(abc, ab)));
        const double prefix = RunComparison::rankBiasedOverlap(ab, abc);
        QVERIFY2(prefix > 0.9 && prefix <= 1.0, qPrintable(QString::number(prefix)));
    }
};

QTEST_GUILESS_MAIN(TestEvalMetrics)
#include "tst_evalmetrics.moc"
