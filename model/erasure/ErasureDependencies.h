#pragma once

#include "DependencyReport.h"
#include "Result.h"

#include <cstdint>

namespace cw {
class Database;
}

namespace cw::inline erasure {

// Evaluation records naming erased cases: sets (deleted with their runs)
// and further runs whose ranked lists or findings name them.
struct EvaluationRecords
{
    QStringList sets;
    QList<std::int64_t> runs;
};

// The explicit dependency list of a set of cases (issue 17, source document
// 002: "track those dependencies explicitly"): every record that holds,
// names or was derived from them, found by identity. The same queries decide
// what ErasurePurge removes, so the report and the erasure cannot disagree.
class ErasureDependencies
{
public:
    ErasureDependencies(const Database &db, QList<std::int64_t> caseIds);

    // The case ids as one bound JSON array (`IN (SELECT value FROM json_each(?1))`).
    const QString &idsJson() const { return m_ids; }

    Result<DependencyReport> collect(const QString &scope, const QString &subject);

    // Case handles (tenant/system/request) of the cases, for memory-use matching.
    Result<QStringList> handles() const;
    // memory_use ids whose inputs, candidates or reads name one of the
    // cases, or whose request or candidates quote its title.
    Result<QList<std::int64_t>> memoryUses() const;
    // Proposals that are not published (pending, returned, rejected, or
    // approved but never activated): withdrawn and deleted.
    Result<QStringList> deletableProposals() const;

    // Stored query sets and runs that name one of the cases (by handle or
    // source identity), as the evaluation section of the report.
    Result<EvaluationRecords> evaluationRecords() const;
    Result<DependencySection> evaluation() const;

private:
    Result<QStringList> list(const char *sql) const;
    Status add(DependencyReport &report, const QString &name, const QString &action,
               const char *sql) const;

    const Database &m_db;
    QString m_ids;
};

} // namespace cw::inline erasure
