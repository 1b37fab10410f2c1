#pragma once

#include "MemoryFileParser.h"

#include <QString>
#include <QStringList>

#include <future>
#include <optional>
#include <vector>

namespace cw::inline memory {

// One file of the tree as read: its document, or why it was not read.
struct MemoryFileRead
{
    QString path;                           // relative to the tree, as listed
    std::optional<MemoryDocument> document; // empty: problem says why
    QString problem;                        // "<reason>", without the path
};

// Reads and parses a tree's files a chunk ahead of the import's writer, on a
// thread of its own: reading and parsing (yaml-cpp) were two fifths of an
// import's CPU time, all of it on the one thread that also writes, while the
// database takes one writer at a time anyway. Chunks come back in the
// listing's order, so the import writes and reports exactly as it would
// reading file by file; at most two chunks are held at once.
class MemoryImportReader
{
public:
    MemoryImportReader(QString root, QStringList files);

    // The next chunk in order, empty once every file was handed out.
    std::vector<MemoryFileRead> next();

    static constexpr qsizetype ChunkSize = 64;

private:
    std::future<std::vector<MemoryFileRead>> readAhead();
    static std::vector<MemoryFileRead> read(const QString &root, const QStringList &files);

    QString m_root;
    QStringList m_files;
    qsizetype m_handedOut = 0; // files given to a reader so far
    // std::async's future: destroyed, it waits for a chunk being read.
    std::future<std::vector<MemoryFileRead>> m_ahead;
};

} // namespace cw::inline memory
