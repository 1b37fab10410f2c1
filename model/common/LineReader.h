#pragma once

// Reads a device as lines (JSON Lines: ingest, query sets) without an
// allocation per line, and bounds each line: a line longer than the limit
// (16 MiB unless told) is an error, found after reading at most the limit
// and one block more (the caller names the line: lineNumber() + 1), so `ingest - </dev/zero` fails
// with a message instead of exhausting memory.

#include "Result.h"

#include <QByteArray>

class QIODevice;

namespace cw {

class LineReader
{
public:
    // The most a line may hold, in bytes (docs/cli.md, "JSON Lines ingest"): far more than any
    // record needs, far less than a machine's memory.
    static constexpr qsizetype MaxLineBytes = qsizetype(16) << 20;

    explicit LineReader(QIODevice &device, qsizetype maxLineBytes = MaxLineBytes);

    // The next line without its '\n', as a view valid until the next call:
    // true, or false at the end of the device, or an error for a line longer
    // than the limit (the line's number is lineNumber() + 1).
    Result<bool> next(QByteArray &line);

    // The number of the line next() returned last (1 for the first).
    int lineNumber() const { return m_lineNumber; }

    // The whole device, each line bounded as next() bounds it (the error
    // names the line: "line N: …").
    static Result<QByteArray> readAll(QIODevice &device, qsizetype maxLineBytes = MaxLineBytes);

    // "16 MiB": the limit as people read it.
    static QString describe(qsizetype bytes);

private:
    static constexpr qint64 BlockSize = 1 << 20;
    QIODevice &m_device;
    qsizetype m_maxLineBytes;
    QByteArray m_buffer;
    qsizetype m_pos = 0;
    int m_lineNumber = 0;
    bool m_atEnd = false;
};

} // namespace cw
