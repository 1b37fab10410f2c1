#pragma once

#include "CaseStore.h"
#include "IdentityStore.h"
#include "Result.h"
#include "Statement.h"

#include <QJsonObject>
#include <QSet>

namespace cw {

class Database;
class IngestFields;
struct IngestReport;

// Applies the identity and case-registry records of an ingest: tenant,
// principal, grant, arrival, case_update and proof. Each call validates the
// whole record before it writes anything.
class CaseIngest
{
public:
    CaseIngest(const Database &db, IngestReport &report);

    Status tenant(const QJsonObject &record);
    Status principal(const QJsonObject &record);
    Status grant(const QJsonObject &record);
    Status arrival(const QJsonObject &record);
    Status caseUpdate(const QJsonObject &record);
    Status proof(const QJsonObject &record);

    CaseStore &cases() { return m_cases; }
    // The id of the case named by key, or a rejection on fields.
    std::optional<std::int64_t> resolveCase(IngestFields &fields, const CaseKey &key);
    void forgetCaches() { m_knownTenants.clear(); }

private:
    bool knownTenant(IngestFields &fields, const QString &id);
    bool knownPrincipal(IngestFields &fields, const QString &id);
    Status attachArrival(const CaseRecord &existing, ArrivalRecord &arrival,
                         const CaseRecord &incoming);

    const Database &m_db;
    IngestReport &m_report;
    CaseStore m_cases;
    IdentityStore m_identity;
    Statement m_principalExists;
    // Tenants seen to exist: an arrival's tenant check is a hash lookup, not a query.
    QSet<QString> m_knownTenants;
};

} // namespace cw
