#include "EvalChartView.h"

#include "Theme.h"

#include <QChart>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QMap>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace cw {

namespace {

constexpr Qt::PenStyle Dashes[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine,
                                   Qt::DashDotDotLine};
constexpr QScatterSeries::MarkerShape Shapes[] = {
    QScatterSeries::MarkerShapeCircle, QScatterSeries::MarkerShapeRectangle,
    QScatterSeries::MarkerShapeTriangle, QScatterSeries::MarkerShapeStar,
    QScatterSeries::MarkerShapePentagon};

} // namespace

EvalChartView::EvalChartView(QWidget *parent)
    : QChartView(new QChart, parent)
{
    setObjectName(QStringLiteral("evalChart"));
    setAccessibleName(tr("Metric across stored runs"));
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(MinimumHeight);
    QChart *chart = this->chart();
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setTheme(Theme::isDark(palette()) ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart->setBackgroundRoundness(0);
    m_x = new QValueAxis(chart);
    m_x->setTitleText(tr("run number"));
    m_x->setLabelFormat(QStringLiteral("%d"));
    // Whole run numbers, each label once: ticks on integers, never between.
    m_x->setTickType(QValueAxis::TicksDynamic);
    m_x->setTickAnchor(0);
    m_y = new QValueAxis(chart);
    chart->addAxis(m_x, Qt::AlignBottom);
    chart->addAxis(m_y, Qt::AlignLeft);
}

double EvalChartView::valueOf(const EvalRun &run, const QString &metric, bool *ok)
{
    QString key = metric;
    key.replace(QStringLiteral("@k"), QStringLiteral("@%1").arg(run.k));
    const QJsonValue v = run.means.value(key);
    if (ok)
        *ok = v.isDouble();
    return v.toDouble();
}

void EvalChartView::setRuns(const QList<RunStatus> &runs, const QString &metric)
{
    QChart *chart = this->chart();
    chart->removeAllSeries();
    m_lines.clear();
    chart->setTitle(tr("%1 across stored runs").arg(metric));
    m_y->setTitleText(metric);

    // One line per strategy version, in the order each first ran.
    QMap<std::int64_t, QString> firstRun;
    QHash<QString, QList<const RunStatus *>> byStrategy;
    for (const RunStatus &s : runs) {
        bool ok = false;
        valueOf(s.run, metric, &ok);
        if (!ok)
            continue;
        if (!byStrategy.contains(s.run.strategy))
            firstRun.insert(s.run.id, s.run.strategy);
        byStrategy[s.run.strategy].append(&s);
    }
    double high = 0;
    std::int64_t minRun = 0;
    std::int64_t maxRun = 0;
    bool any = false;
    int n = 0;
    for (const QString &strategy : std::as_const(firstRun)) {
        auto *line = new QLineSeries(chart);
        line->setName(strategy);
        auto *points = new QScatterSeries(chart);
        points->setName(strategy);
        points->setMarkerShape(Shapes[n % std::size(Shapes)]);
        points->setMarkerSize(11);
        auto *hollow = new QScatterSeries(chart); // drifted runs
        hollow->setMarkerShape(Shapes[n % std::size(Shapes)]);
        hollow->setMarkerSize(11);
        for (const RunStatus *s : byStrategy.value(strategy)) {
            const double y = valueOf(s->run, metric);
            line->append(double(s->run.id), y);
            (s->drifted() ? hollow : points)->append(double(s->run.id), y);
            if (!any) {
                high = y;
                minRun = maxRun = s->run.id;
                any = true;
            }
            high = std::max(high, y);
            minRun = std::min(minRun, s->run.id);
            maxRun = std::max(maxRun, s->run.id);
        }
        for (QXYSeries *series : std::initializer_list<QXYSeries *>{line, points, hollow}) {
            chart->addSeries(series);
            series->attachAxis(m_x);
            series->attachAxis(m_y);
        }
        // The theme picks the colour as the series is added; then the pattern.
        QPen pen = line->pen();
        pen.setStyle(Dashes[n % std::size(Dashes)]);
        pen.setWidthF(2.0);
        line->setPen(pen);
        points->setColor(pen.color());
        points->setBorderColor(pen.color());
        hollow->setColor(Qt::transparent);
        hollow->setBorderColor(pen.color());
        QPen ring = hollow->pen();
        ring.setWidthF(2.0);
        ring.setColor(pen.color());
        hollow->setPen(ring);
        // The legend names the strategy once, by its marker: shape and colour.
        for (QXYSeries *series : std::initializer_list<QXYSeries *>{line, hollow})
            for (QLegendMarker *marker : chart->legend()->markers(series))
                marker->setVisible(false);
        m_lines.append(line);
        ++n;
    }
    const double span = double(std::max<std::int64_t>(1, maxRun - minRun));
    m_x->setRange(double(minRun) - 0.5, double(maxRun) + 0.5);
    m_x->setTickInterval(std::max(1.0, std::ceil(span / 8.0)));
    // Shares (the IR metrics, recall) on 0..1; counts, tokens and latency to
    // what was measured.
    if (high <= 1.0) {
        m_y->setRange(0, 1);
        m_y->setLabelFormat(QStringLiteral("%.1f"));
        m_y->setTickCount(6);
    } else {
        m_y->setRange(0, high * 1.15);
        m_y->setLabelFormat(QStringLiteral("%.0f"));
        m_y->applyNiceNumbers();
    }
}

} // namespace cw
