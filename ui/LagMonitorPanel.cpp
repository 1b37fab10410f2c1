#include "LagMonitorPanel.h"

#include "BackgroundRunner.h"
#include "Clock.h"
#include "LagChartView.h"
#include "Session.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace cw {

namespace {

QString ageText(double seconds)
{
    const qint64 s = qint64(seconds + 0.5);
    if (s < 120)
        return LagMonitorPanel::tr("%1 s").arg(s);
    if (s < 7200)
        return LagMonitorPanel::tr("%1 min %2 s").arg(s / 60).arg(s % 60);
    return LagMonitorPanel::tr("%1 h %2 min").arg(s / 3600).arg((s % 3600) / 60);
}

QLabel *figure(QGridLayout *grid, int row, int column, const QString &name, const QString &caption,
               int span = 1)
{
    auto *value = new QLabel(QStringLiteral("—"));
    value->setObjectName(name);
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont bold = value->font();
    bold.setBold(true);
    value->setFont(bold);
    auto *label = new QLabel(caption);
    label->setBuddy(value);
    value->setAccessibleName(caption);
    grid->addWidget(label, row, column);
    grid->addWidget(value, row, column + 1, 1, span);
    return value;
}

} // namespace

LagMonitorPanel::LagMonitorPanel(Session &session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
{
    setObjectName(QStringLiteral("lagMonitorPanel"));
    setAccessibleName(tr("Lag monitor"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(buildFigures());
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->setObjectName(QStringLiteral("lagSplitter"));
    m_chart = new LagChartView(splitter);
    splitter->addWidget(m_chart);
    splitter->addWidget(buildControls());
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);
    layout->addWidget(splitter, 1);

    const QString path = session.location();
    m_projector = new BackgroundRunner(QStringLiteral("projectorThread"), path,
                                       Database::Mode::OpenExisting, this);
    connect(m_projector, &BackgroundRunner::failed, this, [this](const QString &message) {
        ProjectorOutcome failed;
        failed.task = m_task.value_or(ProjectorTask::Step);
        failed.ok = false;
        failed.summary = message;
        taskFinished(failed);
    });
    m_reader = new BackgroundRunner(QStringLiteral("lagMonitor"), path, this);
    connect(m_reader, &BackgroundRunner::failed, this,
            [this](const QString &message) { reportArrived(fail(message)); });
    connect(&m_session, &Session::databaseChanged, this, &LagMonitorPanel::refresh);
    connect(&m_session, &Session::clockChanged, this, &LagMonitorPanel::refresh);
    m_poll = new QTimer(this);
    m_poll->setInterval(DefaultPollMs);
    connect(m_poll, &QTimer::timeout, this, &LagMonitorPanel::poll);
    m_poll->start();
    refresh();
    updateControls();
}

// The runners stop and wait for their threads as they are destroyed.
LagMonitorPanel::~LagMonitorPanel() = default;

QWidget *LagMonitorPanel::buildFigures()
{
    auto *box = new QWidget(this);
    auto *grid = new QGridLayout(box);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setHorizontalSpacing(12);
    m_head = figure(grid, 0, 0, QStringLiteral("lagHead"), tr("Canonical head:"));
    m_watermark = figure(grid, 0, 2, QStringLiteral("lagWatermark"), tr("Watermark:"));
    m_lag = figure(grid, 0, 4, QStringLiteral("lagEvents"), tr("Events behind:"));
    m_oldest = figure(grid, 1, 0, QStringLiteral("lagOldestAge"), tr("Oldest pending:"));
    m_deadLetters = figure(grid, 1, 2, QStringLiteral("lagDeadLetters"), tr("Dead letters:"));
    m_throughput = figure(grid, 1, 4, QStringLiteral("lagThroughput"), tr("Throughput:"));
    m_byDomain =
        figure(grid, 2, 0, QStringLiteral("lagPendingByDomain"), tr("Pending by domain:"), 5);
    grid->setColumnStretch(5, 1);
    return box;
}

QWidget *LagMonitorPanel::buildControls()
{
    auto *box = new QWidget(this);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *row = new QHBoxLayout;
    const auto button = [box, row](const QString &name, const QString &text, const QString &icon,
                                   const QString &tip) {
        auto *b = new QPushButton(QIcon::fromTheme(icon), text, box);
        b->setObjectName(name);
        b->setToolTip(tip);
        row->addWidget(b);
        return b;
    };
    m_run =
        button(QStringLiteral("projectorRun"), tr("&Run"), QStringLiteral("media-playback-start"),
               tr("Run the projector in this process until paused"));
    m_pause = button(QStringLiteral("projectorPause"), tr("&Pause"),
                     QStringLiteral("media-playback-pause"), tr("Stop after the current batch"));
    m_step =
        button(QStringLiteral("projectorStep"), tr("&Step"), QStringLiteral("media-skip-forward"),
               tr("Apply one batch of at most %1 events").arg(ProjectorTasks::RunBatch));
    m_rebuild =
        button(QStringLiteral("projectionRebuild"), tr("Re&build"), QStringLiteral("view-refresh"),
               tr("Rebuild the projection from canonical state and swap it in"));
    m_verify =
        button(QStringLiteral("projectionVerify"), tr("&Verify"), QStringLiteral("dialog-ok-apply"),
               tr("Compare the live projection with a rebuild (writes nothing)"));
    m_progress = new QProgressBar(box);
    m_progress->setObjectName(QStringLiteral("projectorProgress"));
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setFormat(tr("watermark %v of %m"));
    row->addWidget(m_progress, 1);
    layout->addLayout(row);

    m_status = new QLabel(tr("Projector idle."), box);
    m_status->setObjectName(QStringLiteral("projectorStatus"));
    m_status->setWordWrap(true);
    layout->addWidget(m_status);
    m_result = new QListWidget(box);
    m_result->setObjectName(QStringLiteral("verifyResult"));
    m_result->setAccessibleName(tr("Verify result"));
    m_result->setAlternatingRowColors(true);
    layout->addWidget(m_result, 1);

    connect(m_run, &QPushButton::clicked, this, &LagMonitorPanel::runProjector);
    connect(m_pause, &QPushButton::clicked, this, &LagMonitorPanel::pauseProjector);
    connect(m_step, &QPushButton::clicked, this, &LagMonitorPanel::stepProjector);
    connect(m_rebuild, &QPushButton::clicked, this, &LagMonitorPanel::rebuildProjection);
    connect(m_verify, &QPushButton::clicked, this, &LagMonitorPanel::verifyProjection);
    return box;
}

void LagMonitorPanel::setPollInterval(int ms)
{
    m_poll->setInterval(ms);
}

void LagMonitorPanel::poll()
{
    // Commits arrive through the session. Ages move without them: re-read
    // now and then — only while someone can see them, as a large backlog
    // takes a while to count.
    if (++m_quietPolls < MaxQuietPolls || !isVisible())
        return;
    refresh();
}

void LagMonitorPanel::refresh()
{
    m_quietPolls = 0;
    // Ages are taken at the time of asking; the clock stays on this thread.
    const QDateTime now = m_session.clock().now();
    m_reader->submit([this, now](const Database &db) -> BackgroundRunner::Delivery {
        const FixedClock asked(now);
        auto report = LagMonitor(db, asked).report();
        return [this, report] { reportArrived(report); };
    });
}

void LagMonitorPanel::reportArrived(const Result<LagReport> &report)
{
    if (!report) {
        m_status->setText(tr("Cannot read the lag: %1").arg(report.error()));
        return;
    }
    m_report = *report;
    showReport();
    m_chart->addSample(m_report);
    Q_EMIT lagChanged(m_report);
}

void LagMonitorPanel::showReport()
{
    const LagReport &r = m_report;
    m_head->setText(QString::number(r.canonicalHead));
    m_watermark->setText(QString::number(r.watermark));
    m_lag->setText(QString::number(r.lagEvents));
    m_oldest->setText(r.lagEvents > 0 ? ageText(r.oldestPendingAgeS) : tr("none pending"));
    m_deadLetters->setText(QString::number(r.deadLetters));
    m_throughput->setText(r.recentRuns == 0
                              ? tr("no projector runs yet")
                              : tr("%1 events/s over the last %2 batches (last at %3)")
                                    .arg(r.recentEventsPerSecond, 0, 'f', 1)
                                    .arg(r.recentRuns)
                                    .arg(r.lastRunAt));
    QStringList domains;
    for (auto it = r.pendingByDomain.cbegin(); it != r.pendingByDomain.cend(); ++it)
        domains << it.key() + u' ' + QString::number(it.value());
    m_byDomain->setText(domains.isEmpty() ? tr("none") : domains.join(QStringLiteral(" · ")));
    if (!m_task || *m_task == ProjectorTask::Run) {
        m_progress->setRange(0, int(std::max<std::int64_t>(1, r.canonicalHead)));
        m_progress->setValue(int(r.watermark));
    }
}

void LagMonitorPanel::start(ProjectorTask task, const QString &what)
{
    if (m_task)
        return;
    m_task = task;
    m_stop = false;
    m_status->setText(what);
    if (task != ProjectorTask::Run)
        m_progress->setRange(0, 0); // rebuild and verify report no steps: busy
    updateControls();
    if (task == ProjectorTask::Run) {
        m_runApplied = 0;
        runBatch();
        return;
    }
    const QDateTime now = m_session.clock().now();
    m_projector->submit([this, task, now](const Database &db) -> BackgroundRunner::Delivery {
        const FixedClock asked(now);
        ProjectorOutcome outcome =
            task == ProjectorTask::Rebuild  ? ProjectorTasks::rebuild(db, asked)
            : task == ProjectorTask::Verify ? ProjectorTasks::verify(db)
                                            : ProjectorTasks::step(db, asked);
        return [this, outcome] { taskFinished(outcome); };
    });
}

void LagMonitorPanel::runBatch()
{
    if (m_stop) {
        ProjectorOutcome paused;
        paused.task = ProjectorTask::Run;
        paused.summary = tr("Paused after applying %n event(s).", nullptr, int(m_runApplied));
        taskFinished(paused);
        return;
    }
    const QDateTime now = m_session.clock().now();
    m_projector->submit([this, now](const Database &db) -> BackgroundRunner::Delivery {
        const FixedClock asked(now);
        ProjectorOutcome batch = ProjectorTasks::step(db, asked);
        return [this, batch] {
            if (!batch.ok) {
                ProjectorOutcome failed = batch;
                failed.task = ProjectorTask::Run;
                taskFinished(failed);
                return;
            }
            m_runApplied += batch.applied;
            if (batch.applied > 0)
                showProgress(m_runApplied, batch.watermark);
            // Caught up: wait a little before looking for new events again.
            QTimer::singleShot(batch.applied > 0 ? 0 : ProjectorTasks::IdleWaitMs, this,
                               &LagMonitorPanel::runBatch);
        };
    });
}

void LagMonitorPanel::runProjector()
{
    start(ProjectorTask::Run, tr("Projector running…"));
}

void LagMonitorPanel::pauseProjector()
{
    if (m_task == ProjectorTask::Run) {
        m_stop = true;
        m_status->setText(tr("Pausing after the current batch…"));
        m_pause->setEnabled(false);
    }
}

void LagMonitorPanel::stepProjector()
{
    start(ProjectorTask::Step, tr("Applying one batch…"));
}

bool LagMonitorPanel::confirmRebuild()
{
    QMessageBox box(QMessageBox::Question, tr("Rebuild the projection?"),
                    tr("Rebuild reads every published revision from canonical state, builds a new "
                       "search projection and swaps it in for the live one."),
                    QMessageBox::Yes | QMessageBox::No, this);
    box.setObjectName(QStringLiteral("rebuildConfirmation"));
    box.setInformativeText(
        tr("It takes about as long as reading the whole canonical state: seconds on a small "
           "database, minutes on one with hundreds of thousands of revisions. The projector "
           "controls wait until it is done; searches keep using the live projection meanwhile."));
    box.button(QMessageBox::Yes)->setText(tr("&Rebuild"));
    box.button(QMessageBox::No)->setText(tr("&Cancel"));
    // A stray Enter must not start a long rewrite.
    box.setDefaultButton(QMessageBox::No);
    box.setEscapeButton(QMessageBox::No);
    return box.exec() == QMessageBox::Yes;
}

void LagMonitorPanel::rebuildProjection()
{
    if (m_task || !confirmRebuild())
        return;
    m_result->clear();
    start(ProjectorTask::Rebuild, tr("Rebuilding the projection from canonical state…"));
}

void LagMonitorPanel::verifyProjection()
{
    m_result->clear();
    start(ProjectorTask::Verify, tr("Verifying the live projection against a rebuild…"));
}

void LagMonitorPanel::showProgress(qint64 applied, qint64 watermark)
{
    if (m_task == ProjectorTask::Run) {
        m_status->setText(
            tr("Projector running: %n event(s) applied, watermark %1.", nullptr, int(applied))
                .arg(watermark));
    }
}

void LagMonitorPanel::taskFinished(const ProjectorOutcome &outcome)
{
    m_task.reset();
    m_status->setText(outcome.ok ? outcome.summary : tr("Failed: %1").arg(outcome.summary));
    if (outcome.task == ProjectorTask::Verify && outcome.ok) {
        m_result->clear();
        m_result->addItem(outcome.identical ? tr("identical") : outcome.summary);
        m_result->addItems(outcome.differences);
    }
    refresh();
    updateControls();
    Q_EMIT projectorTaskFinished(outcome);
}

void LagMonitorPanel::updateControls()
{
    const bool idle = !m_task.has_value();
    m_run->setEnabled(idle);
    m_pause->setEnabled(m_task == ProjectorTask::Run && !m_stop);
    m_step->setEnabled(idle);
    m_rebuild->setEnabled(idle);
    m_verify->setEnabled(idle);
}

} // namespace cw
