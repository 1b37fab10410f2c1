#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace cw::inline review {

// Sticky versus outdated approvals, written down once. A substantive change
// alters what the article claims, so earlier sign-offs no longer cover it; a
// cosmetic one does not, so they stay. The workflow, `show` and the GUI all
// read this table.
class EditRules
{
public:
    enum class Weight
    {
        Cosmetic,
        Substantive
    };

    struct Field
    {
        const char *key;   // outcome, proof_level, ...
        const char *label; // "outcome", "proof level", ...
        Weight weight;
    };

    static const QList<Field> &fields();
    static Weight weightOf(const QString &key);
    static QString labelOf(const QString &key);
    static bool anySubstantive(const QStringList &keys);
    static QStringList substantiveOf(const QStringList &keys);
    // The rule in plain words, for reviewers.
    static QString description();
};

} // namespace cw::inline review
