#pragma once

#include <QChartView>
#include <QElapsedTimer>

class QLineSeries;
class QValueAxis;

namespace cw::inline projection {
struct LagReport;
}

namespace cw {

// Canonical head and watermark (left axis) and events behind (right axis)
// over the last few minutes. The history is bounded: the oldest samples fall
// off, so a monitor left open for days uses the same memory as after five
// minutes. Time is this process's monotonic clock: the chart is about when
// the panel looked, not about domain time.
class LagChartView : public QChartView
{
    Q_OBJECT

public:
    static constexpr int DefaultHistory = 600;  // 5 minutes at 500 ms
    static constexpr double MinimumSpanS = 2.0; // time axis before there is more history
    static constexpr int MinimumHeight = 180;   // before the axis titles ask for more

    explicit LagChartView(QWidget *parent = nullptr);

    void addSample(const LagReport &report);
    void setHistoryLimit(int samples);
    int historyLimit() const { return m_limit; }
    int sampleCount() const;

    QLineSeries *headSeries() const { return m_head; }
    QLineSeries *watermarkSeries() const { return m_watermark; }
    QLineSeries *lagSeries() const { return m_lag; }

private:
    void append(QLineSeries *series, double x, double y);
    void rescale();
    void reserveRoomForAxisTitles();

    QLineSeries *m_head = nullptr;
    QLineSeries *m_watermark = nullptr;
    QLineSeries *m_lag = nullptr;
    QValueAxis *m_time = nullptr;
    QValueAxis *m_seq = nullptr;
    QValueAxis *m_behind = nullptr;
    QElapsedTimer m_clock;
    int m_limit = DefaultHistory;
};

} // namespace cw
