#include "CaseIngest.h"

#include "Clock.h"
#include "Database.h"
#include "IngestFields.h"
#include "IngestReport.h"
#include "StoreUtil.h"
#include "Vocabulary.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace cw::inline ingest {

using namespace Qt::Literals::StringLiterals;

namespace {

constexpr auto Roles = {"curator"_L1, "domain_owner"_L1, "analyst"_L1, "admin"_L1};
constexpr auto CaseStatuses = {"open"_L1, "waiting"_L1, "completed"_L1, "cancelled"_L1};
constexpr auto ProofResults = {"verified"_L1, "failed"_L1, "unverified"_L1};

// Source revisions are usually counters ("1", "2"); compare them as numbers
// then, as text otherwise.
bool isNewerRevision(const QString &candidate, const QString &current)
{
    bool candidateIsNumber = false;
    bool currentIsNumber = false;
    const qlonglong a = candidate.toLongLong(&candidateIsNumber);
    const qlonglong b = current.toLongLong(&currentIsNumber);
    if (candidateIsNumber && currentIsNumber)
        return a > b;
    return candidate > current;
}

QStringList sorted(QStringList values)
{
    values.sort();
    return values;
}

QJsonObject auditedPrincipal(const PrincipalRecord &p)
{
    return {{u"name"_s, p.name},
            {u"os_user"_s, p.osUser.isEmpty() ? QJsonValue() : QJsonValue(p.osUser)},
            {u"db_role"_s, p.dbRole.isEmpty() ? QJsonValue() : QJsonValue(p.dbRole)},
            {u"roles"_s, QJsonArray::fromStringList(p.roles)},
            {u"tenants"_s, QJsonArray::fromStringList(p.tenants)},
            {u"domains"_s, QJsonArray::fromStringList(p.domains)}};
}

} // namespace

CaseIngest::CaseIngest(const Database &db, const Clock &clock, IngestReport &report, Origin origin)
    : m_db(db)
    , m_clock(clock)
    , m_report(report)
    , m_origin(origin)
    , m_cases(db)
    , m_identity(db)
    , m_audit(db)
    , m_principalExists(db.prepare("SELECT 1 FROM principals WHERE id = ?1"))
    , m_snapshotOf(db.prepare("SELECT latest_revision, object, request_type, product, "
                              "product_version, symptom_tags FROM cases WHERE id = ?1"))
    , m_adminReach(db)
    , m_signOffLogins(db)
    , m_domainOwned(db.prepare("SELECT 1 FROM principal_domains d JOIN principal_roles r "
                               "ON r.principal = d.principal AND r.role = 'domain_owner' "
                               "WHERE d.domain = ?1 LIMIT 1"))
{
}

bool CaseIngest::knownDomain(IngestFields &fields, const QString &domain)
{
    if (m_knownDomains.contains(domain))
        return true;
    m_domainOwned.bind(1, domain);
    auto owned = readOptional<bool>(m_domainOwned, [](const Statement &) { return true; });
    if (!owned) {
        fields.reject(owned.error());
        return false;
    }
    if (!*owned) {
        fields.reject(u"unknown domain \""_s + domain +
                      u"\": no domain owner owns it, so nobody could sign off for it; ingest a "
                      u"principal with the domain_owner role and this domain first (earlier in "
                      u"this file or before it)"_s);
        return false;
    }
    m_knownDomains.insert(domain);
    return true;
}

bool CaseIngest::knownTenant(IngestFields &fields, const QString &id)
{
    if (m_knownTenants.contains(id))
        return true;
    auto found = m_identity.tenant(id);
    if (!found) {
        fields.reject(found.error());
        return false;
    }
    if (!*found) {
        fields.reject(u"unknown tenant \""_s + id + u'"');
        return false;
    }
    m_knownTenants.insert(id);
    return true;
}

bool CaseIngest::knownPrincipal(IngestFields &fields, const QString &id)
{
    m_principalExists.bind(1, id);
    auto found = readOptional<bool>(m_principalExists, [](const Statement &) { return true; });
    if (!found)
        fields.reject(found.error());
    else if (!*found)
        fields.reject(u"unknown principal \""_s + id + u'"');
    return found && *found;
}

void CaseIngest::forgetCaches()
{
    m_knownTenants.clear();
    m_knownDomains.clear();
    m_caseHeads.clear();
}

