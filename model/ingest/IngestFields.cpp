#include "IngestFields.h"

#include <QDate>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace cw::inline ingest {

using namespace Qt::StringLiterals;

namespace {

QString quoted(QLatin1String field)
{
    return u'"' + QString(field) + u'"';
}

QString joined(IngestFields::Allowed allowed)
{
    QString text;
    for (const QLatin1String value : allowed) {
        if (!text.isEmpty())
            text += u", ";
        text += value;
    }
    return text;
}

bool isAllowed(const QString &value, IngestFields::Allowed allowed)
{
    for (const QLatin1String candidate : allowed) {
        if (value == candidate)
            return true;
    }
    return false;
}

// Digits text[from, from + count) as a number, or -1.
int digits(QStringView text, qsizetype from, qsizetype count)
{
    int value = 0;
    for (qsizetype i = from; i < from + count; ++i) {
        const char16_t c = text[i].unicode();
        if (c < u'0' || c > u'9')
            return -1;
        value = value * 10 + (c - u'0');
    }
    return value;
}

} // namespace

IngestFields::IngestFields(const QJsonObject &record, QLatin1String type)
    : m_record(record)
    , m_type(type)
{
}

std::optional<QString> IngestFields::canonicalTime(QStringView t)
{
    // YYYY-MM-DDTHH:MM:SS[.fraction](Z|+00:00|-00:00); hand-parsed because the
    // ingest checks millions of these.
    if (t.size() < 20 || t[4] != u'-' || t[7] != u'-' || t[13] != u':' || t[16] != u':')
        return std::nullopt;
    if (t[10] != u'T' && t[10] != u't')
        return std::nullopt;
    const int year = digits(t, 0, 4), month = digits(t, 5, 2), day = digits(t, 8, 2);
    const int hour = digits(t, 11, 2), minute = digits(t, 14, 2), second = digits(t, 17, 2);
    if (year < 0 || !QDate::isValid(year, month, day) || hour < 0 || hour > 23 || minute < 0 ||
        minute > 59 || second < 0 || second > 59)
        return std::nullopt;
    qsizetype end = 19;
    if (t[end] == u'.') {
        ++end;
        const qsizetype first = end;
        while (end < t.size() && t[end].isDigit())
            ++end;
        if (end == first)
            return std::nullopt;
    }
    const QStringView zone = t.sliced(end);
    if (zone != u"Z" && zone != u"z" && zone != u"+00:00" && zone != u"-00:00")
        return std::nullopt;
    QString canonical;
    canonical.reserve(end + 1);
    canonical.append(t.first(10)).append(u'T').append(t.sliced(11, end - 11)).append(u'Z');
    return canonical;
}

QJsonValue IngestFields::lookup(QLatin1String field)
{
    const qsizetype dot = field.indexOf(u'.');
    if (dot < 0)
        return m_record.value(field);
    const QLatin1String parent = field.first(dot);
    const QJsonValue outer = m_record.value(parent);
    if (outer.isUndefined() || outer.isNull())
        return QJsonValue(QJsonValue::Undefined);
    if (!outer.isObject()) {
        problem(parent, QStringLiteral("must be an object"));
        return QJsonValue(QJsonValue::Undefined);
    }
    return outer.toObject().value(field.sliced(dot + 1));
}

void IngestFields::problem(QLatin1String field, const QString &what)
{
    if (m_error.isEmpty())
        m_error = QString(m_type) + u": field " + quoted(field) + u' ' + what;
}

void IngestFields::refuseUnknown(Allowed known, Allowed moreKnown)
{
    const auto isKnown = [&](QStringView name) {
        const auto matches = [name](QLatin1String field) { return name == field; };
        return std::ranges::any_of(known, matches) || std::ranges::any_of(moreKnown, matches);
    };
    const auto hasMembers = [&](QStringView parent) {
        const auto within = [parent](QLatin1String field) {
            return field.size() > parent.size() && field.startsWith(parent) &&
                   field[parent.size()] == u'.';
        };
        return std::ranges::any_of(known, within) || std::ranges::any_of(moreKnown, within);
    };
    const auto unknown = [this](const QString &name) {
        // The name is the sender's text: shown in JSON's quoting, and short.
        const QString shown = QString::fromUtf8(
            QJsonDocument(QJsonArray{name.left(64)}).toJson(QJsonDocument::Compact).sliced(1));
        m_error = QString(m_type) + u": unknown field "_s + shown.chopped(1) +
                  u" (the fields of each record type: docs/cli.md, \"JSON Lines ingest\")"_s;
    };
    for (auto it = m_record.begin(); it != m_record.end() && ok(); ++it) {
        const QString name = it.key();
        if (name == u"type" || isKnown(name))
            continue;
        if (!hasMembers(name)) {
            unknown(name);
            break;
        }
        if (!it->isObject())
            continue; // the read reports "must be an object"
        const QJsonObject members = it->toObject();
        for (auto member = members.begin(); member != members.end(); ++member) {
            const QString dotted = name + u'.' + member.key();
            if (!isKnown(dotted)) {
                unknown(dotted);
                break;
            }
        }
    }
}

