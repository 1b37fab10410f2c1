#include "StrategyComparison.h"

#include <QCoreApplication>
#include <QHash>

#include <algorithm>
#include <climits>
#include <utility>

namespace cw {

namespace {

const Candidate *find(const RetrievalResult &r, const QString &ref, int revision, int *rank)
{
    for (int i = 0; i < r.candidates.size(); ++i) {
        if (r.candidates[i].ref == ref && r.candidates[i].revision == revision) {
            *rank = i + 1;
            return &r.candidates[i];
        }
    }
    *rank = 0;
    return nullptr;
}

const DroppedCandidate *findDropped(const RetrievalResult &r, const QString &ref, int revision)
{
    for (const DroppedCandidate &d : r.dropped) {
        if (d.ref == ref && d.revision == revision)
            return &d;
    }
    return nullptr;
}

bool notYetIndexed(const Candidate *c)
{
    return c && c->flags.contains(QStringLiteral("not-yet-indexed"));
}

// Why this row differs because of lag, or empty when it does not.
QString lagReason(const RetrievalResult &a, const RetrievalResult &b, const ComparisonRow &row,
                  const Candidate *inA, const Candidate *inB)
{
    if (notYetIndexed(inA) != notYetIndexed(inB))
        return QCoreApplication::translate("cw::StrategyComparison", "not yet indexed in %1 only")
            .arg(notYetIndexed(inA) ? a.strategy : b.strategy);
    for (const auto &[run, dropped] : {std::pair{&a, findDropped(a, row.ref, row.revision)},
                                       std::pair{&b, findDropped(b, row.ref, row.revision)}}) {
        if (dropped && StrategyComparison::droppedForLag(*dropped))
            return QCoreApplication::translate("cw::StrategyComparison", "dropped in %1: %2")
                .arg(run->strategy, dropped->reason);
    }
    return {};
}

} // namespace

bool StrategyComparison::droppedForLag(const DroppedCandidate &dropped)
{
    return dropped.reason.contains(QLatin1String(" after watermark "));
}

StrategyComparison StrategyComparison::compare(const RetrievalResult &a, const RetrievalResult &b)
{
    StrategyComparison c;
    c.strategyA = a.strategy;
    c.strategyB = b.strategy;
    QHash<QString, int> seen;
    for (const RetrievalResult *run : {&a, &b}) {
        for (const Candidate &candidate : run->candidates) {
            ComparisonRow row;
            row.ref = candidate.ref;
            row.revision = candidate.revision;
            if (seen.contains(row.key()))
                continue;
            seen.insert(row.key(), 1);
            row.title = candidate.title;
            const Candidate *inA = find(a, row.ref, row.revision, &row.rankA);
            const Candidate *inB = find(b, row.ref, row.revision, &row.rankB);
            row.presence = inA && inB ? ComparisonRow::Presence::Both
                           : inA      ? ComparisonRow::Presence::OnlyA
                                      : ComparisonRow::Presence::OnlyB;
            row.lagReason = lagReason(a, b, row, inA, inB);
            c.rows.append(row);
        }
    }
    // Best rank first; ties (same rank in A and in B) keep A's first.
    std::stable_sort(
        c.rows.begin(), c.rows.end(), [](const ComparisonRow &l, const ComparisonRow &r) {
            const auto best = [](const ComparisonRow &x) {
                return std::min(x.rankA > 0 ? x.rankA : INT_MAX, x.rankB > 0 ? x.rankB : INT_MAX);
            };
            return best(l) < best(r);
        });
    for (const ComparisonRow &row : c.rows) {
        c.overlap += row.presence == ComparisonRow::Presence::Both ? 1 : 0;
        c.onlyA += row.presence == ComparisonRow::Presence::OnlyA ? 1 : 0;
        c.onlyB += row.presence == ComparisonRow::Presence::OnlyB ? 1 : 0;
        c.lagDifferences += row.isLagDifference() ? 1 : 0;
    }
    return c;
}

QString StrategyComparison::summary() const
{
    return QCoreApplication::translate("cw::StrategyComparison",
                                       "A = %1, B = %2 · overlap %3 · only in A %4 · only in B %5 "
                                       "· %6 difference(s) from lag rather than ranking")
        .arg(strategyA, strategyB)
        .arg(overlap)
        .arg(onlyA)
        .arg(onlyB)
        .arg(lagDifferences);
}

} // namespace cw
