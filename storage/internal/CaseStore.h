#pragma once

#include "Records.h"
#include "Result.h"
#include "Statement.h"

#include <optional>

namespace cw {

class Database;

// What the ingest needs to know of a case to attach records to it.
struct CaseHead
{
    std::int64_t id = 0;
    QString latestRevision;
};

// The case registry: cases, their arrivals (deliveries), status updates and
// proof records. Callers own the transaction. The statements the ingest runs
// for every record are prepared once, here.
class CaseStore
{
public:
    explicit CaseStore(const Database &db);

    Result<std::optional<CaseRecord>> findByKey(const CaseKey &key);
    Result<std::optional<CaseRecord>> findById(std::int64_t id);
    // findByKey without reading the whole row: the hot path of the ingest.
    Result<std::optional<CaseHead>> findHead(const CaseKey &key);
    // Inserts the case and assigns record.id.
    Result<std::int64_t> insertCase(CaseRecord &record);
    // insertCase, except that a key already registered is not an error: false,
    // and nothing written. One statement for the common case of a new request.
    Result<bool> insertCaseIfAbsent(CaseRecord &record);
    // Rewrites the descriptive and state fields of an existing case (by id).
    Status updateCase(const CaseRecord &record);
    Result<std::int64_t> count();

    // Inserts the arrival and assigns arrival.id.
    Result<std::int64_t> addArrival(ArrivalRecord &arrival);
    // addArrival, except that a delivery id the case already has is not an
    // error: false, and nothing written.
    Result<bool> addArrivalIfAbsent(ArrivalRecord &arrival);
    // All deliveries of the case, in the order they were recorded.
    Result<QList<ArrivalRecord>> arrivals(std::int64_t caseId);
    Result<std::optional<ArrivalRecord>> findArrival(std::int64_t caseId,
                                                     const QString &deliveryId);
    // The first delivery of the given source revision, if any.
    Result<std::optional<ArrivalRecord>> firstArrivalOfRevision(std::int64_t caseId,
                                                                const QString &sourceRevision);

    // Appends the update to the case's history and sets the case's status (and
    // route, owner, disposition when given) unless a later update is already
    // recorded. False, and nothing written, when exactly this update (all
    // fields, time included) is already recorded. Assigns update.id.
    Result<bool> applyUpdate(CaseUpdateRecord &update);
    Result<QList<CaseUpdateRecord>> updates(std::int64_t caseId);

    // Inserts the proof record and assigns proof.id.
    Result<std::int64_t> addProof(ProofRecord &proof);
    // addProof, except that a proof id the case already has is not an error:
    // false, and nothing written.
    Result<bool> addProofIfAbsent(ProofRecord &proof);
    Result<QList<ProofRecord>> proofs(std::int64_t caseId);
    Result<std::optional<ProofRecord>> findProof(std::int64_t caseId, const QString &proofId);

private:
    const Database &m_db;
    Statement m_findByKey;
    Statement m_findById;
    Statement m_findHead;
    Statement m_insertCase;
    Statement m_insertCaseIfAbsent;
    Statement m_updateCase;
    Statement m_insertArrival;
    Statement m_insertArrivalIfAbsent;
    Statement m_findArrival;
    Statement m_firstOfRevision;
    Statement m_setStatus;
    Statement m_insertUpdate;
    Statement m_insertProof;
    Statement m_insertProofIfAbsent;
    Statement m_findProof;
};

} // namespace cw
