#pragma once

#include "Result.h"

#include <QList>
#include <QString>

#include <cstdint>

namespace cw {
class Database;
}

namespace cw::inline erasure {

// Replaces the payloads of memory-use records by a marker, keeping their
// structure: which candidates (ref, revision, kind, status, flags, stages,
// score) in which order, what was read, and every verdict. The request
// (inputs) and every free text of the candidates (titles, excerpts, source
// case, reasons, trace) go: any of them may quote the request or the case.
class MemoryUseScrub
{
public:
    static constexpr const char *Marker = "[erased]";

    explicit MemoryUseScrub(const Database &db);

    Status scrub(const QList<std::int64_t> &ids);
    static QString scrubbedCandidates(const QString &candidates);
    static QString scrubbedInputs();

private:
    const Database &m_db;
};

} // namespace cw::inline erasure
