// Whole-process times of the CLI's read commands, as an agent calling
// `curation-cli` once per question pays them (issue #16): fork, exec, open,
// the command, exit. Beside them the floor, the `sqlite3` shell opening the
// same file and running a trivial query. Target: every read command <= 15 ms
// on the demo database.
//
//   bench_process [--db PATH] [--scale N] [--runs N] [--cli PATH]
//
// --cli times another build of curation-cli (a before/after comparison).
// Without --db it builds a demo database with --scale generated cases
// (default 28000, ~57 MB like the issue's) in a temporary folder and
// projects it. Prints p50/p90/max per command, the ratio to the floor's p50,
// and the load average.

#include "LoadAverage.h"
#include "Percentiles.h"
#include "TestPaths.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QStringList>
#include <QTemporaryDir>

#include <chrono>
#include <cstdio>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char **environ;

using namespace Qt::StringLiterals;
using cw::bench::loadAverage;
using cw::bench::percentile;

namespace {

// Runs a program to its end with its output to /dev/null; its exit code,
// -1 when it could not start.
int runQuietly(const QStringList &argv)
{
    std::vector<QByteArray> bytes;
    std::vector<char *> args;
    for (const QString &arg : argv)
        bytes.push_back(arg.toLocal8Bit());
    for (QByteArray &arg : bytes)
        args.push_back(arg.data());
    args.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    pid_t pid = 0;
    const int rc = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0)
        return -1;
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::vector<double> timeRuns(const QStringList &argv, int runs, int &exitCode)
{
    std::vector<double> ms;
    runQuietly(argv); // warm the page cache and the binary
    for (int i = 0; i < runs; ++i) {
        const auto start = std::chrono::steady_clock::now();
        exitCode = runQuietly(argv);
        ms.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count());
    }
    return ms;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const auto option = [&args](const QString &name, const QString &fallback) {
        const qsizetype at = args.indexOf(name);
        return at > 0 && at + 1 < args.size() ? args[at + 1] : fallback;
    };
    const int runs = option(u"--runs"_s, u"30"_s).toInt();
    const QString cli = option(u"--cli"_s, TestPaths::cliPath());
    QTemporaryDir dir;
    QString db = option(u"--db"_s, QString());
    if (db.isEmpty()) {
        db = dir.filePath(u"demo.db"_s);
        const QString scale = option(u"--scale"_s, u"28000"_s);
        std::printf("building the demo database (--scale %s)...\n", qPrintable(scale));
        if (runQuietly({cli, u"--db"_s, db, u"demo"_s, u"--scale"_s, scale}) != 0 ||
            runQuietly({cli, u"--db"_s, db, u"project"_s}) != 0) {
            std::fprintf(stderr, "could not build the demo database at %s\n", qPrintable(db));
            return 1;
        }
    }
    std::printf("%s\ndatabase %s: %.1f MB; %d runs each; load average %s\n\n", qPrintable(cli),
                qPrintable(db), double(QFileInfo(db).size()) / 1e6, runs,
                qPrintable(loadAverage()));

    int exitCode = 0;
    const std::vector<double> floor =
        timeRuns({u"sqlite3"_s, db, u"SELECT count(*) FROM sqlite_schema"_s}, runs, exitCode);
    const double floorP50 = percentile(floor, 0.5);
    std::printf("%-44s p50 %7.1f ms  p90 %7.1f ms  max %7.1f ms\n",
                "floor: sqlite3 shell, open + trivial query", floorP50, percentile(floor, 0.9),
                *std::max_element(floor.begin(), floor.end()));

    const QList<QStringList> commands = {
        {u"lag"_s},
        {u"proposals"_s},
        {u"show"_s, u"PR-1"_s},
        {u"show"_s, u"DEC-4"_s},
        {u"show"_s, u"studio/servicedesk/SD-1598"_s},
        {u"memory-search"_s, u"--mode"_s, u"A"_s, u"--domain"_s, u"data"_s},
        {u"memory-search"_s, u"--mode"_s, u"B"_s, u"register"_s},
        {u"memory-search"_s, u"--mode"_s, u"C"_s, u"DEC-1"_s},
        {u"query"_s, u"--strategy"_s, u"root-classification"_s, u"--text"_s,
         u"register row missing"_s},
        {u"--json"_s, u"lag"_s},
    };
    std::printf("\nwhole process, curation-cli COMMAND (target <= 15 ms p50)\n");
    bool met = true;
    for (const QStringList &command : commands) {
        const std::vector<double> ms =
            timeRuns(QStringList{cli, u"--db"_s, db} + command, runs, exitCode);
        const double p50 = percentile(ms, 0.5);
        met = met && p50 <= 15.0;
        std::printf("  %-42s p50 %7.1f ms  p90 %7.1f ms  max %7.1f ms  %5.1fx floor%s\n",
                    qPrintable(command.join(u' ')), p50, percentile(ms, 0.9),
                    *std::max_element(ms.begin(), ms.end()), p50 / floorP50,
                    exitCode == 0 ? "" : "  (exit code not 0!)");
    }
    std::printf("\nevery read command <= 15 ms p50: %s (load average now %s)\n", met ? "yes" : "NO",
                qPrintable(loadAverage()));
    return 0;
}
