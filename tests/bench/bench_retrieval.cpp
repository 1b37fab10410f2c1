// Full strategy retrieval latency at scale (DESIGN.md §8: p50 <= 5 ms,
// p99 <= 25 ms for all stages and 10 candidates).
//
//   bench_retrieval [CASES] [QUERIES] [DB] [--map bounded|whole] [--explain STRATEGY TEXT]
//
// The measured requests (tests/bench/RetrievalMix.h) follow a warm-up mix
// of the same kind drawn with another seed, whose cold-start figures are
// printed beside them (docs/retrieval.md, "Measuring").
//
// --map chooses how much of the file the engine maps: whole (the default) as
// the CLI and its MCP server do, bounded as the workbench does
// (RetrievalEngine::FileMap).
//
// --explain runs one request three times in the same engine (the first
// run cold, as in a new process) and prints each run's stage times and the
// notes (what the content plan left out, narrowed or capped).
//
// DB may be a server's database (postgresql://...): it is used as it is,
// e.g. the copy bench_server made (docs/postgresql.md).
//
// CASES defaults to 100000 (10,000 articles x 3 revisions); the DESIGN size
// is 1000000 (100,000 articles x 3 revisions, 1M cases). An existing DB at
// the given path is reused, so the generation cost is paid once.

#include "BenchDatabase.h"
#include "Clock.h"
#include "Database.h"
#include "IdentityStore.h"
#include "LoadAverage.h"
#include "Percentiles.h"
#include "RetrievalEngine.h"
#include "RetrievalMix.h"
#include "Statement.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>

#include <algorithm>
#include <cstdio>
#include <time.h>

using namespace cw;
using namespace Qt::StringLiterals;
using cw::bench::percentile;

