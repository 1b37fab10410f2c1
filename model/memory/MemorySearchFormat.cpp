#include "MemorySearchFormat.h"

#include <QJsonArray>
#include <QRegularExpression>

namespace cw::inline memory {

QJsonObject MemorySearchFormat::toJson(const MemorySearchResult &result)
{
    QJsonArray hits;
    for (const MemorySearchHit &hit : result.hits) {
        QJsonObject entry{{QStringLiteral("file_path"), hit.filePath},
                          {QStringLiteral("id"), hit.id.isNull() ? QJsonValue() : hit.id},
                          {QStringLiteral("title"), hit.title},
                          {QStringLiteral("relevance"), relevanceName(hit.relevance)}};
        if (!hit.excerpt.isNull())
            entry.insert(QStringLiteral("excerpt"), hit.excerpt);
        hits.append(entry);
    }
    return {{QStringLiteral("search_results"), hits},
            {QStringLiteral("notes"), QJsonArray::fromStringList(result.notes)}};
}

QString MemorySearchFormat::yamlScalar(const QString &value, bool forceQuotes)
{
    // Plain only for the path and id shapes the skill prints unquoted; never
    // for anything YAML could read as another type (null, true, 1.5, ...).
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z][A-Za-z0-9._/-]*$"));
    static const QRegularExpression special(
        QStringLiteral("^(?i:null|true|false|yes|no|on|off|y|n)$"));
    if (!forceQuotes && plain.match(value).hasMatch() && !special.match(value).hasMatch())
        return value;
    QString out = QStringLiteral("\"");
    for (QChar c : value) {
        switch (c.unicode()) {
        case '"':
            out += QLatin1String("\\\"");
            break;
        case '\\':
            out += QLatin1String("\\\\");
            break;
        case '\n':
            out += QLatin1String("\\n");
            break;
        case '\t':
            out += QLatin1String("\\t");
            break;
        case '\r':
            out += QLatin1String("\\r");
            break;
        default:
            // C0, DEL, C1 (an 8-bit CSI moves a terminal too), line and
            // paragraph separators, and bidirectional controls that reorder
            // what a reader sees.
            if (c.unicode() < 0x20 || (c.unicode() >= 0x7f && c.unicode() <= 0x9f) ||
                c.unicode() == 0x2028 || c.unicode() == 0x2029 ||
                (c.unicode() >= 0x202a && c.unicode() <= 0x202e) ||
                (c.unicode() >= 0x2066 && c.unicode() <= 0x2069))
                out += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
            else
                out += c;
        }
    }
    out += u'"';
    return out;
}

QString MemorySearchFormat::toYaml(const MemorySearchResult &result)
{
    QString out;
    if (result.hits.isEmpty())
        out = QStringLiteral("search_results: []\n");
    else
        out = QStringLiteral("search_results:\n");
    for (const MemorySearchHit &hit : result.hits) {
        out += QStringLiteral("- file_path: ") + yamlScalar(hit.filePath, false) + u'\n';
        out += QStringLiteral("  id: ") +
               (hit.id.isNull() ? QStringLiteral("null") : yamlScalar(hit.id, false)) + u'\n';
        out += QStringLiteral("  title: ") + yamlScalar(hit.title, true) + u'\n';
        out += QStringLiteral("  relevance: ") + relevanceName(hit.relevance) + u'\n';
        if (!hit.excerpt.isNull())
            out += QStringLiteral("  excerpt: ") + yamlScalar(hit.excerpt, true) + u'\n';
    }
    for (const QString &note : result.notes) {
        QString line = note;
        line.replace(u'\n', u' ');
        out += QStringLiteral("# note: ") + line + u'\n';
    }
    return out;
}

} // namespace cw::inline memory
