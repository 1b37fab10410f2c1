#pragma once

#include "ReviewQueue.h"

#include <QJsonObject>

#include <functional>

class QIODevice;

namespace cw {
class Database;
}

namespace cw::inline review {

// Writes the review queue as the acting principal sees it (ReviewQueue: the
// same rows and the same redaction as the queue and `proposals`), a page at a
// time, so a large queue never sits in memory. The one export for File ›
// Export and `curation-cli export queue` (INTERFACES.md §7). progress may
// return false to stop; the export then fails with "cancelled" and the
// caller discards the file.
class QueueExport
{
public:
    enum class Format
    {
        Csv,      // header row, RFC 4180, formula-like cells prefixed with '
        Json,     // {"proposals":[...]} in the `proposals --json` row shape
        JsonLines // one ingest `proposal` record a line
    };
    using Progress = std::function<bool(qint64 done, qint64 total)>;

    QueueExport(const Database &db, std::optional<Actor> actor, ProposalFilter filter);

    Refusable<qint64> write(QIODevice &out, Format format, const Progress &progress = {});

    // "csv", "json", "jsonl"; nullopt for anything else.
    static std::optional<Format> formatNamed(const QString &name);
    static QString csvField(const QString &value);
    // One queue row as `proposals --json` shows it.
    static QJsonObject rowJson(const ProposalSummary &row);

private:
    Result<QByteArray> encode(const ProposalSummary &row, Format format) const;
    Result<QJsonObject> ingestRecord(const ProposalSummary &row) const;

    const Database &m_db;
    ReviewQueue m_queue;
    ProposalFilter m_filter;
};

} // namespace cw::inline review
