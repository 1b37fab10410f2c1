// Memory search Mode B's ranking quality on a judged set over the PEP memory
// corpus (INTERFACES.md §6, issue #12): imports shared/corpus/pep-memory,
// projects it, runs every query of tests/data/memory-search/pep-mode-b.jsonl
// through MemorySearch::byContent and prints nDCG@10, p@10 and mrr per query
// and as means over the set (the §8 definitions).
//
//   build/ci/tests/bench/bench_memoryquality [SET.jsonl] [CORPUS_DIR]
//
// LOCAL METRICS: the eval library's metric functions (model/evaluation) are
// being written in parallel; until they land, nDCG, p@k and mrr are computed
// by the small functions below, to be replaced by the library's at merge.

#include "Clock.h"
#include "Database.h"
#include "MemoryImport.h"
#include "MemorySearch.h"
#include "Projector.h"

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

// ---- LOCAL METRICS (swap for model/evaluation's at merge) ------------------
// §8: gain = grade, discount log2(rank + 1), ideal = the query's k highest
// grades, 0 when it has none relevant; p@k divides by k even when fewer were
// returned; mrr is the reciprocal rank of the first relevant within k.
int gradeOf(const JudgedQuery &q, const QString &ref)
{
    return q.grades.value(ref, 0);
}

double ndcgAt(const JudgedQuery &q, const QStringList &ranked, int k)
{
    double dcg = 0;
    for (int i = 0; i < std::min<int>(k, int(ranked.size())); ++i)
        dcg += gradeOf(q, ranked[i]) / std::log2(i + 2.0);
    QList<int> ideal = q.grades.values();
    std::sort(ideal.begin(), ideal.end(), std::greater<>());
    double idcg = 0;
    for (int i = 0; i < std::min<int>(k, int(ideal.size())); ++i)
        idcg += ideal[i] / std::log2(i + 2.0);
    return idcg > 0 ? dcg / idcg : 0;
}

double precisionAt(const JudgedQuery &q, const QStringList &ranked, int k)
{
    int relevant = 0;
    for (int i = 0; i < std::min<int>(k, int(ranked.size())); ++i)
        relevant += gradeOf(q, ranked[i]) >= 1;
    return double(relevant) / k;
}

double reciprocalRank(const JudgedQuery &q, const QStringList &ranked, int k)
{
    for (int i = 0; i < std::min<int>(k, int(ranked.size())); ++i)
        if (gradeOf(q, ranked[i]) >= 1)
            return 1.0 / (i + 1);
    return 0;
}
// ---- end of local metrics ---------------------------------------------------

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QString setPath =
        argc > 1 ? QString::fromLocal8Bit(argv[1])
                 : QStringLiteral(CW_SOURCE_DIR "/tests/data/memory-search/pep-mode-b.jsonl");
    const QString corpus = argc > 2 ? QString::fromLocal8Bit(argv[2])
                                    : QStringLiteral(CW_SHARED_DIR "/corpus/pep-memory");
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
        const double n = ndcgAt(q, ranked, K), p = precisionAt(q, ranked, K),
                     r = reciprocalRank(q, ranked, K);
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