void CaseIngest::remember(const CaseKey &key, const CaseHead &head)
{
    constexpr qsizetype Bound = 1 << 17;
    if (m_caseHeads.size() >= Bound)
        m_caseHeads.clear();
    m_caseHeads.insert(key, head);
}

Result<std::optional<CaseHead>> CaseIngest::lookupCase(const CaseKey &key)
{
    if (const auto it = m_caseHeads.constFind(key); it != m_caseHeads.cend())
        return std::optional(*it);
    auto found = m_cases.findHead(key);
    if (found && *found)
        remember(key, **found);
    return found;
}

std::optional<std::int64_t> CaseIngest::resolveCase(IngestFields &fields, const CaseKey &key)
{
    auto found = lookupCase(key);
    if (!found) {
        fields.reject(found.error());
        return std::nullopt;
    }
    if (!*found) {
        fields.reject(u"unknown case "_s + key.toString());
        return std::nullopt;
    }
    return (*found)->id;
}

Status CaseIngest::tenant(const QJsonObject &record)
{
    IngestFields f(record, "tenant"_L1);
    f.refuseUnknown({"id"_L1, "name"_L1});
    const TenantRecord tenant{f.requiredId("id"_L1, IngestFields::Slash::Refused),
                              f.required("name"_L1)};
    if (!f.ok())
        return fail(f.error());
    auto existing = m_identity.tenant(tenant.id);
    if (!existing)
        return fail(existing.error());
    if (*existing && (*existing)->name == tenant.name) {
        ++m_report.alreadyRecorded;
    } else if (auto stored = m_identity.upsertTenant(tenant); !stored) {
        return stored;
    }
    m_knownTenants.insert(tenant.id);
    return {};
}

Status CaseIngest::principal(const QJsonObject &record)
{
    IngestFields f(record, "principal"_L1);
    f.refuseUnknown(
        {"id"_L1, "name"_L1, "os_user"_L1, "db_role"_L1, "roles"_L1, "tenants"_L1, "domains"_L1});
    PrincipalRecord p;
    p.id = f.requiredId("id"_L1);
    p.name = f.required("name"_L1);
    p.osUser = f.optionalId("os_user"_L1);
    p.dbRole = f.optionalId("db_role"_L1, IngestFields::Slash::Refused);
    p.roles = sorted(f.enumList("roles"_L1, Roles));
    p.tenants = sorted(f.idList("tenants"_L1, IngestFields::Slash::Refused));
    p.domains = sorted(f.idList("domains"_L1));
    for (const QString &tenant : std::as_const(p.tenants)) {
        if (!f.ok() || !knownTenant(f, tenant))
            break;
    }
    if (f.ok() && !p.osUser.isEmpty()) {
        auto owner = m_identity.principalByOsUser(p.osUser);
        if (!owner)
            return fail(owner.error());
        if (*owner && (*owner)->id != p.id)
            f.reject(u"os_user \""_s + p.osUser + u"\" already belongs to principal "_s +
                     (*owner)->id);
    }
    if (f.ok() && !p.dbRole.isEmpty()) {
        auto owner = m_identity.principalByDbRole(p.dbRole);
        if (!owner)
            return fail(owner.error());
        if (*owner && (*owner)->id != p.id)
            f.reject(u"db_role \""_s + p.dbRole + u"\" already belongs to principal "_s +
                     (*owner)->id);
    }
    if (!f.ok())
        return fail(f.error());
    auto existing = m_identity.principal(p.id);
    if (!existing)
        return fail(existing.error());
    const PrincipalRecord *old = *existing ? &**existing : nullptr;
    if (old && old->name == p.name && old->osUser == p.osUser && old->dbRole == p.dbRole &&
        old->roles == p.roles && old->tenants == p.tenants && old->domains == p.domains) {
        ++m_report.alreadyRecorded;
        return {};
    }
    if (old) {
        if (auto kept = m_adminReach.checkChange(*old, p); !kept)
            return kept;
    }
    if (auto kept = m_signOffLogins.checkReassignment(old, p); !kept)
        return kept;
    if (auto stored = m_identity.upsertPrincipal(p); !stored)
        return stored;
    m_knownDomains.clear(); // an owner may have given up a domain
    return old ? auditPrincipalChange(*old, p) : Status();
}

