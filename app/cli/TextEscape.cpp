#include "TextEscape.h"

#include <QStringList>

namespace cw::cli {

namespace {

bool isBidiControl(char16_t c)
{
    return (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069) || c == 0x200E ||
           c == 0x200F || c == 0x061C;
}

bool needsEscape(char16_t c)
{
    return c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0x2028 || c == 0x2029 || isBidiControl(c);
}

} // namespace

QString escaped(const QString &text)
{
    qsizetype first = 0;
    while (first < text.size() && !needsEscape(text[first].unicode()))
        ++first;
    if (first == text.size())
        return text; // the common case: nothing to escape, no copy
    QString out = text.left(first);
    out.reserve(text.size() + 8);
    for (qsizetype i = first; i < text.size(); ++i) {
        const char16_t c = text[i].unicode();
        if (!needsEscape(c)) {
            out += QChar(c);
        } else if (c == u'\n') {
            out += QLatin1String("\\n");
        } else if (c == u'\r') {
            out += QLatin1String("\\r");
        } else if (c == u'\t') {
            out += QLatin1String("\\t");
        } else if (c <= 0xFF) {
            out += QStringLiteral("\\x%1").arg(uint(c), 2, 16, QLatin1Char('0'));
        } else {
            out += QStringLiteral("\\u%1").arg(uint(c), 4, 16, QLatin1Char('0'));
        }
    }
    return out;
}

QString escaped(const QStringList &list, const QString &separator)
{
    return escaped(list.join(separator));
}

EscapedLines::EscapedLines(QIODevice &target)
    : m_target(target)
{
    open(QIODevice::WriteOnly);
}

qint64 EscapedLines::writeData(const char *data, qint64 size)
{
    m_pending.append(data, size);
    qsizetype start = 0;
    for (qsizetype end; (end = m_pending.indexOf('\n', start)) >= 0; start = end + 1) {
        QByteArrayView line(m_pending.constData() + start, end - start);
        const bool crlf = line.endsWith('\r');
        if (crlf)
            line.chop(1);
        if (!writeLine(line, crlf ? "\r\n" : "\n"))
            return -1;
    }
    m_pending.remove(0, start);
    return size;
}

bool EscapedLines::finish()
{
    const bool written = m_pending.isEmpty() || writeLine(m_pending, {});
    m_pending.clear();
    return written;
}

bool EscapedLines::writeLine(QByteArrayView line, QByteArrayView lineBreak)
{
    // A whole line is whole UTF-8: the break is never inside a character.
    const QByteArray text = escaped(QString::fromUtf8(line)).toUtf8() + lineBreak.toByteArray();
    return m_target.write(text) == text.size();
}

} // namespace cw::cli
