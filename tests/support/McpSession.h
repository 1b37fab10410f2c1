#pragma once

// A scripted Model Context Protocol client for the tests: `curation-cli
// [--as P] mcp` started on a database (a file or a server location), messages
// written one a line, answers read one a line (tst_mcp, tst_pgmemory).

#include "CliRunner.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

namespace cw::test {

// One client session: `curation-cli [--as P] mcp` started, messages written
// one a line, answers read one a line.
class McpSession
{
public:
    McpSession(const QString &db, const QString &as = {})
        : m_process(startCli(db, {QStringLiteral("mcp")}, as))
    {
    }
    ~McpSession()
    {
        if (m_process->state() != QProcess::NotRunning) {
            m_process->kill();
            m_process->waitForFinished(5000);
        }
    }
    QProcess &process() { return *m_process; }

    void sendLine(const QByteArray &line) { m_process->write(line + '\n'); }
    void send(const QJsonObject &message)
    {
        sendLine(QJsonDocument(message).toJson(QJsonDocument::Compact));
    }
    // The next line the server prints, as JSON (empty if none came in time).
    QJsonObject next(int timeoutMs = CliTimeoutMs)
    {
        QElapsedTimer waited;
        waited.start();
        while (!m_process->canReadLine() && waited.elapsed() < timeoutMs) {
            if (!m_process->waitForReadyRead(1000) && m_process->state() == QProcess::NotRunning)
                break;
        }
        if (!m_process->canReadLine())
            return {};
        const QByteArray line = m_process->readLine();
        m_lines.append(line);
        return QJsonDocument::fromJson(line).object();
    }
    // Sends a request and returns its answer.
    QJsonObject request(const QString &method, const QJsonObject &params = {})
    {
        QJsonObject message{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                            {QStringLiteral("id"), ++m_id},
                            {QStringLiteral("method"), method}};
        if (!params.isEmpty())
            message[QStringLiteral("params")] = params;
        send(message);
        return next();
    }
    QJsonObject initialize()
    {
        const QJsonObject answer =
            request(QStringLiteral("initialize"),
                    {{QStringLiteral("protocolVersion"), QStringLiteral("2025-06-18")},
                     {QStringLiteral("capabilities"), QJsonObject{}},
                     {QStringLiteral("clientInfo"),
                      QJsonObject{{QStringLiteral("name"), QStringLiteral("tst_mcp")},
                                  {QStringLiteral("version"), QStringLiteral("1")}}}});
        send({{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
              {QStringLiteral("method"), QStringLiteral("notifications/initialized")}});
        return answer;
    }
    // tools/call's result object.
    QJsonObject call(const QString &tool, const QJsonObject &arguments)
    {
        return request(QStringLiteral("tools/call"),
                       {{QStringLiteral("name"), tool}, {QStringLiteral("arguments"), arguments}})
            .value(QStringLiteral("result"))
            .toObject();
    }
    // Ends the session as a client does: closes stdin, then waits for the exit.
    CliRun finish()
    {
        m_process->closeWriteChannel();
        CliRun run = finishCli(*m_process);
        run.out.prepend(m_lines.join());
        return run;
    }

private:
    std::unique_ptr<QProcess> m_process;
    int m_id = 0;
    QByteArrayList m_lines;
};

} // namespace cw::test