Status CaseIngest::auditPrincipalChange(const PrincipalRecord &old, const PrincipalRecord &changed)
{
    // Who may act as whom is decided here: every change of an existing
    // principal is kept with its before and after.
    const QJsonObject before = auditedPrincipal(old);
    const QJsonObject after = auditedPrincipal(changed);
    QJsonArray fields;
    for (auto it = after.begin(); it != after.end(); ++it) {
        if (before.value(it.key()) != it.value())
            fields.append(it.key());
    }
    QJsonObject details{{u"before"_s, before}, {u"after"_s, after}, {u"changed"_s, fields}};
    if (!m_origin.source.isEmpty())
        details.insert(u"file"_s, m_origin.source);
    if (m_origin.line > 0)
        details.insert(u"line"_s, m_origin.line);
    AuditRecord record;
    record.at = m_clock.nowText();
    record.principal = m_origin.real;
    record.effectivePrincipal = m_origin.effective;
    record.action = u"ingest-principal"_s;
    record.subject = old.id;
    QString where = m_origin.source.isEmpty() ? u"ingest"_s : m_origin.source;
    if (m_origin.line > 0)
        where += u':' + QString::number(m_origin.line);
    record.reason = u"principal changed by ingest from "_s + where;
    record.details = QString::fromUtf8(QJsonDocument(details).toJson(QJsonDocument::Compact));
    if (auto appended = m_audit.append(record); !appended)
        return fail(appended.error());
    return {};
}

Status CaseIngest::grant(const QJsonObject &record)
{
    IngestFields f(record, "grant"_L1);
    f.refuseUnknown({"principal"_L1, "case"_L1});
    const QString principal = f.requiredId("principal"_L1);
    const CaseKey key = f.requiredCase("case"_L1);
    std::optional<std::int64_t> caseId;
    if (f.ok() && knownPrincipal(f, principal))
        caseId = resolveCase(f, key);
    if (!f.ok())
        return fail(f.error());
    if (auto granted = m_identity.grantCase(principal, *caseId); !granted)
        return granted;
    if (m_db.changes() == 0) // ON CONFLICT DO NOTHING: the grant was already there
        ++m_report.alreadyRecorded;
    return {};
}

Status CaseIngest::arrival(const QJsonObject &record)
{
    IngestFields f(record, "arrival"_L1);
    f.refuseUnknown({"tenant"_L1, "source_system"_L1, "source_request"_L1, "source_revision"_L1,
                     "delivery_id"_L1, "received_at"_L1, "title"_L1, "body"_L1, "object"_L1,
                     "request_type"_L1, "symptom_tags"_L1, "product"_L1, "product_version"_L1});
    CaseRecord incoming;
    // A case is named tenant/source_system/source_request elsewhere, so the
    // parts themselves cannot hold a '/'.
    constexpr auto NoSlash = IngestFields::Slash::Refused;
    incoming.key =
        CaseKey{f.requiredId("tenant"_L1, NoSlash), f.requiredId("source_system"_L1, NoSlash),
                f.requiredId("source_request"_L1, NoSlash)};
    ArrivalRecord a;
    a.sourceRevision = f.requiredId("source_revision"_L1);
    a.deliveryId = f.requiredId("delivery_id"_L1);
    a.receivedAt = f.requiredTime("received_at"_L1);
    a.title = f.required("title"_L1);
    a.body = f.optional("body"_L1);
    incoming.title = a.title;
    incoming.body = a.body;
    incoming.object = f.optional("object"_L1);
    incoming.requestType = f.optional("request_type"_L1);
    incoming.symptomTags = f.list("symptom_tags"_L1);
    incoming.product = f.optional("product"_L1);
    incoming.productVersion = f.optional("product_version"_L1);
    if (f.ok())
        knownTenant(f, incoming.key.tenant);
    if (!f.ok())
        return fail(f.error());

    if (const auto it = m_caseHeads.constFind(incoming.key); it != m_caseHeads.cend())
        return attachArrival(*it, a, incoming);

    // Most arrivals the ingest has not seen are new requests: try to open the
    // case first and look it up only when the key is already registered.
    // Similarity of titles never merges cases; only the canonical key does.
    incoming.latestRevision = a.sourceRevision;
    incoming.openedAt = a.receivedAt;
    incoming.updatedAt = a.receivedAt;
    auto inserted = m_cases.insertCaseIfAbsent(incoming);
    if (!inserted)
        return fail(inserted.error());
    if (!*inserted) {
        auto existing = lookupCase(incoming.key);
        if (!existing || !*existing)
            return fail(existing ? u"arrival: case "_s + incoming.key.toString() + u" vanished"_s
                                 : existing.error());
        return attachArrival(**existing, a, incoming);
    }
    remember(incoming.key, CaseHead{incoming.id, incoming.latestRevision});
    a.caseId = incoming.id;
    a.attachKind = u"new-case"_s;
    a.attachReason = u"first delivery of "_s + incoming.key.sourceSystem + u" request "_s +
                     incoming.key.sourceRequest + u", revision "_s + a.sourceRevision;
    if (auto added = m_cases.addArrival(a); !added)
        return fail(added.error());
    ++m_report.newCases;
    return {};
}

