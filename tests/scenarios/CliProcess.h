#pragma once

#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QString>

#include <memory>

// Real curation-cli processes for the multi-process scenarios: started,
// waited for with a bound, read line by line. A process that outlives its
// bound is killed and reported as such, never waited for forever.
namespace cw::test {

using namespace Qt::StringLiterals;

struct CliRun
{
    int exitCode = -1; // -2: crashed or killed; -3: did not finish in time
    QByteArray out;
    QByteArray err;

    QJsonObject json() const { return QJsonDocument::fromJson(out).object(); }
    QString describe() const
    {
        return u"exit %1: %2%3"_s.arg(exitCode).arg(QString::fromUtf8(err), QString::fromUtf8(out));
    }
};

inline QStringList cliArguments(const QString &db, const QStringList &arguments,
                                const QString &as = {})
{
    QStringList all{u"--db"_s, db};
    if (!as.isEmpty())
        all << u"--as"_s << as;
    return all + arguments;
}

inline std::unique_ptr<QProcess> startCli(const QString &db, const QStringList &arguments,
                                          const QString &as = {})
{
    auto process = std::make_unique<QProcess>();
    process->start(QStringLiteral(CW_CLI_PATH), cliArguments(db, arguments, as));
    return process;
}

inline CliRun finishCli(QProcess &process, int timeoutMs = 30000)
{
    CliRun run;
    if (!process.waitForFinished(timeoutMs) && process.state() != QProcess::NotRunning) {
        process.kill();
        process.waitForFinished(5000);
        run.exitCode = -3;
    } else {
        run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    }
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

inline CliRun runCli(const QString &db, const QStringList &arguments, const QString &as = {})
{
    auto process = startCli(db, arguments, as);
    return finishCli(*process);
}

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
