// The lag monitor: figures and chart follow commits from another connection;
// the projector runs, pauses and steps in this process; verify shows
// "identical" and then the difference a tampered projection row makes; a
// rebuild asks first. The chart reads as clock time, its count axes label
// each whole number once, and lines that coincide stay apart.

#include "LagChartView.h"
#include "LagMonitorPanel.h"
#include "ModalAnswer.h"
#include "PanelFixture.h"
#include "Theme.h"

#include <QAbstractAxis>
#include <QApplication>
#include <QChart>
#include <QDateTimeAxis>
#include <QFontMetricsF>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>
#include <QValueAxis>

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

    // The labels the chart draws, by where they are drawn: below the plot
    // (time), left of it (outbox seq) and right of it (events behind).
    struct Labels
    {
        QStringList time, left, right;
    };
    static Labels drawnLabels(const LagChartView &chart)
    {
        static const QRegularExpression clock(QStringLiteral("^\\d\\d:\\d\\d:\\d\\d$"));
        static const QRegularExpression number(QStringLiteral("^-?\\d+$"));
        const QRectF plot = chart.chart()->plotArea();
        Labels labels;
        for (QGraphicsItem *item : chart.scene()->items(Qt::AscendingOrder)) {
            auto *text = dynamic_cast<QGraphicsTextItem *>(item);
            if (!text || !text->isVisible())
                continue;
            const QString s = text->toPlainText();
            const QPointF at = text->sceneBoundingRect().center();
            if (clock.match(s).hasMatch() && at.y() > plot.bottom())
                labels.time.append(s);
            else if (number.match(s).hasMatch() && at.x() < plot.left())
                labels.left.append(s);
            else if (number.match(s).hasMatch() && at.x() > plot.right())
                labels.right.append(s);
        }
        return labels;
    }
    static bool distinct(const QStringList &labels)
    {
        return QSet<QString>(labels.begin(), labels.end()).size() == labels.size();
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
        Asked asked;
        answerNextBox(QMessageBox::Yes, &asked);
        QTest::mouseClick(rebuild, Qt::LeftButton);
        QVERIFY(asked.shown);
        QTRY_VERIFY(rebuild->isEnabled());
        QVERIFY(panel.findChild<QLabel *>(QStringLiteral("projectorStatus"))
                    ->text()
                    .startsWith(QStringLiteral("Rebuilt")));
        QTest::mouseClick(verify, Qt::LeftButton);
        QTRY_VERIFY(verify->isEnabled());
        QCOMPARE(result->item(0)->text(), QStringLiteral("identical"));
    }

    void rebuildAsksFirstAndDoesNothingUnlessConfirmed()
    {
        auto session = m_fixture.session(QStringLiteral("rebuild.db"));
        LagMonitorPanel panel(*session);
        QPushButton *rebuild = button(panel, "projectionRebuild");
        QVERIFY(rebuild);
        QTRY_VERIFY(panel.lastReport().canonicalHead > 0);
        QSignalSpy finished(&panel, &LagMonitorPanel::projectorTaskFinished);

        // No (the default, so a stray Enter does not start it): nothing runs.
        Asked declined;
        answerNextBox(QMessageBox::No, &declined);
        QTest::mouseClick(rebuild, Qt::LeftButton);
        QVERIFY(declined.shown);
        QCOMPARE(declined.defaultButton, QMessageBox::No);
        // It says what a rebuild does and how long it may take.
        QVERIFY2(declined.text.contains(QStringLiteral("swaps it in")), qPrintable(declined.text));
        QVERIFY2(declined.text.contains(QStringLiteral("minutes")), qPrintable(declined.text));
        QTest::qWait(200);
        QCOMPARE(finished.count(), 0);
        QVERIFY(!panel.isBusy());
        QCOMPARE(text(panel, "projectorStatus"), QStringLiteral("Projector idle."));

        // Yes: it rebuilds.
        Asked confirmed;
        answerNextBox(QMessageBox::Yes, &confirmed);
        QTest::mouseClick(rebuild, Qt::LeftButton);
        QVERIFY(confirmed.shown);
        QTRY_COMPARE(finished.count(), 1);
        QCOMPARE(finished.first().first().value<ProjectorOutcome>().task, ProjectorTask::Rebuild);
        QVERIFY2(text(panel, "projectorStatus").startsWith(QStringLiteral("Rebuilt")),
                 qPrintable(text(panel, "projectorStatus")));
    }

    void theTimeAxisShowsClockTimeOnRoundTicks()
    {
        LagChartView chart;
        // The samples of the report: 0.1, 35.8 and 71.6 s after a minute began.
        const QDateTime start(QDate(2026, 12, 2), QTime(12, 0, 0));
        LagReport report;
        report.canonicalHead = 19;
        report.watermark = 19;
        for (const int ms : {100, 35800, 71600})
            chart.addSample(report, start.addMSecs(ms));
        chart.resize(800, 320);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QTRY_VERIFY(drawnLabels(chart).time.size() >= 2);
        const QStringList time = drawnLabels(chart).time;
        QVERIFY2(distinct(time), qPrintable(time.join(u", ")));
        QCOMPARE(time.first(), QStringLiteral("12:00:00"));
        // Evenly spaced, on whole multiples of the step.
        QList<int> seconds;
        for (const QString &label : time)
            seconds.append(
                QTime(0, 0).secsTo(QTime::fromString(label, QStringLiteral("HH:mm:ss"))));
        const int step = seconds[1] - seconds[0];
        QVERIFY(step > 0);
        for (int i = 1; i < seconds.size(); ++i) {
            QCOMPARE(seconds[i] - seconds[i - 1], step);
            QCOMPARE(seconds[i] % step, 0);
        }
        QVERIFY(seconds.last() >= QTime(0, 0).secsTo(QTime(12, 1, 11)));
        QVERIFY2(time.size() <= LagChartView::MaxTicks, qPrintable(time.join(u", ")));
    }

    void theCountAxesLabelEachWholeNumberOnce_data()
    {
        QTest::addColumn<qint64>("low");
        QTest::addColumn<qint64>("high");
        QTest::addColumn<qint64>("behind");
        QTest::addColumn<bool>("dark");
        for (const bool dark : {false, true}) {
            const char *theme = dark ? "dark" : "light";
            QTest::addRow("17..19 %s", theme) << qint64(17) << qint64(19) << qint64(2) << dark;
            QTest::addRow("0..0 %s", theme) << qint64(0) << qint64(0) << qint64(0) << dark;
            QTest::addRow("flat 19 %s", theme) << qint64(19) << qint64(19) << qint64(0) << dark;
            QTest::addRow("0..3 %s", theme) << qint64(0) << qint64(3) << qint64(3) << dark;
            QTest::addRow("large %s", theme)
                << qint64(1'000'000) << qint64(1'250'003) << qint64(250'003) << dark;
        }
    }

    void theCountAxesLabelEachWholeNumberOnce()
    {
        QFETCH(qint64, low);
        QFETCH(qint64, high);
        QFETCH(qint64, behind);
        QFETCH(bool, dark);
        const QPalette before = QApplication::palette();
        if (dark)
            QApplication::setPalette(Theme::darkPalette());
        LagChartView chart;
        QApplication::setPalette(before);
        QCOMPARE(Theme::isDark(chart.palette()), dark);
        const QDateTime start(QDate(2026, 12, 2), QTime(12, 0, 0));
        LagReport report;
        report.canonicalHead = high;
        report.watermark = high - behind;
        report.lagEvents = behind;
        chart.addSample(report, start);
        report.canonicalHead = low;
        report.watermark = low;
        report.lagEvents = 0;
        chart.addSample(report, start.addSecs(5));
        chart.resize(800, 420);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QTRY_VERIFY(drawnLabels(chart).left.size() >= 2 && drawnLabels(chart).right.size() >= 2);
        const Labels labels = drawnLabels(chart);
        QVERIFY2(distinct(labels.left), qPrintable(labels.left.join(u", ")));
        QVERIFY2(distinct(labels.right), qPrintable(labels.right.join(u", ")));
        QVERIFY2(labels.left.size() <= LagChartView::MaxTicks, qPrintable(labels.left.join(u", ")));
        QVERIFY2(labels.right.size() <= LagChartView::MaxTicks,
                 qPrintable(labels.right.join(u", ")));
        // Every sample is inside the axis it is drawn on.
        QVERIFY(chart.sequenceAxis()->min() <= double(std::min(low, high - behind)));
        QVERIFY(chart.sequenceAxis()->max() >= double(high));
        QVERIFY(chart.behindAxis()->max() >= double(behind));
    }

    void coincidingLinesStayDistinguishable()
    {
        LagChartView chart;
        const QDateTime start(QDate(2026, 12, 2), QTime(12, 0, 0));
        LagReport report;
        report.canonicalHead = 42;
        report.watermark = 42; // nothing behind: head and watermark coincide
        for (int i = 0; i < 10; ++i)
            chart.addSample(report, start.addSecs(i));
        const QPen head = chart.headSeries()->pen();
        const QPen watermark = chart.watermarkSeries()->pen();
        const QPen behind = chart.lagSeries()->pen();
        // Not by colour alone: the watermark is a band wider than the head on
        // each side, and events behind has a pattern of its own.
        QVERIFY(watermark.widthF() >= head.widthF() + 4);
        QVERIFY(watermark.color().alpha() < 255);
        QCOMPARE(head.style(), Qt::SolidLine);
        QVERIFY(behind.style() != head.style());
        QVERIFY(behind.widthF() >= head.widthF() + 2);
        QVERIFY(head.color() != watermark.color());
        // The head is drawn last, on top of the band.
        QCOMPARE(chart.chart()->series().last(), chart.headSeries());
        QCOMPARE(chart.chart()->legend()->markerShape(), QLegend::MarkerShapeFromSeries);

        // And on screen both show: the head's own colour and the band's around it.
        chart.resize(700, 360);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QTest::qWait(50);
        const QImage image = chart.grab().toImage();
        const QRectF plot = chart.chart()->plotArea();
        const auto near = [](QColor a, QColor b) {
            return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) +
                       std::abs(a.blue() - b.blue()) <
                   40;
        };
        const QColor background = image.pixelColor(int(plot.center().x()), int(plot.top()) + 3);
        QColor band = watermark.color();
        const double a = band.alphaF();
        band = QColor::fromRgbF(band.redF() * a + background.redF() * (1 - a),
                                band.greenF() * a + background.greenF() * (1 - a),
                                band.blueF() * a + background.blueF() * (1 - a));
        int headPixels = 0;
        int bandPixels = 0;
        const int x = int(plot.center().x());
        for (int y = int(plot.top()); y < int(plot.bottom()); ++y) {
            const QColor c = image.pixelColor(x, y);
            headPixels += near(c, head.color());
            bandPixels += near(c, band);
        }
        QVERIFY2(headPixels >= 1, "the head line shows");
        QVERIFY2(bandPixels >= 2, "the watermark band shows around it");
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
