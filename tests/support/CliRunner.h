#pragma once

// Real curation-cli processes for the tests: started with the database and
// the principal to act as, waited for with a bound, their output kept. A
// process that outlives its bound is killed and reported as such, never
// waited for forever.

#include "TestPaths.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QString>
#include <QStringList>

#include <memory>

namespace cw::test {

// Generous: `demo --scale` in a test, on a shared machine.
constexpr int CliTimeoutMs = 120000;

struct CliRun
{
    int exitCode = -1; // -1: not run; -2: crashed or killed; -3: did not finish in time
    QByteArray out;
    QByteArray err;

    bool ok() const { return exitCode == 0; }
    QJsonObject json() const { return QJsonDocument::fromJson(out).object(); }
    QString describe() const
    {
        return QStringLiteral("exit %1: %2%3")
            .arg(exitCode)
            .arg(QString::fromUtf8(err), QString::fromUtf8(out));
    }
};

// No db: the CLI's default database (for --help and usage errors only).
inline QStringList cliArguments(const QString &db, const QStringList &arguments,
                                const QString &as = {})
{
    QStringList all;
    if (!db.isEmpty())
        all << QStringLiteral("--db") << db;
    if (!as.isEmpty())
        all << QStringLiteral("--as") << as;
    return all + arguments;
}

inline std::unique_ptr<QProcess> startCli(const QString &db, const QStringList &arguments,
                                          const QString &as = {})
{
    auto process = std::make_unique<QProcess>();
    process->start(TestPaths::cliPath(), cliArguments(db, arguments, as));
    return process;
}

inline CliRun finishCli(QProcess &process, int timeoutMs = CliTimeoutMs)
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

} // namespace cw::test
