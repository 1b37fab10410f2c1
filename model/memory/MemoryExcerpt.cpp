#include "MemoryExcerpt.h"

namespace cw::inline memory {

namespace {

bool isWordChar(QChar c)
{
    return c.isLetterOrNumber();
}

int utf8Bytes(QChar c)
{
    if (c.unicode() < 0x80)
        return 1;
    if (c.unicode() < 0x800 || c.isSurrogate()) // a surrogate pair is 4 bytes in all
        return 2;
    return 3;
}

// The letter/digit runs of a keyword: what unicode61 makes tokens of.
QStringList wordRuns(const QString &keyword)
{
    QStringList runs;
    QString current;
    for (QChar c : keyword) {
        if (isWordChar(c)) {
            current.append(c);
        } else if (!current.isEmpty()) {
            runs.append(current);
            current.clear();
        }
    }
    if (!current.isEmpty())
        runs.append(current);
    return runs;
}

// Whitespace runs become one space; the match keeps its place.
struct Collapsed
{
    QString text;
    qsizetype from = 0;
    qsizetype length = 0;
};

Collapsed collapse(QStringView window, qsizetype from, qsizetype length)
{
    Collapsed out;
    qsizetype matchStart = -1;
    qsizetype matchEnd = -1;
    bool space = false;
    for (qsizetype i = 0; i <= window.size(); ++i) {
        if (i == from)
            matchStart = out.text.size() + (space ? 1 : 0);
        if (i == from + length)
            matchEnd = out.text.size();
        if (i == window.size())
            break;
        if (window[i].isSpace()) {
            space = !out.text.isEmpty();
            continue;
        }
        if (space)
            out.text.append(u' ');
        space = false;
        out.text.append(window[i]);
    }
    out.from = qMax<qsizetype>(0, matchStart);
    out.length = qMax<qsizetype>(0, (matchEnd < 0 ? out.text.size() : matchEnd) - out.from);
    return out;
}

} // namespace

QRegularExpression MemoryExcerpt::keywordPattern(const QStringList &keywords)
{
    static const QString separator = QStringLiteral("[^\\p{L}\\p{N}]+");
    QStringList alternatives;
    for (const QString &keyword : keywords) {
        QStringList runs = wordRuns(keyword);
        if (runs.isEmpty())
            continue;
        for (QString &run : runs)
            run = QRegularExpression::escape(run);
        alternatives.append(QStringLiteral("(?<![\\p{L}\\p{N}])") + runs.join(separator));
    }
    if (alternatives.isEmpty())
        return QRegularExpression(QStringLiteral("(?!)")); // matches nothing
    return QRegularExpression(QStringLiteral("(?:") + alternatives.join(u'|') + u')',
                              QRegularExpression::CaseInsensitiveOption |
                                  QRegularExpression::UseUnicodePropertiesOption);
}

QString MemoryExcerpt::excerpt(const QString &title, const QString &body,
                               const QRegularExpression &pattern)
{
    const QRegularExpressionMatch match = pattern.match(body);
    if (!match.hasMatch()) {
        const QRegularExpressionMatch inTitle = pattern.match(title);
        if (!inTitle.hasMatch())
            return {};
        const Collapsed c = collapse(title, inTitle.capturedStart(), inTitle.capturedLength());
        return around(c.text, c.from, c.length, MaxBytes);
    }
    const qsizetype at = match.capturedStart();
    // The matching line and one line either side, as grep -C1 would show them.
    const qsizetype lineStart = at == 0 ? 0 : body.lastIndexOf(u'\n', at - 1) + 1;
    const qsizetype previousStart = lineStart <= 1 ? 0 : body.lastIndexOf(u'\n', lineStart - 2) + 1;
    qsizetype lineEnd = body.indexOf(u'\n', at + match.capturedLength());
    if (lineEnd < 0)
        lineEnd = body.size();
    qsizetype nextEnd = lineEnd < body.size() ? body.indexOf(u'\n', lineEnd + 1) : body.size();
    if (nextEnd < 0)
        nextEnd = body.size();
    const QStringView window = QStringView(body).mid(previousStart, nextEnd - previousStart);
    const Collapsed c = collapse(window, at - previousStart, match.capturedLength());
    return around(c.text, c.from, c.length, MaxBytes);
}

QString MemoryExcerpt::around(const QString &text, qsizetype from, qsizetype length, int maxBytes)
{
    if (text.toUtf8().size() <= maxBytes)
        return text;
    const int ellipsis = 3; // "…" is three bytes in UTF-8
    const int budget = maxBytes - 2 * ellipsis;
    qsizetype start = qBound<qsizetype>(0, from, text.size());
    qsizetype end = start;
    int used = 0;
    // The match first (its start, if it alone is too long), then context on
    // both sides in turn, one character at a time.
    while (end < qMin(text.size(), from + length) && used + utf8Bytes(text[end]) <= budget)
        used += utf8Bytes(text[end++]);
    for (bool grew = true; grew;) {
        grew = false;
        if (start > 0 && used + utf8Bytes(text[start - 1]) <= budget) {
            used += utf8Bytes(text[--start]);
            grew = true;
        }
        if (end < text.size() && used + utf8Bytes(text[end]) <= budget) {
            used += utf8Bytes(text[end++]);
            grew = true;
        }
    }
    if (start > 0 && text[start].isLowSurrogate())
        ++start;
    if (end < text.size() && end > 0 && text[end - 1].isHighSurrogate())
        --end;
    // Cut at word boundaries where that keeps the match.
    if (start > 0) {
        const qsizetype space = text.indexOf(u' ', start);
        if (space >= 0 && space < from)
            start = space + 1;
    }
    if (end < text.size()) {
        const qsizetype space = text.lastIndexOf(u' ', end - 1);
        if (space >= from + length)
            end = space;
    }
    QString cut = text.mid(start, end - start).trimmed();
    if (start > 0)
        cut.prepend(QChar(0x2026));
    if (end < text.size())
        cut.append(QChar(0x2026));
    return cut;
}

} // namespace cw::inline memory
