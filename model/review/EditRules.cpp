#include "EditRules.h"

namespace cw::inline review {

const QList<EditRules::Field> &EditRules::fields()
{
    using enum Weight;
    static const QList<Field> table{
        {"outcome", "outcome", Substantive},
        {"mechanism", "mechanism", Substantive},
        {"method", "method", Substantive},
        {"route", "route", Substantive},
        {"limits", "limits", Substantive},
        {"proof_level", "proof level", Substantive},
        {"product_scope", "product scope", Substantive},
        {"source_case", "source case", Substantive},
        {"synopsis", "synopsis", Substantive},
        {"title", "title wording", Cosmetic},
        {"tags", "tags", Cosmetic},
    };
    return table;
}

EditRules::Weight EditRules::weightOf(const QString &key)
{
    for (const Field &field : fields()) {
        if (key == QLatin1String(field.key))
            return field.weight;
    }
    // A field nobody classified is treated as substantive: wrongly keeping a
    // sign-off is worse than asking for it again.
    return Weight::Substantive;
}

QString EditRules::labelOf(const QString &key)
{
    for (const Field &field : fields()) {
        if (key == QLatin1String(field.key))
            return QString::fromLatin1(field.label);
    }
    return key;
}

QStringList EditRules::substantiveOf(const QStringList &keys)
{
    QStringList result;
    for (const QString &key : keys) {
        if (weightOf(key) == Weight::Substantive)
            result.append(key);
    }
    return result;
}

bool EditRules::anySubstantive(const QStringList &keys)
{
    return !substantiveOf(keys).isEmpty();
}

QString EditRules::description()
{
    QStringList substantive;
    QStringList cosmetic;
    for (const Field &field : fields())
        (field.weight == Weight::Substantive ? substantive : cosmetic)
            .append(QString::fromLatin1(field.label));
    return QStringLiteral("An edit of %1 is substantive and makes earlier approvals outdated "
                          "(both sign-offs are needed again); an edit of %2 is cosmetic and keeps "
                          "them.")
        .arg(substantive.join(QStringLiteral(", ")), cosmetic.join(QStringLiteral(" or ")));
}

} // namespace cw::inline review
