#pragma once

#include <QChartView>
#include <QDateTime>

#include <functional>

class QDateTimeAxis;
class QLineSeries;
class QValueAxis;

namespace cw::inline projection {
struct LagReport;
}

namespace cw {

// Canonical head and watermark (left axis) and events behind (right axis)
// over the last few minutes. The history is bounded: the oldest samples fall
// off, so a monitor left open for days uses the same memory as after five
// minutes. Time is the wall clock, shown as clock time on round ticks: the
// chart is about when the panel looked, not about domain time. The lines
// stay apart where they coincide (the head on top, thin and solid, over a
// wide translucent watermark band; events behind dash-dotted), and the count
// axes tick on whole numbers, each label once.
class LagChartView : public QChartView
{
    Q_OBJECT

public:
    static constexpr int DefaultHistory = 600;  // 5 minutes at 500 ms
    static constexpr double MinimumSpanS = 2.0; // time axis before there is more history
    static constexpr int MinimumHeight = 180;   // before the axis titles ask for more
    static constexpr int MaxTicks = 7;          // per axis, so labels never crowd

    explicit LagChartView(QWidget *parent = nullptr);

    void addSample(const LagReport &report);
    // For tests and replays: the sample as taken at `at`.
    void addSample(const LagReport &report, const QDateTime &at);
    void setHistoryLimit(int samples);
    int historyLimit() const { return m_limit; }
    int sampleCount() const;

    QLineSeries *headSeries() const { return m_head; }
    QLineSeries *watermarkSeries() const { return m_watermark; }
    QLineSeries *lagSeries() const { return m_lag; }
    QDateTimeAxis *timeAxis() const { return m_time; }
    QValueAxis *sequenceAxis() const { return m_seq; }
    QValueAxis *behindAxis() const { return m_behind; }

private:
    void append(QLineSeries *series, double x, double y);
    void rescale();
    void reserveRoomForAxisTitles();
    void styleSeries();

    QLineSeries *m_head = nullptr;
    QLineSeries *m_watermark = nullptr;
    QLineSeries *m_lag = nullptr;
    QDateTimeAxis *m_time = nullptr;
    QValueAxis *m_seq = nullptr;
    QValueAxis *m_behind = nullptr;
    int m_limit = DefaultHistory;
};

} // namespace cw
