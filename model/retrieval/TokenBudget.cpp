#include "TokenBudget.h"

#include <QSet>

#include <algorithm>

namespace cw::inline retrieval {

int TokenBudget::estimate(const Candidate &c)
{
    constexpr int StructureTokens = 40;
    qsizetype bytes = 0;
    for (const QString *text :
         {&c.ref, &c.kind, &c.domain, &c.owner, &c.status, &c.title, &c.reviewState, &c.sourceCase,
          &c.outcome, &c.proofLevel, &c.similarityReason, &c.limits, &c.excerpt})
        bytes += text->toUtf8().size();
    for (const QString &flag : c.flags)
        bytes += flag.size() + 3;
    return StructureTokens + int((bytes + 2) / 3);
}

int TokenBudget::pack(QList<Candidate> &candidates, int budget, int limit,
                      QList<DroppedCandidate> &dropped, const Complete &complete,
                      OverBudget *overBudget)
{
    QList<Candidate> kept;
    QSet<QString> seen;
    int used = 0;
    for (Candidate &c : candidates) {
        const QString key = c.ref + u'@' + QString::number(c.revision);
        if (seen.contains(key)) {
            dropped.append(
                {c.ref, c.revision, QStringLiteral("duplicate of a higher-ranked entry")});
            continue;
        }
        seen.insert(key);
        if (kept.size() >= limit) {
            dropped.append({c.ref, c.revision,
                            QStringLiteral("beyond the limit of %1 candidates").arg(limit)});
            continue;
        }
        if (complete)
            complete(c);
        c.tokens = estimate(c);
        if (used + c.tokens > budget) {
            dropped.append({c.ref, c.revision,
                            QStringLiteral("over the token budget (needs %1, %2 left)")
                                .arg(c.tokens)
                                .arg(budget - used)});
            if (overBudget) {
                overBudget->smallestNeeded = overBudget->count == 0
                                                 ? c.tokens
                                                 : std::min(overBudget->smallestNeeded, c.tokens);
                ++overBudget->count;
            }
            continue;
        }
        used += c.tokens;
        c.trace.append(
            {QStringLiteral("pack"),
             QStringLiteral("kept: %1 tokens, %2 of %3 used").arg(c.tokens).arg(used).arg(budget)});
        kept.append(std::move(c));
    }
    candidates = std::move(kept);
    return used;
}

} // namespace cw::inline retrieval
