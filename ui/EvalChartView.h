#pragma once

#include "RunHistory.h"

#include <QChartView>

class QLineSeries;
class QValueAxis;

namespace cw {

// One metric across the stored runs of a set, one line per strategy version
// (id@version; "query-defaults" is its own line), oldest run first along the
// bottom. Lines differ by dash pattern and marker shape as well as colour, so
// they can be told apart in grey or by someone who does not see the colours.
// A drifted run's point is drawn hollow: its figure is not today's.
class EvalChartView : public QChartView
{
    Q_OBJECT

public:
    static constexpr int MinimumHeight = 200;

    explicit EvalChartView(QWidget *parent = nullptr);

    // metric: a stored mean's key with "@k" for the run's own k, as
    // "ndcg@k", or latency_ms_p50.
    void setRuns(const QList<RunStatus> &runs, const QString &metric);
    QList<QLineSeries *> lines() const { return m_lines; }
    QValueAxis *runAxis() const { return m_x; }
    QValueAxis *valueAxis() const { return m_y; }

    static double valueOf(const EvalRun &run, const QString &metric, bool *ok = nullptr);

private:
    QList<QLineSeries *> m_lines;
    QValueAxis *m_x = nullptr;
    QValueAxis *m_y = nullptr;
};

} // namespace cw
