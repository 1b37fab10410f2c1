// mcp: curation-cli as a Model Context Protocol server on stdin/stdout.

#include "Command.h"
#include "McpServer.h"
#include "McpTools.h"
#include "Paths.h"
#include "TextEscape.h"

#include <csignal>
#include <cstdio>

namespace cw::cli {

using namespace Qt::StringLiterals;

class McpCommand : public Command
{
public:
    QString name() const override { return u"mcp"_s; }
    QString usage() const override { return u"mcp"_s; }
    QString summary() const override
    {
        return u"Model Context Protocol server on stdin/stdout: query, memory-search, show, "
               "verdict"_s;
    }
    QString description() const override
    {
        return u"Serves the Model Context Protocol (JSON-RPC 2.0, one message a line) on stdin "
               "and stdout until stdin ends, for agents that keep one process: the tools query, "
               "memory-search, show and verdict answer with the JSON their commands print with "
               "--json. One database connection serves the whole session, on a file or a "
               "PostgreSQL server; you act as your login (on a server, as the connection's "
               "database role; --as, for admins) in every call. Logs go to stderr."_s;
    }
    int run(CliContext &context, const QCommandLineParser &) override
    {
        // stdout is the protocol's: no command may print on it.
        context.keepAnswers();
        // A client that stops reading makes a write fail (EPIPE), which
        // ends the session; it must not kill the process mid-transaction.
        std::signal(SIGPIPE, SIG_IGN);
        auto db = context.database(Database::Mode::OpenExisting);
        if (!db)
            return context.refuse(db.error());
        // Who the calls act as: --as, else the login on a file and the
        // connection's role on a server (the location shown without its
        // password).
        QString who = context.options().asPrincipal;
        if (who.isEmpty() && (*db)->isServer()) {
            auto role = (*db)->sessionRole();
            who = u"database role "_s + (role ? *role : u"?"_s);
        } else if (who.isEmpty()) {
            who = Paths::osLoginName();
        }
        std::fprintf(stderr, "curation-cli mcp: serving %s for %s\n",
                     qPrintable(escaped((*db)->path())), qPrintable(escaped(who)));
        McpTools tools(context);
        return McpServer(tools, stdin, stdout).serve();
    }
};

std::unique_ptr<Command> makeMcpCommand()
{
    return std::make_unique<McpCommand>();
}

} // namespace cw::cli
