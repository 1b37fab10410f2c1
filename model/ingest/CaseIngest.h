#pragma once

#include "AdminReach.h"
#include "CaseStore.h"
#include "IdentityStore.h"
#include "OutboxStore.h"
#include "Result.h"
#include "SignOffLogins.h"
#include "Statement.h"

#include <QHash>
#include <QJsonObject>
#include <QSet>

namespace cw {
class Database;
}
namespace cw::inline common {
class Clock;
}

namespace cw::inline ingest {

class IngestFields;
struct IngestReport;

inline size_t qHash(const CaseKey &key, size_t seed = 0) noexcept
{
    return qHashMulti(seed, key.tenant, key.sourceSystem, key.sourceRequest);
}

// Applies the identity and case-registry records of an ingest: tenant,
// principal, grant, arrival, case_update and proof. Each call validates the
// whole record before it writes anything.
class CaseIngest
{
public:
    // Who ingests (real and effective principal) and where from, for the
    // audit rows of principal changes.
    struct Origin
    {
        const QString &real;
        const QString &effective;
        const QString &source;
        const int &line;
    };

    CaseIngest(const Database &db, const Clock &clock, IngestReport &report, Origin origin);

    Status tenant(const QJsonObject &record);
    Status principal(const QJsonObject &record);
    Status grant(const QJsonObject &record);
    Status arrival(const QJsonObject &record);
    Status caseUpdate(const QJsonObject &record);
    Status proof(const QJsonObject &record);

    CaseStore &cases() { return m_cases; }
    const Origin &origin() const { return m_origin; }
    // The case named by key: remembered from earlier records, else read.
    Result<std::optional<CaseHead>> lookupCase(const CaseKey &key);
    // The id of the case named by key, or a rejection on fields.
    std::optional<std::int64_t> resolveCase(IngestFields &fields, const CaseKey &key);
    // A domain some domain owner owns (else nobody could ever sign off for it).
    bool knownDomain(IngestFields &fields, const QString &domain);
    void forgetCaches();

private:
    bool knownTenant(IngestFields &fields, const QString &id);
    bool knownPrincipal(IngestFields &fields, const QString &id);
    void remember(const CaseKey &key, const CaseHead &head);
    Status attachArrival(CaseHead head, ArrivalRecord &arrival, const CaseRecord &incoming);
    Status sameDelivery(const ArrivalRecord &arrival, const CaseRecord &incoming,
                        bool firstOfRevision);
    Status auditPrincipalChange(const PrincipalRecord &old, const PrincipalRecord &changed);
    Status updateSnapshot(const CaseHead &head, const ArrivalRecord &arrival,
                          const CaseRecord &incoming);

    const Database &m_db;
    const Clock &m_clock;
    IngestReport &m_report;
    Origin m_origin;
    CaseStore m_cases;
    IdentityStore m_identity;
    AuditStore m_audit;
    Statement m_principalExists;
    Statement m_snapshotOf;
    AdminReach m_adminReach;
    SignOffLogins m_signOffLogins;
    Statement m_domainOwned;
    // Domains seen to have an owner; forgotten when a principal changes.
    QSet<QString> m_knownDomains;
    // Tenants seen to exist: an arrival's tenant check is a hash lookup, not a query.
    QSet<QString> m_knownTenants;
    // Cases seen in this ingest: the proofs, updates and further deliveries of
    // a case usually follow its first arrival closely. Bounded; forgotten after
    // any rollback the ingest knows of.
    QHash<CaseKey, CaseHead> m_caseHeads;
};

} // namespace cw::inline ingest
