// Two strategies side by side on the same input: both ranked lists, overlap,
// rank changes, and lag differences told apart from ranking differences.

#include "CandidateTableModel.h"
#include "ComparePanel.h"
#include "ComparisonModel.h"
#include "PanelFixture.h"
#include "QueryForm.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

using namespace cw;
using namespace cw::test;

namespace {

Candidate candidate(const QString &ref, const QStringList &flags = {})
{
    Candidate c;
    c.ref = ref;
    c.revision = 1;
    c.title = ref + QStringLiteral(" title");
    c.flags = flags;
    return c;
}

} // namespace

class ComparePanelTest : public QObject
{
    Q_OBJECT

private:
    PanelFixture m_fixture;

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_fixture.isValid()); }

    void twoStrategiesSideBySideShowTheirOverlap()
    {
        auto session = m_fixture.session(QStringLiteral("compare.db"), QStringLiteral("cora"));
        ComparePanel panel(*session);
        panel.resize(1300, 800);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        auto *table = panel.findChild<QTableView *>(QStringLiteral("comparisonTable"));
        auto *listA = panel.findChild<QTableView *>(QStringLiteral("compareListA"));
        auto *listB = panel.findChild<QTableView *>(QStringLiteral("compareListB"));
        QVERIFY(table && listA && listB);
        QAbstractItemModelTester differences(
            table->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester a(listA->model(),
                                   QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester b(listB->model(),
                                   QAbstractItemModelTester::FailureReportingMode::QtTest);

        auto *strategyA = panel.findChild<QComboBox *>(QStringLiteral("queryStrategy"));
        auto *strategyB = panel.findChild<QComboBox *>(QStringLiteral("queryStrategyB"));
        QVERIFY(strategyA && strategyB);
        strategyA->setCurrentIndex(strategyA->findData(QStringLiteral("data-investigation@1")));
        strategyB->setCurrentIndex(strategyB->findData(QStringLiteral("root-classification@1")));
        auto *text = panel.findChild<QLineEdit *>(QStringLiteral("queryText"));
        auto *caseRef = panel.findChild<QLineEdit *>(QStringLiteral("queryCase"));
        QTest::keyClicks(caseRef, QStringLiteral("studio/servicedesk/SD-1602"));
        QTest::keyClicks(text, QStringLiteral("register row"));

        QSignalSpy shown(&panel, &ComparePanel::comparisonShown);
        QTest::mouseClick(panel.findChild<QPushButton *>(QStringLiteral("queryRun")),
                          Qt::LeftButton);
        QTRY_COMPARE(shown.count(), 1);

        const StrategyComparison &c = panel.comparisonModel()->comparison();
        QCOMPARE(c.strategyA, QStringLiteral("data-investigation@1"));
        QCOMPARE(c.strategyB, QStringLiteral("root-classification@1"));
        QVERIFY(listA->model()->rowCount() > 0);
        QVERIFY(listB->model()->rowCount() > 0);
        QVERIFY2(c.overlap > 0, qPrintable(c.summary()));
        QCOMPARE(table->model()->rowCount(), c.overlap + c.onlyA + c.onlyB);
        // Each overlapping row names both ranks and the change between them.
        for (int row = 0; row < table->model()->rowCount(); ++row) {
            const ComparisonRow &r = c.rows[row];
            if (r.presence != ComparisonRow::Presence::Both)
                continue;
            QCOMPARE(table->model()->index(row, ComparisonModel::RankA).data().toInt(), r.rankA);
            QCOMPARE(table->model()->index(row, ComparisonModel::RankB).data().toInt(), r.rankB);
            QCOMPARE(listA->model()->index(r.rankA - 1, CandidateTableModel::Ref).data().toString(),
                     r.key());
        }
        const QString summary = panel.findChild<QLabel *>(QStringLiteral("compareSummary"))->text();
        QVERIFY2(summary.contains(QStringLiteral("overlap %1").arg(c.overlap)),
                 qPrintable(summary));
        PanelFixture::screenshot(panel, QStringLiteral("compare-panel.png"));
    }

    void rankChangesAndOnlyInOneAreTold()
    {
        RetrievalResult a;
        a.strategy = QStringLiteral("A@1");
        a.candidates = {candidate(QStringLiteral("EXP-1")), candidate(QStringLiteral("EXP-2")),
                        candidate(QStringLiteral("EXP-3"))};
        RetrievalResult b;
        b.strategy = QStringLiteral("B@1");
        b.candidates = {candidate(QStringLiteral("EXP-3")), candidate(QStringLiteral("EXP-1")),
                        candidate(QStringLiteral("EXP-4"))};
        const StrategyComparison c = StrategyComparison::compare(a, b);
        QCOMPARE(c.overlap, 2);
        QCOMPARE(c.onlyA, 1);
        QCOMPARE(c.onlyB, 1);
        QCOMPARE(c.lagDifferences, 0);
        ComparisonModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setComparison(c);
        QCOMPARE(model.rowCount(), 4);
        const auto rowOf = [&c](const QString &ref) {
            for (int i = 0; i < c.rows.size(); ++i) {
                if (c.rows[i].ref == ref)
                    return i;
            }
            return -1;
        };
        QCOMPARE(model.index(rowOf(QStringLiteral("EXP-3")), ComparisonModel::Change).data(),
                 QVariant(QStringLiteral("↑ 2")));
        QCOMPARE(model.index(rowOf(QStringLiteral("EXP-1")), ComparisonModel::Change).data(),
                 QVariant(QStringLiteral("↓ 1")));
        QCOMPARE(model.index(rowOf(QStringLiteral("EXP-2")), ComparisonModel::Difference).data(),
                 QVariant(QStringLiteral("only in A")));
        QCOMPARE(model.index(rowOf(QStringLiteral("EXP-4")), ComparisonModel::Difference).data(),
                 QVariant(QStringLiteral("only in B")));
    }

    void lagDifferencesAreToldApartFromRanking()
    {
        RetrievalResult a;
        a.strategy = QStringLiteral("A@1");
        a.candidates = {candidate(QStringLiteral("EXP-7"), {QStringLiteral("not-yet-indexed")}),
                        candidate(QStringLiteral("EXP-1"))};
        a.dropped = {{QStringLiteral("EXP-2"), 1,
                      QStringLiteral("over the token budget (needs 90, 10 left)")}};
        RetrievalResult b;
        b.strategy = QStringLiteral("B@1");
        b.candidates = {candidate(QStringLiteral("EXP-2")), candidate(QStringLiteral("EXP-9"))};
        b.dropped = {{QStringLiteral("EXP-1"), 1, QStringLiteral("retired after watermark 12")}};
        const StrategyComparison c = StrategyComparison::compare(a, b);
        QCOMPARE(c.overlap, 0);
        QCOMPARE(c.lagDifferences, 2);
        for (const ComparisonRow &row : c.rows) {
            if (row.ref == u"EXP-7")
                QCOMPARE(row.lagReason, QStringLiteral("not yet indexed in A@1 only"));
            else if (row.ref == u"EXP-1")
                QCOMPARE(row.lagReason,
                         QStringLiteral("dropped in B@1: retired after watermark 12"));
            else
                QVERIFY2(!row.isLagDifference(), qPrintable(row.key())); // budget: ranking
        }
    }
};

QTEST_MAIN(ComparePanelTest)
#include "tst_comparepanel.moc"
