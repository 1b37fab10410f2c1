#pragma once

// The whole start of the workbench as a user pays it, for bench_firstpage:
// the parent takes CLOCK_MONOTONIC (one clock for every process on Linux)
// just before QProcess::start, and the child, this same executable run with
// `--child MODE`, prints the clock at the moments that matter. The child
// starts as curation-workbench's main() does (WorkbenchStart: Qt loaded
// dynamically, QApplication, options, the file opened writable, the
// principal resolved from the login and --as, the real MainWindow shown);
// its clock stops when the review queue's table has painted with the first
// page in it. The floor is a child that exits right after QApplication is
// constructed: what any Qt Widgets program costs to start here.

#include "BenchSupport.h"
#include "IntegrityWatch.h"
#include "MainWindow.h"
#include "ProposalListModel.h"
#include "ReviewQueuePanel.h"
#include "WorkbenchStart.h"

#include <QApplication>
#include <QPointer>
#include <QProcess>
#include <QTableView>
#include <QTemporaryDir>

#include <cstdio>
#include <cstring>
#include <ctime>
#include <optional>
#include <vector>

namespace cw::bench {

inline qint64 monotonicNs()
{
    timespec now{};
    clock_gettime(CLOCK_MONOTONIC, &now);
    return qint64(now.tv_sec) * 1000000000 + now.tv_nsec;
}

// Stops the clock once the queue's table has painted with rows in it: the
// paint event marks the start of painting, so the time is taken when the
// event loop comes back after it.
class FirstPageWatch : public QObject
{
public:
    FirstPageWatch(QWidget *viewport, const ProposalListModel *model, std::function<void()> done)
        : m_model(model)
        , m_done(std::move(done))
    {
        viewport->installEventFilter(this);
    }
    qint64 paintedAt = -1;

protected:
    bool eventFilter(QObject *, QEvent *event) override
    {
        if (event->type() == QEvent::Paint && paintedAt < 0 && !m_pending &&
            m_model->rowCount() > 0) {
            m_pending = true;
            QTimer::singleShot(0, this, [this] {
                paintedAt = monotonicNs();
                m_done();
            });
        }
        return false;
    }

private:
    const ProposalListModel *m_model;
    std::function<void()> m_done;
    bool m_pending = false;
};

// The child: `--child floor|start|daily` then curation-workbench's own
// options. Prints "cw-start app NS window NS painted NS" (CLOCK_MONOTONIC);
// "daily" also waits for the first-open-of-the-day integrity check to end,
// so that later starts are ordinary ones.
inline int runStartChild(int argc, char *argv[])
{
    const QByteArray mode = argv[2];
    // What the workbench's main() would see: its name and its options.
    static std::vector<char *> args;
    args.assign({argv[0]});
    for (int i = 3; i < argc; ++i)
        args.push_back(argv[i]);
    static int count = int(args.size());
    WorkbenchStart::setIdentity();
    QApplication app(count, args.data());
    const qint64 appAt = monotonicNs();
    if (mode == "floor") {
        std::printf("cw-start app %lld\n", appAt);
        return 0;
    }
    int exitCode = 0;
    QPointer<MainWindow> window = WorkbenchStart::openWindow(app, &exitCode);
    if (!window)
        return exitCode;
    const qint64 windowAt = monotonicNs();
    bool painted = false;
    auto *watch = window->findChild<IntegrityWatch *>();
    bool checked = mode != "daily" || !watch;
    if (watch)
        QObject::connect(watch, &IntegrityWatch::checked, &app, [&] {
            checked = true;
            if (painted)
                QCoreApplication::quit();
        });
    FirstPageWatch paint(window->queue()->table()->viewport(), window->proposalModel(), [&] {
        painted = true;
        if (checked)
            QCoreApplication::quit();
    });
    window->show();
    QTimer::singleShot(600000, &app, &QCoreApplication::quit);
    app.exec();
    std::printf("cw-start app %lld window %lld painted %lld\n", appAt, windowAt, paint.paintedAt);
    std::fflush(stdout);
    // Closed as a user closes it (the layout is saved) and every connection
    // closed cleanly, so that the next start finds no -wal of a dead process.
    if (window) {
        window->setAttribute(Qt::WA_DeleteOnClose, false);
        window->close();
        delete window;
    }
    return paint.paintedAt > 0 ? 0 : 1;
}

// Milliseconds from before the start to each moment the child printed.
struct StartTimes
{
    double app = -1;
    double window = -1;
    double painted = -1;
};

class WholeStart
{
public:
    // The children share one fresh HOME: settings (layout, the day of the
    // last integrity check) persist from one start to the next, as a user's do.
    WholeStart()
    {
        m_env = QProcessEnvironment::systemEnvironment();
        m_env.insert(QStringLiteral("HOME"), m_home.path());
        m_env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_home.path() + QStringLiteral("/.config"));
        // Qt's own runtime folder, private as Qt wants it (no warning per start).
        m_env.insert(QStringLiteral("XDG_RUNTIME_DIR"), m_home.path());
    }

