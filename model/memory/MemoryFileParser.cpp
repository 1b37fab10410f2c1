#include "MemoryFileParser.h"

#include "Clock.h"
#include "Vocabulary.h"

#include <QDateTime>
#include <QFileInfo>
#include <QJsonArray>
#include <QRegularExpression>
#include <QStringDecoder>
#include <QTimeZone>

#include <exception>
#include <string>
#include <yaml-cpp/yaml.h>

namespace cw::inline memory {

namespace {

struct SplitText
{
    bool hasFrontmatter = false;
    QString frontmatter;
    QString body;
};

bool isDelimiter(QStringView line)
{
    const QStringView trimmed = line.trimmed();
    return trimmed == u"---" || trimmed == u"...";
}

// Frontmatter is the block between a first line "---" and the next "---" (or
// "...") line. A file that opens one and never closes it is unparseable:
// guessing where it ends would import YAML as body text, or the reverse.
Result<SplitText> splitFrontmatter(const QString &text)
{
    SplitText split;
    const qsizetype firstEnd = text.indexOf(u'\n');
    const QStringView first = QStringView(text).left(firstEnd < 0 ? text.size() : firstEnd);
    if (first.trimmed() != u"---") {
        split.body = text;
        return split;
    }
    if (firstEnd < 0)
        return fail(QStringLiteral("the frontmatter is not closed (no second --- line)"));
    for (qsizetype pos = firstEnd + 1; pos < text.size();) {
        qsizetype end = text.indexOf(u'\n', pos);
        if (end < 0)
            end = text.size();
        if (isDelimiter(QStringView(text).mid(pos, end - pos))) {
            split.hasFrontmatter = true;
            split.frontmatter = text.mid(firstEnd + 1, pos - firstEnd - 1);
            split.body = end < text.size() ? text.mid(end + 1) : QString();
            return split;
        }
        pos = end + 1;
    }
    return fail(QStringLiteral("the frontmatter is not closed (no second --- line)"));
}

// Line numbers in messages are lines of the file: the frontmatter starts on 2.
int fileLine(const YAML::Node &node)
{
    return node.Mark().line + 2;
}

QString text(const YAML::Node &node)
{
    return QString::fromStdString(node.Scalar()).trimmed();
}

Result<QString> scalarField(const YAML::Node &map, const char *key)
{
    const YAML::Node node = map[key];
    if (!node || node.IsNull())
        return QString();
    if (!node.IsScalar())
        return fail(QStringLiteral("line %1: %2 must be a single value")
                        .arg(fileLine(node))
                        .arg(QLatin1String(key)));
    return text(node);
}

// related_to, supersedes, ... are written both as "DEC-1" and "[DEC-1, DEC-2]".
Result<QStringList> listField(const YAML::Node &map, const char *key)
{
    const YAML::Node node = map[key];
    QStringList values;
    if (!node || node.IsNull())
        return values;
    if (node.IsScalar()) {
        if (const QString value = text(node); !value.isEmpty())
            values.append(value);
        return values;
    }
    if (!node.IsSequence())
        return fail(QStringLiteral("line %1: %2 must be a value or a list of values")
                        .arg(fileLine(node))
                        .arg(QLatin1String(key)));
    for (const YAML::Node &item : node) {
        if (item.IsNull())
            continue;
        if (!item.IsScalar())
            return fail(QStringLiteral("line %1: %2 must be a list of plain values")
                            .arg(fileLine(item))
                            .arg(QLatin1String(key)));
        if (const QString value = text(item); !value.isEmpty() && !values.contains(value))
            values.append(value);
    }
    return values;
}

QJsonValue toJson(const YAML::Node &node)
{
    if (node.IsScalar())
        return QString::fromStdString(node.Scalar());
    if (node.IsSequence()) {
        QJsonArray array;
        for (const YAML::Node &item : node)
            array.append(toJson(item));
        return array;
    }
    if (node.IsMap()) {
        QJsonObject object;
        for (const auto &entry : node)
            object.insert(QString::fromStdString(entry.first.Scalar()), toJson(entry.second));
        return object;
    }
    return QJsonValue::Null;
}

Result<QString> timeField(const YAML::Node &map, const char *key)
{
    auto value = scalarField(map, key);
    if (!value || value->isEmpty())
        return value;
    const QString normalised = MemoryFileParser::normaliseTime(*value);
    if (normalised.isEmpty())
        return fail(QStringLiteral("line %1: %2 is not a date or RFC 3339 time: %3")
                        .arg(fileLine(map[key]))
                        .arg(QLatin1String(key), *value));
    return normalised;
}

struct Frontmatter
{
    QString id;
    QString title;
    QString domain;
    int supersedesLine = 0; // where the field is written, for messages
    int supersededByLine = 0;
};

Status readFields(const YAML::Node &map, Frontmatter &fm, MemoryDocument &doc)
{
    const std::pair<const char *, QString *> scalars[] = {{"id", &fm.id},
                                                          {"title", &fm.title},
                                                          {"domain", &fm.domain},
                                                          {"level", &doc.level},
                                                          {"status", &doc.status}};
    for (const auto &[key, target] : scalars) {
        auto value = scalarField(map, key);
        if (!value)
            return fail(value.error());
        *target = *value;
    }
    const std::pair<const char *, QStringList *> lists[] = {{"tags", &doc.tags},
                                                            {"related_to", &doc.relatedTo},
                                                            {"supersedes", &doc.supersedes},
                                                            {"superseded_by", &doc.supersededBy}};
    for (const auto &[key, target] : lists) {
        auto value = listField(map, key);
        if (!value)
            return fail(value.error());
        *target = *value;
    }
    if (const YAML::Node node = map["supersedes"])
        fm.supersedesLine = fileLine(node);
    if (const YAML::Node node = map["superseded_by"])
        fm.supersededByLine = fileLine(node);
    const std::pair<const char *, QString *> times[] = {{"created_at", &doc.createdAt},
                                                        {"updated_at", &doc.updatedAt}};
    for (const auto &[key, target] : times) {
        auto value = timeField(map, key);
        if (!value)
            return fail(value.error());
        *target = *value;
    }
    static const QStringList known = {
        QStringLiteral("id"),         QStringLiteral("title"),      QStringLiteral("domain"),
        QStringLiteral("level"),      QStringLiteral("status"),     QStringLiteral("tags"),
        QStringLiteral("related_to"), QStringLiteral("supersedes"), QStringLiteral("superseded_by"),
        QStringLiteral("created_at"), QStringLiteral("updated_at")};
    for (const auto &entry : map) {
        const QString key = QString::fromStdString(entry.first.Scalar());
        if (!known.contains(key))
            doc.extra.insert(key, toJson(entry.second));
    }
    return {};
}

// The single place yaml-cpp runs: its exceptions end here.
Status readFrontmatter(const QString &yaml, Frontmatter &fm, MemoryDocument &doc)
{
    try {
        const YAML::Node root = YAML::Load(yaml.toStdString());
        if (root.IsNull())
            return {}; // an empty block: no fields
        if (!root.IsMap())
            return fail(QStringLiteral("the frontmatter is not a YAML mapping of fields"));
        return readFields(root, fm, doc);
    } catch (const YAML::Exception &e) {
        if (e.mark.is_null())
            return fail(QStringLiteral("invalid YAML frontmatter: ") +
                        QString::fromStdString(e.msg));
        return fail(QStringLiteral("invalid YAML frontmatter at line %1: %2")
                        .arg(e.mark.line + 2)
                        .arg(QString::fromStdString(e.msg)));
    } catch (const std::exception &e) {
        return fail(
            QStringLiteral("cannot read the frontmatter: %1").arg(QString::fromUtf8(e.what())));
    } catch (...) {
        return fail(QStringLiteral("cannot read the frontmatter"));
    }
}

// Without frontmatter the folder says the domain: domains/<d>/... is <d>,
// <folder>/... is <folder>, a file at the top of the tree is "general".
QString domainFromPath(const QString &sourcePath)
{
    const QStringList parts = sourcePath.split(u'/');
    if (parts.size() >= 3 && parts[0] == u"domains")
        return parts[1];
    return parts.size() >= 2 ? parts[0] : QStringLiteral("general");
}

} // namespace

QString MemoryDocument::revisionState() const
{
    const QString s = status.trimmed().toLower();
    if (s == u"superseded")
        return name(RevisionState::Superseded);
    if (s == u"rejected")
        return name(RevisionState::Rejected);
    if (s == u"withdrawn" || s == u"retired")
        return name(RevisionState::Retired);
    return name(RevisionState::Active);
}

bool MemoryFileParser::isDecisionPath(const QString &sourcePath)
{
    static const QRegularExpression pattern(QStringLiteral("^decisions/DEC-[^/]+\\.md$"),
                                            QRegularExpression::CaseInsensitiveOption);
    return pattern.match(sourcePath).hasMatch();
}

QString MemoryFileParser::normaliseTime(const QString &text)
{
    static const QRegularExpression dateOnly(QStringLiteral("^\\d{4}-\\d{2}-\\d{2}$"));
    if (dateOnly.match(text).hasMatch()) {
        const QDate date = QDate::fromString(text, Qt::ISODate);
        return date.isValid() ? Clock::format(QDateTime(date, QTime(0, 0), QTimeZone::utc()))
                              : QString();
    }
    QString iso = text;
    if (iso.size() > 10 && iso[10] == u' ') // YAML allows a space between date and time
        iso[10] = u'T';
    QDateTime time = QDateTime::fromString(iso, Qt::ISODateWithMs);
    if (!time.isValid())
        return {};
    if (time.timeSpec() == Qt::LocalTime) // no offset written: the house rule is UTC
        time.setTimeZone(QTimeZone::utc());
    return Clock::format(time);
}

QStringList MemoryFileParser::decisionMentions(const QString &body, const QString &self)
{
    static const QRegularExpression pattern(QStringLiteral("\\bDEC-\\d+\\b"));
    QStringList mentions;
    if (!body.contains(u"DEC-"))
        return mentions;
    for (auto it = pattern.globalMatch(body); it.hasNext();) {
        const QString ref = it.next().captured();
        if (ref != self && !mentions.contains(ref))
            mentions.append(ref);
    }
    return mentions;
}

QString MemoryFileParser::firstHeading(const QString &body)
{
    bool inFence = false;
    for (QStringView line : QStringView(body).split(u'\n')) {
        const QStringView trimmed = line.trimmed();
        if (trimmed.startsWith(u"```") || trimmed.startsWith(u"~~~")) {
            inFence = !inFence;
            continue;
        }
        if (!inFence && line.startsWith(u"# ")) {
            QString title = line.mid(2).trimmed().toString();
            static const QRegularExpression closing(QStringLiteral("\\s+#+$"));
            return title.remove(closing);
        }
    }
    return {};
}

Result<MemoryDocument> MemoryFileParser::parse(const QString &sourcePath, const QByteArray &bytes)
{
    // Stateless: a sequence cut off at the end of the file is an error, not
    // state kept for bytes that never come (those bytes were dropped silently).
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    QString content = decoder.decode(bytes);
    if (decoder.hasError())
        return fail(QStringLiteral("not valid UTF-8 text"));
    if (content.startsWith(QChar(0xFEFF)))
        content.remove(0, 1);
    content.replace(QLatin1String("\r\n"), QLatin1String("\n"));

    auto split = splitFrontmatter(content);
    if (!split)
        return fail(split.error());
    MemoryDocument doc;
    doc.sourcePath = sourcePath;
    doc.body = split->body;
    Frontmatter fm;
    if (split->hasFrontmatter) {
        if (auto read = readFrontmatter(split->frontmatter, fm, doc); !read)
            return fail(read.error());
    }

    if (isDecisionPath(sourcePath)) {
        const QString expected = QFileInfo(sourcePath).completeBaseName();
        if (!split->hasFrontmatter)
            return fail(QStringLiteral("no YAML frontmatter (a decision record needs an id)"));
        if (fm.id.isEmpty())
            return fail(QStringLiteral("the frontmatter has no id"));
        if (fm.id != expected)
            return fail(QStringLiteral("id %1 does not match the file name %2")
                            .arg(fm.id, QFileInfo(sourcePath).fileName()));
        doc.kind = name(ArticleKind::Decision);
        doc.ref = fm.id;
    } else {
        doc.kind = name(ArticleKind::DomainArticle);
        doc.ref = sourcePath;
    }
    // A record that supersedes itself (or is superseded by itself) would hide
    // or chain to its own revision: no reading of it is right.
    const std::pair<const char *, std::pair<const QStringList *, int>> selfLinks[] = {
        {"supersedes", {&doc.supersedes, fm.supersedesLine}},
        {"superseded_by", {&doc.supersededBy, fm.supersededByLine}}};
    for (const auto &[key, field] : selfLinks) {
        if (field.first->contains(doc.ref))
            return fail(QStringLiteral("line %1: %2 names the file's own id %3 (a record cannot "
                                       "supersede itself)")
                            .arg(field.second)
                            .arg(QLatin1String(key), doc.ref));
    }
    doc.domain = fm.domain.isEmpty() ? domainFromPath(sourcePath) : fm.domain;
    doc.title = fm.title;
    if (doc.title.isEmpty())
        doc.title = firstHeading(doc.body);
    if (doc.title.isEmpty())
        doc.title = cw::parse<ArticleKind>(doc.kind) == ArticleKind::Decision
                        ? doc.ref
                        : QFileInfo(sourcePath).completeBaseName();
    doc.mentions = decisionMentions(doc.body, doc.ref);
    return doc;
}

} // namespace cw::inline memory
