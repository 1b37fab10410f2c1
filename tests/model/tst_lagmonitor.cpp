// Projection lag and per-revision visibility, with a fixed clock.

#include "LagMonitor.h"
#include "Projector.h"
#include "ProjectorFixture.h"

using namespace cw;
using namespace cw::test;

class LagMonitorTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init() { m_f.open(); }
    void cleanup() { m_f.close(); }

    void anEmptyDatabaseHasNoLag();
    void reportsHeadWatermarkPendingByDomainAgeAndDeadLetters();
    void reportsRecentThroughputFromProjectorRuns();
    void saysWhenARevisionBecomesRetrievable();
    void saysWhenARevisionIsNoLongerCurrent();
    void labelsRecordedAndDeadLetteredRevisions();

private:
    void project(qint64 maxEvents = -1)
    {
        auto run = Projector(m_f.db(), m_f.clock()).run(500, maxEvents);
        QVERIFY2(run, qPrintable(run.error()));
    }
    Visibility visibility(const QString &ref, int revision)
    {
        auto v = LagMonitor(m_f.db(), m_f.clock()).visibility(ref, revision);
        if (!v)
            qWarning("visibility: %s", qPrintable(v.error()));
        return v ? *v : Visibility{};
    }

    ProjectorFixture m_f;
};

void LagMonitorTest::anEmptyDatabaseHasNoLag()
{
    auto report = LagMonitor(m_f.db(), m_f.clock()).report();
    QVERIFY2(report, qPrintable(report.error()));
    QCOMPARE(report->canonicalHead, 0);
    QCOMPARE(report->watermark, 0);
    QCOMPARE(report->lagEvents, 0);
    QCOMPARE(report->oldestPendingAgeS, 0.0);
    QVERIFY(report->pendingByDomain.isEmpty());
    QCOMPARE(report->recentRuns, 0);
}

void LagMonitorTest::reportsHeadWatermarkPendingByDomainAgeAndDeadLetters()
{
    m_f.publish(u"EXP-1"_s, u"One"_s);
    m_f.event(u"revision-activated"_s, u"EXP-1"_s, 5); // dead letter
    project();
    m_f.clock().advance(10);
    m_f.addRevision(u"CFG-1"_s, u"active"_s, u"Config"_s, {}, u"configuration"_s);
    m_f.event(u"revision-activated"_s, u"CFG-1"_s, 1, u"configuration"_s);
    m_f.clock().advance(20);
    m_f.publish(u"EXP-2"_s, u"Two"_s);
    m_f.publish(u"EXP-3"_s, u"Three"_s);
    m_f.clock().advance(12);

    auto report = LagMonitor(m_f.db(), m_f.clock()).report();
    QVERIFY2(report, qPrintable(report.error()));
    QCOMPARE(report->canonicalHead, 5);
    QCOMPARE(report->watermark, 2);
    QCOMPARE(report->lagEvents, 3);
    QCOMPARE(report->oldestPendingAgeS, 32.0); // the CFG-1 event, 20 + 12 s ago
    QCOMPARE(report->pendingByDomain,
             (QMap<QString, qint64>{{u"configuration"_s, 1}, {u"data"_s, 2}}));
    QCOMPARE(report->deadLetters, 1);
}

void LagMonitorTest::reportsRecentThroughputFromProjectorRuns()
{
    for (int i = 1; i <= 6; ++i)
        m_f.publish(u"EXP-%1"_s.arg(i), u"Article %1"_s.arg(i));
    auto run = Projector(m_f.db(), m_f.clock()).run(2);
    QVERIFY2(run, qPrintable(run.error()));
    auto report = LagMonitor(m_f.db(), m_f.clock()).report();
    QVERIFY2(report, qPrintable(report.error()));
    QCOMPARE(report->recentRuns, 3);
    QCOMPARE(report->recentEvents, 6);
    QVERIFY(report->recentEventsPerSecond > 0);
    QCOMPARE(report->lastRunAt, u"2026-03-01T09:00:00Z"_s);
}

void LagMonitorTest::saysWhenARevisionBecomesRetrievable()
{
    m_f.publish(u"EXP-1"_s, u"One"_s);
    m_f.publish(u"EXP-2"_s, u"Two"_s);
    m_f.addRevision(u"EXP-3"_s, u"approved"_s, u"Approved, not yet active"_s);

    Visibility v = visibility(u"EXP-2"_s, 1);
    QCOMPARE(v.state, Visibility::State::Pending);
    QCOMPARE(v.pendingEvents, 2);
    QCOMPARE(v.text, u"2 events pending (published at seq 2, watermark 0)"_s);
    QCOMPARE(visibility(u"EXP-3"_s, 1).text, u"not published"_s);
    QCOMPARE(visibility(u"EXP-3"_s, 1).state, Visibility::State::NotPublished);

    project(1);
    QCOMPARE(visibility(u"EXP-1"_s, 1).text, u"retrievable since watermark 1"_s);
    QCOMPARE(visibility(u"EXP-2"_s, 1).text,
             u"1 events pending (published at seq 2, watermark 1)"_s);
    project();
    v = visibility(u"EXP-2"_s, 1);
    QCOMPARE(v.state, Visibility::State::Retrievable);
    QCOMPARE(v.text, u"retrievable since watermark 2"_s);
    QCOMPARE(v.status, u"active"_s);
}

void LagMonitorTest::saysWhenARevisionIsNoLongerCurrent()
{
    m_f.publish(u"EXP-1"_s, u"One"_s);
    m_f.publish(u"EXP-2"_s, u"Two"_s);
    project();
    QVERIFY(m_f.setState(u"EXP-1"_s, 1, u"retired"_s));
    m_f.event(u"revision-retired"_s, u"EXP-1"_s, 1);
    m_f.publish(u"EXP-2"_s, u"Two corrected"_s);

    // Still retrievable as projected, with the change pending.
    QCOMPARE(visibility(u"EXP-1"_s, 1).text, u"retrievable since watermark 1; 1 events pending"_s);
    project();
    Visibility v = visibility(u"EXP-1"_s, 1);
    QCOMPARE(v.state, Visibility::State::NoLongerCurrent);
    QCOMPARE(v.text, u"no longer current (retired at watermark 3)"_s);
    QCOMPARE(visibility(u"EXP-2"_s, 1).text, u"no longer current (superseded at watermark 4)"_s);
    QCOMPARE(visibility(u"EXP-2"_s, 2).text, u"retrievable since watermark 5"_s);
}

void LagMonitorTest::labelsRecordedAndDeadLetteredRevisions()
{
    m_f.addRevision(u"DEC-1"_s, u"rejected"_s, u"Rejected"_s);
    m_f.event(u"revision-recorded"_s, u"DEC-1"_s, 1);
    m_f.event(u"revision-activated"_s, u"DEC-1"_s, 2); // no such revision
    project();
    Visibility v = visibility(u"DEC-1"_s, 1);
    QCOMPARE(v.state, Visibility::State::RecordedNotCurrent);
    QCOMPARE(v.text, u"published as rejected, not current (at watermark 1)"_s);
    v = visibility(u"DEC-1"_s, 2);
    QCOMPARE(v.state, Visibility::State::DeadLettered);
    QCOMPARE(v.text,
             u"could not be projected (dead letter at seq 2: DEC-1 revision 2 does not exist)"_s);
}

QTEST_GUILESS_MAIN(LagMonitorTest)
#include "tst_lagmonitor.moc"
