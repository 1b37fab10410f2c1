// Memory search Mode B's ranking quality on a judged set over the PEP memory
// corpus (INTERFACES.md §6, issue #12): imports shared/corpus/pep-memory,
// projects it, runs every query of tests/data/memory-search/pep-mode-b.jsonl
// through MemorySearch::byContent and prints nDCG@10, p@10 and mrr per query
// and as means over the set, with the evaluation library's metric functions
// (model/evaluation/Metrics, the §8 definitions).
//
//   build/ci/tests/bench/bench_memoryquality [SET.jsonl] [CORPUS_DIR]

#include "Clock.h"
#include "Database.h"
#include "MemoryImport.h"
#include "MemorySearch.h"
#include "Metrics.h"
#include "Projector.h"
#include "TestPaths.h"

#include <QCoreApplication>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <algorithm>
#include <cmath>
#include <cstdio>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

struct JudgedQuery
{
    QString id;
    QStringList keywords;
    QHash<QString, int> grades; // ref -> grade
};

QList<JudgedQuery> readSet(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QList<JudgedQuery> queries;
    QHash<QString, qsizetype> index;
    while (!file.atEnd()) {
        const QJsonObject line = QJsonDocument::fromJson(file.readLine()).object();
        const QString type = line.value(u"type"_s).toString();
        if (type == u"query") {
            JudgedQuery query{line.value(u"id"_s).toString(), {}, {}};
            for (const QJsonValue &keyword : line.value(u"keywords"_s).toArray())
                query.keywords.append(keyword.toString());
            index.insert(query.id, queries.size());
            queries.append(query);
        } else if (type == u"judgment") {
            const auto at = index.constFind(line.value(u"query"_s).toString());
            if (at != index.constEnd())
                queries[*at].grades.insert(line.value(u"ref"_s).toString(),
                                           line.value(u"grade"_s).toInt());
        }
    }
    return queries;
}

// The ranked refs as the evaluation metrics see them (INTERFACES.md §8):
// grade = the query's judgment for the ref, else 0.
QList<RankedGrade> graded(const JudgedQuery &q, const QStringList &ranked)
{
    QList<RankedGrade> out;
    for (const QString &ref : ranked)
        out.append({q.grades.value(ref, 0), q.grades.contains(ref)});
    return out;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QString setPath = argc > 1
                                ? QString::fromLocal8Bit(argv[1])
                                : TestPaths::source("tests/data/memory-search/pep-mode-b.jsonl");
    const QString corpus =
        argc > 2 ? QString::fromLocal8Bit(argv[2]) : TestPaths::shared("corpus/pep-memory");
    const QList<JudgedQuery> queries = readSet(setPath);
    if (queries.isEmpty())
        return std::fprintf(stderr, "no queries read from %s\n", qPrintable(setPath)), 1;

    QTemporaryDir work;
    auto db = Database::open(work.filePath(u"quality.db"_s));
    if (!db)
        return std::fprintf(stderr, "%s\n", qPrintable(db.error())), 1;
    Clock clock;
    auto imported = MemoryImport(**db, clock).importTree(corpus);
    if (!imported)
        return std::fprintf(stderr, "%s\n", qPrintable(imported.error())), 1;
    if (auto projected = Projector(**db, clock).run(5000); !projected)
        return std::fprintf(stderr, "%s\n", qPrintable(projected.error())), 1;

    constexpr int K = 10;
    const MemorySearch search(**db, nullptr);
    double ndcg = 0, precision = 0, mrr = 0;
    std::printf("%-5s %-34s %7s %6s %6s  top 3\n", "query", "keywords", "ndcg@10", "p@10", "rr");
    for (const JudgedQuery &q : queries) {
        auto result = search.byContent(q.keywords);
        if (!result)
            return std::fprintf(stderr, "%s: %s\n", qPrintable(q.id), qPrintable(result.error())),
                   1;
        QStringList ranked;
        for (const MemorySearchHit &hit : result->hits)
            ranked.append(hit.id.isNull() ? hit.filePath : hit.id);
        const QList<RankedGrade> grades = graded(q, ranked);
        const double n = Metrics::ndcgAt(grades, K, q.grades.values()),
                     p = Metrics::precisionAt(grades, K), r = Metrics::reciprocalRank(grades, K);
        ndcg += n;
        precision += p;
        mrr += r;
        std::printf("%-5s %-34s %7.3f %6.2f %6.2f  %s\n", qPrintable(q.id),
                    qPrintable(q.keywords.join(u' ').left(34)), n, p, r,
                    qPrintable(ranked.mid(0, 3).join(u' ')));
    }
    const double count = double(queries.size());
    std::printf("\nmeans over %lld queries: ndcg@10 %.3f  p@10 %.3f  mrr %.3f\n",
                qlonglong(queries.size()), ndcg / count, precision / count, mrr / count);
    return 0;
}