    std::optional<StartTimes> run(const char *mode, const QStringList &workbenchArgs)
    {
        QProcess child;
        child.setProcessEnvironment(m_env);
        child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        child.setProgram(QCoreApplication::applicationFilePath());
        child.setArguments(QStringList{QStringLiteral("--child"), QString::fromLatin1(mode)} +
                           workbenchArgs);
        const qint64 before = monotonicNs();
        child.start();
        if (!child.waitForFinished(700000) || child.exitCode() != 0) {
            std::fprintf(stderr, "start child (%s) failed: %s\n", mode,
                         qPrintable(child.errorString()));
            return std::nullopt;
        }
        const QList<QByteArray> words = child.readAllStandardOutput().trimmed().split(' ');
        auto at = [&](const char *name) {
            const qsizetype i = words.indexOf(name);
            return i >= 0 && i + 1 < words.size() ? double(words[i + 1].toLongLong() - before) / 1e6
                                                  : -1.0;
        };
        return StartTimes{at("app"), at("window"), at("painted")};
    }

private:
    QTemporaryDir m_home;
    QProcessEnvironment m_env;
};

// Runs the floor and the start `runs` times each, alternating (so a change
// of load hits both alike), after one first start of the day; prints the
// percentiles and the ratio. False when a child failed.
inline bool reportWholeStart(const QStringList &workbenchArgs, int runs)
{
    WholeStart starts;
    std::printf("\nwhole process: CLOCK_MONOTONIC from before QProcess::start to the moment in "
                "the child (load average %s)\n",
                qPrintable(loadAverage()));
    auto daily = starts.run("daily", workbenchArgs);
    if (!daily)
        return false;
    std::vector<double> floor, app, window, painted;
    for (int run = 0; run < runs; ++run) {
        auto bare = starts.run("floor", workbenchArgs);
        auto start = starts.run("start", workbenchArgs);
        if (!bare || !start)
            return false;
        floor.push_back(bare->app);
        app.push_back(start->app);
        window.push_back(start->window);
        painted.push_back(start->painted);
    }
    std::printf("first start of the day (integrity check running beside it): first page "
                "painted %.1f ms\n",
                daily->painted);
    report("floor: QApplication constructed", floor);
    report("start: QApplication constructed", app);
    report("start: main window built", window);
    report("start: first page painted", painted);
    const double p50 = percentile(painted, 0.5);
    const double floorP50 = percentile(floor, 0.5);
    std::printf("first page / floor (p50): %.1fx; target GUI start to first page <= 300 ms "
                "(p50 %.1f ms): %s; load average now %s\n",
                floorP50 > 0 ? p50 / floorP50 : 0.0, p50, p50 <= 300 ? "met" : "NOT met",
                qPrintable(loadAverage()));
    return true;
}

} // namespace cw::bench
