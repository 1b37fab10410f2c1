#pragma once

#include "ProposalStore.h"
#include "Result.h"

#include <functional>

class QIODevice;

namespace cw {

class Database;

// Writes the proposal queue (as filtered) to CSV or JSON, a page at a time,
// so a large queue never sits in memory. progress may return false to stop;
// the export then fails with "cancelled" and the caller discards the file.
class QueueExport
{
public:
    enum class Format
    {
        Csv,
        Json
    };
    using Progress = std::function<bool(qint64 done, qint64 total)>;

    QueueExport(const Database &db, ProposalFilter filter);

    Result<qint64> write(QIODevice &out, Format format, const Progress &progress = {});

    static QString csvField(const QString &value);

private:
    const Database &m_db;
    ProposalFilter m_filter;
};

} // namespace cw
