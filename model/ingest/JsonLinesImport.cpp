#include "JsonLinesImport.h"

#include "LineReader.h"
#include "Transaction.h"

#include <QFile>
#include <QJsonObject>

namespace cw::inline ingest {

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
    LineReader reader(file);
    QByteArray raw;
    for (;;) {
        auto more = reader.next(raw);
        if (!more)
            return fail(QStringLiteral("%1:%2: %3")
                            .arg(path)
                            .arg(reader.lineNumber() + 1)
                            .arg(more.error()));
        if (!*more)
            break;
        const int line = reader.lineNumber();
        const QByteArray bytes = raw.trimmed();
        if (bytes.isEmpty())
            continue;
        auto record = ingest.parseLine(bytes);
        if (!record)
            return fail(QStringLiteral("%1:%2: %3; nothing was written")
                            .arg(path)
                            .arg(line)
                            .arg(record.error()));
        if (auto applied = ingest.apply(*record, line); !applied)
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

} // namespace cw::inline ingest
