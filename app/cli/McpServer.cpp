#include "McpServer.h"

#include "LineReader.h"
#include "McpTools.h"
#include "StdioLineReader.h"
#include "TextEscape.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace cw::cli {

using namespace Qt::StringLiterals;

namespace {

// JSON-RPC 2.0's error codes.
enum Code
{
    ParseError = -32700,
    InvalidRequest = -32600,
    MethodNotFound = -32601,
    InvalidParams = -32602
};

const QStringList KnownMethods = {u"initialize"_s, u"ping"_s, u"tools/list"_s, u"tools/call"_s};

QByteArray serialized(const QJsonObject &message)
{
    return QJsonDocument(message).toJson(QJsonDocument::Compact);
}

// One JSON value on its own: QJsonDocument holds only arrays and objects.
QByteArray serialized(const QJsonValue &value)
{
    const QByteArray array = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return array.mid(1, array.size() - 2);
}

QByteArray result(const QJsonValue &id, const QJsonObject &value)
{
    return serialized(QJsonObject{{u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, id}, {u"result"_s, value}});
}

QByteArray error(const QJsonValue &id, int code, const QString &message)
{
    return serialized(
        QJsonObject{{u"jsonrpc"_s, u"2.0"_s},
                    {u"id"_s, id},
                    {u"error"_s, QJsonObject{{u"code"_s, code}, {u"message"_s, message}}}});
}

// A tool's result carries its answer twice: as text for clients that read
// only content, and as structuredContent. The answer (15-30 KB for a query)
// is serialized once and spliced in, not copied into the message object and
// serialized again, twice.
QByteArray toolResult(const QJsonValue &id, const QJsonObject &answer, bool isError)
{
    const QByteArray json = QJsonDocument(answer).toJson(QJsonDocument::Compact);
    return "{\"id\":" + serialized(id) +
           ",\"jsonrpc\":\"2.0\",\"result\":{\"content\":[{\"text\":" +
           serialized(QJsonValue(QString::fromUtf8(json))) +
           ",\"type\":\"text\"}],\"isError\":" + (isError ? "true" : "false") +
           ",\"structuredContent\":" + json + "}}";
}

void log(const QString &message)
{
    std::fprintf(stderr, "curation-cli mcp: %s\n", qPrintable(escaped(message)));
    std::fflush(stderr);
}

} // namespace

const QStringList &McpServer::protocolVersions()
{
    static const QStringList versions = {u"2025-11-25"_s, u"2025-06-18"_s, u"2025-03-26"_s,
                                         u"2024-11-05"_s};
    return versions;
}

McpServer::McpServer(McpTools &tools, std::FILE *in, std::FILE *out)
    : m_tools(tools)
    , m_in(in)
    , m_out(out)
{
    // A message leaves in one write: with stdio's 4 KB pipe buffer a 5 KB
    // answer went out in two, and the client woke for a line not yet whole.
    std::setvbuf(m_out, nullptr, _IOFBF, std::size_t(1) << 20);
}

int McpServer::serve()
{
    StdioLineReader reader(m_in, LineReader::MaxLineBytes);
    QByteArray raw;
    for (;;) {
        const StdioLineReader::Read read = reader.next(raw);
        if (read == StdioLineReader::Read::End)
            return 0;
        std::optional<QByteArray> message;
        if (read == StdioLineReader::Read::TooLong) {
            message = error(QJsonValue::Null, InvalidRequest,
                            u"the message is longer than %1, the most a line may hold; it was "
                            "skipped"_s.arg(LineReader::describe(LineReader::MaxLineBytes)));
        } else {
            const QByteArray line = raw.trimmed();
            if (line.isEmpty())
                continue;
            message = answer(line);
        }
        if (message && !write(*message)) {
            log(u"the client stopped reading; ending the session"_s);
            return 0;
        }
        // What could wait until the answer was out (a checkpoint).
        m_tools.afterAnswer();
    }
}

