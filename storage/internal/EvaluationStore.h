#pragma once

#include "EvaluationRecords.h"
#include "Result.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <cstdint>
#include <optional>

namespace cw {

class Database;

// Query sets and evaluation runs (eval_sets, eval_runs), and the canonical
// reads the evaluation's own checks rest on: they read revisions, cases,
// tenants, grants and proof records directly, so a bug in the retrieval
// engine's checks cannot hide itself from the evaluation.
class EvaluationStore
{
public:
    explicit EvaluationStore(const Database &db);

    Result<std::optional<EvalSetRecord>> findSet(const QString &id) const;
    Result<QList<EvalSetRecord>> sets() const;
    // Inserts the set, or replaces the content of the set with that id (its
    // runs stay, and show as drifted).
    Status saveSet(const EvalSetRecord &set);

    Result<std::int64_t> insertRun(const EvalRunRecord &run);
    Result<std::optional<EvalRunRecord>> findRun(std::int64_t id) const;
    // Every run, or the runs of one set; oldest first.
    Result<QList<EvalRunRecord>> runs(const QString &setId = {}) const;

    // sha256 (hex) of the (ref, revision) pairs the projection holds, in ref
    // order: what a run's results depend on besides the watermark.
    Result<QString> projectionDigest() const;
    Result<std::int64_t> watermark() const;

    Result<std::optional<RevisionFacts>> revisionFacts(const QString &ref, int revision) const;
    // Whether the principal's tenants or grants let it read the case.
    Result<bool> principalReadsCase(const QString &principal, std::int64_t caseId) const;
    Result<std::optional<std::int64_t>> caseId(const QString &tenant, const QString &sourceSystem,
                                               const QString &sourceRequest) const;

    // Recorded retrievals that have at least one verdict, given at or after
    // `since` (RFC 3339; empty: all), oldest first.
    Result<QList<JudgedUse>> judgedUses(const QString &since) const;

private:
    const Database &m_db;
};

} // namespace cw
