#pragma once

#include "Records.h"
#include "Result.h"
#include "Statement.h"

#include <optional>

namespace cw {

class Database;

// The order of a listing. Every order is a keyset: (key, proposed_at, id),
// so sorting changes the key and paging stays OFFSET-free.
enum class ProposalSort
{
    ByProposedAt, // the key is proposed_at itself
    ByStatus,
    ByDomain,
    ByProofLevel,
    ByTitle
};

// Which proposals a listing shows; an empty field does not filter.
struct ProposalFilter
{
    QString status; // pending, returned, rejected, approved, published
    QString domain;
    QString tenant;         // the tenant of the source case
    QString proofLevel;     // verified, executed, proposed
    QString proposedBefore; // RFC 3339: only proposals older than this
    QString proposedAfter;  // RFC 3339: only proposals at or after this
    QString text;           // substring of id, title or synopsis (case-insensitive)
    ProposalSort sort = ProposalSort::ByProposedAt;
    bool descending = false;
};

// The position after which the next page starts: keyset paging on
// (sort key, proposed_at, id), never OFFSET.
struct ProposalPageKey
{
    QString proposedAt;
    QString id;
    QString sortValue; // the sort key's value; unused for ProposalSort::ByProposedAt
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
    // Set by the review queue (model/ReviewQueue) when the acting principal
    // may not read the case; caseKey is then empty.
    bool caseRedacted = false;

    ProposalPageKey pageKey(ProposalSort sort = ProposalSort::ByProposedAt) const;
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