void IngestFields::reject(const QString &reason)
{
    if (m_error.isEmpty())
        m_error = QString(m_type) + u": " + reason;
}

QString IngestFields::optional(QLatin1String field)
{
    const QJsonValue value = lookup(field);
    if (value.isString())
        return value.toString();
    if (!value.isUndefined() && !value.isNull())
        problem(field, QStringLiteral("must be a string"));
    return {};
}

QString IngestFields::required(QLatin1String field)
{
    QString value = optional(field);
    if (value.isEmpty() && m_error.isEmpty())
        m_error = QString(m_type) + u": missing required field " + quoted(field);
    return value;
}

void IngestFields::checkId(QLatin1String field, const QString &value, Slash slash)
{
    if (value.isEmpty())
        return;
    bool blank = true;
    for (const QChar c : value) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7f) {
            problem(field, QStringLiteral("contains a control character"));
            return;
        }
        if (c == u'/' && slash == Slash::Refused) {
            problem(field, u"contains '/' (\"" + value +
                               u"\"), which would break tenant/source_system/source_request "
                               u"references");
            return;
        }
        blank = blank && c.isSpace();
    }
    if (blank)
        problem(field, QStringLiteral("is blank"));
    else if (value.front().isSpace() || value.back().isSpace())
        problem(field, u"has surrounding spaces: \"" + value + u'"');
}

QString IngestFields::requiredId(QLatin1String field, Slash slash)
{
    QString value = required(field);
    checkId(field, value, slash);
    return value;
}

QString IngestFields::optionalId(QLatin1String field, Slash slash)
{
    QString value = optional(field);
    checkId(field, value, slash);
    return value;
}

QStringList IngestFields::idList(QLatin1String field, Slash slash)
{
    QStringList values = list(field);
    for (const QString &value : std::as_const(values))
        checkId(field, value, slash);
    return values;
}

QString IngestFields::requiredTime(QLatin1String field)
{
    const QString text = required(field);
    if (text.isEmpty())
        return {};
    if (auto canonical = canonicalTime(text))
        return *canonical;
    problem(field, u"is not an RFC 3339 UTC time: \"" + text + u'"');
    return {};
}

QString IngestFields::requiredEnum(QLatin1String field, Allowed allowed)
{
    const QString value = required(field);
    if (value.isEmpty() || isAllowed(value, allowed))
        return value;
    problem(field,
            u"has invalid value \"" + value + u"\" (expected one of " + joined(allowed) + u')');
    return {};
}

QString IngestFields::optionalEnum(QLatin1String field, Allowed allowed, const QString &fallback)
{
    const QString value = optional(field);
    if (value.isNull())
        return fallback;
    if (isAllowed(value, allowed))
        return value;
    problem(field,
            u"has invalid value \"" + value + u"\" (expected one of " + joined(allowed) + u')');
    return {};
}

QStringList IngestFields::list(QLatin1String field)
{
    const QJsonValue value = lookup(field);
    if (value.isUndefined() || value.isNull())
        return {};
    if (!value.isArray()) {
        problem(field, QStringLiteral("must be an array of strings"));
        return {};
    }
    const QJsonArray array = value.toArray();
    QStringList values;
    values.reserve(array.size());
    for (const QJsonValue &item : array) {
        if (!item.isString() || item.toString().isEmpty()) {
            problem(field, QStringLiteral("must be an array of non-empty strings"));
            return {};
        }
        values.append(item.toString());
    }
    return values;
}

QStringList IngestFields::enumList(QLatin1String field, Allowed allowed)
{
    const QStringList values = list(field);
    for (const QString &value : values) {
        if (!isAllowed(value, allowed)) {
            problem(field, u"has invalid value \"" + value + u"\" (expected one of " +
                               joined(allowed) + u')');
            return {};
        }
    }
    return values;
}

std::optional<double> IngestFields::optionalHours(QLatin1String field)
{
    const QJsonValue value = lookup(field);
    if (value.isUndefined() || value.isNull())
        return std::nullopt;
    if (!value.isDouble() || value.toDouble() < 0) {
        problem(field, QStringLiteral("must be a non-negative number"));
        return std::nullopt;
    }
    return value.toDouble();
}

CaseKey IngestFields::requiredCase(QLatin1String field)
{
    const QString text = required(field);
    if (text.isEmpty())
        return {};
    if (auto key = CaseKey::parse(text))
        return *key;
    problem(field, u"is not tenant/source_system/source_request: \"" + text + u'"');
    return {};
}

} // namespace cw::inline ingest
