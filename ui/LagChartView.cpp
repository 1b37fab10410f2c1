#include "LagChartView.h"

#include "LagMonitor.h"
#include "Theme.h"

#include <QChart>
#include <QDateTimeAxis>
#include <QFontMetricsF>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QValueAxis>
#include <QtMath>

#include <algorithm>
#include <array>
#include <cmath>

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

// An aligned range: [low, high] widened outwards to multiples of step.
struct Ticks
{
    double low = 0;
    double high = 1;
    double step = 1;
    int count() const { return int(std::lround((high - low) / step)) + 1; }
};

// The first step of `steps` whose aligned range has at most `maxTicks`
// ticks. A range that is one point gets one step above it, so a flat line
// still has two labelled ticks and is not drawn on the frame.
template <typename Steps>
Ticks alignedTicks(double low, double high, const Steps &steps, int maxTicks)
{
    Ticks t;
    for (const double step : steps) {
        t.step = step;
        t.low = std::floor(low / step) * step;
        t.high = std::ceil(high / step) * step;
        if (t.high <= t.low)
            t.high = t.low + step;
        if (t.count() <= maxTicks)
            return t;
    }
    return t;
}

// Whole numbers only: 1, 2, 5 × 10^k. A fractional step would print one
// integer label twice ("19, 19, 18, 18, 17").
Ticks countTicks(double low, double high, int maxTicks)
{
    std::array<double, 3 * 16> steps{};
    double decade = 1;
    for (std::size_t i = 0; i < steps.size(); i += 3, decade *= 10) {
        steps[i] = decade;
        steps[i + 1] = 2 * decade;
        steps[i + 2] = 5 * decade;
    }
    return alignedTicks(low, high, steps, maxTicks);
}

// Steps a clock face reads at a glance, in milliseconds: ticks fall on
// 12:04:30, 12:05:00, not on whatever second the panel opened.
Ticks clockTicks(double lowMs, double highMs, int maxTicks)
{
    constexpr double S = 1000;
    constexpr double Min = 60 * S;
    constexpr double H = 60 * Min;
    constexpr std::array<double, 17> steps{1 * S,   2 * S,   5 * S,   10 * S,   15 * S,   30 * S,
                                           1 * Min, 2 * Min, 5 * Min, 10 * Min, 15 * Min, 30 * Min,
                                           1 * H,   2 * H,   6 * H,   12 * H,   24 * H};
    return alignedTicks(lowMs, highMs, steps, maxTicks);
}

void setCountRange(QValueAxis *axis, double low, double high, int maxTicks)
{
    const Ticks t = countTicks(low, high, maxTicks);
    axis->setTickType(QValueAxis::TicksDynamic);
    axis->setTickAnchor(t.low);
    axis->setTickInterval(t.step);
    axis->setRange(t.low, t.high);
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
    // Each legend entry is a short piece of its line, pen and all.
    chart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
    chart->setMargins(QMargins(4, 4, 4, 4));
    // Follow the application palette so the chart is right in a dark theme too.
    const bool dark = Theme::isDark(palette());
    chart->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart->setBackgroundRoundness(0);

    // Series added later are drawn on top: the head last, over the watermark.
    m_watermark = makeSeries(chart, QStringLiteral("lagWatermarkSeries"), tr("watermark"));
    m_lag = makeSeries(chart, QStringLiteral("lagEventsSeries"), tr("events behind"));
    m_head = makeSeries(chart, QStringLiteral("lagHeadSeries"), tr("canonical head"));

    m_time = new QDateTimeAxis(chart);
    m_time->setTitleText(tr("time"));
    m_time->setFormat(QStringLiteral("HH:mm:ss"));
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
    styleSeries();
    // Queued: the plot area changes inside a resize, which must not resize again.
    connect(chart, &QChart::plotAreaChanged, this, &LagChartView::reserveRoomForAxisTitles,
            Qt::QueuedConnection);
}

// Told apart by width and pattern as well as colour: when head and watermark
// are equal (nothing behind, the usual case) the thin solid head runs inside
// the wide translucent watermark band, and both stay visible; events behind,
// dash-dotted and between the two in width, shows around the head where its
// own axis puts it on the same pixels.
void LagChartView::styleSeries()
{
    QPen band = m_watermark->pen();
    QColor translucent = band.color();
    translucent.setAlpha(110);
    band.setColor(translucent);
    band.setWidthF(9);
    band.setStyle(Qt::SolidLine);
    band.setCapStyle(Qt::FlatCap);
    m_watermark->setPen(band);

    QPen head = m_head->pen();
    head.setWidthF(2);
    head.setStyle(Qt::SolidLine);
    m_head->setPen(head);

    QPen behind = m_lag->pen();
    // Wider than the head: on its own axis it can fall on the head's pixels
    // too, and then its dashes still show on both sides.
    behind.setWidthF(5);
    behind.setStyle(Qt::DashDotLine);
    m_lag->setPen(behind);
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
    addSample(report, QDateTime::currentDateTime());
}

void LagChartView::addSample(const LagReport &report, const QDateTime &at)
{
    const double x = double(at.toMSecsSinceEpoch());
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
    const Ticks time = clockTicks(first, std::max(last, first + MinimumSpanS * 1000), MaxTicks);
    m_time->setRange(QDateTime::fromMSecsSinceEpoch(qint64(time.low)),
                     QDateTime::fromMSecsSinceEpoch(qint64(time.high)));
    m_time->setTickCount(time.count());
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
    setCountRange(m_seq, std::max(0.0, low - pad), high + pad, MaxTicks);
    double behind = 0;
    for (const QPointF &p : m_lag->points())
        behind = std::max(behind, p.y());
    setCountRange(m_behind, 0, std::max(5.0, std::ceil(behind * 1.2)), MaxTicks);
}

} // namespace cw
