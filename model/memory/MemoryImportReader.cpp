#include "MemoryImportReader.h"

#include "MemoryImportScan.h"

#include <QDir>
#include <QFile>

namespace cw::inline memory {

MemoryImportReader::MemoryImportReader(QString root, QStringList files)
    : m_root(std::move(root))
    , m_files(std::move(files))
{
    m_ahead = readAhead();
}

std::vector<MemoryFileRead> MemoryImportReader::next()
{
    if (!m_ahead.valid())
        return {};
    std::vector<MemoryFileRead> chunk = m_ahead.get();
    m_ahead = readAhead(); // the next chunk is read while this one is written
    return chunk;
}

std::future<std::vector<MemoryFileRead>> MemoryImportReader::readAhead()
{
    if (m_handedOut >= m_files.size())
        return {};
    const QStringList chunk = m_files.mid(m_handedOut, ChunkSize);
    m_handedOut += chunk.size();
    // Either policy: where no thread can be started, the chunk is read on
    // this one when it is asked for, rather than the import failing.
    return std::async(std::launch::async | std::launch::deferred, &MemoryImportReader::read, m_root,
                      chunk);
}

std::vector<MemoryFileRead> MemoryImportReader::read(const QString &root, const QStringList &files)
{
    std::vector<MemoryFileRead> reads;
    reads.reserve(size_t(files.size()));
    const QDir base(root);
    for (const QString &path : files) {
        MemoryFileRead &read = reads.emplace_back(MemoryFileRead{path, std::nullopt, {}});
        // The walk saw a regular file; make sure it was not swapped for a
        // link (or its folder for one) since.
        if (!MemoryImportScan::stillInside(root, path)) {
            read.problem = QStringLiteral(
                "changed into a symlink or left the tree during the import, not imported");
            continue;
        }
        QFile file(base.filePath(path));
        if (!file.open(QIODevice::ReadOnly)) {
            read.problem = QStringLiteral("cannot read: ") + file.errorString();
            continue;
        }
        auto document = MemoryFileParser::parse(path, file.readAll());
        if (!document) {
            read.problem = document.error();
            continue;
        }
        read.document = std::move(*document);
    }
    return reads;
}

} // namespace cw::inline memory
