#pragma once

#include <QList>
#include <QString>

#include <cstdint>
#include <optional>

// Experience proposals: the record, and the filter, order and rows of the
// review queue that lists them.
// Plain values, QtCore only: public to every layer (storage/, model/, front ends).
namespace cw {

struct ProposalRecord
{
    QString id; // PR-1
    std::int64_t revisionId = 0;
    std::optional<std::int64_t> caseId;
    QString status; // pending, returned, rejected, approved, published
    QString proposedBy;
    QString proposedAt;
    QList<std::int64_t> proofIds; // proof_records.id
};

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

} // namespace cw
