#include "VersionScope.h"

#include <QStringList>

namespace cw::inline common {

std::optional<QList<int>> VersionScope::parseVersion(const QString &text)
{
    QList<int> parts;
    for (const QString &part : text.split(u'.')) {
        bool ok = false;
        const int value = part.toInt(&ok);
        if (!ok || value < 0)
            return std::nullopt;
        parts.append(value);
    }
    if (parts.isEmpty())
        return std::nullopt;
    return parts;
}

int VersionScope::compare(const QList<int> &a, const QList<int> &b)
{
    for (qsizetype i = 0; i < qMax(a.size(), b.size()); ++i) {
        const int left = i < a.size() ? a[i] : 0;
        const int right = i < b.size() ? b[i] : 0;
        if (left != right)
            return left < right ? -1 : 1;
    }
    return 0;
}

Result<VersionScope> VersionScope::parse(const QString &text)
{
    VersionScope scope;
    scope.m_text = text.trimmed();
    for (const QString &token : scope.m_text.split(u' ', Qt::SkipEmptyParts)) {
        static const std::pair<const char *, Op> prefixes[] = {
            {">=", Op::GreaterEqual}, {"<=", Op::LessEqual}, {">", Op::Greater},
            {"<", Op::Less},          {"==", Op::Equal},     {"=", Op::Equal}};
        Op op = Op::Equal;
        QString rest = token;
        for (const auto &[prefix, candidate] : prefixes) {
            if (token.startsWith(QLatin1String(prefix))) {
                op = candidate;
                rest = token.mid(qsizetype(qstrlen(prefix)));
                break;
            }
        }
        if (op == Op::Equal && (rest.endsWith(QLatin1String(".x")) || rest.endsWith(u'*'))) {
            op = Op::Prefix;
            rest.chop(rest.endsWith(u'*') ? 1 : 2);
            if (rest.endsWith(u'.'))
                rest.chop(1);
        }
        const auto version = parseVersion(rest);
        if (!version)
            return fail(QStringLiteral("version scope \"%1\": \"%2\" is not a version clause "
                                       "(expected e.g. \">=4.0 <5.0\", \"4.x\" or \"4.2\")")
                            .arg(scope.m_text, token));
        scope.m_clauses.append(Clause{op, *version});
    }
    if (scope.m_clauses.isEmpty())
        return fail(QStringLiteral("version scope \"%1\" has no clause (expected e.g. "
                                   "\">=4.0 <5.0\", \"4.x\" or \"4.2\")")
                        .arg(scope.m_text));
    return scope;
}

VersionScope::Verdict VersionScope::check(const QString &scopeText, const QString &version)
{
    const auto scope = parse(scopeText);
    return scope ? scope->covers(version) : Verdict::Unreadable;
}

VersionScope::Verdict VersionScope::covers(const QString &text) const
{
    const auto version = parseVersion(text);
    if (!version)
        return Verdict::Unknown;
    for (const Clause &clause : m_clauses) {
        const int order = compare(*version, clause.version);
        bool holds = false;
        switch (clause.op) {
        case Op::Less:
            holds = order < 0;
            break;
        case Op::LessEqual:
            holds = order <= 0;
            break;
        case Op::Greater:
            holds = order > 0;
            break;
        case Op::GreaterEqual:
            holds = order >= 0;
            break;
        case Op::Equal:
            holds = order == 0;
            break;
        case Op::Prefix:
            holds = version->mid(0, clause.version.size()) == clause.version;
            break;
        }
        if (!holds)
            return Verdict::NotCovered;
    }
    return Verdict::Covered;
}

} // namespace cw::inline common
