#pragma once

#include <QList>
#include <QString>

#include <optional>

namespace cw {

// A product version scope as written on articles: ">=4.0 <5.0", ">=4.0",
// "<4.0", "4.x", "4.2", "=4.2". Space-separated clauses are ANDed; versions
// compare numerically part by part (4.10 > 4.9).
class VersionScope
{
public:
    enum class Verdict
    {
        Covered,
        NotCovered,
        Unknown
    };

    static std::optional<VersionScope> parse(const QString &text);

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

} // namespace cw
