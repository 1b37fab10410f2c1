#include "FileProbe.h"

#include <QFile>

#include <fcntl.h>
#include <unistd.h>

namespace cw::FileProbe {

namespace {

// SQLite's lock bytes (os.h): PENDING, RESERVED and the SHARED range.
constexpr off_t PendingByte = 0x40000000;
constexpr off_t LockBytes = 2 + 510;

} // namespace

bool anotherProcessHolds(const QString &path)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return true;
    struct flock lock
    {
    };
    lock.l_type = F_WRLCK;
    lock.l_whence = SEEK_SET;
    lock.l_start = PendingByte;
    lock.l_len = LockBytes;
    const bool held = ::fcntl(fd, F_GETLK, &lock) != 0 || lock.l_type != F_UNLCK;
    ::close(fd);
    return held;
}

qint64 bytesMissing(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return 0;
    // The file header (fileformat2.html §1.3): page size at 16, page count
    // at 28, valid while "version-valid-for" (92) equals the change counter (24).
    const QByteArray header = file.read(100);
    if (header.size() != 100 || !header.startsWith("SQLite format 3"))
        return 0;
    const auto be32 = [&header](int at) {
        return (quint32(quint8(header[at])) << 24) | (quint32(quint8(header[at + 1])) << 16) |
               (quint32(quint8(header[at + 2])) << 8) | quint32(quint8(header[at + 3]));
    };
    qint64 pageSize = (quint32(quint8(header[16])) << 8) | quint8(header[17]);
    if (pageSize == 1)
        pageSize = 65536;
    const quint32 pages = be32(28);
    if (be32(92) != be32(24) || pages == 0)
        return 0;
    return qMax<qint64>(0, qint64(pages) * pageSize - file.size());
}

} // namespace cw::FileProbe
