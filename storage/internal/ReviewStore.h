#pragma once

#include "Result.h"
#include "ReviewRecords.h"
#include "Statement.h"

#include <QString>

#include <cstdint>

namespace cw {

class Database;

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