Status CaseIngest::attachArrival(CaseHead head, ArrivalRecord &a, const CaseRecord &incoming)
{
    a.caseId = head.id;
    auto first = m_cases.firstArrivalOfRevision(head.id, a.sourceRevision);
    if (!first)
        return fail(first.error());
    if (*first && (*first)->deliveryId == a.deliveryId)
        return sameDelivery(a, incoming, true);
    const bool duplicate = first->has_value();
    if (duplicate) {
        a.attachKind = u"duplicate-delivery"_s;
        a.attachReason = u"same source system, request and revision as delivery "_s +
                         (*first)->deliveryId + u" (received "_s + (*first)->receivedAt + u')';
    } else {
        a.attachKind = u"new-revision"_s;
        a.attachReason = u"same source system and request, new revision "_s + a.sourceRevision;
    }
    // Insert first: a delivery id the case already has is read back and
    // compared only then.
    auto added = m_cases.addArrivalIfAbsent(a);
    if (!added)
        return fail(added.error());
    if (!*added)
        return sameDelivery(a, incoming, false);
    ++(duplicate ? m_report.duplicateDeliveries : m_report.newRevisionsOfCases);
    // The case row describes its newest revision; an older revision delivered
    // late only joins the history.
    if (!duplicate && isNewerRevision(a.sourceRevision, head.latestRevision)) {
        if (auto updated = updateSnapshot(head, a, incoming); !updated)
            return updated;
        head.latestRevision = a.sourceRevision;
        remember(incoming.key, head);
    }
    return {};
}

Status CaseIngest::sameDelivery(const ArrivalRecord &a, const CaseRecord &incoming,
                                bool firstOfRevision)
{
    const CaseKey &key = incoming.key;
    auto same = m_cases.findArrival(a.caseId, a.deliveryId);
    if (!same || !*same)
        return fail(same ? u"arrival: delivery "_s + a.deliveryId + u" vanished"_s : same.error());
    const ArrivalRecord &old = **same;
    const auto differs = [&](const QString &field, const QString &recorded, const QString &now) {
        return fail(u"arrival: delivery "_s + a.deliveryId + u" of "_s + key.toString() +
                    u" was already recorded with different content ("_s + field + u": \""_s +
                    recorded + u"\" recorded (received "_s + old.receivedAt + u"), \""_s + now +
                    u"\" in this record)"_s);
    };
    if (old.sourceRevision != a.sourceRevision)
        return differs(u"source_revision"_s, old.sourceRevision, a.sourceRevision);
    if (old.receivedAt != a.receivedAt)
        return differs(u"received_at"_s, old.receivedAt, a.receivedAt);
    if (old.title != a.title)
        return differs(u"title"_s, old.title, a.title);
    if (old.body != a.body)
        return differs(u"body"_s, old.body, a.body);
    // The other fields live on the case row, which describes the first
    // delivery of the newest revision: that delivery, sent again, must match
    // it too, or its new content would be dropped unseen.
    if (!firstOfRevision) {
        ++m_report.alreadyRecorded;
        return {};
    }
    // Only the compared columns: this runs for every arrival of a re-ingest.
    m_snapshotOf.bind(1, a.caseId);
    auto row = m_snapshotOf.step();
    if (!row || !*row)
        return fail(row ? u"arrival: case "_s + key.toString() + u" vanished"_s : row.error());
    if (m_snapshotOf.text(0) == a.sourceRevision) {
        const QString fields[] = {u"object"_s, u"request_type"_s, u"product"_s,
                                  u"product_version"_s};
        const QString *incomingValues[] = {&incoming.object, &incoming.requestType,
                                           &incoming.product, &incoming.productVersion};
        for (int i = 0; i < 4; ++i) {
            const QString recorded = m_snapshotOf.text(i + 1);
            if (!incomingValues[i]->isNull() && recorded != *incomingValues[i]) {
                const QString field = fields[i];
                m_snapshotOf.reset();
                return differs(field, recorded, *incomingValues[i]);
            }
        }
        if (!incoming.symptomTags.isEmpty()) {
            const QStringList recorded = decodeList(m_snapshotOf.text(5));
            if (recorded != incoming.symptomTags) {
                m_snapshotOf.reset();
                return differs(u"symptom_tags"_s, recorded.join(u", "_s),
                               incoming.symptomTags.join(u", "_s));
            }
        }
    }
    m_snapshotOf.reset();
    ++m_report.alreadyRecorded;
    return {};
}

