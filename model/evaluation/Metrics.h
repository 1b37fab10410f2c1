#pragma once

#include <QList>

namespace cw::inline evaluation {

// One ranked candidate as the metrics see it: its grade (the judgment for
// (ref, revision), else for ref, else 0) and whether any judgment covers it.
struct RankedGrade
{
    int grade = 0;
    bool judged = false;
};

// The IR metrics of INTERFACES.md §8, as pure functions of one query's
// ranked list and its judgments' grades. Relevant means grade >= 1. k is a
// cut-off, not the list's length: p@k divides by k even when fewer were
// returned (as trec_eval does).
namespace Metrics {

double precisionAt(const QList<RankedGrade> &ranked, int k);
// relevant in the top k / relevant judgments of the query; 0 when it has none.
double recallAt(const QList<RankedGrade> &ranked, int k, const QList<int> &judgedGrades);
// 1 / rank of the first relevant candidate within k, else 0.
double reciprocalRank(const QList<RankedGrade> &ranked, int k);
// gain = grade, discount log2(rank + 1); ideal = the query's k highest
// judged grades; 0 when the query has no relevant judgment.
double ndcgAt(const QList<RankedGrade> &ranked, int k, const QList<int> &judgedGrades);
// The share of the returned top k that has a judgment (0 when none returned).
double judgedAt(const QList<RankedGrade> &ranked, int k);

// Nearest-rank percentile (p in 0..100) of the values; 0 for none.
double percentile(QList<double> values, double p);
double mean(const QList<double> &values);

} // namespace Metrics

} // namespace cw::inline evaluation
