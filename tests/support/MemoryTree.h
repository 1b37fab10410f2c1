#pragma once

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QString>

namespace cw::test {

// Writes one file of a contexts/memory/ tree under `root` (creating its
// folders), as the memory tests build their own small trees.
inline bool writeMemoryFile(const QString &root, const QString &relative, const QByteArray &content)
{
    const QString path = root + QStringLiteral("/contexts/memory/") + relative;
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(content) == content.size();
}

} // namespace cw::test
