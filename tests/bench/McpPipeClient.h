#pragma once

// bench_mcp's client of `curation-cli mcp` (TestPaths::cliPath()).

#include "TestPaths.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QStringList>

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <limits>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace cw::bench {

using namespace Qt::StringLiterals;

// An MCP client on a started `curation-cli mcp`, speaking over plain pipes
// with blocking reads, as an agent's stdio transport does, so that the
// client's own cost stays out of the figure: a ping back to back takes
// 0.02-0.03 ms this way (a Python client: 0.025 ms); through QProcess, with
// calls interleaved with in-process searches, it had taken 0.08-0.12 ms.
class McpClient
{
public:
    bool start(const QStringList &arguments)
    {
        int toServer[2] = {-1, -1};
        int fromServer[2] = {-1, -1};
        if (::pipe2(toServer, O_CLOEXEC) != 0 || ::pipe2(fromServer, O_CLOEXEC) != 0)
            return false;
        QList<QByteArray> words{TestPaths::cliPath().toLocal8Bit()};
        for (const QString &argument : arguments + QStringList{u"mcp"_s})
            words.append(argument.toLocal8Bit());
        std::vector<char *> argv;
        for (QByteArray &word : words)
            argv.push_back(word.data());
        argv.push_back(nullptr);
        std::signal(SIGPIPE, SIG_IGN); // a server that died is a failed call, not our end
        m_pid = ::fork();
        if (m_pid == 0) { // the server: stdin and stdout are the pipes, stderr ours
            ::dup2(toServer[0], STDIN_FILENO);
            ::dup2(fromServer[1], STDOUT_FILENO);
            ::execv(argv[0], argv.data());
            ::_exit(127);
        }
        ::close(toServer[0]);
        ::close(fromServer[1]);
        m_in = toServer[1];
        m_out = fromServer[0];
        if (m_pid < 0)
            return false;
        const QJsonObject answer =
            request(u"initialize"_s, {{u"protocolVersion"_s, u"2025-06-18"_s},
                                      {u"capabilities"_s, QJsonObject{}},
                                      {u"clientInfo"_s, QJsonObject{{u"name"_s, u"bench_mcp"_s}}}});
        send({{u"jsonrpc"_s, u"2.0"_s}, {u"method"_s, u"notifications/initialized"_s}});
        return answer.contains(u"result"_s);
    }
    ~McpClient()
    {
        ::close(m_in); // end of input ends the session
        ::close(m_out);
        if (m_pid > 0) {
            for (int waited = 0; waited < 1000; ++waited) { // 10 s
                if (::waitpid(m_pid, nullptr, WNOHANG) == m_pid)
                    return;
                ::usleep(10000);
            }
            ::kill(m_pid, SIGKILL);
            ::waitpid(m_pid, nullptr, 0);
        }
    }
    // The server's CPU time so far (user + system, from /proc; 10 ms ticks,
    // so only a sum over many calls says something): what a call costs
    // whatever else the machine is doing.
    double serverCpuMs() const
    {
        QFile stat(u"/proc/%1/stat"_s.arg(m_pid));
        if (!stat.open(QIODevice::ReadOnly))
            return std::numeric_limits<double>::quiet_NaN();
        const QByteArray text = stat.readAll();
        // Fields after the command name, which is in parentheses: utime is
        // the 14th field of the line, stime the 15th.
        const QList<QByteArray> fields = text.mid(text.lastIndexOf(')') + 2).split(' ');
        return (fields.value(11).toDouble() + fields.value(12).toDouble()) * 1000.0 /
               double(sysconf(_SC_CLK_TCK));
    }
    // A tools/call's result; the round trip's milliseconds in `ms`.
    QJsonObject call(const QString &tool, const QJsonObject &arguments, double &ms)
    {
        QElapsedTimer timer;
        timer.start();
        const QByteArray line =
            requestLine(u"tools/call"_s, {{u"name"_s, tool}, {u"arguments"_s, arguments}});
        // The server's part ends when its answer line is read; parsing it is
        // the client's.
        ms = double(timer.nsecsElapsed()) / 1e6;
        return QJsonDocument::fromJson(line).object().value(u"result"_s).toObject();
    }

    // A ping's round trip: what any call over the pipe costs beyond its work.
    double pingMs()
    {
        QElapsedTimer timer;
        timer.start();
        requestLine(u"ping"_s, {});
        return double(timer.nsecsElapsed()) / 1e6;
    }

private:
    void send(const QJsonObject &message)
    {
        const QByteArray line = QJsonDocument(message).toJson(QJsonDocument::Compact) + '\n';
        for (qsizetype written = 0; written < line.size();) {
            const ssize_t n =
                ::write(m_in, line.constData() + written, size_t(line.size() - written));
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                return;
            written += n;
        }
    }
    // The next line the server writes (empty at end of output).
    QByteArray readLine()
    {
        for (;;) {
            if (const qsizetype end = m_buffer.indexOf('\n'); end >= 0) {
                const QByteArray line = m_buffer.left(end);
                m_buffer.remove(0, end + 1);
                return line;
            }
            char chunk[65536];
            const ssize_t n = ::read(m_out, chunk, sizeof chunk);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                return {};
            m_buffer.append(chunk, n);
        }
    }
    QByteArray requestLine(const QString &method, const QJsonObject &params)
    {
        send({{u"jsonrpc"_s, u"2.0"_s},
              {u"id"_s, ++m_id},
              {u"method"_s, method},
              {u"params"_s, params}});
        return readLine();
    }
    QJsonObject request(const QString &method, const QJsonObject &params)
    {
        return QJsonDocument::fromJson(requestLine(method, params)).object();
    }

    pid_t m_pid = -1;
    int m_in = -1;  // the server's stdin
    int m_out = -1; // the server's stdout
    QByteArray m_buffer;
    int m_id = 0;
};

} // namespace cw::bench
