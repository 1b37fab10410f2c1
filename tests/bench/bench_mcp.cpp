// curation-cli mcp, timed as an agent sees it (issue 16): one request line
// written to the server's stdin, its answer line read back. Prints
//  - memory-search Mode B at 100,000 memory files (target p50 <= 2 ms), the
//    same searches in process (what the protocol adds), and ripgrep over
//    the same files (target: Mode B over MCP >= 50x faster at p99);
//  - full strategy retrieval (`query`) at 1M cases (target p50 <= 5 ms),
//    beside the same requests in process.
//
//   bench_mcp MEMORY_DIR|- [RETRIEVAL_DB [QUERIES]]
//
// MEMORY_DIR is the work folder `bench_memorysearch 100000 DIR` leaves
// (bench.db and tree/contexts/memory); - skips the memory search.
// RETRIEVAL_DB is the database `bench_retrieval 1000000 300 PATH` leaves;
// its admin gets this login as its OS user, so that the server can act
// --as ana, as bench_retrieval does.

#include "Clock.h"
#include "Database.h"
#include "IdentityStore.h"
#include "LoadAverage.h"
#include "McpPipeClient.h"
#include "MemorySearch.h"
#include "Paths.h"
#include "Percentiles.h"
#include "RetrievalEngine.h"
#include "RetrievalMix.h"
#include "Statement.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>

#include <cstdio>
#include <random>
#include <time.h>
#include <unistd.h>
#include <vector>

using namespace cw;
using namespace cw::bench;
using namespace Qt::StringLiterals;

