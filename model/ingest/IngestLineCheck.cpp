#include "IngestLineCheck.h"

#include <QStringList>

namespace cw::inline ingest {

using namespace Qt::Literals::StringLiterals;

namespace {

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

// The UTF-16 code unit of the \uXXXX escape at line[at] ('\\'), or -1.
int escapedUnit(QByteArrayView line, qsizetype at)
{
    if (at + 5 >= line.size() || line[at] != '\\' || line[at + 1] != 'u')
        return -1;
    int unit = 0;
    for (qsizetype i = at + 2; i < at + 6; ++i) {
        const int digit = hexValue(line[i]);
        if (digit < 0)
            return -1;
        unit = unit * 16 + digit;
    }
    return unit;
}

bool isHigh(int unit)
{
    return unit >= 0xD800 && unit <= 0xDBFF;
}

bool isLow(int unit)
{
    return unit >= 0xDC00 && unit <= 0xDFFF;
}

} // namespace

IngestLineCheck::StringScan IngestLineCheck::scanString(QByteArrayView line, qsizetype open)
{
    StringScan scan;
    qsizetype i = open + 1;
    while (i < line.size()) {
        const char c = line[i];
        if (c == '"') {
            scan.end = i;
            return scan;
        }
        if (c == '\0' && scan.problem.isEmpty())
            scan.problem = QStringLiteral("contains a raw NUL byte (column %1)").arg(i + 1);
        if (c != '\\') {
            ++i;
            continue;
        }
        scan.escaped = true;
        if (i + 1 < line.size() && line[i + 1] == 'u') {
            const int unit = escapedUnit(line, i);
            if (unit == 0 && scan.problem.isEmpty())
                scan.problem = QStringLiteral("contains a NUL character (\\u0000)");
            if (isHigh(unit)) {
                if (isLow(escapedUnit(line, i + 6))) {
                    i += 12;
                    continue;
                }
                if (scan.problem.isEmpty())
                    scan.problem =
                        QStringLiteral("contains a lone UTF-16 surrogate (\\u%1 without its pair)")
                            .arg(unit, 4, 16, QLatin1Char('0'));
            } else if (isLow(unit) && scan.problem.isEmpty()) {
                scan.problem =
                    QStringLiteral("contains a lone UTF-16 surrogate (\\u%1 without its pair)")
                        .arg(unit, 4, 16, QLatin1Char('0'));
            }
            i += 6;
            continue;
        }
        i += 2;
    }
    scan.end = line.size();
    return scan;
}

QByteArray IngestLineCheck::decodeKey(QByteArrayView raw)
{
    // Only keys with escapes come here (rare): compare them decoded, so that
    // "id" and "\u0069d" are the same key.
    QString text;
    for (qsizetype i = 0; i < raw.size(); ++i) {
        if (raw[i] != '\\' || i + 1 >= raw.size()) {
            text += QString::fromUtf8(raw.sliced(i, 1));
            continue;
        }
        const char e = raw[++i];
        switch (e) {
        case 'b':
            text += u'\b';
            break;
        case 'f':
            text += u'\f';
            break;
        case 'n':
            text += u'\n';
            break;
        case 'r':
            text += u'\r';
            break;
        case 't':
            text += u'\t';
            break;
        case 'u': {
            const int unit = escapedUnit(raw, i - 1);
            text += QChar(char16_t(unit < 0 ? 0xFFFD : unit));
            i += 4;
            break;
        }
        default:
            text += QLatin1Char(e);
            break;
        }
    }
    return text.toUtf8();
}

IngestLineCheck::Frame &IngestLineCheck::push(bool object)
{
    if (m_depth == qsizetype(m_frames.size()))
        m_frames.emplace_back();
    Frame &frame = m_frames[size_t(m_depth++)];
    frame.object = object;
    frame.expectKey = object;
    frame.key = {};
    frame.keys.clear();
    return frame;
}

QString IngestLineCheck::fieldPath(QByteArrayView last) const
{
    QStringList parts;
    for (qsizetype d = 0; d < m_depth; ++d) {
        const Frame &frame = m_frames[size_t(d)];
        if (frame.object && !frame.key.isNull() && !(d == m_depth - 1 && !last.isNull()))
            parts.append(QString::fromUtf8(frame.key));
    }
    if (!last.isNull())
        parts.append(QString::fromUtf8(last));
    return parts.join(u'.');
}

QString IngestLineCheck::check(QByteArrayView line)
{
    m_depth = 0;
    m_decodedKeys.clear();
    for (qsizetype i = 0; i < line.size();) {
        const char c = line[i];
        switch (c) {
        case '{':
            push(true);
            ++i;
            break;
        case '[':
            push(false);
            ++i;
            break;
        case '}':
        case ']':
            if (m_depth > 0)
                --m_depth;
            ++i;
            break;
        case ',':
            if (m_depth > 0 && m_frames[size_t(m_depth - 1)].object)
                m_frames[size_t(m_depth - 1)].expectKey = true;
            ++i;
            break;
        case '\0':
            return QStringLiteral("raw NUL byte at column %1").arg(i + 1);
        case '"': {
            const StringScan scan = scanString(line, i);
            QByteArrayView text = line.sliced(i + 1, scan.end - i - 1);
            Frame *top = m_depth > 0 ? &m_frames[size_t(m_depth - 1)] : nullptr;
            if (top && top->object && top->expectKey) {
                if (!scan.problem.isEmpty())
                    return u"key \""_s + fieldPath(text) + u"\" "_s + scan.problem;
                if (scan.escaped) {
                    m_decodedKeys.push_back(decodeKey(text));
                    text = m_decodedKeys.back();
                }
                for (const QByteArrayView seen : top->keys) {
                    if (seen == text)
                        return QStringLiteral("duplicate key \"%1\" in one object (column %2)")
                            .arg(fieldPath(text))
                            .arg(i + 1);
                }
                top->keys.push_back(text);
                top->key = text;
                top->expectKey = false;
            } else if (!scan.problem.isEmpty()) {
                const QString path = fieldPath();
                return path.isEmpty() ? scan.problem
                                      : u"field \""_s + path + u"\" "_s + scan.problem;
            }
            i = scan.end + 1;
            break;
        }
        default:
            ++i;
            break;
        }
    }
    return {};
}

} // namespace cw::inline ingest
