#include "ReviewHistory.h"

#include "ReviewTypes.h"
#include "Vocabulary.h"

#include <algorithm>

namespace cw::inline review::ReviewHistory {

QList<AuditRecord> timeline(const QList<AuditRecord> &proposal, const QList<AuditRecord> &article)
{
    QList<AuditRecord> all = proposal + article;
    // RFC 3339 UTC strings order as the times do; the id keeps the order
    // of rows written in one transaction (supersede writes two).
    std::stable_sort(all.begin(), all.end(), [](const AuditRecord &a, const AuditRecord &b) {
        return a.at != b.at ? a.at < b.at : a.id < b.id;
    });
    return all;
}

std::optional<AuditRecord> lastSetBack(const QList<AuditRecord> &audit)
{
    for (auto it = audit.crbegin(); it != audit.crend(); ++it) {
        const auto decision = parse<ReviewDecision>(it->action);
        if (decision == ReviewDecision::Reject || decision == ReviewDecision::Return)
            return *it;
    }
    return std::nullopt;
}

} // namespace cw::inline review::ReviewHistory