Status CaseIngest::updateSnapshot(const CaseHead &head, const ArrivalRecord &a,
                                  const CaseRecord &incoming)
{
    auto stored = m_cases.findById(head.id);
    if (!stored || !*stored)
        return fail(stored ? u"arrival: case %1 vanished"_s.arg(head.id) : stored.error());
    CaseRecord updated = **stored;
    updated.title = incoming.title;
    updated.body = incoming.body;
    if (!incoming.object.isNull())
        updated.object = incoming.object;
    if (!incoming.requestType.isNull())
        updated.requestType = incoming.requestType;
    if (!incoming.symptomTags.isEmpty())
        updated.symptomTags = incoming.symptomTags;
    if (!incoming.product.isNull())
        updated.product = incoming.product;
    if (!incoming.productVersion.isNull())
        updated.productVersion = incoming.productVersion;
    updated.latestRevision = a.sourceRevision;
    updated.updatedAt = std::max(updated.updatedAt, a.receivedAt);
    return m_cases.updateCase(updated);
}

Status CaseIngest::caseUpdate(const QJsonObject &record)
{
    IngestFields f(record, "case_update"_L1);
    f.refuseUnknown({"case"_L1, "status"_L1, "route"_L1, "owner"_L1, "disposition"_L1, "at"_L1});
    const CaseKey key = f.requiredCase("case"_L1);
    CaseUpdateRecord u;
    u.status = f.requiredEnum("status"_L1, CaseStatuses);
    u.route = f.optional("route"_L1);
    u.owner = f.optional("owner"_L1);
    u.disposition = f.optional("disposition"_L1);
    u.at = f.requiredTime("at"_L1);
    std::optional<std::int64_t> caseId;
    if (f.ok())
        caseId = resolveCase(f, key);
    if (!f.ok())
        return fail(f.error());
    u.caseId = *caseId;
    auto applied = m_cases.applyUpdate(u);
    if (!applied)
        return fail(applied.error());
    if (!*applied) // exactly this update was recorded before
        ++m_report.alreadyRecorded;
    return {};
}

Status CaseIngest::proof(const QJsonObject &record)
{
    IngestFields f(record, "proof"_L1);
    f.refuseUnknown({"case"_L1, "id"_L1, "kind"_L1, "title"_L1, "content_type"_L1, "content"_L1,
                     "result"_L1, "captured_at"_L1});
    const CaseKey key = f.requiredCase("case"_L1);
    ProofRecord p;
    p.proofId = f.requiredId("id"_L1);
    p.kind = f.required("kind"_L1);
    p.title = f.required("title"_L1);
    p.contentType = f.required("content_type"_L1);
    p.content = f.required("content"_L1);
    p.result = f.requiredEnum("result"_L1, ProofResults);
    p.capturedAt = f.requiredTime("captured_at"_L1);
    std::optional<std::int64_t> caseId;
    if (f.ok())
        caseId = resolveCase(f, key);
    if (!f.ok())
        return fail(f.error());
    p.caseId = *caseId;
    // Insert first: a new proof costs one statement; only a proof id seen
    // before is read back and compared.
    auto added = m_cases.addProofIfAbsent(p);
    if (!added)
        return fail(added.error());
    if (*added)
        return {};
    auto existing = m_cases.findProof(p.caseId, p.proofId);
    if (!existing || !*existing)
        return fail(existing ? u"proof: "_s + p.proofId + u" vanished"_s : existing.error());
    const ProofRecord &old = **existing;
    if (old.kind == p.kind && old.title == p.title && old.contentType == p.contentType &&
        old.content == p.content && old.result == p.result && old.capturedAt == p.capturedAt) {
        ++m_report.alreadyRecorded;
        return {};
    }
    return fail(u"proof: "_s + p.proofId + u" of "_s + key.toString() +
                u" was already recorded with different content"_s);
}

} // namespace cw::inline ingest
