#include "Metrics.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace cw::inline evaluation::Metrics {

namespace {

int relevantInTop(const QList<RankedGrade> &ranked, int k)
{
    int count = 0;
    for (qsizetype i = 0; i < ranked.size() && i < k; ++i)
        count += ranked.at(i).grade >= 1 ? 1 : 0;
    return count;
}

double discount(qsizetype zeroBasedRank)
{
    return std::log2(double(zeroBasedRank) + 2.0); // log2(rank + 1), rank from 1
}

} // namespace

double precisionAt(const QList<RankedGrade> &ranked, int k)
{
    return k > 0 ? double(relevantInTop(ranked, k)) / double(k) : 0.0;
}

double recallAt(const QList<RankedGrade> &ranked, int k, const QList<int> &judgedGrades)
{
    const auto relevant =
        std::count_if(judgedGrades.cbegin(), judgedGrades.cend(), [](int g) { return g >= 1; });
    return relevant > 0 ? double(relevantInTop(ranked, k)) / double(relevant) : 0.0;
}

double reciprocalRank(const QList<RankedGrade> &ranked, int k)
{
    for (qsizetype i = 0; i < ranked.size() && i < k; ++i)
        if (ranked.at(i).grade >= 1)
            return 1.0 / double(i + 1);
    return 0.0;
}

double ndcgAt(const QList<RankedGrade> &ranked, int k, const QList<int> &judgedGrades)
{
    double dcg = 0;
    for (qsizetype i = 0; i < ranked.size() && i < k; ++i)
        dcg += double(ranked.at(i).grade) / discount(i);
    QList<int> ideal = judgedGrades;
    std::sort(ideal.begin(), ideal.end(), std::greater<>());
    double idcg = 0;
    for (qsizetype i = 0; i < ideal.size() && i < k; ++i)
        idcg += double(ideal.at(i)) / discount(i);
    return idcg > 0 ? dcg / idcg : 0.0;
}

double judgedAt(const QList<RankedGrade> &ranked, int k)
{
    const qsizetype top = std::min<qsizetype>(ranked.size(), k);
    if (top <= 0)
        return 0.0;
    const auto judged = std::count_if(ranked.cbegin(), ranked.cbegin() + top,
                                      [](const RankedGrade &r) { return r.judged; });
    return double(judged) / double(top);
}

double percentile(QList<double> values, double p)
{
    if (values.isEmpty())
        return 0.0;
    std::sort(values.begin(), values.end());
    const auto rank = qsizetype(std::ceil(p / 100.0 * double(values.size())));
    return values.at(std::clamp<qsizetype>(rank - 1, 0, values.size() - 1));
}

double mean(const QList<double> &values)
{
    if (values.isEmpty())
        return 0.0;
    double sum = 0;
    for (double v : values)
        sum += v;
    return sum / double(values.size());
}

} // namespace cw::inline evaluation::Metrics