namespace {

double threadCpuMs()
{
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return double(now.tv_sec) * 1e3 + double(now.tv_nsec) / 1e6;
}

RetrievalRequest benchRequest(const QString &strategy, const QString &text)
{
    RetrievalRequest request;
    request.strategy = strategy;
    request.text = text;
    request.domain = u"data"_s;
    request.product = u"lifeline"_s;
    request.productVersion = u"5.1"_s;
    request.limit = 10;
    return request;
}

struct MixTimes
{
    std::vector<double> all;
    std::vector<double> cpu; // this thread's CPU time: what the query costs on a busy machine
    qint64 candidates = 0;
    std::map<QString, std::vector<double>> perStrategy;
    std::map<QString, std::vector<double>> perStage;
    QStringList stageOrder;
    std::vector<std::pair<double, QString>> slowest;
    double first = 0; // the first request's wall time
    QString error;
};

MixTimes timeMix(RetrievalEngine &engine, const Actor &actor,
                 const std::vector<RetrievalRequest> &requests)
{
    MixTimes times;
    for (const RetrievalRequest &request : requests) {
        QElapsedTimer timer;
        timer.start();
        const double cpuStart = threadCpuMs();
        auto result = engine.run(actor, request);
        const double ms = double(timer.nsecsElapsed()) / 1e6;
        times.cpu.push_back(threadCpuMs() - cpuStart);
        if (!result) {
            times.error = result.error();
            return times;
        }
        times.candidates += result->candidates.size();
        QStringList stages;
        for (const auto &[stage, stageMs] : result->stageMillis) {
            if (!times.stageOrder.contains(stage))
                times.stageOrder.append(stage);
            times.perStage[stage].push_back(stageMs);
            stages.append(u"%1 %2"_s.arg(stage).arg(stageMs, 0, 'f', 1));
        }
        if (times.all.empty())
            times.first = ms;
        times.all.push_back(ms);
        times.slowest.push_back({ms, request.strategy + u": "_s + request.text +
                                         u"\n             "_s + stages.join(u", "_s)});
        times.perStrategy[request.strategy].push_back(ms);
        // Between retrievals, as the CLI and the query panel do.
        engine.checkpointIfGrown();
    }
    std::sort(times.slowest.begin(), times.slowest.end(), std::greater<>());
    return times;
}

int explainOne(RetrievalEngine &engine, const Actor &actor, const QString &strategy,
               const QString &text)
{
    for (int run = 1; run <= 3; ++run) {
        RetrievalRequest request = benchRequest(strategy, text);
        request.symptoms = {u"missing-register"_s};
        QElapsedTimer timer;
        timer.start();
        auto result = engine.run(actor, request);
        const double ms = double(timer.nsecsElapsed()) / 1e6;
        if (!result) {
            std::fprintf(stderr, "query failed: %s\n", qPrintable(result.error()));
            return 1;
        }
        QStringList stages;
        for (const auto &[stage, stageMs] : result->stageMillis)
            stages.append(u"%1 %2"_s.arg(stage).arg(stageMs, 0, 'f', 2));
        std::printf("run %d: %.2f ms, %lld candidates\n  %s\n", run, ms,
                    qint64(result->candidates.size()), qPrintable(stages.join(u", "_s)));
    }
    RetrievalRequest request = benchRequest(strategy, text);
    auto result = engine.run(actor, request);
    for (const QString &note : result ? result->notes : QStringList())
        std::printf("  note: %s\n", qPrintable(note));
    return 0;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const int cases = args.size() > 1 ? args[1].toInt() : 100000;
    const int queries = args.size() > 2 ? args[2].toInt() : 300;
    const QString path =
        args.size() > 3 ? args[3] : QDir::temp().filePath(u"cw-bench-retrieval-%1.db"_s.arg(cases));
    Clock clock;
    auto db = bench::openGeneratedDatabase(path, cases, clock);
    if (!db)
        return 1;
    auto articles = db->queryInt("SELECT count(*) FROM articles");
    auto revisions = db->queryInt("SELECT count(*) FROM revisions");
    auto caseCount = db->queryInt("SELECT count(*) FROM cases");
    std::printf("database %s: %lld cases, %lld articles, %lld revisions\n", qPrintable(path),
                qint64(*caseCount), qint64(*articles), qint64(*revisions));

    auto principal = IdentityStore(*db).principal(u"ana"_s);
    const Actor actor{**principal, **principal};
    const qsizetype mapAt = args.indexOf(u"--map"_s);
    const bool bounded = mapAt > 0 && mapAt + 1 < args.size() && args[mapAt + 1] == u"bounded"_s;
    RetrievalEngine engine(
        *db, clock, bounded ? RetrievalEngine::FileMap::Bounded : RetrievalEngine::FileMap::Whole);
    if (const qsizetype explain = args.indexOf(u"--explain"_s);
        explain > 0 && explain + 2 < args.size())
        return explainOne(engine, actor, args[explain + 1], args[explain + 2]);
    // A warm-up mix of the same kind (another seed) first, as a process that
    // has served requests before: its figures are the cold start's (the
    // first request prepares every statement and maps the pages it reads).
    // The measured mix follows; its hard texts were in the warm-up, its
    // titles mostly were not, so their words' pages are still read first
    // here.
    const MixTimes warmUp = timeMix(engine, actor, bench::retrievalMix(*db, queries, 11));
    const MixTimes mix = timeMix(engine, actor, bench::retrievalMix(*db, queries));
    if (!warmUp.error.isEmpty() || !mix.error.isEmpty()) {
        std::fprintf(stderr, "query failed: %s\n", qPrintable(warmUp.error + mix.error));
        return 1;
    }
    const auto line = [](const char *name, const std::vector<double> &values) {
        std::printf("  %-22s p50 %7.2f ms   p90 %7.2f ms   p99 %7.2f ms\n", name,
                    percentile(values, 0.5), percentile(values, 0.9), percentile(values, 0.99));
    };
    std::printf("\nfull strategy retrieval, %d queries, %.1f candidates on average, file map %s "
                "(target p50 <= 5 ms, p99 <= 25 ms and <= 2x p50); load average %s\n",
                queries, double(mix.candidates) / queries, bounded ? "bounded" : "whole",
                qPrintable(bench::loadAverage()));
    line("all", mix.all);
    line("all, CPU time", mix.cpu);
    std::printf("  p99 / p50               %.2fx wall, %.2fx CPU (target <= 2x)\n",
                percentile(mix.all, 0.99) / percentile(mix.all, 0.5),
                percentile(mix.cpu, 0.99) / percentile(mix.cpu, 0.5));
    for (const auto &[strategy, values] : mix.perStrategy)
        line(qPrintable(strategy), values);
    std::printf("  before them, the warm-up mix from a cold start: p50 %.2f ms, p99 %.2f ms "
                "(%.2fx), first request %.2f ms\n",
                percentile(warmUp.all, 0.5), percentile(warmUp.all, 0.99),
                percentile(warmUp.all, 0.99) / percentile(warmUp.all, 0.5), warmUp.first);
    std::printf("\nslowest queries\n");
    for (size_t i = 0; i < std::min<size_t>(5, mix.slowest.size()); ++i)
        std::printf("  %7.2f ms  %s\n", mix.slowest[i].first, qPrintable(mix.slowest[i].second));
    std::printf("\nper stage (over the queries that ran it)\n");
    for (const QString &stage : std::as_const(mix.stageOrder))
        line(qPrintable(stage), mix.perStage.at(stage));
    return 0;
}
