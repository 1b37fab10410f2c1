#pragma once

#include "Records.h"
#include "Result.h"
#include "Statement.h"

#include <optional>

namespace cw {

class Database;

// Which proposals a listing shows; an empty field does not filter.
struct ProposalFilter
{
    QString status; // pending, returned, rejected, approved, published
    QString domain;
    QString tenant; // the tenant of the source case
};

// The position after which the next page starts: keyset paging on
// (proposed_at, id), never OFFSET.
struct ProposalPageKey
{
    QString proposedAt;
    QString id;
};

// One row of the proposal queue (CLI `proposals`, the GUI queue).
struct ProposalSummary
{
    QString id;
    QString status;
    QString proposedAt;
    QString proposedBy;
    QString articleRef;
    int revision = 0;
    QString kind;
    QString domain;
    QString title;
    QString proofLevel;
    QString caseKey; // tenant/source_system/source_request, empty without a case
    QString revisionState;

    ProposalPageKey pageKey() const { return ProposalPageKey{proposedAt, id}; }
};

// Experience proposals and the proof records they claim. Callers own the
// transaction.
class ProposalStore
{
public:
    explicit ProposalStore(const Database &db);

    // Inserts the proposal and one proposal_proofs row per proofIds entry.
    Status insert(const ProposalRecord &proposal);
    Result<std::optional<ProposalRecord>> find(const QString &id);
    Status setStatus(const QString &id, const QString &status);

    // At most limit summaries ordered by (proposed_at, id), starting after
    // `after` when given.
    Result<QList<ProposalSummary>> list(const ProposalFilter &filter, const ProposalPageKey *after,
                                        int limit);
    Result<std::int64_t> count(const ProposalFilter &filter);
    // The next free n for a PR-n id.
    Result<int> nextProposalNumber();

private:
    const Database &m_db;
    Statement m_insert;
    Statement m_insertProof;
    Statement m_find;
    Statement m_findProofs;
};

} // namespace cw