namespace {

bool failed(const QJsonObject &result)
{
    if (!result.value(u"isError"_s).toBool() && result.contains(u"structuredContent"_s))
        return false;
    std::fprintf(stderr, "call failed: %s\n", QJsonDocument(result).toJson().constData());
    return true;
}

double threadCpuMs()
{
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return double(now.tv_sec) * 1e3 + double(now.tv_nsec) / 1e6;
}

// CPU per call: the server's over MCP, this thread's in process.
void cpuLine(double serverMs, double inProcessMs, size_t calls)
{
    std::printf("  %-34s over MCP %6.2f ms   in process %6.2f ms   ratio %5.2fx\n",
                "CPU per call (load-independent)", serverMs / double(calls),
                inProcessMs / double(calls), serverMs / inProcessMs);
}

void line(const char *what, const std::vector<double> &ms)
{
    std::printf("  %-34s p50 %7.2f ms   p90 %7.2f ms   p99 %7.2f ms\n", what, percentile(ms, 0.5),
                percentile(ms, 0.9), percentile(ms, 0.99));
}

int memorySearch(const QString &folder)
{
    const QString dbPath = folder + u"/bench.db"_s;
    const QString tree = folder + u"/tree/contexts/memory"_s;
    auto opened = Database::open(dbPath, Database::Mode::ReadOnlyChecked);
    if (!opened)
        return std::fprintf(stderr, "%s (run bench_memorysearch 100000 %s first)\n",
                            qPrintable(opened.error()), qPrintable(folder)),
               1;
    const Database &db = **opened;
    std::printf("memory files in the projection: %lld; load average %s\n",
                qlonglong(db.queryInt("SELECT count(*) FROM projection").value()),
                qPrintable(loadAverage()));
    // bench_memorysearch's mix of keywords: common, middling and rare words
    // (ranks 50-500, 500-5,000, 5,000-20,000 by the number of files holding
    // them), and some two-keyword queries; read from the index's own
    // vocabulary, which the files were written from.
    QStringList words;
    {
        if (!db.execScript("CREATE VIRTUAL TABLE temp.bench_vocabulary USING "
                           "fts5vocab(main, 'projection_fts', 'row')"))
            return std::fprintf(stderr, "fts5vocab is not available\n"), 1;
        Statement vocabulary = db.prepare("SELECT term FROM temp.bench_vocabulary WHERE term "
                                          "GLOB '[a-z][a-z][a-z]*' ORDER BY doc DESC");
        for (auto row = vocabulary.step(); row && *row; row = vocabulary.step())
            words.append(vocabulary.text(0));
    }
    if (words.size() < 20000)
        return std::fprintf(stderr, "only %lld words in the index\n", qlonglong(words.size())), 1;
    std::mt19937 random(7);
    const auto pick = [&](int from, int to) { return words[from + int(random() % (to - from))]; };
    QList<QStringList> queries;
    for (int i = 0; i < 60; ++i)
        queries.append({pick(50, 500)});
    for (int i = 0; i < 60; ++i)
        queries.append({pick(500, 5000)});
    for (int i = 0; i < 60; ++i)
        queries.append({pick(5000, 20000)});
    for (int i = 0; i < 20; ++i)
        queries.append({pick(200, 2200), pick(200, 2200)});
    McpClient client;
    if (!client.start({u"--db"_s, dbPath}))
        return std::fprintf(stderr, "curation-cli mcp did not start\n"), 1;
    const MemorySearch search(db, nullptr);
    const auto arguments = [](const QStringList &keywords) {
        return QJsonObject{{u"mode"_s, u"B"_s},
                           {u"keywords"_s, QJsonArray::fromStringList(keywords)}};
    };
    double ms = 0;
    for (const QStringList &q : queries) { // warm the page cache and the statements
        if (failed(client.call(u"memory-search"_s, arguments(q), ms)))
            return 1;
        (void)search.byContent(q);
    }
    std::vector<double> overMcp, inProcess, pings;
    double serverCpu = -client.serverCpuMs();
    double ownCpu = 0;
    // Series, not turns: a call after an in-process search found the server
    // idle for milliseconds, and waking it cost more than serving an agent
    // that calls back to back (as full retrieval below is timed). The
    // series take turns going first.
    const auto overTheProtocol = [&] {
        for (const QStringList &q : queries) {
            client.call(u"memory-search"_s, arguments(q), ms);
            overMcp.push_back(ms);
        }
    };
    const auto here = [&] {
        for (const QStringList &q : queries) {
            QElapsedTimer timer;
            timer.start();
            const double cpuStart = threadCpuMs();
            (void)search.byContent(q);
            ownCpu += threadCpuMs() - cpuStart;
            inProcess.push_back(double(timer.nsecsElapsed()) / 1e6);
        }
    };
    for (int round = 0; round < 3; ++round) {
        if (round % 2 == 0) {
            overTheProtocol();
            here();
        } else {
            here();
            overTheProtocol();
        }
    }
    for (int i = 0; i < 600; ++i)
        pings.push_back(client.pingMs());
    serverCpu += client.serverCpuMs();
    std::printf("\nmemory-search Mode B, %lld queries x 3 rounds (target over MCP p50 <= 2 ms)\n",
                qlonglong(queries.size()));
    line("over MCP (request to answer line)", overMcp);
    line("in process (MemorySearch)", inProcess);
    line("ping over MCP (the pipe's floor)", pings);
    std::printf("  %-34s p50 %7.2fx            p99 %7.2fx\n", "ratio MCP / in process",
                percentile(overMcp, 0.5) / percentile(inProcess, 0.5),
                percentile(overMcp, 0.99) / percentile(inProcess, 0.99));
    cpuLine(serverCpu, ownCpu, overMcp.size());

    const QString rg = QStandardPaths::findExecutable(u"rg"_s);
    if (rg.isEmpty() || !QDir(tree).exists()) {
        std::printf("ripgrep comparison skipped (%s)\n",
                    rg.isEmpty() ? "rg not found: apt-get install ripgrep" : "no Markdown tree");
        return 0;
    }
    // ripgrep as bench_memorysearch runs it: rg -c -i KEYWORD DIR, one
    // keyword, after one warm-up run; Mode B over MCP on the same keyword.
    const auto runRg = [&](const QString &keyword) {
        QProcess process;
        process.start(rg, {u"-c"_s, u"-i"_s, keyword, tree});
        process.waitForFinished(-1);
        process.readAllStandardOutput();
    };
    runRg(queries.first().first());
    std::vector<double> grep, sample;
    for (qsizetype i = 0; i < queries.size(); i += 10) {
        QElapsedTimer timer;
        timer.start();
        runRg(queries[i].first());
        grep.push_back(double(timer.nsecsElapsed()) / 1e6);
        client.call(u"memory-search"_s, arguments({queries[i].first()}), ms);
        sample.push_back(ms);
    }
    std::printf("\nripgrep on the same files, %zu one-keyword queries (target >= 50x at p99)\n",
                grep.size());
    line("rg -c -i KEYWORD", grep);
    line("Mode B over MCP, same keywords", sample);
    std::printf("  %-34s p50 %7.0fx            p99 %7.0fx\n", "ratio rg / Mode B over MCP",
                percentile(grep, 0.5) / percentile(sample, 0.5),
                percentile(grep, 0.99) / percentile(sample, 0.99));
    return 0;
}

int fullRetrieval(const QString &path, int queries)
{
    {
        // The bench database's admin is this login, so the server may act as ana.
        auto db = Database::open(path, Database::Mode::OpenExisting);
        if (!db)
            return std::fprintf(stderr, "%s (run bench_retrieval 1000000 300 %s first)\n",
                                qPrintable(db.error()), qPrintable(path)),
                   1;
        const QString login = Paths::osLoginName();
        Statement clear = (*db)->prepare("UPDATE principals SET os_user = NULL WHERE os_user = ?1");
        Statement admin =
            (*db)->prepare("UPDATE principals SET os_user = ?1 WHERE id = (SELECT principal FROM "
                           "principal_roles WHERE role = 'admin' ORDER BY principal LIMIT 1)");
        if (!clear.bind(1, login).step() || !admin.bind(1, login).step())
            return std::fprintf(stderr, "cannot make %s the admin\n", qPrintable(login)), 1;
    }
    auto opened = Database::open(path, Database::Mode::OpenExisting);
    if (!opened)
        return std::fprintf(stderr, "%s\n", qPrintable(opened.error())), 1;
    const Database &db = **opened;
    std::printf("\ndatabase %s: %lld cases, %lld revisions; load average %s\n", qPrintable(path),
                qlonglong(db.queryInt("SELECT count(*) FROM cases").value()),
                qlonglong(db.queryInt("SELECT count(*) FROM revisions").value()),
                qPrintable(loadAverage()));

    // bench_retrieval's mix, the same requests in every run.
    const std::vector<RetrievalRequest> requests = retrievalMix(db, queries);
    const auto arguments = [](const RetrievalRequest &r) {
        return QJsonObject{{u"strategy"_s, r.strategy},
                           {u"text"_s, r.text},
                           {u"domain"_s, r.domain},
                           {u"product"_s, r.product},
                           {u"version"_s, r.productVersion},
                           {u"limit"_s, r.limit},
                           {u"symptom"_s, QJsonArray::fromStringList(r.symptoms)},
                           {u"case"_s, r.caseRef}};
    };
    McpClient client;
    if (!client.start({u"--db"_s, path, u"--as"_s, u"ana"_s}))
        return std::fprintf(stderr, "curation-cli mcp did not start\n"), 1;
    auto principal = IdentityStore(db).principal(u"ana"_s);
    if (!principal || !*principal)
        return std::fprintf(stderr, "no principal ana\n"), 1;
    const Actor actor{**principal, **principal};
    const Clock clock;
    RetrievalEngine engine(db, clock, RetrievalEngine::FileMap::Whole); // as the server maps it
    double ms = 0;
    if (failed(client.call(u"query"_s, arguments(requests.front()), ms)))
        return 1;
    (void)engine.run(actor, requests.front());
    std::vector<double> overMcp, inProcess;
    double candidates = 0;
    double serverCpu = -client.serverCpuMs();
    double ownCpu = 0;
    // One series after the other, not interleaved: each retrieval commits a
    // memory-use record, and a commit by the other connection makes SQLite
    // drop this one's page cache at its next read, which no server serving
    // its agent alone pays.
    for (const RetrievalRequest &r : requests) {
        const QJsonObject result = client.call(u"query"_s, arguments(r), ms);
        if (failed(result))
            return 1;
        candidates += double(result[u"structuredContent"_s][u"candidates"_s].toArray().size());
        overMcp.push_back(ms);
    }
    serverCpu += client.serverCpuMs();
    for (const RetrievalRequest &r : requests) {
        QElapsedTimer timer;
        timer.start();
        const double cpuStart = threadCpuMs();
        (void)engine.run(actor, r);
        ownCpu += threadCpuMs() - cpuStart;
        inProcess.push_back(double(timer.nsecsElapsed()) / 1e6);
        // As the server does after each answer: without it the WAL grows
        // by every memory use and every read pays for the longer log.
        engine.checkpointIfGrown();
    }
    std::printf("full strategy retrieval, %d queries, %.1f candidates on average "
                "(target over MCP p50 <= 5 ms)\n",
                queries, candidates / double(queries));
    line("query over MCP", overMcp);
    line("in process (RetrievalEngine)", inProcess);
    std::printf("  %-34s p50 %7.2fx            p99 %7.2fx\n", "ratio MCP / in process",
                percentile(overMcp, 0.5) / percentile(inProcess, 0.5),
                percentile(overMcp, 0.99) / percentile(inProcess, 0.99));
    cpuLine(serverCpu, ownCpu, overMcp.size());
    return 0;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 2) {
        std::fprintf(stderr, "usage: bench_mcp MEMORY_DIR|- [RETRIEVAL_DB [QUERIES]]\n");
        return 2;
    }
    if (args[1] != u"-"_s) {
        if (const int status = memorySearch(args[1]); status != 0)
            return status;
    }
    if (args.size() > 2)
        return fullRetrieval(args[2], args.size() > 3 ? args[3].toInt() : 300);
    return 0;
}
