// Memory search Mode A (frontmatter fields) at 9,000 decisions in one domain
// (issue #16: "Mode A reads only frontmatter columns, its cost independent of
// body sizes; target <= 10 ms at 9k rows in a domain").
//
//   build/ci/tests/bench/bench_modea [ROWS=9000] [WORKDIR]
//
// Builds two databases of ROWS decisions in the domain "bulk" plus 1,000 in
// another domain: one with real PEP bodies (cycled from
// shared/corpus/pep-memory, ~20 KB each), one with one-line bodies. Both are
// imported and projected as real memory is. Then each Mode A query runs 200
// times in process (MemorySearch::byFields) and 20 times as a whole
// `curation-cli memory-search --mode A` process; the ratio real/one-line
// bodies shows whether the cost depends on body sizes. A WORKDIR keeps the
// databases between runs (an existing one is reused, migrated on open).

#include "BenchSupport.h"
#include "Clock.h"
#include "Database.h"
#include "MemoryImport.h"
#include "MemorySearch.h"
#include "Projector.h"
#include "TestPaths.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <cstdio>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

QList<QByteArray> pepBodies()
{
    QList<QByteArray> bodies;
    const QDir dir(TestPaths::shared("corpus/pep-memory/contexts/memory/decisions"));
    for (const QString &name : dir.entryList({u"DEC-*.md"_s}, QDir::Files, QDir::Name)) {
        QFile file(dir.filePath(name));
        if (!file.open(QIODevice::ReadOnly))
            continue;
        const QByteArray text = file.readAll();
        const qsizetype end = text.indexOf("\n---\n", 4);
        bodies.append(end < 0 ? text : text.mid(end + 5));
    }
    return bodies;
}

bool writeTree(const QString &decisions, int rows, const QList<QByteArray> &bodies)
{
    QDir().mkpath(decisions);
    for (int n = 1; n <= rows + 1000; ++n) {
        const bool bulk = n <= rows;
        const QByteArray body = bodies.isEmpty() ? QByteArray("# Decision\n\nOne line of body.\n")
                                                 : bodies[n % bodies.size()];
        const QByteArray text = "---\nid: DEC-" + QByteArray::number(n) + "\ntitle: Decision " +
                                QByteArray::number(n) + "\ndomain: " + (bulk ? "bulk" : "other") +
                                "\nlevel: " + (n % 3 ? "operational" : "strategic") +
                                "\nstatus: " + (n % 5 ? "final" : "draft") + "\ntags: [t" +
                                QByteArray::number(n % 20) + ", common]\nrelated_to: [DEC-" +
                                QByteArray::number(n % 50 + 1) +
                                "]\ncreated_at: 2026-01-01\n---\n" + body;
        QFile file(decisions + u"/DEC-%1.md"_s.arg(n));
        if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size())
            return false;
    }
    return true;
}

Result<std::unique_ptr<Database>> prepare(const QString &work, int rows, bool realBodies)
{
    const QString dbPath = work + (realBodies ? u"/modea-real.db"_s : u"/modea-small.db"_s);
    if (!QFile::exists(dbPath)) {
        const QString tree = work + (realBodies ? u"/real"_s : u"/small"_s);
        if (!writeTree(tree + u"/contexts/memory/decisions"_s, rows,
                       realBodies ? pepBodies() : QList<QByteArray>()))
            return fail(u"cannot write the tree under "_s + tree);
        auto db = Database::open(dbPath);
        if (!db)
            return fail(db.error());
        Clock clock;
        QElapsedTimer timer;
        timer.start();
        auto imported = MemoryImport(**db, clock).importTree(tree);
        if (!imported)
            return fail(imported.error());
        auto projected = Projector(**db, clock).run(5000);
        if (!projected)
            return fail(projected.error());
        std::printf("built %s: %d files in %.1f s\n", qPrintable(dbPath), imported->imported,
                    timer.elapsed() / 1000.0);
    }
    return Database::open(dbPath);
}

