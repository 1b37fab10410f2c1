#pragma once

#include "Clock.h"
#include "Database.h"
#include "Ingest.h"

#include <QTimeZone>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QTemporaryDir>

#include <memory>

// A fresh database in a temporary directory, a fixed clock, and record
// builders for the JSON Lines of INTERFACES.md §2. Shared by the ingest tests.
namespace cw::test {

using namespace Qt::Literals::StringLiterals;

inline QByteArray line(const QJsonObject &record)
{
    return QJsonDocument(record).toJson(QJsonDocument::Compact) + '\n';
}

inline QJsonObject tenant(const QString &id, const QString &name)
{
    return {{u"type"_s, u"tenant"_s}, {u"id"_s, id}, {u"name"_s, name}};
}

inline QJsonObject principal(const QString &id, const QString &role, const QString &tenantId)
{
    return {{u"type"_s, u"principal"_s},
            {u"id"_s, id},
            {u"name"_s, id.toUpper()},
            {u"os_user"_s, id},
            {u"roles"_s, QJsonArray{role}},
            {u"tenants"_s, tenantId.isEmpty() ? QJsonArray() : QJsonArray{tenantId}},
            {u"domains"_s, QJsonArray{u"data"_s}}};
}

inline QJsonObject arrival(const QString &request, const QString &revision, const QString &delivery,
                           const QString &receivedAt,
                           const QString &title = u"Register row missing"_s)
{
    return {{u"type"_s, u"arrival"_s},
            {u"tenant"_s, u"studio"_s},
            {u"source_system"_s, u"servicedesk"_s},
            {u"source_request"_s, request},
            {u"source_revision"_s, revision},
            {u"delivery_id"_s, delivery},
            {u"received_at"_s, receivedAt},
            {u"title"_s, title},
            {u"object"_s, u"policy/P-17/register"_s},
            {u"request_type"_s, u"data-correction"_s},
            {u"symptom_tags"_s, QJsonArray{u"missing-register-row"_s}},
            {u"product"_s, u"lifeline"_s},
            {u"product_version"_s, u"4.2"_s},
            {u"body"_s, u"The register row for P-17 is missing."_s}};
}

inline QJsonObject proof(const QString &caseKey, const QString &id,
                         const QString &result = u"verified"_s)
{
    return {{u"type"_s, u"proof"_s},
            {u"case"_s, caseKey},
            {u"id"_s, id},
            {u"kind"_s, u"execution"_s},
            {u"title"_s, u"Insert row"_s},
            {u"content_type"_s, u"sql"_s},
            {u"content"_s, u"INSERT ..."_s},
            {u"result"_s, result},
            {u"captured_at"_s, u"2026-03-03T11:00:00Z"_s}};
}

// A proposal without "article" when articleRef is empty.
inline QJsonObject proposal(const QString &id, const QString &caseKey, const QString &articleRef,
                            const QJsonArray &proofRefs)
{
    QJsonObject record{
        {u"type"_s, u"proposal"_s},
        {u"id"_s, id},
        {u"case"_s, caseKey},
        {u"kind"_s, u"experience"_s},
        {u"domain"_s, u"data"_s},
        {u"title"_s, u"Restore a missing register row"_s},
        {u"synopsis"_s, u"Re-insert the row from the policy history"_s},
        {u"route"_s, u"data-investigation"_s},
        {u"mechanism"_s, u"row dropped by a failed batch"_s},
        {u"method"_s, u"insert from history"_s},
        {u"outcome"_s, u"row restored"_s},
        {u"proof_level"_s, u"verified"_s},
        {u"proof_refs"_s, proofRefs},
        {u"limits"_s, u"only for 4.x registers"_s},
        {u"product_scope"_s,
         QJsonObject{{u"product"_s, u"lifeline"_s}, {u"versions"_s, u">=4.0 <5.0"_s}}},
        {u"tags"_s, QJsonArray{u"register"_s}},
        {u"symptom_tags"_s, QJsonArray{u"missing-register-row"_s}},
        {u"related_to"_s, QJsonArray{u"EXP-7"_s}},
        {u"effort"_s, QJsonObject{{u"active_hours"_s, 3.5}, {u"waiting_hours"_s, 48}}},
        {u"proposed_by"_s, u"agent-data"_s},
        {u"proposed_at"_s, u"2026-03-04T08:00:00Z"_s}};
    if (!articleRef.isEmpty())
        record.insert(u"article"_s, articleRef);
    return record;
}

inline QJsonObject article(const QString &ref, const QString &title,
                           const QString &status = u"active"_s)
{
    return {{u"type"_s, u"article"_s},
            {u"ref"_s, ref},
            {u"kind"_s, u"domain-article"_s},
            {u"domain"_s, u"data"_s},
            {u"owner"_s, u"dora"_s},
            {u"title"_s, title},
            {u"body"_s, u"How registers are kept."_s},
            {u"status"_s, status},
            {u"tags"_s, QJsonArray{u"register"_s}},
            {u"related_to"_s, QJsonArray()},
            {u"product_scope"_s,
             QJsonObject{{u"product"_s, u"lifeline"_s}, {u"versions"_s, u">=4.0"_s}}}};
}

inline const QString CaseSD1598 = u"studio/servicedesk/SD-1598"_s;

// Tenants, principals, one case with one proof: what most tests start from.
inline QByteArray baseLines()
{
    return line(tenant(u"studio"_s, u"Studio Ltd"_s)) + line(tenant(u"harbor"_s, u"Harbor"_s)) +
           line(principal(u"cora"_s, u"curator"_s, u"studio"_s)) +
           line(principal(u"dora"_s, u"domain_owner"_s, u"studio"_s)) +
           line(principal(u"ana"_s, u"analyst"_s, QString())) +
           line(arrival(u"SD-1598"_s, u"1"_s, u"d-1"_s, u"2026-03-01T09:00:00Z"_s)) +
           line(proof(CaseSD1598, u"P-1"_s));
}

class IngestFixture
{
public:
    IngestFixture()
        : clock(QDateTime(QDate(2026, 3, 10), QTime(12, 0), QTimeZone::utc()))
    {
        auto opened = Database::open(dir.filePath(u"cw.sqlite"_s));
        if (opened)
            db = std::move(*opened);
        else
            openError = opened.error();
    }

