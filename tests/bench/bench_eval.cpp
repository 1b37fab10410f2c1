// `eval run` at scale (issue 12): a judged set of QUERIES queries run through
// the retrieval engine on the CASES-case database, the way `curation-cli
// eval run` does it (one engine, one connection, no memory-use record, the
// seed's measures audited against canonical state, the run stored). Target:
// 1,000 queries on 1,000,000 cases in under 10 s.
//
//   bench_eval [CASES] [QUERIES] [DB]
//
// CASES defaults to 100000, QUERIES to 1000. An existing DB at the path is
// reused (generation is paid once); it is the same kind of file as
// bench_retrieval's.

#include "BenchDatabase.h"
#include "Clock.h"
#include "Database.h"
#include "EvaluationRunner.h"
#include "Percentiles.h"
#include "QuerySets.h"
#include "RetrievalMix.h"
#include "Statement.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QJsonArray>

#include <cstdio>
#include <random>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

// The set: strategies in turn, texts as bench_retrieval's (a third hard, the
// rest titles of random revisions, judged grade 2 for that revision).
QuerySet benchSet(const Database &db, int queries)
{
    const QStringList strategies = bench::mixStrategies();
    const QStringList texts = bench::mixHardTexts();
    struct Titled
    {
        QString ref;
        int revision;
        QString title;
    };
    QList<Titled> titles;
    Statement s = db.prepare("SELECT a.ref, r.revision, r.title FROM revisions r JOIN articles a "
                             "ON a.id = r.article_id ORDER BY random() LIMIT 2000");
    for (auto row = s.step(); row && *row; row = s.step())
        titles.append({s.text(0), s.integer(1), s.text(2)});
    std::mt19937 random(7);
    QuerySet set;
    set.id = u"bench"_s;
    set.name = u"bench_eval"_s;
    for (int i = 0; i < queries; ++i) {
        EvalQuery q;
        q.id = u"q%1"_s.arg(i + 1);
        q.as = u"ana"_s;
        q.strategy = strategies[i % strategies.size()];
        const bool hard = i % 3 == 0 || titles.isEmpty();
        const Titled titled = hard ? Titled{} : titles[random() % titles.size()];
        q.fields = {{u"text"_s, hard ? texts[random() % texts.size()] : titled.title},
                    {u"product"_s, u"lifeline"_s},
                    {u"version"_s, u"5.1"_s},
                    {u"symptoms"_s, QJsonArray{u"missing-register"_s}}};
        set.queries.append(q);
        if (!hard) {
            set.judgments.append({q.id, titled.ref, titled.revision, 2});
            set.required.append({q.id, titled.ref, {}});
        }
    }
    return set;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const int cases = args.size() > 1 ? args[1].toInt() : 100000;
    const int queries = args.size() > 2 ? args[2].toInt() : 1000;
    const QString path =
        args.size() > 3 ? args[3] : QDir::temp().filePath(u"cw-bench-eval-%1.db"_s.arg(cases));
    Clock clock;
    auto db = bench::openGeneratedDatabase(path, cases, clock);
    if (!db)
        return 1;
    std::printf("database %s: %lld cases, %lld revisions\n", qPrintable(path),
                qint64(*db->queryInt("SELECT count(*) FROM cases")),
                qint64(*db->queryInt("SELECT count(*) FROM revisions")));

    auto admin = IdentityResolver::resolve(*db, u"bench"_s, {});
    if (!admin) {
        std::fprintf(stderr, "%s\n", qPrintable(admin.error()));
        return 1;
    }
    const QuerySet set = benchSet(*db, queries);
    if (auto imported = QuerySets(*db, clock).import(set, u"admin"_s); !imported) {
        std::fprintf(stderr, "%s\n", qPrintable(imported.error()));
        return 1;
    }
    const qint64 usesBefore = *db->queryInt("SELECT count(*) FROM memory_use");
    QElapsedTimer timer;
    timer.start();
    auto runs = EvaluationRunner(*db, clock, *admin).run(u"bench"_s, {}, 10);
    const double totalS = double(timer.nsecsElapsed()) / 1e9;
    if (!runs) {
        std::fprintf(stderr, "%s\n", qPrintable(runs.error()));
        return 1;
    }
    const EvalRun &run = runs->first();
    std::vector<double> latencies;
    for (const QueryOutcome &q : run.queries)
        latencies.push_back(q.metrics.value(u"latency_ms"_s).toDouble());
    double engineS = 0;
    for (double ms : latencies)
        engineS += ms / 1000.0;
    std::printf("\neval run of %d queries (target: 1,000 queries on 1,000,000 cases under 10 s)\n",
                queries);
    std::printf("  total %.2f s; engine %.2f s; scoring, audit and storing %.2f s (%.0f%%)\n",
                totalS, engineS, totalS - engineS, 100.0 * (totalS - engineS) / totalS);
    std::printf("  per query p50 %.2f ms   p95 %.2f ms   p99 %.2f ms\n",
                bench::percentile(latencies, 0.50), bench::percentile(latencies, 0.95),
                bench::percentile(latencies, 0.99));
    std::printf(
        "  ndcg@10 %.4f   evidence_recall %.4f   unauthorised %.3f   stale %.3f   "
        "unsupported %.3f\n",
        run.means.value(u"ndcg@10"_s).toDouble(), run.means.value(u"evidence_recall"_s).toDouble(),
        run.means.value(u"unauthorised"_s).toDouble(), run.means.value(u"stale"_s).toDouble(),
        run.means.value(u"unsupported"_s).toDouble());
    std::printf("  memory-use records written: %lld\n",
                qint64(*db->queryInt("SELECT count(*) FROM memory_use") - usesBefore));
    return 0;
}
