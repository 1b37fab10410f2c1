// The status bar's "Your turn: N" at scale: ReviewQueue::myTurnCount (reads
// only the proposals that can be anyone's turn) against the old count, which
// walked every row of the queue and asked ReviewTurns about each. Both run
// where the workbench runs them, off the GUI thread (ReviewQueuePanel's
// counter); the GUI thread only receives the number.
//
//   bench_myturn [PROPOSALS] [--open PERCENT] [--runs N] [--walk-runs N] [--as PRINCIPAL]
//
// PROPOSALS (default 100000) go in through the real ingest on the demo
// database; all but PERCENT (default 10) of them are then marked decided
// (published or rejected, alternately) behind the model, as a long-lived
// queue is mostly history. Prints p50/p95 of each and the ratio; say the
// load average (uptime) beside any figure you quote.

#include "BenchProposals.h"
#include "Clock.h"
#include "Database.h"
#include "DemoBuilder.h"
#include "IdentityStore.h"
#include "Ingest.h"
#include "Percentiles.h"
#include "ReviewQueue.h"
#include "Statement.h"

#include <QBuffer>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <limits>
#include <vector>

using namespace cw;
using cw::bench::percentile;
using namespace Qt::StringLiterals;

namespace {

QByteArray proposals(int count)
{
    return bench::proposalLines(count, u"PR-T"_s, u"Turn benchmark "_s, true);
}

void report(const char *what, const std::vector<double> &ms)
{
    std::printf("%-44s n=%3zu  p50 %9.1f ms  p95 %9.1f ms  max %9.1f ms\n", what, ms.size(),
                percentile(ms, 0.50), percentile(ms, 0.95),
                *std::max_element(ms.begin(), ms.end()));
}

double msSince(const QElapsedTimer &timer)
{
    return double(timer.nsecsElapsed()) / 1e6;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addPositionalArgument(u"PROPOSALS"_s, u"Proposals to add (100000)."_s);
    const QCommandLineOption openOption(u"open"_s, u"Percent left open (10)."_s, u"PERCENT"_s,
                                        u"10"_s);
    const QCommandLineOption runsOption(u"runs"_s, u"Runs of the count (10)."_s, u"N"_s, u"10"_s);
    const QCommandLineOption walkOption(u"walk-runs"_s, u"Runs of the old row walk (3)."_s, u"N"_s,
                                        u"3"_s);
    const QCommandLineOption asOption(u"as"_s, u"Principal counting (cora)."_s, u"PRINCIPAL"_s,
                                      u"cora"_s);
    parser.addOptions({openOption, runsOption, walkOption, asOption});
    parser.addHelpOption();
    parser.process(app);
    const int count = parser.positionalArguments().isEmpty()
                          ? 100000
                          : std::max(1, parser.positionalArguments().first().toInt());
    const int open = std::clamp(parser.value(openOption).toInt(), 0, 100);
    const int runs = std::max(1, parser.value(runsOption).toInt());
    const int walkRuns = std::max(0, parser.value(walkOption).toInt());

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
    QElapsedTimer setup;
    setup.start();
    QByteArray lines = proposals(count);
    QBuffer buffer(&lines);
    buffer.open(QIODevice::ReadOnly);
    if (auto ingested = Ingest(db, clock).ingestJsonLines(buffer, u"bench.jsonl"_s); !ingested) {
        std::fprintf(stderr, "%s\n", qPrintable(ingested.error()));
        return 1;
    }
    // History: the first (100 - open) % of the added proposals decided.
    Statement decide =
        db.prepare("UPDATE proposals SET status = CASE WHEN CAST(substr(id, 5) AS INTEGER) % 2 = 0 "
                   "THEN 'published' ELSE "
                   "'rejected' END WHERE id LIKE 'PR-T%' AND CAST(substr(id, 5) AS INTEGER) < ?1");
    decide.bind(1, std::int64_t(count) * (100 - open) / 100);
    if (auto done = decide.step(); !done) {
        std::fprintf(stderr, "%s\n", qPrintable(done.error()));
        return 1;
    }
    std::printf("set up %d proposals (%d %% open) in %.1f s\n", count, open, msSince(setup) / 1e3);

    auto principal = IdentityStore(db).principal(parser.value(asOption));
    if (!principal || !*principal) {
        std::fprintf(stderr, "no principal %s\n", qPrintable(parser.value(asOption)));
        return 1;
    }
    const ReviewQueue queue(db, Actor{**principal, **principal});

    std::vector<double> countMs;
    std::int64_t counted = -1;
    for (int run = 0; run < runs; ++run) {
        QElapsedTimer timer;
        timer.start();
        auto mine = queue.myTurnCount({});
        countMs.push_back(msSince(timer));
        if (!mine) {
            std::fprintf(stderr, "%s\n", qPrintable(mine.refusal().message));
            return 1;
        }
        counted = *mine;
    }
    std::vector<double> walkMs;
    std::int64_t walkedCount = -1;
    for (int run = 0; run < walkRuns; ++run) {
        QElapsedTimer timer;
        timer.start();
        auto rows = queue.myTurnPage({}, nullptr, std::numeric_limits<int>::max());
        walkMs.push_back(msSince(timer));
        walkedCount = rows ? std::int64_t(rows->size()) : -1;
    }
    std::printf("my turn of %s: %lld (row walk: %lld)\n", qPrintable(parser.value(asOption)),
                static_cast<long long>(counted), static_cast<long long>(walkedCount));
    report("myTurnCount (open statuses only)", countMs);
    if (!walkMs.empty()) {
        report("old count: walk every row", walkMs);
        std::printf("ratio p50 walk / count: %.1fx\n",
                    percentile(walkMs, 0.5) / std::max(0.001, percentile(countMs, 0.5)));
    }
    std::printf("on the GUI thread: one qint64 delivered (ReviewQueuePanel::countMyTurn runs the "
                "count on its BackgroundRunner)\n");
    return walkRuns > 0 && walkedCount != counted ? 1 : 0;
}
