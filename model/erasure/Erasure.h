#pragma once

#include "DependencyReport.h"
#include "ErasurePurge.h"
#include "Identity.h"
#include "ReviewTypes.h"

#include <optional>

namespace cw {
class Database;
}
namespace cw::inline common {
class Clock;
}

namespace cw::inline erasure {

// What an erasure (or its dry run) did.
struct ErasureOutcome
{
    DependencyReport report;
    bool dryRun = true;
    std::optional<std::int64_t> auditId;
    bool indexRebuilt = false;
    bool checkpointed = false; // the WAL was emptied (TRUNCATE) after the commit
    bool onServer = false;     // a PostgreSQL server: none of the file's purge steps
};

// Erasure of a case, or of every case of a tenant and the tenant itself
// (issue 17): the dependency report, then in one transaction the purge and
// an audit row that records who (real and effective), when, why and the
// counts, and nothing of the erased content. Admins only (Access::mayErase).
class Erasure
{
public:
    Erasure(const Database &db, const Clock &clock);

    // Called after each step of the purge, inside the transaction.
    void setStepHook(ErasurePurge::StepHook hook) { m_hook = std::move(hook); }

    Refusable<ErasureOutcome> eraseCase(const Actor &actor, const QString &caseRef,
                                        const QString &reason, bool dryRun);
    Refusable<ErasureOutcome> eraseTenant(const Actor &actor, const QString &tenant,
                                          const QString &reason, bool dryRun);
    // Retention erases closed cases by the database's setting, whoever their
    // tenant; the caller has asked Access::mayApplyRetention.
    // memoryUses: more memory-use records to scrub (expired ones).
    Refusable<ErasureOutcome> eraseCases(const Actor &actor, const QList<std::int64_t> &ids,
                                         const QList<std::int64_t> &memoryUses,
                                         const QString &action, const QString &reason, bool dryRun,
                                         DependencyReport report);

    // The digest the audit row names an erased subject by: whoever knows the
    // handle can confirm it was erased; the row itself does not name it.
    static QString subjectDigest(const QString &scope, const QString &subject);

private:
    Refusable<ErasureOutcome> run(const Actor &actor, const QList<std::int64_t> &ids,
                                  const QString &action, const QString &auditSubject,
                                  const QString &reason, bool dryRun,
                                  const std::optional<QString> &tenant, DependencyReport report,
                                  const QList<std::int64_t> &memoryUses = {});

    const Database &m_db;
    const Clock &m_clock;
    ErasurePurge::StepHook m_hook;
};

} // namespace cw::inline erasure
