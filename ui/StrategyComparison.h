#pragma once

#include "Retrieval.h"

#include <QList>
#include <QString>

namespace cw {

// What differs between two retrievals on the same input (strategy A and B):
// one row per ref@revision either returned, ordered by its best rank.
struct ComparisonRow
{
    enum class Presence
    {
        Both,
        OnlyA,
        OnlyB
    };

    QString ref;
    int revision = 0;
    QString title;
    int rankA = 0; // 1-based; 0: not returned by A
    int rankB = 0;
    Presence presence = Presence::Both;
    // Non-empty when the difference comes from projection lag rather than
    // ranking: flagged not-yet-indexed, or dropped by the canonical check, in
    // one run only.
    QString lagReason;

    QString key() const { return ref + u'@' + QString::number(revision); }
    bool isLagDifference() const { return !lagReason.isEmpty(); }
    // B's rank relative to A's: positive when B ranks it higher.
    int rankChange() const { return presence == Presence::Both ? rankA - rankB : 0; }
};

struct StrategyComparison
{
    QString strategyA;
    QString strategyB;
    QList<ComparisonRow> rows;
    int overlap = 0;
    int onlyA = 0;
    int onlyB = 0;
    int lagDifferences = 0;

    static StrategyComparison compare(const RetrievalResult &a, const RetrievalResult &b);
    // The canonical check reports what changed after the watermark as
    // "<state> after watermark N" (CandidateChecks); budget, limit and
    // applicability drops are ranking, not lag.
    static bool droppedForLag(const DroppedCandidate &dropped);
    QString summary() const;
};

} // namespace cw
