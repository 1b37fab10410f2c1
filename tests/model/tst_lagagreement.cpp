// The query's lag (RetrievalResult, `query --json`) and the lag monitor's
// report (`lag --json`, the lag badge) are one reading: at the same moment,
// with the same clock, they say the same thing.

#include "LagMonitor.h"
#include "Projector.h"
#include "ProjectorFixture.h"
#include "RetrievalEngine.h"
#include "RetrievalJson.h"

#include <QJsonArray>

using namespace cw;
using namespace cw::test;

class LagAgreementTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init() { m_f.open(); }
    void cleanup() { m_f.close(); }

    void theQueryAndTheLagMonitorAgreeOnPendingEventsAndTheirAge();
    void theQueryAndTheLagMonitorAgreeWhenTheProjectionIsCaughtUp();

private:
    void project()
    {
        auto run = Projector(m_f.db(), m_f.clock()).run();
        QVERIFY2(run, qPrintable(run.error()));
    }
    RetrievalResult query()
    {
        const PrincipalRecord ana{u"ana"_s, u"Ana"_s, u"ana"_s, {u"analyst"_s}, {}, {}, {}};
        RetrievalRequest request;
        request.strategy = u"root-classification"_s;
        request.text = u"One"_s;
        auto result = RetrievalEngine(m_f.db(), m_f.clock()).run(Actor{ana, ana}, request);
        if (!result)
            qWarning("query: %s", qPrintable(result.error()));
        return result ? *result : RetrievalResult{};
    }
    LagReport lag()
    {
        auto report = LagMonitor(m_f.db(), m_f.clock()).report();
        if (!report)
            qWarning("lag: %s", qPrintable(report.error()));
        return report ? *report : LagReport{};
    }

    ProjectorFixture m_f;
};

void LagAgreementTest::theQueryAndTheLagMonitorAgreeOnPendingEventsAndTheirAge()
{
    m_f.publish(u"EXP-1"_s, u"One"_s);
    m_f.event(u"revision-activated"_s, u"EXP-1"_s, 5); // no such revision: a dead letter
    project();
    m_f.clock().advance(10);
    m_f.publish(u"EXP-2"_s, u"Two"_s);
    m_f.clock().advance(20);
    m_f.publish(u"EXP-3"_s, u"Three"_s);
    // Between whole seconds: both must round the same way.
    m_f.clock().set(m_f.clock().now().addMSecs(12'750));

    const LagReport report = lag();
    const RetrievalResult result = query();
    QCOMPARE(report.deadLetters, 1); // applied, not pending: neither counts it
    QCOMPARE(report.lagEvents, 2);
    QCOMPARE(report.oldestPendingAgeS, 32.75); // EXP-2, 20 + 12.75 s ago
    QCOMPARE(result.watermark, report.watermark);
    QCOMPARE(result.canonicalHead, report.canonicalHead);
    QCOMPARE(result.lagEvents, report.lagEvents);
    QCOMPARE(result.laggingSources,
             QStringList{u"projection is 2 event(s) behind canonical; oldest 32 s"_s});

    const QJsonObject json = RetrievalJson::result(result);
    QCOMPARE(json.value(u"index_watermark"_s).toInteger(), report.watermark);
    QCOMPARE(json.value(u"canonical_head"_s).toInteger(), report.canonicalHead);
    QCOMPARE(json.value(u"lag_events"_s).toInteger(), report.lagEvents);
}

void LagAgreementTest::theQueryAndTheLagMonitorAgreeWhenTheProjectionIsCaughtUp()
{
    m_f.publish(u"EXP-1"_s, u"One"_s);
    m_f.publish(u"EXP-2"_s, u"Two"_s);
    project();
    m_f.clock().advance(60);

    const LagReport report = lag();
    const RetrievalResult result = query();
    QCOMPARE(report.lagEvents, 0);
    QCOMPARE(report.oldestPendingAgeS, 0.0);
    QCOMPARE(result.lagEvents, 0);
    QCOMPARE(result.watermark, report.watermark);
    QCOMPARE(result.canonicalHead, report.canonicalHead);
    QVERIFY(result.laggingSources.isEmpty());
}

QTEST_GUILESS_MAIN(LagAgreementTest)
#include "tst_lagagreement.moc"
