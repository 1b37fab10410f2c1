#pragma once

#include "LagMonitor.h"
#include "ProjectorTasks.h"

#include <QWidget>

#include <optional>

class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;
class QTimer;

namespace cw::inline common {
class Clock;
}

namespace cw {

class BackgroundRunner;
class LagChartView;
class Session;

// The lag monitor: how far the search projection trails canonical state, as
// figures and as a chart over time, refreshed when the session sees a commit
// and now and then for the ages (at the session's clock). Its controls run,
// pause or step the projector in this process, rebuild the projection, and
// verify it against a rebuild; all of that runs on a runner thread with its
// own connection. The figures are read off the GUI thread too (a large
// backlog takes a while to count); until the first report arrives,
// lastReport() is empty.
class LagMonitorPanel : public QWidget
{
    Q_OBJECT

public:
    static constexpr int DefaultPollMs = 500;
    // Ages and throughput move without commits: re-read every this many polls.
    static constexpr int MaxQuietPolls = 4;

    explicit LagMonitorPanel(Session &session, QWidget *parent = nullptr);
    ~LagMonitorPanel() override;

    const LagReport &lastReport() const { return m_report; }
    LagChartView *chart() const { return m_chart; }
    bool isBusy() const { return m_task.has_value(); }
    void setPollInterval(int ms);

public Q_SLOTS:
    void refresh();
    void runProjector();
    void pauseProjector();
    void stepProjector();
    // Asks first (default: no), naming what a rebuild does and how long it takes.
    void rebuildProjection();
    void verifyProjection();

Q_SIGNALS:
    void lagChanged(const cw::LagReport &report);
    void projectorTaskFinished(const cw::ProjectorOutcome &outcome);

private:
    QWidget *buildFigures();
    QWidget *buildControls();
    void poll();
    void reportArrived(const Result<LagReport> &report);
    void showReport();
    void start(ProjectorTask task, const QString &what);
    void runBatch();
    void showProgress(qint64 applied, qint64 watermark);
    void taskFinished(const ProjectorOutcome &outcome);
    void updateControls();
    bool confirmRebuild();

    Session &m_session;
    LagReport m_report;
    int m_quietPolls = 0;
    QTimer *m_poll = nullptr;
    BackgroundRunner *m_reader = nullptr;

    BackgroundRunner *m_projector = nullptr;
    std::optional<ProjectorTask> m_task;
    bool m_stop = false;     // Pause: no further batch of a Run
    qint64 m_runApplied = 0; // events applied since Run

    QLabel *m_head = nullptr;
    QLabel *m_watermark = nullptr;
    QLabel *m_lag = nullptr;
    QLabel *m_oldest = nullptr;
    QLabel *m_throughput = nullptr;
    QLabel *m_deadLetters = nullptr;
    QLabel *m_byDomain = nullptr;
    LagChartView *m_chart = nullptr;
    QPushButton *m_run = nullptr;
    QPushButton *m_pause = nullptr;
    QPushButton *m_step = nullptr;
    QPushButton *m_rebuild = nullptr;
    QPushButton *m_verify = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_status = nullptr;
    QListWidget *m_result = nullptr;
};

} // namespace cw
