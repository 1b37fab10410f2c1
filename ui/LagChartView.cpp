#include "LagChartView.h"

#include "LagMonitor.h"
#include "Theme.h"

#include <QChart>
#include <QFontMetricsF>
#include <QLineSeries>
#include <QValueAxis>
#include <QtMath>

#include <algorithm>

namespace cw {

namespace {

QLineSeries *makeSeries(QChart *chart, const QString &name, const QString &label)
{
    auto *series = new QLineSeries(chart);
    series->setObjectName(name);
    series->setName(label);
    chart->addSeries(series);
    return series;
}

} // namespace

// The chart is handed to the base constructor: QChartView(QWidget *) builds a
// default chart of its own, and setChart() later only releases that one (it
// never deletes the previous chart), which leaked a whole QChart tree per view.
LagChartView::LagChartView(QWidget *parent)
    : QChartView(new QChart, parent)
{
    setObjectName(QStringLiteral("lagChart"));
    setAccessibleName(tr("Lag over time"));
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(MinimumHeight);

    QChart *chart = this->chart();
    chart->setObjectName(QStringLiteral("lagChartModel"));
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 4, 4, 4));
    // Follow the application palette so the chart is right in a dark theme too.
    const bool dark = Theme::isDark(palette());
    chart->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart->setBackgroundRoundness(0);

    m_head = makeSeries(chart, QStringLiteral("lagHeadSeries"), tr("canonical head"));
    m_watermark = makeSeries(chart, QStringLiteral("lagWatermarkSeries"), tr("watermark"));
    m_lag = makeSeries(chart, QStringLiteral("lagEventsSeries"), tr("events behind"));

    m_time = new QValueAxis(chart);
    m_time->setTitleText(tr("seconds"));
    m_time->setLabelFormat(QStringLiteral("%.1f"));
    m_seq = new QValueAxis(chart);
    m_seq->setTitleText(tr("outbox seq"));
    m_seq->setLabelFormat(QStringLiteral("%.0f"));
    m_behind = new QValueAxis(chart);
    m_behind->setTitleText(tr("behind"));
    m_behind->setLabelFormat(QStringLiteral("%.0f"));
    chart->addAxis(m_time, Qt::AlignBottom);
    chart->addAxis(m_seq, Qt::AlignLeft);
    chart->addAxis(m_behind, Qt::AlignRight);
    for (QLineSeries *s : {m_head, m_watermark, m_lag})
        s->attachAxis(m_time);
    m_head->attachAxis(m_seq);
    m_watermark->attachAxis(m_seq);
    m_lag->attachAxis(m_behind);
    QPen dashed = m_lag->pen();
    dashed.setStyle(Qt::DashLine);
    m_lag->setPen(dashed);
    // Queued: the plot area changes inside a resize, which must not resize again.
    connect(chart, &QChart::plotAreaChanged, this, &LagChartView::reserveRoomForAxisTitles,
            Qt::QueuedConnection);
    m_clock.start();
}

// The side axes' titles run along the plot area, and QtCharts elides one that
// is longer than the plot is high ("outbox…" in a short dock). The chart keeps
// a plot area that tall: what legend, time axis and margins take around it is
// measured from the laid-out chart, so any font, style or scale is counted.
void LagChartView::reserveRoomForAxisTitles()
{
    const QRectF plot = chart()->plotArea();
    if (plot.isEmpty())
        return;
    qreal title = 0;
    for (const QValueAxis *axis : {m_seq, m_behind})
        title =
            std::max(title, QFontMetricsF(axis->titleFont()).horizontalAdvance(axis->titleText()));
    const int around = height() - qFloor(plot.height());
    // A little more than the text: the elision test has no slack.
    const int needed = std::max(MinimumHeight, around + qCeil(title) + 8);
    if (needed != minimumHeight())
        setMinimumHeight(needed);
}

void LagChartView::setHistoryLimit(int samples)
{
    m_limit = std::max(2, samples);
}

int LagChartView::sampleCount() const
{
    return int(m_head->count());
}

void LagChartView::append(QLineSeries *series, double x, double y)
{
    series->append(x, y);
    if (series->count() > m_limit)
        series->removePoints(0, int(series->count()) - m_limit);
}

void LagChartView::addSample(const LagReport &report)
{
    const double x = double(m_clock.elapsed()) / 1000.0;
    append(m_head, x, double(report.canonicalHead));
    append(m_watermark, x, double(report.watermark));
    append(m_lag, x, double(report.lagEvents));
    rescale();
}

void LagChartView::rescale()
{
    const auto points = m_head->points();
    if (points.isEmpty())
        return;
    const double first = points.first().x();
    const double last = points.last().x();
    m_time->setRange(first, std::max(last, first + MinimumSpanS));
    double low = points.first().y();
    double high = low;
    for (QLineSeries *s : {m_head, m_watermark}) {
        for (const QPointF &p : s->points()) {
            low = std::min(low, p.y());
            high = std::max(high, p.y());
        }
    }
    // Leave room so a flat line is not drawn on the frame.
    const double pad = std::max(1.0, (high - low) * 0.1);
    m_seq->setRange(std::max(0.0, low - pad), high + pad);
    m_seq->applyNiceNumbers(); // whole ticks: seq numbers are integers
    double behind = 0;
    for (const QPointF &p : m_lag->points())
        behind = std::max(behind, p.y());
    m_behind->setRange(0, std::max(5.0, behind * 1.2));
    m_behind->applyNiceNumbers();
}

} // namespace cw
