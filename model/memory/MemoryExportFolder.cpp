#include "MemoryExportFolder.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>

#include <filesystem>
#include <system_error>

namespace cw::inline memory {

using namespace Qt::StringLiterals;

namespace {

std::filesystem::path fsPath(const QString &path)
{
    return std::filesystem::path(path.toStdString());
}

QString reason(const std::error_code &error)
{
    return QString::fromStdString(error.message());
}

// A hidden name beside the target, unlikely to be taken (mkdir fails if it is).
QString besideTarget(const QString &target, const QString &what)
{
    const QFileInfo info(target);
    return info.absolutePath() + u"/."_s + info.fileName() + u'.' + what + u'-' +
           QString::number(QRandomGenerator::global()->generate(), 36);
}

} // namespace

MemoryExportFolder::MemoryExportFolder(const QString &dir, bool replace)
    : m_target(dir.isEmpty() ? QString() : QDir::cleanPath(QDir(dir).absolutePath()))
    , m_replace(replace)
{
}

MemoryExportFolder::~MemoryExportFolder()
{
    if (!m_staging.isEmpty()) {
        std::error_code ignored;
        std::filesystem::remove_all(fsPath(m_staging), ignored);
    }
}

std::optional<Refusal> MemoryExportFolder::checkTarget()
{
    if (m_target.isEmpty())
        return Refusal::invalid(u"no folder given to export into"_s);
    const QFileInfo info(m_target);
    const QFileInfo parent(info.absolutePath());
    if (!parent.isDir())
        return Refusal::invalid(u"%1: the folder %2 does not exist; create it first"_s.arg(
            m_target, info.absolutePath()));
    if (info.isSymLink())
        return Refusal::invalid(
            u"%1 is a symbolic link; export into a real folder"_s.arg(m_target));
    if (!info.exists())
        return std::nullopt;
    if (!info.isDir())
        return Refusal::invalid(u"%1 exists and is not a folder"_s.arg(m_target));
    if (!info.isWritable())
        return Refusal::failed(u"cannot write %1: permission denied"_s.arg(m_target));
    QDirIterator it(m_target, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QFileInfo entry = it.nextFileInfo();
        if (!m_replace)
            return Refusal::invalid(
                u"%1 exists and is not empty; export into a new or empty folder, or "
                "pass --force to replace an earlier export"_s.arg(m_target));
        m_nonEmpty = true;
        // --force replaces a memory tree, never a folder with other things in it.
        const bool markdown = entry.isFile() && !entry.isSymLink() &&
                              entry.fileName().endsWith(u".md"_s, Qt::CaseInsensitive);
        if (!markdown && !(entry.isDir() && !entry.isSymLink()))
            return Refusal::invalid(u"%1 holds %2, which is not a Markdown file or folder: --force "
                                    "replaces only a memory tree; nothing was written"_s.arg(
                                        m_target, entry.filePath()));
    }
    return std::nullopt;
}

std::optional<Refusal> MemoryExportFolder::open()
{
    if (auto refused = checkTarget())
        return refused;
    const QString staging = besideTarget(m_target, u"export"_s);
    std::error_code error;
    if (!std::filesystem::create_directory(fsPath(staging), error) || error)
        return Refusal::failed(u"cannot write %1: cannot create a folder in %2: %3"_s.arg(
            m_target, QFileInfo(m_target).absolutePath(),
            error ? reason(error) : u"%1 is in the way"_s.arg(staging)));
    m_staging = staging;
    return std::nullopt;
}

std::optional<Refusal> MemoryExportFolder::writeFile(const QString &relative,
                                                     const QByteArray &bytes)
{
    const QString path = m_staging + u'/' + relative;
    if (!QDir().mkpath(QFileInfo(path).absolutePath()))
        return Refusal::failed(u"cannot write %1: cannot create its folder"_s.arg(relative));
    QFile file(path);
    // NewOnly: two articles never share a file, checked before, and checked here.
    if (!file.open(QIODevice::WriteOnly | QIODevice::NewOnly) ||
        file.write(bytes) != bytes.size() || !file.flush())
        return Refusal::failed(
            u"cannot write %1 under %2: %3"_s.arg(relative, m_target, file.errorString()));
    return std::nullopt;
}

std::optional<Refusal> MemoryExportFolder::commit()
{
    std::error_code error;
    QString old;
    if (m_nonEmpty) {
        old = besideTarget(m_target, u"replaced"_s);
        std::filesystem::rename(fsPath(m_target), fsPath(old), error);
        if (error)
            return Refusal::failed(u"cannot replace %1: %2"_s.arg(m_target, reason(error)));
    }
    // rename(2) also takes the place of an empty folder.
    std::filesystem::rename(fsPath(m_staging), fsPath(m_target), error);
    if (error) {
        const QString why = reason(error);
        if (!old.isEmpty()) {
            std::error_code back;
            std::filesystem::rename(fsPath(old), fsPath(m_target), back);
        }
        return Refusal::failed(u"cannot write %1: %2"_s.arg(m_target, why));
    }
    m_staging.clear();
    m_replaced = m_nonEmpty;
    if (!old.isEmpty())
        std::filesystem::remove_all(fsPath(old), error); // the new tree is in place either way
    return std::nullopt;
}

} // namespace cw::inline memory
