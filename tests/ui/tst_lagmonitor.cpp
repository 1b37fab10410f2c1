// The lag monitor: figures and chart follow commits from another connection;
// the projector runs, pauses and steps in this process; verify shows
// "identical" and then the difference a tampered projection row makes.

#include "LagChartView.h"
#include "LagMonitorPanel.h"
#include "PanelFixture.h"

#include <QAbstractAxis>
#include <QChart>
#include <QFontMetricsF>
#include <QLabel>
#include <QLineSeries>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

using namespace cw;
using namespace cw::test;

class LagMonitorTest : public QObject
{
    Q_OBJECT

private:
    PanelFixture m_fixture;

    static QString text(const LagMonitorPanel &panel, const char *name)
    {
        auto *label = panel.findChild<QLabel *>(QLatin1String(name));
        return label ? label->text() : QStringLiteral("(no %1)").arg(QLatin1String(name));
    }
    static QPushButton *button(const LagMonitorPanel &panel, const char *name)
    {
        return panel.findChild<QPushButton *>(QLatin1String(name));
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_fixture.isValid()); }

    void figuresAndChartFollowEventsFromAnotherConnectionAndAStep()
    {
        auto session = m_fixture.session(QStringLiteral("lag.db"));
        LagMonitorPanel panel(*session);
        panel.setPollInterval(50);
        panel.resize(1000, 700);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        // The figures are read off the GUI thread.
        QTRY_VERIFY(panel.lastReport().canonicalHead > 0);
        const qint64 head = panel.lastReport().canonicalHead;
        QCOMPARE(text(panel, "lagHead"), QString::number(head));
        QCOMPARE(text(panel, "lagEvents"), QStringLiteral("0"));
        QCOMPARE(text(panel, "lagPendingByDomain"), QStringLiteral("none"));
        LagChartView *chart = panel.chart();
        QVERIFY(chart && chart == panel.findChild<LagChartView *>(QStringLiteral("lagChart")));
        const int samples = chart->sampleCount();

        QSignalSpy lagChanged(&panel, &LagMonitorPanel::lagChanged);
        auto other = m_fixture.other(QStringLiteral("lag.db"));
        m_fixture.clock.advance(90);
        PanelFixture::publishAgain(*other, 3);

        QTRY_COMPARE(text(panel, "lagHead"), QString::number(head + 3));
        QCOMPARE(text(panel, "lagEvents"), QStringLiteral("3"));
        QCOMPARE(text(panel, "lagWatermark"), QString::number(head));
        QVERIFY2(text(panel, "lagPendingByDomain").contains(u" 3"),
                 qPrintable(text(panel, "lagPendingByDomain")));
        QCOMPARE(text(panel, "lagOldestAge"), QStringLiteral("2 min 30 s"));
        QVERIFY(!lagChanged.isEmpty());
        QVERIFY(chart->sampleCount() > samples);
        QCOMPARE(chart->headSeries()->points().last().y(), double(head + 3));
        QCOMPARE(chart->lagSeries()->points().last().y(), 3.0);

        QPushButton *step = button(panel, "projectorStep");
        QVERIFY(step && step->isEnabled());
        QTest::mouseClick(step, Qt::LeftButton);
        QTRY_COMPARE(text(panel, "lagEvents"), QStringLiteral("0"));
        QTRY_VERIFY(step->isEnabled());
        QCOMPARE(text(panel, "lagWatermark"), QString::number(head + 3));
        QCOMPARE(chart->watermarkSeries()->points().last().y(), double(head + 3));
        QVERIFY(text(panel, "projectorStatus").contains(QStringLiteral("Applied 3 event(s)")));
        PanelFixture::screenshot(panel, QStringLiteral("lag-monitor.png"));
    }

    void runKeepsUpUntilPausedAndControlsFollowTheState()
    {
        auto session = m_fixture.session(QStringLiteral("run.db"));
        LagMonitorPanel panel(*session);
        panel.setPollInterval(50);
        QPushButton *run = button(panel, "projectorRun");
        QPushButton *pause = button(panel, "projectorPause");
        QPushButton *verify = button(panel, "projectionVerify");
        QVERIFY(run && pause && verify);
        QVERIFY(!pause->isEnabled());
        QTRY_VERIFY(panel.lastReport().canonicalHead > 0);

        QTest::mouseClick(run, Qt::LeftButton);
        QVERIFY(!run->isEnabled());
        QVERIFY(pause->isEnabled());
        QVERIFY(!verify->isEnabled());
        // Running projector picks up what another process publishes.
        auto other = m_fixture.other(QStringLiteral("run.db"));
        const qint64 head = panel.lastReport().canonicalHead;
        PanelFixture::publishAgain(*other, 2);
        QTRY_COMPARE(text(panel, "lagWatermark"), QString::number(head + 2));

        QSignalSpy finished(&panel, &LagMonitorPanel::projectorTaskFinished);
        QTest::mouseClick(pause, Qt::LeftButton);
        QTRY_COMPARE(finished.count(), 1);
        QVERIFY(run->isEnabled());
        QVERIFY(!pause->isEnabled());
        QVERIFY(verify->isEnabled());
        QVERIFY(text(panel, "projectorStatus").startsWith(QStringLiteral("Paused")));

        // Paused means paused: new events stay pending.
        PanelFixture::publishAgain(*other, 1);
        QTRY_COMPARE(text(panel, "lagEvents"), QStringLiteral("1"));
        QTest::qWait(300);
        QCOMPARE(text(panel, "lagEvents"), QStringLiteral("1"));
    }

    void verifyShowsIdenticalAndThenATamperedRow()
    {
        auto session = m_fixture.session(QStringLiteral("verify.db"));
        LagMonitorPanel panel(*session);
        auto *result = panel.findChild<QListWidget *>(QStringLiteral("verifyResult"));
        QPushButton *verify = button(panel, "projectionVerify");
        QPushButton *rebuild = button(panel, "projectionRebuild");
        QVERIFY(result && verify && rebuild);

        QTest::mouseClick(verify, Qt::LeftButton);
        QVERIFY(!verify->isEnabled());
        QVERIFY(!rebuild->isEnabled());
        QTRY_VERIFY(verify->isEnabled());
        QCOMPARE(result->count(), 1);
        QCOMPARE(result->item(0)->text(), QStringLiteral("identical"));

        auto other = m_fixture.other(QStringLiteral("verify.db"));
        QVERIFY(other->execScript("UPDATE projection SET title = 'x' WHERE ref = "
                                  "(SELECT min(ref) FROM projection)"));
        QTest::mouseClick(verify, Qt::LeftButton);
        QTRY_VERIFY(verify->isEnabled());
        QVERIFY(result->count() >= 2);
        QVERIFY2(result->item(0)->text().contains(QStringLiteral("difference")),
                 qPrintable(result->item(0)->text()));
        bool namesTitle = false;
        for (int i = 1; i < result->count(); ++i)
            namesTitle = namesTitle || result->item(i)->text().contains(QStringLiteral("title"));
        QVERIFY(namesTitle);

        // A rebuild repairs it.
        QTest::mouseClick(rebuild, Qt::LeftButton);
        QTRY_VERIFY(rebuild->isEnabled());
        QVERIFY(panel.findChild<QLabel *>(QStringLiteral("projectorStatus"))
                    ->text()
                    .startsWith(QStringLiteral("Rebuilt")));
        QTest::mouseClick(verify, Qt::LeftButton);
        QTRY_VERIFY(verify->isEnabled());
        QCOMPARE(result->item(0)->text(), QStringLiteral("identical"));
    }

    void chartHistoryIsBounded()
    {
        LagChartView chart;
        chart.setHistoryLimit(5);
        LagReport report;
        for (int i = 1; i <= 12; ++i) {
            report.canonicalHead = i;
            report.watermark = i - 1;
            report.lagEvents = 1;
            chart.addSample(report);
        }
        QCOMPARE(chart.sampleCount(), 5);
        QCOMPARE(chart.headSeries()->points().first().y(), 8.0);
        QCOMPARE(chart.watermarkSeries()->count(), 5);
    }

    void theSideAxisTitlesFitWhenTheChartIsAsShortAsItGoes()
    {
        LagChartView chart;
        chart.addSample(LagReport{});
        chart.resize(600, 1); // held at its minimum height
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        for (const QAbstractAxis *axis : chart.chart()->axes(Qt::Vertical)) {
            const qreal title =
                QFontMetricsF(axis->titleFont()).horizontalAdvance(axis->titleText());
            // QtCharts elides a side title longer than the plot area is high.
            QTRY_VERIFY2(chart.chart()->plotArea().height() >= title,
                         qPrintable(QStringLiteral("%1: %2 px of plot for %3 px of title")
                                        .arg(axis->titleText())
                                        .arg(chart.chart()->plotArea().height())
                                        .arg(title)));
        }
        QVERIFY(chart.height() < 300); // still short: only what the titles need
    }
};

QTEST_MAIN(LagMonitorTest)
#include "tst_lagmonitor.moc"
