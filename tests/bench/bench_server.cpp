// The two backends side by side (issue #15): decision latency and projector
// throughput on a database file and on a PostgreSQL server holding the same
// rows, with the server's figure as a ratio of the file's. The file is the
// demo with PROPOSALS more proposals (as bench_decisions); it is copied to
// the server database (empty, created by the caller), then each backend
// gets the same decisions (two approvals per proposal, the second
// activating), then projects the events they made (see Batch).
//
//   bench_server URI [PROPOSALS [CASES]]   (defaults 300 and 0)
//
// Issue #15's projector figure: PROPOSALS 3000 (three batches of 1,000).
//
// CASES > 0: the rows are the generated CASES-case database the retrieval
// benchmarks share (BenchDatabase.h: TMPDIR/cw-bench-retrieval-CASES.db,
// built once and kept), backed up into a temporary file first, so the
// decisions here leave it as it was; 1000000 is issue #15's size.
//
// A throw-away server: scripts/pg-cluster.sh start STATE, then
// psql "$(sed -n 2p STATE)" -c 'CREATE DATABASE bench' and
// bench_server "$(sed -n 2p STATE | sed 's|/postgres$|/bench|')".
// Then the same retrieval mix (RetrievalMix.h, as bench_retrieval) runs on
// each as the analyst ana, over what the decisions published, after a
// warm-up of another mix: the engine's latency on both backends at this
// size. At 1000000 the server's default shared_buffers (128 MB) holds a
// small part of what the mix reads: start the cluster with
// CW_PG_SHARED_BUFFERS=1GB (scripts/pg-cluster.sh), as a team's server is
// configured; the line "server shared_buffers" says what it had.

#include "BackendCopy.h"
#include "BenchDatabase.h"
#include "BenchProposals.h"
#include "Clock.h"
#include "Database.h"
#include "DemoBuilder.h"
#include "IdentityStore.h"
#include "Ingest.h"
#include "LoadAverage.h"
#include "Percentiles.h"
#include "Projector.h"
#include "RetrievalEngine.h"
#include "RetrievalMix.h"
#include "ReviewWorkflow.h"
#include "ServerDatabase.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace cw;
using cw::bench::percentile;
using namespace Qt::StringLiterals;