    QString write(const QByteArray &jsonl, const QString &name = u"batch.jsonl"_s)
    {
        const QString path = dir.filePath(name);
        QFile file(path);
        if (file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            file.write(jsonl);
        return path;
    }

    Result<IngestReport> ingest(const QByteArray &jsonl, const QString &name = u"batch.jsonl"_s)
    {
        Ingest ingest(*db, clock);
        return ingest.ingestFile(write(jsonl, name));
    }

    qint64 rows(const char *table) const
    {
        const QByteArray sql = QByteArray("SELECT count(*) FROM ") + table;
        auto count = db->queryInt(sql.constData());
        return count ? *count : -1;
    }

    // Row counts of every table an ingest writes to.
    QMap<QString, qint64> snapshot() const
    {
        QMap<QString, qint64> counts;
        for (const char *table : {"tenants", "principals", "principal_roles", "grants", "cases",
                                  "arrivals", "case_updates", "proof_records", "articles",
                                  "revisions", "revision_tags", "revision_links", "proposals",
                                  "proposal_proofs", "outbox", "audit", "ingest_records"})
            counts.insert(QString::fromLatin1(table), rows(table));
        return counts;
    }

    QString text(const char *sql) const
    {
        auto value = db->queryText(sql);
        return value ? *value : u"<error: "_s + value.error() + u'>';
    }

    QTemporaryDir dir;
    FixedClock clock;
    std::unique_ptr<Database> db;
    QString openError;
};

} // namespace cw::test