std::optional<QByteArray> McpServer::answer(const QByteArray &line)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(line, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return error(QJsonValue::Null, ParseError,
                     u"parse error at character %1: %2"_s.arg(parseError.offset)
                         .arg(parseError.errorString()));
    if (document.isArray())
        return error(QJsonValue::Null, InvalidRequest,
                     u"JSON-RPC batches are not supported: send one message a line"_s);
    const QJsonObject message = document.object();
    const QJsonValue id = message.value(u"id"_s);
    const bool idValid = id.isString() || id.isDouble();
    if (message.value(u"jsonrpc"_s) != u"2.0"_s)
        return error(idValid ? id : QJsonValue::Null, InvalidRequest,
                     u"not a JSON-RPC 2.0 message: \"jsonrpc\" must be \"2.0\""_s);
    const QJsonValue method = message.value(u"method"_s);
    if (method.isUndefined()) {
        // A response: this server sends no requests, so nothing awaits one.
        if (message.contains(u"result"_s) || message.contains(u"error"_s))
            return std::nullopt;
        return error(idValid ? id : QJsonValue::Null, InvalidRequest,
                     u"a request needs a \"method\""_s);
    }
    if (!method.isString())
        return error(idValid ? id : QJsonValue::Null, InvalidRequest,
                     u"\"method\" must be a string"_s);
    if (id.isUndefined()) {
        notification(method.toString());
        return std::nullopt;
    }
    if (!idValid)
        return error(QJsonValue::Null, InvalidRequest, u"\"id\" must be a string or a number"_s);
    return request(id, method.toString(), message.value(u"params"_s));
}

QByteArray McpServer::request(const QJsonValue &id, const QString &method, const QJsonValue &params)
{
    if (!KnownMethods.contains(method))
        return error(id, MethodNotFound, u"method not found: %1"_s.arg(method));
    if (!params.isUndefined() && !params.isObject())
        return error(id, InvalidParams, u"\"params\" must be an object"_s);
    if (method == u"ping")
        return result(id, {});
    if (method == u"initialize")
        return initialize(id, params);
    if (!m_initialized)
        return error(id, InvalidRequest,
                     u"the session is not initialized: the first request must be initialize"_s);
    if (method == u"tools/list")
        return result(id, {{u"tools"_s, m_tools.list()}});
    return callTool(id, params);
}

QByteArray McpServer::initialize(const QJsonValue &id, const QJsonValue &params)
{
    if (m_initialized)
        return error(id, InvalidRequest, u"the session is already initialized"_s);
    const QJsonValue requested = params[u"protocolVersion"_s];
    if (!requested.isString())
        return error(id, InvalidParams, u"initialize needs \"protocolVersion\" (a string)"_s);
    // The client's revision when it is one of ours, else our newest: the
    // client then decides whether it can speak that.
    const QString version = protocolVersions().contains(requested.toString())
                                ? requested.toString()
                                : protocolVersions().constFirst();
    m_initialized = true;
    return result(
        id, {{u"protocolVersion"_s, version},
             {u"capabilities"_s, QJsonObject{{u"tools"_s, QJsonObject{{u"listChanged"_s, false}}}}},
             {u"serverInfo"_s, QJsonObject{{u"name"_s, u"curation-cli"_s},
                                           {u"title"_s, u"Curation Workbench"_s},
                                           {u"version"_s, QStringLiteral(CW_VERSION)}}},
             {u"instructions"_s,
              u"Curated experience, decisions and memory files, within your scope. query runs a "
              "retrieval strategy and records a memory use; after reading its candidates, record "
              "with verdict whether each applied (memory_use_id, ref, revision). memory-search "
              "finds memory files by frontmatter (mode A), keywords (B) or DEC id (C); show prints "
              "one case, proposal or article. Answers are the JSON of curation-cli --json."_s}});
}

QByteArray McpServer::callTool(const QJsonValue &id, const QJsonValue &params)
{
    const QJsonValue name = params[u"name"_s];
    if (!name.isString())
        return error(id, InvalidParams, u"tools/call needs \"name\" (a string)"_s);
    if (!m_tools.has(name.toString()))
        return error(id, InvalidParams, u"unknown tool: %1"_s.arg(name.toString()));
    const QJsonValue arguments = params[u"arguments"_s];
    if (!arguments.isUndefined() && !arguments.isObject())
        return error(id, InvalidParams, u"\"arguments\" must be an object"_s);
    const McpTools::Answer answer = m_tools.call(name.toString(), arguments.toObject());
    return toolResult(id, answer.document, answer.isError);
}

void McpServer::notification(const QString &method)
{
    // notifications/initialized needs nothing more; a cancellation comes
    // after its request was answered (requests run one at a time, in
    // order), which the protocol allows to ignore; others are unknown.
    if (method != u"notifications/initialized" && method != u"notifications/cancelled")
        log(u"ignored the notification %1"_s.arg(method));
}

bool McpServer::write(QByteArray message)
{
    message.append('\n');
    return std::fwrite(message.constData(), 1, size_t(message.size()), m_out) ==
               size_t(message.size()) &&
           std::fflush(m_out) == 0;
}

} // namespace cw::cli
