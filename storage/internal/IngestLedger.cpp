#include "IngestLedger.h"

#include "Database.h"
#include "StoreUtil.h"

namespace cw {

IngestLedger::IngestLedger(const Database &db)
    : m_contains(db.prepare("SELECT 1 FROM ingest_records WHERE digest = ?1"))
    , m_record(db.prepare("INSERT INTO ingest_records (digest, subject, at) VALUES (?1, ?2, ?3)"))
{
}

Result<bool> IngestLedger::contains(const QByteArray &digest)
{
    m_contains.bind(1, digest);
    auto found = readOptional<bool>(m_contains, [](const Statement &) { return true; });
    if (!found)
        return fail(found.error());
    return found->has_value();
}

Status IngestLedger::record(const QByteArray &digest, const QString &subject, const QString &at)
{
    m_record.bind(1, digest).bind(2, subject).bind(3, at);
    if (auto done = m_record.exec(); !done)
        return fail(QStringLiteral("ingest ledger, %1: %2").arg(subject, done.error()));
    return {};
}

} // namespace cw
