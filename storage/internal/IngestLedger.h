#pragma once

#include "Result.h"
#include "Statement.h"

#include <QByteArray>
#include <QString>

namespace cw {

class Database;

// Remembers the records an ingest turned into proposals and article
// revisions, by a digest of their content, so that the same record ingested
// again is recognised instead of creating a second revision.
class IngestLedger
{
public:
    explicit IngestLedger(const Database &db);

    Result<bool> contains(const QByteArray &digest);
    Status record(const QByteArray &digest, const QString &subject, const QString &at);

private:
    Statement m_contains;
    Statement m_record;
};

} // namespace cw