struct Query
{
    const char *name;
    MemoryFieldQuery fields;
    QStringList cli;
};

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int rows = argc > 1 ? QString::fromLocal8Bit(argv[1]).toInt() : 9000;
    QTemporaryDir temporary;
    const QString work = argc > 2 ? QString::fromLocal8Bit(argv[2]) : temporary.path();
    QDir().mkpath(work);

    const QList<Query> queries = {
        {"domain", {u"bulk"_s, {}, {}, {}, {}}, {u"--domain"_s, u"bulk"_s}},
        {"domain + tag",
         {u"bulk"_s, {}, {}, {u"t7"_s}, {}},
         {u"--domain"_s, u"bulk"_s, u"--tag"_s, u"t7"_s}},
        {"domain + level + status",
         {u"bulk"_s, u"strategic"_s, u"draft"_s, {}, {}},
         {u"--domain"_s, u"bulk"_s, u"--level"_s, u"strategic"_s, u"--status"_s, u"draft"_s}},
        {"domain + related_to",
         {u"bulk"_s, {}, {}, {}, {u"DEC-7"_s}},
         {u"--domain"_s, u"bulk"_s, u"--related-to"_s, u"DEC-7"_s}},
        {"tag only (no domain)", {{}, {}, {}, {u"t3"_s}, {}}, {u"--tag"_s, u"t3"_s}},
    };

    std::printf("Mode A, %d decisions in the domain 'bulk' (+1,000 elsewhere)\n", rows);
    QList<double> p50s[2];
    for (const bool real : {true, false}) {
        auto db = prepare(work, rows, real);
        if (!db)
            return std::fprintf(stderr, "%s\n", qPrintable(db.error())), 1;
        const QString path = real ? work + u"/modea-real.db"_s : work + u"/modea-small.db"_s;
        std::printf("\n%s bodies (%s, %.0f MB)\n", real ? "real PEP" : "one-line", qPrintable(path),
                    QFileInfo(path).size() / 1e6);
        const MemorySearch search(**db, nullptr);
        for (const Query &q : queries) {
            std::vector<double> ms;
            std::size_t hits = 0;
            for (int i = 0; i < 200; ++i) {
                QElapsedTimer timer;
                timer.start();
                auto r = search.byFields(q.fields);
                ms.push_back(timer.nsecsElapsed() / 1e6);
                if (!r)
                    return std::fprintf(stderr, "%s\n", qPrintable(r.error())), 1;
                hits = std::size_t(r->hits.size());
            }
            std::printf("  in process  %-26s hits %2zu  p50 %7.2f ms  p99 %7.2f ms\n", q.name, hits,
                        bench::percentile(ms, 0.50), bench::percentile(ms, 0.99));
            p50s[real ? 0 : 1].append(bench::percentile(ms, 0.50));
        }
        for (const Query &q : queries.mid(0, 2)) {
            std::vector<double> ms;
            for (int i = 0; i < 20; ++i) {
                QProcess cli;
                QElapsedTimer timer;
                timer.start();
                cli.start(TestPaths::cliPath(),
                          QStringList{u"--db"_s, path, u"memory-search"_s, u"--mode"_s, u"A"_s} +
                              q.cli + QStringList{u"--json"_s});
                cli.waitForFinished(60000);
                ms.push_back(timer.nsecsElapsed() / 1e6);
                if (cli.exitCode() != 0)
                    return std::fprintf(stderr, "%s\n", cli.readAllStandardError().constData()), 1;
            }
            std::printf("  process     %-26s           p50 %7.2f ms  p90 %7.2f ms\n", q.name,
                        bench::percentile(ms, 0.50), bench::percentile(ms, 0.90));
        }
    }
    std::printf("\nratio real / one-line bodies (in process, p50):");
    for (qsizetype i = 0; i < p50s[0].size(); ++i)
        std::printf(" %.2fx", p50s[0][i] / p50s[1][i]);
    std::printf("\n");
    return 0;
}
