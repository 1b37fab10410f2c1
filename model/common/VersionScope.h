#pragma once

#include "Result.h"

#include <QList>
#include <QString>

#include <optional>

namespace cw::inline common {

// A product version scope as written on articles: ">=4.0 <5.0", ">=4.0",
// "<4.0", "4.x", "4.2", "=4.2". Space-separated clauses are ANDed; versions
// compare numerically part by part (4.10 > 4.9).
//
// A scope that cannot be read is an error, never "every version": input
// paths refuse it (parse names the token), and a stored one that cannot be
// read is judged Unreadable, which callers report as "revalidate".
class VersionScope
{
public:
    enum class Verdict
    {
        Covered,
        NotCovered,
        Unknown,   // the version asked about is not a version
        Unreadable // the stored scope is not a scope
    };

    // The scope, or why text is not one, naming the first token that is not
    // a clause: version scope "banana >=4": "banana" is not a version clause ...
    static Result<VersionScope> parse(const QString &text);
    // The verdict for a stored scope text: Unreadable when it does not parse.
    static Verdict check(const QString &scopeText, const QString &version);

    Verdict covers(const QString &version) const;
    const QString &text() const { return m_text; }

    static int compare(const QList<int> &a, const QList<int> &b);
    static std::optional<QList<int>> parseVersion(const QString &text);

private:
    enum class Op
    {
        Less,
        LessEqual,
        Greater,
        GreaterEqual,
        Equal,
        Prefix
    };
    struct Clause
    {
        Op op;
        QList<int> version;
    };

    QString m_text;
    QList<Clause> m_clauses;
};

} // namespace cw::inline common
