#pragma once

#include "Result.h"
#include "Statement.h"

#include <QString>

#include <cstdint>

namespace cw {

class Database;

// One row of the reviews table: a decision (approve, reject, return) on a
// revision, taken in a role on a given version. Only approvals are ever
// marked outdated.
struct ReviewRecord
{
    std::int64_t id = 0;
    std::int64_t revisionId = 0;
    QString decision;           // approve, reject, return
    QString role;               // curator, domain_owner
    QString principal;          // real principal (the OS login)
    QString effectivePrincipal; // whose sign-off this is
    int onVersion = 0;
    QString reason;
    bool outdated = false;
    QString outdatedReason;
    QString at;

    bool isCurrentApproval() const { return decision == QLatin1String("approve") && !outdated; }
};

// Sign-offs and decisions on revisions. Callers own the transaction.
class ReviewStore
{
public:
    explicit ReviewStore(const Database &db);

    Result<std::int64_t> insert(const ReviewRecord &review);
    // Every decision on the revision, oldest first.
    Result<QList<ReviewRecord>> forRevision(std::int64_t revisionId);
    // Marks the revision's current approvals outdated; returns how many.
    Result<int> outdateApprovals(std::int64_t revisionId, const QString &why);

private:
    const Database &m_db;
    Statement m_insert;
    Statement m_forRevision;
    Statement m_outdate;
};

} // namespace cw
