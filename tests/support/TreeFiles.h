#pragma once

// Every file under a folder, by path relative to it, with its bytes: for
// tests that compare whole trees (an exported memory tree with another).

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QMap>

namespace cw::test {

inline QMap<QString, QByteArray> treeFiles(const QString &root)
{
    QMap<QString, QByteArray> files;
    QDirIterator it(root, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile file(path);
        if (file.open(QIODevice::ReadOnly))
            files.insert(QDir(root).relativeFilePath(path), file.readAll());
    }
    return files;
}

} // namespace cw::test
