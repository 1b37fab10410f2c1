#pragma once

#include "Result.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace cw::inline memory {

// One Markdown file of a contexts/memory/ tree, parsed but not yet stored.
struct MemoryDocument
{
    QString sourcePath; // relative to contexts/memory/, '/'-separated
    QString kind;       // "decision" or "domain-article"
    QString ref;        // decisions: the frontmatter id; others: sourcePath
    QString domain;
    QString title;
    QString level;
    QString status; // the frontmatter status as written (source_status)
    QStringList tags;
    QStringList relatedTo;
    QStringList supersedes;
    QStringList supersededBy;
    QStringList mentions; // every DEC-<n> in the body except the document itself
    QString createdAt;    // RFC 3339 UTC; empty when the file does not say
    QString updatedAt;    // RFC 3339 UTC; empty when the file does not say
    QString body;         // the Markdown after the frontmatter
    QJsonObject extra;    // frontmatter fields we do not model (e.g. source)

    // The revision state the frontmatter status maps to.
    QString revisionState() const;
};

// Reads one memory file: frontmatter (YAML, through yaml-cpp), title, body and
// mentions. yaml-cpp reports errors by throwing; every exception is caught in
// here and comes back as an error naming the line, so none leaves the parser.
class MemoryFileParser
{
public:
    // sourcePath decides the kind: decisions/DEC-*.md is a decision record.
    static Result<MemoryDocument> parse(const QString &sourcePath, const QByteArray &bytes);

    static bool isDecisionPath(const QString &sourcePath);
    // "2001-07-05" or an RFC 3339 time -> RFC 3339 UTC; empty when not a date.
    static QString normaliseTime(const QString &text);
    static QStringList decisionMentions(const QString &body, const QString &self);
    // The first "# " heading outside fenced code (where "# " is a comment),
    // without closing #s; empty when there is none.
    static QString firstHeading(const QString &body);
};

} // namespace cw::inline memory
