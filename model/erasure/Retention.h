#pragma once

#include "Erasure.h"

#include <optional>

namespace cw::inline erasure {

// The database's retention setting (settings table): memory-use payloads
// older than memoryUseDays are replaced by the erasure marker; cases closed
// (completed or cancelled) for more than closedCaseDays are erased with
// everything derived from them, as `erase case` does. Unset: kept forever.
struct RetentionSettings
{
    std::optional<int> memoryUseDays;
    std::optional<int> closedCaseDays;

    static Result<RetentionSettings> read(const Database &db);
    // "memory-use-days=N", "closed-case-days=M", a value "off" clears it.
    // Returns the error naming what was wrong, or applies it to *this.
    QString parseAssignment(const QString &assignment);
    QJsonObject toJson() const;
};

class Retention
{
public:
    Retention(const Database &db, const Clock &clock);

    void setStepHook(ErasurePurge::StepHook hook) { m_erasure.setStepHook(std::move(hook)); }

    // Admins only (Access::mayApplyRetention); audit action `retain`.
    Refusable<ErasureOutcome> apply(const Actor &actor, const QString &reason, bool dryRun);
    Refusable<RetentionSettings> change(const Actor &actor, const QStringList &assignments,
                                        const QString &reason);

private:
    const Database &m_db;
    const Clock &m_clock;
    Erasure m_erasure;
};

} // namespace cw::inline erasure
