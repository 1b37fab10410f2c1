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

    // The answer to one line, serialized, if it asks for one (notifications
    // and stray responses get none).
    std::optional<QByteArray> answer(const QByteArray &line);

private:
    // Each returns the answer, serialized (one compact JSON line).
    QByteArray request(const QJsonValue &id, const QString &method, const QJsonValue &params);
    QByteArray initialize(const QJsonValue &id, const QJsonValue &params);
    QByteArray callTool(const QJsonValue &id, const QJsonValue &params);
    void notification(const QString &method);
    bool write(QByteArray message);

    McpTools &m_tools;
    std::FILE *m_in;
    std::FILE *m_out;
    bool m_initialized = false; // initialize answered
};

} // namespace cw::cli
