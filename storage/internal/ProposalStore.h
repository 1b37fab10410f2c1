#pragma once

#include "ProposalRecords.h"
#include "Result.h"
#include "Statement.h"

#include <optional>

namespace cw {

class Database;

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

    // At most limit summaries in the filter's order (proposed_at, id by
    // default), starting after `after` when given.
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
