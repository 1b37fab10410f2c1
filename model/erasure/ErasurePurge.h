#pragma once

#include "Result.h"

#include <QList>
#include <QString>

#include <cstdint>
#include <functional>

namespace cw {
class Database;
}

namespace cw::inline erasure {

class ErasureDependencies;

// The deletions and rewrites of one erasure, inside the caller's
// transaction, in an order the foreign keys accept. `step` is called after
// each step with its name (the SIGKILL test pauses there).
class ErasurePurge
{
public:
    using StepHook = std::function<void(const QString &)>;

    ErasurePurge(const Database &db, const ErasureDependencies &dependencies, QString now);

    Status run(const StepHook &step);
    // Memory uses to scrub beside those that name the cases (retention).
    void addMemoryUses(const QList<std::int64_t> &ids) { m_moreUses = ids; }
    // Whether rows of the content index were deleted (its structure is then
    // rebuilt so that no old segment keeps their text).
    bool indexTouched() const { return m_indexTouched; }

private:
    Status exec(const char *sql, const QString &what);
    Status withdrawProposals();
    Status eraseLinks();
    Status scrubMemoryUses();
    Status eraseEvaluationRecords();

    const Database &m_db;
    const ErasureDependencies &m_deps;
    QString m_now;
    bool m_indexTouched = false;
    QList<std::int64_t> m_moreUses;
};

// What stays in the files after the transaction: SQLite's secure_delete
// zeroes freed content, the content index is rebuilt so old segments go,
// and the WAL is checkpointed with TRUNCATE (issue 17).
class FilePurge
{
public:
    explicit FilePurge(const Database &db);
    ~FilePurge(); // restores secure_delete

    // Before the transaction.
    Status begin();
    // Inside it, when index rows were deleted.
    Status rebuildIndex();
    // After the commit. False when another connection kept the WAL from
    // being emptied (busy): the erased pages are then still in the -wal file
    // until its next checkpoint.
    Result<bool> checkpoint();

private:
    const Database &m_db;
    std::int64_t m_previous = -1;
};

} // namespace cw::inline erasure
