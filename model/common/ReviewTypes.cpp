#include "ReviewTypes.h"

namespace cw::inline common {

QString Refusal::kindName(Kind kind)
{
    switch (kind) {
    case Conflict:
        return QStringLiteral("conflict");
    case Forbidden:
        return QStringLiteral("forbidden");
    case Invalid:
        return QStringLiteral("invalid");
    case NotFound:
        return QStringLiteral("not-found");
    case Failed:
        return QStringLiteral("failed");
    }
    return QStringLiteral("invalid");
}

namespace {

// Keys match EditRules::fields().
template <typename Visit> void forEachField(const ProposalEdit &e, RevisionRecord &r, Visit visit)
{
    visit("title", e.title, r.title);
    visit("synopsis", e.synopsis, r.synopsis);
    visit("route", e.route, r.route);
    visit("mechanism", e.mechanism, r.mechanism);
    visit("method", e.method, r.method);
    visit("outcome", e.outcome, r.outcome);
    visit("limits", e.limits, r.limits);
    visit("proof_level", e.proofLevel, r.proofLevel);
    visit("product_scope", e.product, r.product);
    visit("product_scope", e.productVersions, r.productVersions);
}

} // namespace

QStringList ProposalEdit::changedFields(const RevisionRecord &revision) const
{
    RevisionRecord copy = revision;
    QStringList keys;
    forEachField(*this, copy,
                 [&](const char *key, const std::optional<QString> &value, const QString &current) {
                     // Null and empty are the same "not given" text in the database.
                     if (value && *value != current && !(value->isEmpty() && current.isEmpty()) &&
                         !keys.contains(QLatin1String(key)))
                         keys.append(QString::fromLatin1(key));
                 });
    if (tags && *tags != revision.tags)
        keys.append(QStringLiteral("tags"));
    return keys;
}

void ProposalEdit::applyTo(RevisionRecord &revision) const
{
    forEachField(*this, revision,
                 [](const char *, const std::optional<QString> &value, QString &target) {
                     if (value)
                         target = *value;
                 });
    if (tags)
        revision.tags = *tags;
}

} // namespace cw::inline common
