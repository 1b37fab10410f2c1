#pragma once

#include "Records.h"

#include <QList>
#include <QString>

namespace cw {

// What a proposal would change in the active revision it supersedes, field
// by field, as a word diff (DTL). Presentation only: which fields outdate
// approvals is read from EditRules.
class RevisionDiff
{
public:
    struct Field
    {
        QString key;   // as in EditRules: outcome, proof_level, ...
        QString label; // "outcome", "proof level"
        QString before;
        QString after;
        bool substantive = false;
    };

    // The fields whose value differs, in EditRules order.
    static QList<Field> changedFields(const RevisionRecord &active, const RevisionRecord &proposed);
    // Escaped rich text, each run of changes as [-removed-]{+added+}: the
    // removed words struck through on red, the added underlined on green, so
    // the marks say it without colour too.
    static QString wordDiffHtml(const QString &before, const QString &after);
    static QString html(const RevisionRecord &active, const RevisionRecord &proposed);
};

} // namespace cw
