#include "CaseStore.h"

#include "Database.h"
#include "StoreUtil.h"

namespace cw {

namespace {

constexpr const char *InsertCase =
    "INSERT INTO cases (tenant, source_system, source_request, title, object, request_type, "
    "product, product_version, symptom_tags, body, status, route, owner, disposition, "
    "latest_revision, opened_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, "
    "?11, ?12, ?13, ?14, ?15, ?16, ?17)";

constexpr const char *InsertArrival =
    "INSERT INTO arrivals (case_id, source_revision, delivery_id, received_at, title, body, "
    "attach_kind, attach_reason) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)";

constexpr const char *InsertProof =
    "INSERT INTO proof_records (case_id, proof_id, kind, title, content_type, content, result, "
    "captured_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)";

constexpr const char *CaseColumns =
    "SELECT id, tenant, source_system, source_request, title, object, request_type, product, "
    "product_version, symptom_tags, body, status, route, owner, disposition, latest_revision, "
    "opened_at, updated_at FROM cases WHERE ";
constexpr const char *ArrivalColumns =
    "SELECT id, case_id, source_revision, delivery_id, received_at, title, body, attach_kind, "
    "attach_reason FROM arrivals WHERE ";
constexpr const char *UpdateColumns =
    "SELECT id, case_id, status, route, owner, disposition, at FROM case_updates WHERE ";
constexpr const char *ProofColumns =
    "SELECT id, case_id, proof_id, kind, title, content_type, content, result, captured_at "
    "FROM proof_records WHERE ";

Statement prepareSql(const Database &db, const char *columns, const char *where)
{
    const QByteArray sql = QByteArray(columns) + where;
    return db.prepare(sql.constData());
}

// An insert that gives its new row's key (insertedKey), with what to do on
// a conflict.
Statement prepareInsert(const Database &db, const char *insert, const char *onConflict = "")
{
    const QByteArray sql = QByteArray(insert) + onConflict;
    return db.prepare(returningKey(db, sql.constData()).constData());
}

CaseRecord readCase(const Statement &s)
{
    CaseRecord c;
    c.id = s.int64(0);
    c.key = CaseKey{s.text(1), s.text(2), s.text(3)};
    c.title = s.text(4);
    c.object = s.text(5);
    c.requestType = s.text(6);
    c.product = s.text(7);
    c.productVersion = s.text(8);
    c.symptomTags = decodeList(s.text(9));
    c.body = s.text(10);
    c.status = s.text(11);
    c.route = s.text(12);
    c.owner = s.text(13);
    c.disposition = s.text(14);
    c.latestRevision = s.text(15);
    c.openedAt = s.text(16);
    c.updatedAt = s.text(17);
    return c;
}

ArrivalRecord readArrival(const Statement &s)
{
    return ArrivalRecord{s.int64(0), s.int64(1), s.text(2), s.text(3), s.text(4),
                         s.text(5),  s.text(6),  s.text(7), s.text(8)};
}

CaseUpdateRecord readUpdate(const Statement &s)
{
    return CaseUpdateRecord{s.int64(0), s.int64(1), s.text(2), s.text(3),
                            s.text(4),  s.text(5),  s.text(6)};
}

ProofRecord readProof(const Statement &s)
{
    return ProofRecord{s.int64(0), s.int64(1), s.text(2), s.text(3), s.text(4),
                       s.text(5),  s.text(6),  s.text(7), s.text(8)};
}

} // namespace

CaseStore::CaseStore(const Database &db)
    : m_db(db)
    , m_findByKey(
          prepareSql(db, CaseColumns, "tenant = ?1 AND source_system = ?2 AND source_request = ?3"))
    , m_findById(prepareSql(db, CaseColumns, "id = ?1"))
    , m_findHead(db.prepare("SELECT id, latest_revision FROM cases WHERE tenant = ?1 AND "
                            "source_system = ?2 AND source_request = ?3"))
    , m_insertCase(prepareInsert(db, InsertCase))
    , m_insertCaseIfAbsent(prepareInsert(
          db, InsertCase, " ON CONFLICT (tenant, source_system, source_request) DO NOTHING"))
    , m_updateCase(db.prepare(
          "UPDATE cases SET title = ?2, object = ?3, request_type = ?4, product = ?5, "
          "product_version = ?6, symptom_tags = ?7, body = ?8, status = ?9, route = ?10, "
          "owner = ?11, disposition = ?12, latest_revision = ?13, updated_at = ?14 WHERE id = ?1"))
    , m_insertArrival(prepareInsert(db, InsertArrival))
    , m_insertArrivalIfAbsent(
          prepareInsert(db, InsertArrival, " ON CONFLICT (case_id, delivery_id) DO NOTHING"))
    , m_findArrival(prepareSql(db, ArrivalColumns, "case_id = ?1 AND delivery_id = ?2"))
    , m_firstOfRevision(prepareSql(db, ArrivalColumns,
                                   "case_id = ?1 AND source_revision = ?2 ORDER BY id LIMIT 1"))
    // An update that leaves route, owner or disposition out keeps the earlier
    // value; one that is older than an update already recorded only joins the
    // history, so the case shows its latest known state whatever the order.
    , m_setStatus(db.prepare(
          "UPDATE cases SET status = ?2, route = coalesce(?3, route), owner = coalesce(?4, owner), "
          "disposition = coalesce(?5, disposition), updated_at = CASE WHEN updated_at > ?6 THEN "
          "updated_at ELSE ?6 END WHERE id = ?1 "
          "AND NOT EXISTS (SELECT 1 FROM case_updates WHERE case_id = ?1 AND at > ?6)"))
    , m_insertUpdate(prepareInsert(db,
                                   "INSERT INTO case_updates (case_id, status, route, owner, "
                                   "disposition, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                                   " ON CONFLICT DO NOTHING"))
    , m_insertProof(prepareInsert(db, InsertProof))
    , m_insertProofIfAbsent(
          prepareInsert(db, InsertProof, " ON CONFLICT (case_id, proof_id) DO NOTHING"))
    , m_findProof(prepareSql(db, ProofColumns, "case_id = ?1 AND proof_id = ?2"))
{
}

Result<std::optional<CaseRecord>> CaseStore::findByKey(const CaseKey &key)
{
    m_findByKey.bind(1, key.tenant).bind(2, key.sourceSystem).bind(3, key.sourceRequest);
    return readOptional<CaseRecord>(m_findByKey, readCase);
}

Result<std::optional<CaseHead>> CaseStore::findHead(const CaseKey &key)
{
    m_findHead.bind(1, key.tenant).bind(2, key.sourceSystem).bind(3, key.sourceRequest);
    return readOptional<CaseHead>(m_findHead, [](const Statement &s) {
        return CaseHead{s.int64(0), s.text(1)};
    });
}

Result<std::optional<CaseRecord>> CaseStore::findById(std::int64_t id)
{
    m_findById.bind(1, id);
    return readOptional<CaseRecord>(m_findById, readCase);
}

static void bindCase(Statement &s, const CaseRecord &c)
{
    s.bind(1, c.key.tenant).bind(2, c.key.sourceSystem).bind(3, c.key.sourceRequest);
    s.bind(4, c.title).bind(5, c.object).bind(6, c.requestType).bind(7, c.product);
    s.bind(8, c.productVersion).bind(9, encodeList(c.symptomTags)).bind(10, c.body);
    s.bind(11, c.status).bind(12, c.route).bind(13, c.owner).bind(14, c.disposition);
    s.bind(15, c.latestRevision).bind(16, c.openedAt).bind(17, c.updatedAt);
}

Result<std::int64_t> CaseStore::insertCase(CaseRecord &c)
{
    bindCase(m_insertCase, c);
    auto id = insertedKey(m_db, m_insertCase);
    if (!id)
        return fail(QStringLiteral("case %1: %2").arg(c.key.toString(), id.error()));
    c.id = *id;
    return c.id;
}

Result<bool> CaseStore::insertCaseIfAbsent(CaseRecord &c)
{
    bindCase(m_insertCaseIfAbsent, c);
    auto id = insertedKeyIfAny(m_db, m_insertCaseIfAbsent);
    if (!id)
        return fail(QStringLiteral("case %1: %2").arg(c.key.toString(), id.error()));
    if (!*id)
        return false;
    c.id = **id;
    return true;
}

Status CaseStore::updateCase(const CaseRecord &c)
{
    Statement &s = m_updateCase;
    s.bind(1, c.id).bind(2, c.title).bind(3, c.object).bind(4, c.requestType);
    s.bind(5, c.product).bind(6, c.productVersion).bind(7, encodeList(c.symptomTags));
    s.bind(8, c.body).bind(9, c.status).bind(10, c.route).bind(11, c.owner);
    s.bind(12, c.disposition).bind(13, c.latestRevision).bind(14, c.updatedAt);
    if (auto done = s.exec(); !done)
        return fail(QStringLiteral("case %1: %2").arg(c.key.toString(), done.error()));
    return {};
}

Result<std::int64_t> CaseStore::count()
{
    return m_db.queryInt("SELECT count(*) FROM cases");
}

static void bindArrival(Statement &s, const ArrivalRecord &a)
{
    s.bind(1, a.caseId).bind(2, a.sourceRevision).bind(3, a.deliveryId).bind(4, a.receivedAt);
    s.bind(5, a.title).bind(6, a.body).bind(7, a.attachKind).bind(8, a.attachReason);
}

Result<std::int64_t> CaseStore::addArrival(ArrivalRecord &a)
{
    bindArrival(m_insertArrival, a);
    auto id = insertedKey(m_db, m_insertArrival);
    if (!id)
        return fail(QStringLiteral("arrival %1: %2").arg(a.deliveryId, id.error()));
    a.id = *id;
    return a.id;
}

Result<bool> CaseStore::addArrivalIfAbsent(ArrivalRecord &a)
{
    bindArrival(m_insertArrivalIfAbsent, a);
    auto id = insertedKeyIfAny(m_db, m_insertArrivalIfAbsent);
    if (!id)
        return fail(QStringLiteral("arrival %1: %2").arg(a.deliveryId, id.error()));
    if (!*id)
        return false;
    a.id = **id;
    return true;
}

Result<QList<ArrivalRecord>> CaseStore::arrivals(std::int64_t caseId)
{
    Statement s = prepareSql(m_db, ArrivalColumns, "case_id = ?1 ORDER BY id");
    s.bind(1, caseId);
    return readAll<ArrivalRecord>(s, readArrival);
}

Result<std::optional<ArrivalRecord>> CaseStore::findArrival(std::int64_t caseId,
                                                            const QString &deliveryId)
{
    m_findArrival.bind(1, caseId).bind(2, deliveryId);
    return readOptional<ArrivalRecord>(m_findArrival, readArrival);
}

Result<std::optional<ArrivalRecord>>
CaseStore::firstArrivalOfRevision(std::int64_t caseId, const QString &sourceRevision)
{
    m_firstOfRevision.bind(1, caseId).bind(2, sourceRevision);
    return readOptional<ArrivalRecord>(m_firstOfRevision, readArrival);
}

Result<bool> CaseStore::applyUpdate(CaseUpdateRecord &u)
{
    m_insertUpdate.bind(1, u.caseId).bind(2, u.status).bind(3, u.route).bind(4, u.owner);
    m_insertUpdate.bind(5, u.disposition).bind(6, u.at);
    auto id = insertedKeyIfAny(m_db, m_insertUpdate);
    if (!id)
        return fail(QStringLiteral("case update: %1").arg(id.error()));
    if (!*id)
        return false;
    u.id = **id;
    m_setStatus.bind(1, u.caseId).bind(2, u.status).bind(3, u.route).bind(4, u.owner);
    m_setStatus.bind(5, u.disposition).bind(6, u.at);
    if (auto done = m_setStatus.exec(); !done)
        return fail(QStringLiteral("case update: %1").arg(done.error()));
    return true;
}

Result<QList<CaseUpdateRecord>> CaseStore::updates(std::int64_t caseId)
{
    Statement s = prepareSql(m_db, UpdateColumns, "case_id = ?1 ORDER BY at, id");
    s.bind(1, caseId);
    return readAll<CaseUpdateRecord>(s, readUpdate);
}

Result<std::int64_t> CaseStore::addProof(ProofRecord &p)
{
    Statement &s = m_insertProof;
    s.bind(1, p.caseId).bind(2, p.proofId).bind(3, p.kind).bind(4, p.title);
    s.bind(5, p.contentType).bind(6, p.content).bind(7, p.result).bind(8, p.capturedAt);
    auto id = insertedKey(m_db, s);
    if (!id)
        return fail(QStringLiteral("proof %1: %2").arg(p.proofId, id.error()));
    p.id = *id;
    return p.id;
}

Result<bool> CaseStore::addProofIfAbsent(ProofRecord &p)
{
    Statement &s = m_insertProofIfAbsent;
    s.bind(1, p.caseId).bind(2, p.proofId).bind(3, p.kind).bind(4, p.title);
    s.bind(5, p.contentType).bind(6, p.content).bind(7, p.result).bind(8, p.capturedAt);
    auto id = insertedKeyIfAny(m_db, s);
    if (!id)
        return fail(QStringLiteral("proof %1: %2").arg(p.proofId, id.error()));
    if (!*id)
        return false;
    p.id = **id;
    return true;
}

Result<QList<ProofRecord>> CaseStore::proofs(std::int64_t caseId)
{
    Statement s = prepareSql(m_db, ProofColumns, "case_id = ?1 ORDER BY id");
    s.bind(1, caseId);
    return readAll<ProofRecord>(s, readProof);
}

Result<std::optional<ProofRecord>> CaseStore::findProof(std::int64_t caseId, const QString &proofId)
{
    m_findProof.bind(1, caseId).bind(2, proofId);
    return readOptional<ProofRecord>(m_findProof, readProof);
}

} // namespace cw
