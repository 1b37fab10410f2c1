#include "ReviewJson.h"

#include "EditRules.h"

namespace cw::inline review::ReviewJson {

using namespace Qt::StringLiterals;

namespace {

QJsonValue orNull(const QString &text)
{
    return text.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(text);
}

} // namespace

QJsonObject approval(const ReviewRecord &r)
{
    return {{u"principal"_s, r.effectivePrincipal},
            {u"real_principal"_s, r.principal},
            {u"role"_s, r.role},
            {u"on_version"_s, r.onVersion},
            {u"at"_s, r.at},
            {u"reason"_s, r.reason},
            {u"current"_s, !r.outdated},
            {u"outdated_reason"_s, orNull(r.outdatedReason)}};
}

QJsonArray approvals(const QList<ReviewRecord> &reviews)
{
    QJsonArray array;
    for (const ReviewRecord &review : reviews)
        array.append(approval(review));
    return array;
}

QJsonObject standing(const RevisionStanding &s)
{
    return {{u"ref"_s, s.ref},
            {u"revision"_s, s.revision},
            {u"state"_s, s.state},
            {u"version"_s, s.version}};
}

QJsonObject outcome(const ReviewOutcome &o)
{
    QJsonArray events;
    for (const std::int64_t seq : o.outboxEvents)
        events.append(qint64(seq));
    QJsonObject object{
        {u"action"_s, o.action},
        {u"proposal"_s, orNull(o.proposalId)},
        {u"article"_s, o.articleRef},
        {u"revision"_s, standing(o.revision)},
        {u"proposal_status"_s, orNull(o.proposalStatus)},
        {u"from_version"_s, o.fromVersion},
        {u"outbox_event"_s, o.outboxEvent ? QJsonValue(qint64(*o.outboxEvent)) : QJsonValue()},
        {u"outbox_events"_s, events},
        {u"approvals"_s, approvals(o.approvals)},
        {u"summary"_s, o.summary}};
    if (o.replaced)
        object.insert(u"superseded"_s, standing(*o.replaced));
    if (o.action == "edit"_L1) {
        object.insert(u"changed_fields"_s, QJsonArray::fromStringList(o.changedFields));
        object.insert(u"substantive"_s, EditRules::anySubstantive(o.changedFields));
        object.insert(u"approvals_outdated"_s, o.approvalsOutdated);
    }
    return object;
}

QJsonObject refusal(const Refusal &r)
{
    return {{u"kind"_s, Refusal::kindName(r.kind)},
            {u"message"_s, r.message},
            {u"kept_reason"_s, r.keptReason}};
}

QJsonObject editRule()
{
    QJsonArray substantive;
    QJsonArray cosmetic;
    for (const EditRules::Field &field : EditRules::fields())
        (field.weight == EditRules::Weight::Substantive ? substantive : cosmetic)
            .append(QString::fromLatin1(field.key));
    return {{u"description"_s, EditRules::description()},
            {u"substantive"_s, substantive},
            {u"cosmetic"_s, cosmetic}};
}

} // namespace cw::inline review::ReviewJson
