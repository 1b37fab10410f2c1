#include "QueueExport.h"

#include <QIODevice>
#include <QJsonDocument>
#include <QJsonObject>

namespace cw {

namespace {

constexpr int PageSize = 1000;

QStringList fields(const ProposalSummary &s)
{
    return {s.id,   s.status, s.proposedAt, s.proposedBy, s.articleRef, QString::number(s.revision),
            s.kind, s.domain, s.title,      s.proofLevel, s.caseKey,    s.revisionState};
}

const QStringList &header()
{
    static const QStringList names{
        QStringLiteral("id"),          QStringLiteral("status"),  QStringLiteral("proposed_at"),
        QStringLiteral("proposed_by"), QStringLiteral("article"), QStringLiteral("revision"),
        QStringLiteral("kind"),        QStringLiteral("domain"),  QStringLiteral("title"),
        QStringLiteral("proof_level"), QStringLiteral("case"),    QStringLiteral("revision_state")};
    return names;
}

} // namespace

QueueExport::QueueExport(const Database &db, ProposalFilter filter)
    : m_db(db)
    , m_filter(std::move(filter))
{
}

QString QueueExport::csvField(const QString &value)
{
    // RFC 4180: quote when needed, double the quotes. A leading = + - @ is
    // prefixed so spreadsheets show record text as text, never a formula.
    QString text = value;
    if (!text.isEmpty() && QStringLiteral("=+-@").contains(text.front()))
        text.prepend(u'\'');
    if (text.contains(u',') || text.contains(u'"') || text.contains(u'\n') || text.contains(u'\r'))
        return u'"' + QString(text).replace(u'"', QStringLiteral("\"\"")) + u'"';
    return text;
}

Result<qint64> QueueExport::write(QIODevice &out, Format format, const Progress &progress)
{
    ProposalStore store(m_db);
    auto total = store.count(m_filter);
    if (!total)
        return fail(total.error());
    if (format == Format::Csv)
        out.write(QByteArray(header().join(u',').toUtf8() + "\r\n"));
    else
        out.write("[\n");
    qint64 done = 0;
    std::optional<ProposalPageKey> after;
    while (true) {
        auto page = store.list(m_filter, after ? &*after : nullptr, PageSize);
        if (!page)
            return fail(page.error());
        for (const ProposalSummary &s : *page) {
            const QStringList values = fields(s);
            if (format == Format::Csv) {
                QStringList quoted;
                for (const QString &v : values)
                    quoted.append(csvField(v));
                out.write(QByteArray(quoted.join(u',').toUtf8() + "\r\n"));
            } else {
                QJsonObject row;
                for (int i = 0; i < values.size(); ++i)
                    row.insert(header().at(i), values.at(i));
                if (done > 0)
                    out.write(",\n");
                out.write(QJsonDocument(row).toJson(QJsonDocument::Compact));
            }
            ++done;
        }
        if (progress && !progress(done, *total))
            return fail(QStringLiteral("cancelled"));
        if (page->size() < PageSize)
            break;
        after = page->last().pageKey(m_filter.sort);
    }
    if (format == Format::Json)
        out.write("\n]\n");
    return done;
}

} // namespace cw
