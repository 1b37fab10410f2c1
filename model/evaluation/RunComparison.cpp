#include "RunComparison.h"

#include "Metrics.h"

#include <QHash>
#include <QSet>

#include <cmath>
#include <random>

namespace cw::inline evaluation {

using namespace Qt::StringLiterals;

namespace {

// Differences of means this close are equal (sums of the same doubles in
// another order).
constexpr double Tolerance = 1e-12;

double absMean(const QList<double> &d, const std::vector<bool> &flip)
{
    double sum = 0;
    for (qsizetype i = 0; i < d.size(); ++i)
        sum += flip[size_t(i)] ? -d.at(i) : d.at(i);
    return std::abs(sum / double(d.size()));
}

} // namespace

double RunComparison::randomizationP(const QList<double> &d, int permutations, std::uint64_t seed,
                                     bool *exact)
{
    if (exact)
        *exact = false;
    if (d.isEmpty())
        return 1.0;
    const size_t n = size_t(d.size());
    std::vector<bool> flip(n, false);
    const double observed = absMean(d, flip);
    if (n < 31 && (std::uint64_t(1) << n) <= std::uint64_t(std::max(permutations, 0))) {
        if (exact)
            *exact = true;
        const std::uint64_t all = std::uint64_t(1) << n;
        std::uint64_t hits = 0;
        for (std::uint64_t mask = 0; mask < all; ++mask) {
            for (size_t i = 0; i < n; ++i)
                flip[i] = (mask >> i) & 1U;
            hits += absMean(d, flip) >= observed - Tolerance ? 1 : 0;
        }
        return double(hits) / double(all);
    }
    // mt19937_64's output is specified by the standard: the same seed gives
    // the same signs on every platform (distributions are not, so none is used).
    std::mt19937_64 random(seed);
    std::uint64_t hits = 0;
    for (int p = 0; p < permutations; ++p) {
        std::uint64_t bits = 0;
        for (size_t i = 0; i < n; ++i) {
            if (i % 64 == 0)
                bits = random();
            flip[i] = (bits >> (i % 64)) & 1U;
        }
        hits += absMean(d, flip) >= observed - Tolerance ? 1 : 0;
    }
    return double(hits + 1) / double(permutations + 1);
}

double RunComparison::rankBiasedOverlap(const QStringList &a, const QStringList &b, double p)
{
    const QStringList &shortList = a.size() <= b.size() ? a : b;
    const QStringList &longList = a.size() <= b.size() ? b : a;
    const qsizetype s = shortList.size();
    const qsizetype l = longList.size();
    if (l == 0)
        return 1.0;
    if (s == 0)
        return 0.0;
    // X_d: the overlap of the two prefixes of depth d (the short list stops at s).
    QSet<QString> seenShort;
    QSet<QString> seenLong;
    double overlap = 0;
    double sum = 0;
    double overlapAtS = 0;
    for (qsizetype d = 1; d <= l; ++d) {
        const QString &fromLong = longList.at(d - 1);
        if (d <= s) {
            const QString &fromShort = shortList.at(d - 1);
            if (fromShort == fromLong) {
                overlap += 1;
            } else {
                overlap += seenLong.contains(fromShort) ? 1 : 0;
                overlap += seenShort.contains(fromLong) ? 1 : 0;
            }
            seenShort.insert(fromShort);
            seenLong.insert(fromLong);
            if (d == s)
                overlapAtS = overlap;
        } else {
            overlap += seenShort.contains(fromLong) ? 1 : 0;
        }
        sum += overlap / double(d) * std::pow(p, double(d));
        if (d > s)
            sum += overlapAtS * double(d - s) / (double(s) * double(d)) * std::pow(p, double(d));
    }
    const double tail =
        ((overlap - overlapAtS) / double(l) + overlapAtS / double(s)) * std::pow(p, double(l));
    return (1 - p) / p * sum + tail;
}

Result<Comparison> RunComparison::compare(const EvalRun &a, const EvalRun &b, int permutations,
                                          std::uint64_t seed)
{
    if (a.setId != b.setId)
        return fail(u"runs %1 and %2 are of different query sets (%3 and %4): only runs of one "
                    "set can be compared query by query"_s.arg(a.id)
                        .arg(b.id)
                        .arg(a.setId, b.setId));
    Comparison c;
    c.runA = a.id;
    c.runB = b.id;
    c.set = a.setId;
    c.permutations = permutations;
    c.seed = seed;
    c.winMetric = u"ndcg@"_s + QString::number(a.k);
    QHash<QString, const QueryOutcome *> inB;
    for (const QueryOutcome &q : b.queries)
        inB.insert(q.id, &q);
    if (a.k != b.k)
        return fail(u"runs %1 and %2 were scored at different cut-offs (k = %3 and %4): p@k, "
                    "r@k and ndcg@k are then different metrics"_s.arg(a.id)
                        .arg(b.id)
                        .arg(a.k)
                        .arg(b.k));
    const QStringList metricNames = EvalRun::metricNames(a.k);
    for (const QString &name : std::as_const(metricNames)) {
        MetricComparison m;
        m.metric = name;
        QList<double> valuesA;
        QList<double> valuesB;
        QList<double> differences;
        for (const QueryOutcome &qa : a.queries) {
            const QueryOutcome *qb = inB.value(qa.id);
            if (!qb || qa.metrics.value(name).isNull() || qb->metrics.value(name).isNull() ||
                qa.metrics.value(name).isUndefined() || qb->metrics.value(name).isUndefined())
                continue;
            valuesA.append(qa.metrics.value(name).toDouble());
            valuesB.append(qb->metrics.value(name).toDouble());
            differences.append(valuesB.last() - valuesA.last());
        }
        m.queries = int(differences.size());
        m.meanA = Metrics::mean(valuesA);
        m.meanB = Metrics::mean(valuesB);
        m.difference = m.meanB - m.meanA;
        m.pValue = randomizationP(differences, permutations, seed, &c.exact);
        c.metrics.append(m);
    }
    QList<double> overlaps;
    for (const QueryOutcome &qa : a.queries) {
        const QueryOutcome *qb = inB.value(qa.id);
        if (!qb)
            continue;
        QueryComparison q{qa.id, qa.metrics.value(c.winMetric).toDouble(),
                          qb->metrics.value(c.winMetric).toDouble(),
                          rankBiasedOverlap(qa.candidates, qb->candidates)};
        if (q.a > q.b + Tolerance)
            c.aWins.append(q.id);
        else if (q.b > q.a + Tolerance)
            c.bWins.append(q.id);
        else
            ++c.ties;
        overlaps.append(q.rbo);
        c.queries.append(q);
    }
    c.meanRbo = overlaps.isEmpty() ? 1.0 : Metrics::mean(overlaps);
    return c;
}

} // namespace cw::inline evaluation
