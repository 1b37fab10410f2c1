#pragma once

#include "EvalRun.h"
#include "Result.h"

#include <QList>
#include <QStringList>

#include <cstdint>

namespace cw::inline evaluation {

// Two runs of one set, query by query (INTERFACES.md §8): per metric both
// means, the difference (B - A) and a two-sided paired randomization test's
// p-value; the queries each run wins on nDCG@k; the rank-biased overlap
// (p = 0.9) of the two ranked lists per query.
struct MetricComparison
{
    QString metric;
    double meanA = 0;
    double meanB = 0;
    double difference = 0; // meanB - meanA
    double pValue = 1;
    int queries = 0; // the queries both runs scored on this metric
};

struct QueryComparison
{
    QString id;
    double a = 0; // nDCG@k of run A
    double b = 0;
    double rbo = 1;
};

struct Comparison
{
    std::int64_t runA = 0;
    std::int64_t runB = 0;
    QString set;
    QString winMetric; // what wins and losses are decided on: ndcg@k
    int permutations = 0;
    std::uint64_t seed = 0;
    bool exact = false; // every sign assignment was enumerated
    QList<MetricComparison> metrics;
    QList<QueryComparison> queries;
    QStringList aWins;
    QStringList bWins;
    int ties = 0;
    double meanRbo = 1;
};

class RunComparison
{
public:
    // Refuses runs of different sets (the message names both).
    static Result<Comparison> compare(const EvalRun &a, const EvalRun &b, int permutations,
                                      std::uint64_t seed);

    // Two-sided paired randomization test on per-query differences: the share
    // of sign assignments whose |mean| is at least the observed |mean|. When
    // 2^n <= permutations every assignment is enumerated (exact); otherwise
    // `permutations` seeded random ones, p = (hits + 1) / (permutations + 1).
    static double randomizationP(const QList<double> &differences, int permutations,
                                 std::uint64_t seed, bool *exact = nullptr);

    // Rank-biased overlap, extrapolated (Webber et al. 2010, eq. 32) for
    // lists of any lengths; 1 for two empty lists.
    static double rankBiasedOverlap(const QStringList &a, const QStringList &b, double p = 0.9);
};

} // namespace cw::inline evaluation