namespace {

// The projector drains the decisions' events as a projector that fell
// behind does, in batches of Projector::DefaultBatch (as bench_projector
// drains a file's). Its first batch is reported on its own as well: it is
// the connection's first look at the projection, and on this machine a
// server process's first touch of a shared buffer page costs about 60 us
// (docs/postgresql.md), which a running `project --follow` paid long ago.
struct Batch
{
    qint64 events = 0;
    double ms = 0;
};

// Of batches [from, to).
double eventsPerSecond(const std::vector<Batch> &batches, size_t from, size_t to)
{
    qint64 events = 0;
    double ms = 0;
    for (size_t i = from; i < std::min(to, batches.size()); ++i) {
        events += batches[i].events;
        ms += batches[i].ms;
    }
    return ms > 0 ? double(events) * 1000.0 / ms : 0;
}

struct Figures
{
    std::vector<double> decisionMs;
    std::vector<Batch> batches;
    qint64 events = 0;
    double projectMs = 0; // the whole run, wall
    double eventsPerSecond() const { return projectMs > 0 ? events * 1000.0 / projectMs : 0; }
};

Actor actor(const Database &db, const QString &id)
{
    auto p = IdentityStore(db).principal(id);
    return Actor{**p, **p};
}

Result<Figures> measure(Database &db, const Clock &clock, int count)
{
    Figures figures;
    ReviewWorkflow workflow(db, clock);
    const Actor cora = actor(db, u"cora"_s);
    const Actor dora = actor(db, u"dora"_s);
    QElapsedTimer timer;
    for (int n = 0; n < count; ++n) {
        const QString id = u"PR-B%1"_s.arg(n);
        timer.start();
        auto first = workflow.approve(cora, id, 1, u"curator ok"_s);
        figures.decisionMs.push_back(double(timer.nsecsElapsed()) / 1e6);
        timer.start();
        auto second = workflow.approve(dora, id, 2, u"owner ok"_s);
        figures.decisionMs.push_back(double(timer.nsecsElapsed()) / 1e6);
        if (!first || !second)
            return fail(id + u": "_s + (!first ? first.error() : second.error()));
    }
    Projector projector(db, clock);
    timer.start();
    auto run = projector.run(Projector::DefaultBatch, -1, [&](const ProjectorBatch &batch) {
        figures.batches.push_back({batch.events, batch.ms});
    });
    if (!run)
        return fail(run.error());
    figures.projectMs = double(timer.nsecsElapsed()) / 1e6;
    figures.events = run->events;
    return figures;
}

struct Retrievals
{
    std::vector<double> ms;
    QList<std::pair<QString, double>> stageMs; // summed over the requests, in stage order
};

// Full strategy retrieval, one request after another, as an agent's calls,
// after as many of another mix unmeasured: a server in use, and a file
// read before, have their indexes and common words in memory (the copy and
// the decisions left other pages there).
Result<Retrievals> retrievals(Database &db, const Clock &clock, int queries)
{
    RetrievalEngine engine(db, clock);
    const Actor ana = actor(db, u"ana"_s);
    for (const RetrievalRequest &request : bench::retrievalMix(db, queries, 11))
        if (auto result = engine.run(ana, request); !result)
            return fail(request.strategy + u": "_s + result.error());
    Retrievals figures;
    QElapsedTimer timer;
    for (const RetrievalRequest &request : bench::retrievalMix(db, queries)) {
        timer.start();
        auto result = engine.run(ana, request);
        if (!result)
            return fail(request.strategy + u": "_s + result.error());
        figures.ms.push_back(double(timer.nsecsElapsed()) / 1e6);
        for (const auto &[stage, ms] : std::as_const(result->stageMillis)) {
            auto it = std::find_if(figures.stageMs.begin(), figures.stageMs.end(),
                                   [&](const auto &s) { return s.first == stage; });
            if (it == figures.stageMs.end())
                figures.stageMs.append({stage, ms});
            else
                it->second += ms;
        }
        engine.checkpointIfGrown(); // between retrievals, as the CLI does
    }
    return figures;
}

void row(const char *what, double file, double server, const char *unit)
{
    std::printf("%-26s file %9.2f %-9s server %9.2f %-9s server/file %5.2fx\n", what, file, unit,
                server, unit, file > 0 ? server / file : 0.0);
}

int bail(const QString &message)
{
    std::fprintf(stderr, "bench_server: %s\n", qPrintable(message));
    return 1;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    if (argc < 2 || !ServerDatabase::isServerLocation(QString::fromLocal8Bit(argv[1])))
        return bail(u"usage: bench_server URI [PROPOSALS [CASES]] (URI: an empty server "
                    "database)"_s);
    const QString uri = QString::fromLocal8Bit(argv[1]);
    const int count = argc > 2 ? std::max(1, std::atoi(argv[2])) : 300;
    const int cases = argc > 3 ? std::max(0, std::atoi(argv[3])) : 0;

    QTemporaryDir dir;
    const QString path = dir.filePath(u"bench.db"_s);
    Clock clock;
    QElapsedTimer timer;
    if (cases > 0) {
        auto generated = bench::openGeneratedDatabase(
            QDir::temp().filePath(u"cw-bench-retrieval-%1.db"_s.arg(cases)), cases, clock);
        if (!generated)
            return 1;
        if (auto copied = generated->backupTo(path); !copied)
            return bail(copied.error());
    }
    auto file = Database::open(path);
    if (!file)
        return bail(file.error());
    if (cases == 0) {
        if (auto built = DemoBuilder(**file, clock, u"bench"_s).build(0); !built)
            return bail(built.error());
    }
    QByteArray lines = bench::proposalLines(count, u"PR-B"_s, u"Benchmark proposal "_s);
    QBuffer buffer(&lines);
    buffer.open(QIODevice::ReadOnly);
    if (auto ingested = Ingest(**file, clock).ingestJsonLines(buffer, u"bench.jsonl"_s); !ingested)
        return bail(ingested.error());
    {
        auto target = ServerDatabase::connect(uri);
        if (!target)
            return bail(target.error());
        timer.start();
        auto copied = BackendCopy::toServer(**file, **target);
        if (!copied)
            return bail(copied.error());
        std::printf("copied %lld rows to the server in %.1f s\n", qint64(copied->rows()),
                    double(timer.elapsed()) / 1000.0);
    }
    auto server = Database::open(uri, Database::Mode::OpenExisting);
    if (!server)
        return bail(server.error());
    auto caseCount = (*file)->queryInt("SELECT count(*) FROM cases");
    auto rowCount = (*file)->queryInt("SELECT count(*) FROM projection");
    if (!caseCount || !rowCount)
        return bail(caseCount ? rowCount.error() : caseCount.error());
    std::printf("%lld cases and %lld projection rows on each backend\n", qint64(*caseCount),
                qint64(*rowCount));
    auto buffers = (*server)->queryText("SHOW shared_buffers");
    std::printf("server shared_buffers %s\n",
                buffers ? qPrintable(*buffers) : qPrintable(buffers.error()));

    const QString loadBefore = bench::loadAverage();
    auto onFile = measure(**file, clock, count);
    if (!onFile)
        return bail(u"file: "_s + onFile.error());
    auto onServer = measure(**server, clock, count);
    if (!onServer)
        return bail(u"server: "_s + onServer.error());
    if (onFile->events != onServer->events)
        return bail(
            u"the backends projected %1 and %2 events"_s.arg(onFile->events).arg(onServer->events));

    std::printf("%d proposals, %zu decisions and %lld events on each backend; load average "
                "%s before, %s after\n",
                count, onFile->decisionMs.size(), static_cast<long long>(onFile->events),
                qPrintable(loadBefore), qPrintable(bench::loadAverage()));
    for (const double p : {0.50, 0.95, 0.99}) {
        const QByteArray label = "decision p" + QByteArray::number(int(p * 100));
        row(label.constData(), percentile(onFile->decisionMs, p),
            percentile(onServer->decisionMs, p), "ms");
    }
    const QByteArray batches =
        "projector, " + QByteArray::number(qint64(onServer->batches.size())) + " batch(es)";
    row(batches.constData(), onFile->eventsPerSecond(), onServer->eventsPerSecond(), "events/s");
    if (onServer->batches.size() > 1) {
        // The same events in the same batches on both backends.
        row("  first batch", eventsPerSecond(onFile->batches, 0, 1),
            eventsPerSecond(onServer->batches, 0, 1), "events/s");
        row("  later batches", eventsPerSecond(onFile->batches, 1, onFile->batches.size()),
            eventsPerSecond(onServer->batches, 1, onServer->batches.size()), "events/s");
    }
    auto fileQueries = retrievals(**file, clock, 300);
    auto serverQueries = retrievals(**server, clock, 300);
    if (!fileQueries || !serverQueries)
        return bail(!fileQueries ? u"file: "_s + fileQueries.error()
                                 : u"server: "_s + serverQueries.error());
    for (const double p : {0.50, 0.99}) {
        const QByteArray label = "retrieval p" + QByteArray::number(int(p * 100));
        row(label.constData(), percentile(fileQueries->ms, p), percentile(serverQueries->ms, p),
            "ms");
    }
    // Where a retrieval's time goes, stage by stage (mean per request).
    for (const auto &[stage, serverMs] : std::as_const(serverQueries->stageMs)) {
        double fileMs = 0;
        for (const auto &[name, ms] : std::as_const(fileQueries->stageMs))
            if (name == stage)
                fileMs = ms;
        const QByteArray label = "  stage " + stage.toUtf8();
        row(label.constData(), fileMs / double(fileQueries->ms.size()),
            serverMs / double(serverQueries->ms.size()), "ms");
    }
    const double p99 = percentile(onServer->decisionMs, 0.99);
    std::printf("server targets: decision p99 <= 20 ms %s; projector >= 10,000 events/s %s "
                "(over %lld events)\n",
                p99 <= 20.0 ? "met" : "NOT met",
                onServer->eventsPerSecond() >= 10000 ? "met" : "NOT met",
                static_cast<long long>(onServer->events));
    return 0;
}
