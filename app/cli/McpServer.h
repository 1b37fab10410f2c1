#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <cstdio>
#include <optional>

namespace cw::cli {

class McpTools;

// The Model Context Protocol over stdio: JSON-RPC 2.0 messages, one a line,
// read from `in` and answered on `out` (which carries nothing else; what is
// worth a log goes to stderr). It speaks the lifecycle (initialize, the
// initialized notification, ping) and the tools capability (tools/list,
// tools/call); requests are answered one at a time, in order.
class McpServer
{
public:
    // The protocol revisions it speaks, newest first.
    static const QStringList &protocolVersions();

    McpServer(McpTools &tools, std::FILE *in, std::FILE *out);

    // Serves until end of input (the client is done) or until the client
    // stops reading. Returns the exit status: 0 for both.
    int serve();

    // The answer to one line, if it asks for one (notifications and stray
    // responses get none).
    std::optional<QJsonObject> answer(const QByteArray &line);

private:
    QJsonObject request(const QJsonValue &id, const QString &method, const QJsonValue &params);
    QJsonObject initialize(const QJsonValue &id, const QJsonValue &params);
    QJsonObject callTool(const QJsonValue &id, const QJsonValue &params);
    void notification(const QString &method);
    bool write(const QJsonObject &message);

    McpTools &m_tools;
    std::FILE *m_in;
    std::FILE *m_out;
    bool m_initialized = false; // initialize answered
};

} // namespace cw::cli
