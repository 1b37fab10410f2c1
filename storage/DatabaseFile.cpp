#include "DatabaseFile.h"

#include <QFile>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <grp.h>
#include <sys/stat.h>
#include <unistd.h>

namespace cw::DatabaseFile {

namespace {

QString systemError(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

Status createWithMode(const QString &path, mode_t mode, gid_t group)
{
    const QByteArray name = QFile::encodeName(path);
    // O_EXCL: a file or a link already at the path is an error, not a target.
    const int fd =
        ::open(name.constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
    if (fd < 0)
        return fail(QStringLiteral("%1: cannot create the database file: %2")
                        .arg(path, systemError(errno)));
    // The umask may have taken bits away from a group-shared file, and a
    // new file gets the user's primary group: both are set explicitly.
    int error = 0;
    if (group != gid_t(-1) && ::fchown(fd, uid_t(-1), group) != 0)
        error = errno;
    else if (::fchmod(fd, mode) != 0)
        error = errno;
    ::close(fd);
    if (error == 0)
        return {};
    ::unlink(name.constData());
    return fail(QStringLiteral("%1: cannot give the database file its owner and mode: %2")
                    .arg(path, systemError(error)));
}

QString octal(mode_t mode)
{
    return QStringLiteral("%1").arg(mode & 0777, 4, 8, QLatin1Char('0'));
}

} // namespace

Status createPrivate(const QString &path)
{
    return createWithMode(path, 0600, gid_t(-1));
}

Status createForGroup(const QString &path, const QString &group)
{
    const QByteArray name = group.toLocal8Bit();
    const struct group *entry = ::getgrnam(name.constData());
    if (!entry)
        return fail(QStringLiteral("no group named %1 on this machine").arg(group));
    auto created = createWithMode(path, 0660, entry->gr_gid);
    if (!created)
        return fail(created.error() +
                    QStringLiteral(" (is your login a member of the group %1?)").arg(group));
    return {};
}

QStringList exposure(const QString &path)
{
    QStringList found;
    for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")}) {
        const QString file = path + suffix;
        struct stat status
        {
        };
        if (::stat(QFile::encodeName(file).constData(), &status) != 0)
            continue;
        const mode_t mode = status.st_mode;
        if (mode & S_IWOTH)
            found << QStringLiteral("%1 is writable by every user on this machine (mode %2): "
                                    "chmod o-rw %1")
                         .arg(file, octal(mode));
        else if (mode & S_IROTH)
            found << QStringLiteral("%1 is readable by every user on this machine (mode %2), "
                                    "every tenant's cases included: chmod o-r %1")
                         .arg(file, octal(mode));
    }
    return found;
}

} // namespace cw::DatabaseFile
