#pragma once

#include "Ingest.h"
#include "Result.h"

#include <functional>

namespace cw {
class Database;
}
namespace cw::inline common {
class Clock;
}

namespace cw::inline ingest {

// Ingests a JSON Lines file in one transaction, like Ingest::ingestFile, but
// reports progress (bytes read) and can be cancelled between records: a
// cancelled or failed import rolls back and writes nothing. For the GUI's
// worker thread, which owns its own Database connection.
class JsonLinesImport
{
public:
    // Return false to cancel.
    using Progress = std::function<bool(qint64 bytesDone, qint64 bytesTotal)>;

    JsonLinesImport(const Database &db, const Clock &clock, QString actingPrincipal);

    Result<IngestReport> run(const QString &path, const Progress &progress = {});

private:
    const Database &m_db;
    const Clock &m_clock;
    QString m_principal;
};

} // namespace cw::inline ingest
