#pragma once

#include "CliContext.h"
#include "Command.h"

#include <QJsonArray>
#include <QJsonObject>

#include <memory>
#include <vector>

namespace cw::cli {

// The tools `curation-cli mcp` offers: the commands query, memory-search,
// show and verdict, each with a JSON Schema for its arguments. A call runs
// the command itself (Command::run) on the session's context: the arguments
// become the command's own line, so its checks, its refusals and its answer
// are exactly the CLI's --json ones.
class McpTools
{
public:
    // What one call gave: the command's --json document (an answer, or an
    // error document) and whether it is an error.
    struct Answer
    {
        QJsonObject document;
        bool isError = false;
    };

    explicit McpTools(CliContext &context);
    ~McpTools();

    // The "tools" of a tools/list result: name, description, inputSchema.
    QJsonArray list() const;
    bool has(const QString &name) const;
    // Runs tool `name` (one of list()) on `arguments`. Arguments the schema
    // does not allow are the command's usage error, as a mistyped option is.
    Answer call(const QString &name, const QJsonObject &arguments);
    // Runs what the last call left for after its answer was sent
    // (CliContext::afterAnswer).
    void afterAnswer() { m_context.runAfterAnswer(); }

    // The command line `arguments` stand for (without the program name), or
    // a usage message naming the argument at fault.
    static Result<QStringList> commandLine(const QString &name, const QJsonObject &arguments);

private:
    Answer run(const QStringList &line);

    CliContext &m_context;
    std::vector<std::unique_ptr<Command>> m_commands;
};

} // namespace cw::cli
