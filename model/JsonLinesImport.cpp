#include "JsonLinesImport.h"

#include "Transaction.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

namespace cw {

JsonLinesImport::JsonLinesImport(const Database &db, const Clock &clock, QString actingPrincipal)
    : m_db(db)
    , m_clock(clock)
    , m_principal(std::move(actingPrincipal))
{
}

Result<IngestReport> JsonLinesImport::run(const QString &path, const Progress &progress)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return fail(QStringLiteral("%1: %2").arg(path, file.errorString()));
    Transaction transaction(m_db);
    if (!transaction.isActive())
        return fail(transaction.beginError());
    Ingest ingest(m_db, m_clock, m_principal);
    const qint64 total = file.size();
    int line = 0;
    while (!file.atEnd()) {
        const QByteArray bytes = file.readLine().trimmed();
        ++line;
        if (bytes.isEmpty())
            continue;
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(bytes, &error);
        if (!document.isObject())
            return fail(QStringLiteral("%1:%2: not a JSON object (%3); nothing was written")
                            .arg(path)
                            .arg(line)
                            .arg(error.errorString()));
        if (auto applied = ingest.apply(document.object()); !applied)
            return fail(QStringLiteral("%1:%2: %3; nothing was written")
                            .arg(path)
                            .arg(line)
                            .arg(applied.error()));
        if (progress && line % 100 == 0 && !progress(file.pos(), total))
            return fail(QStringLiteral("cancelled; nothing was written"));
    }
    if (progress && !progress(total, total))
        return fail(QStringLiteral("cancelled; nothing was written"));
    if (auto committed = transaction.commit(); !committed)
        return fail(committed.error());
    return ingest.report();
}

} // namespace cw
