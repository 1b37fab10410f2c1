#include "RecordJson.h"

#include <QJsonArray>

namespace cw::inline common::RecordJson {

namespace {

using namespace Qt::StringLiterals;

QJsonValue orNull(const QString &text)
{
    return text.isNull() ? QJsonValue(QJsonValue::Null) : QJsonValue(text);
}

QJsonValue orNull(std::optional<double> value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

} // namespace

QJsonObject arrival(const ArrivalRecord &a)
{
    return {{u"source_revision"_s, a.sourceRevision}, {u"delivery_id"_s, a.deliveryId},
            {u"received_at"_s, a.receivedAt},         {u"title"_s, a.title},
            {u"attach_kind"_s, a.attachKind},         {u"attach_reason"_s, a.attachReason}};
}

QJsonObject caseUpdate(const CaseUpdateRecord &u)
{
    return {{u"status"_s, u.status},
            {u"route"_s, orNull(u.route)},
            {u"owner"_s, orNull(u.owner)},
            {u"disposition"_s, orNull(u.disposition)},
            {u"at"_s, u.at}};
}

QJsonObject proof(const ProofRecord &p, bool withContent)
{
    QJsonObject object{{u"id"_s, p.proofId},    {u"kind"_s, p.kind},
                       {u"title"_s, p.title},   {u"content_type"_s, p.contentType},
                       {u"result"_s, p.result}, {u"captured_at"_s, p.capturedAt}};
    if (withContent)
        object[u"content"_s] = p.content;
    return object;
}

QJsonObject caseRecord(const CaseRecord &c)
{
    return {{u"case"_s, c.key.toString()},
            {u"tenant"_s, c.key.tenant},
            {u"source_system"_s, c.key.sourceSystem},
            {u"source_request"_s, c.key.sourceRequest},
            {u"title"_s, c.title},
            {u"object"_s, orNull(c.object)},
            {u"request_type"_s, orNull(c.requestType)},
            {u"product"_s, orNull(c.product)},
            {u"product_version"_s, orNull(c.productVersion)},
            {u"symptom_tags"_s, QJsonArray::fromStringList(c.symptomTags)},
            {u"body"_s, orNull(c.body)},
            {u"status"_s, c.status},
            {u"route"_s, orNull(c.route)},
            {u"owner"_s, orNull(c.owner)},
            {u"disposition"_s, orNull(c.disposition)},
            {u"latest_revision"_s, c.latestRevision},
            {u"opened_at"_s, c.openedAt},
            {u"updated_at"_s, c.updatedAt}};
}

QJsonObject revision(const RevisionRecord &r)
{
    QJsonObject effort;
    if (r.effortActiveHours || r.effortWaitingHours)
        effort = {{u"active_hours"_s, orNull(r.effortActiveHours)},
                  {u"waiting_hours"_s, orNull(r.effortWaitingHours)}};
    return {{u"revision"_s, r.revision},
            {u"state"_s, r.state},
            {u"version"_s, r.version},
            {u"title"_s, r.title},
            {u"synopsis"_s, orNull(r.synopsis)},
            {u"body"_s, orNull(r.body)},
            {u"route"_s, orNull(r.route)},
            {u"mechanism"_s, orNull(r.mechanism)},
            {u"method"_s, orNull(r.method)},
            {u"outcome"_s, orNull(r.outcome)},
            {u"proof_level"_s, orNull(r.proofLevel)},
            {u"limits"_s, orNull(r.limits)},
            {u"product_scope"_s, r.product.isEmpty()
                                     ? QJsonValue(QJsonValue::Null)
                                     : QJsonValue(QJsonObject{{u"product"_s, r.product},
                                                              {u"versions"_s, r.productVersions}})},
            {u"level"_s, orNull(r.level)},
            {u"source_status"_s, orNull(r.sourceStatus)},
            {u"effort"_s, effort.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(effort)},
            {u"tags"_s, QJsonArray::fromStringList(r.tags)},
            {u"symptom_tags"_s, QJsonArray::fromStringList(r.symptomTags)},
            {u"related_to"_s, QJsonArray::fromStringList(r.relatedTo)},
            {u"supersedes"_s, QJsonArray::fromStringList(r.supersedes)},
            {u"superseded_by"_s, QJsonArray::fromStringList(r.supersededBy)},
            {u"valid_from"_s, orNull(r.validFrom)},
            {u"valid_to"_s, orNull(r.validTo)},
            {u"created_at"_s, r.createdAt},
            {u"updated_at"_s, r.updatedAt},
            {u"updated_by"_s, orNull(r.updatedBy)},
            {u"source_case_erased"_s, r.sourceCaseErased}};
}

QJsonObject article(const ArticleRecord &a)
{
    return {{u"ref"_s, a.ref},
            {u"kind"_s, a.kind},
            {u"domain"_s, a.domain},
            {u"owner"_s, orNull(a.owner)},
            {u"source_path"_s, orNull(a.sourcePath)},
            {u"created_at"_s, a.createdAt}};
}

QJsonObject audit(const AuditRecord &a)
{
    auto number = [](std::optional<std::int64_t> value) {
        return value ? QJsonValue(qint64(*value)) : QJsonValue(QJsonValue::Null);
    };
    return {{u"at"_s, a.at},
            {u"principal"_s, a.principal},
            {u"effective_principal"_s, a.effectivePrincipal},
            {u"action"_s, a.action},
            {u"subject"_s, a.subject},
            {u"revision"_s, number(a.revision)},
            {u"from_version"_s, number(a.fromVersion)},
            {u"to_version"_s, number(a.toVersion)},
            {u"reason"_s, orNull(a.reason)}};
}

} // namespace cw::inline common::RecordJson
