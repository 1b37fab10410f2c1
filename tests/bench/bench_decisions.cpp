// Decision latency: approve -> committed (with the outbox event when the
// second sign-off activates). Target p99 <= 10 ms (DESIGN.md section 8).
//
//   bench_decisions [PROPOSALS]   (default 500; each gets two approvals)

#include "BenchProposals.h"
#include "Clock.h"
#include "Database.h"
#include "DemoBuilder.h"
#include "IdentityStore.h"
#include "Ingest.h"
#include "Percentiles.h"
#include "ReviewWorkflow.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace cw;
using cw::bench::percentile;
using namespace Qt::StringLiterals;

namespace {

QByteArray proposals(int count)
{
    return bench::proposalLines(count, u"PR-B"_s, u"Benchmark proposal "_s);
}

void report(const char *what, const std::vector<double> &ms)
{
    std::printf("%-34s n=%4zu  p50 %6.2f ms  p95 %6.2f ms  p99 %6.2f ms  max %6.2f ms\n", what,
                ms.size(), percentile(ms, 0.50), percentile(ms, 0.95), percentile(ms, 0.99),
                *std::max_element(ms.begin(), ms.end()));
}

Actor actor(const Database &db, const QString &id)
{
    auto p = IdentityStore(db).principal(id);
    return Actor{**p, **p};
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const int count = argc > 1 ? std::max(1, std::atoi(argv[1])) : 500;
    QTemporaryDir dir;
    auto opened = Database::open(dir.filePath(u"bench.db"_s));
    if (!opened) {
        std::fprintf(stderr, "%s\n", qPrintable(opened.error()));
        return 1;
    }
    Database &db = **opened;
    Clock clock;
    if (auto built = DemoBuilder(db, clock, u"bench"_s).build(0); !built) {
        std::fprintf(stderr, "%s\n", qPrintable(built.error()));
        return 1;
    }
    QByteArray lines = proposals(count);
    QBuffer buffer(&lines);
    buffer.open(QIODevice::ReadOnly);
    if (auto ingested = Ingest(db, clock).ingestJsonLines(buffer, u"bench.jsonl"_s); !ingested) {
        std::fprintf(stderr, "%s\n", qPrintable(ingested.error()));
        return 1;
    }

    ReviewWorkflow workflow(db, clock);
    const Actor cora = actor(db, u"cora"_s);
    const Actor dora = actor(db, u"dora"_s);
    std::vector<double> first;
    std::vector<double> second;
    QElapsedTimer timer;
    for (int n = 0; n < count; ++n) {
        const QString id = u"PR-B%1"_s.arg(n);
        timer.start();
        auto a = workflow.approve(cora, id, 1, u"curator ok"_s);
        first.push_back(double(timer.nsecsElapsed()) / 1e6);
        timer.start();
        auto b = workflow.approve(dora, id, 2, u"owner ok"_s);
        second.push_back(double(timer.nsecsElapsed()) / 1e6);
        if (!a || !b || !b->outboxEvent) {
            std::fprintf(stderr, "%s: %s\n", qPrintable(id),
                         qPrintable(!a  ? a.error()
                                    : b ? u"no outbox event"_s
                                        : b.error()));
            return 1;
        }
    }
    std::vector<double> all = first;
    all.insert(all.end(), second.begin(), second.end());
    std::printf("decision latency, WAL + synchronous=FULL, file in %s\n", qPrintable(dir.path()));
    report("first sign-off (review + audit)", first);
    report("activation (+ state + outbox)", second);
    report("all decisions", all);
    const double p99 = percentile(second, 0.99);
    std::printf("target p99 <= 10 ms for approve -> committed with outbox: %s\n",
                p99 <= 10.0 ? "met" : "NOT met");
    return 0;
}
