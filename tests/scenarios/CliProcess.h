#pragma once

#include "CliRunner.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QString>

// For the multi-process scenarios, beside CliRunner: decisions raced from
// several processes, output read line by line, database files copied.
namespace cw::test {

using namespace Qt::StringLiterals;

inline QStringList decision(const QString &verb, const QString &proposal, int version)
{
    return {u"review"_s,   verb,     proposal, u"--version"_s, QString::number(version),
            u"--reason"_s, u"race"_s};
}

// Reads the process's stdout until it contains `needle`, the process ends,
// or timeoutMs pass. `seen` keeps everything read so far.
inline bool waitForOutput(QProcess &process, const QByteArray &needle, QByteArray &seen,
                          int timeoutMs = 10000)
{
    QElapsedTimer timer;
    timer.start();
    for (;;) {
        seen += process.readAllStandardOutput();
        if (seen.contains(needle))
            return true;
        const qint64 left = timeoutMs - timer.elapsed();
        if (left <= 0 || process.state() == QProcess::NotRunning)
            return false;
        process.waitForReadyRead(int(qMin<qint64>(left, 500)));
    }
}

// A copy of a closed database file (and its WAL, should one be left).
inline bool copyDatabase(const QString &from, const QString &to)
{
    for (const QString &suffix : {QString(), u"-wal"_s}) {
        QFile::remove(to + suffix);
        if (QFile::exists(from + suffix) && !QFile::copy(from + suffix, to + suffix))
            return false;
    }
    return true;
}

} // namespace cw::test
