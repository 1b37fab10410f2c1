#include "ReplacingFile.h"

#include <QDir>
#include <QFileInfo>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <unistd.h>

namespace cw {

using namespace Qt::StringLiterals;

namespace {

QString systemError()
{
    return QString::fromLocal8Bit(std::strerror(errno));
}

} // namespace

ReplacingFile::ReplacingFile(const QString &path)
    // A hidden name in the path's own folder: rename(2) stays on one file
    // system, and a listing of the folder does not show the half-written file.
    : QTemporaryFile(
          QFileInfo(path).dir().filePath(u"."_s + QFileInfo(path).fileName() + u".XXXXXX"_s))
    , m_path(path)
{
}

Status ReplacingFile::commit()
{
    if (!isOpen())
        return fail(u"cannot write %1: %2"_s.arg(m_path, errorString()));
    if (!flush() || ::fsync(handle()) != 0)
        return fail(u"cannot write %1: %2"_s.arg(m_path, systemError()));
    if (std::rename(QFile::encodeName(fileName()).constData(),
                    QFile::encodeName(m_path).constData()) != 0)
        return fail(u"cannot write %1: %2"_s.arg(m_path, systemError()));
    setAutoRemove(false); // it is the path's file now
    close();
    return {};
}

} // namespace cw
