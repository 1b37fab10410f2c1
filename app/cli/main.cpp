// curation-cli: the command-line companion of Curation Workbench.
// Wiring only: the command line (CommandLine), then one subcommand from
// Commands.

#include "CliContext.h"
#include "Command.h"
#include "CommandHelp.h"
#include "CommandLine.h"

#include <QCoreApplication>
#include <QTextStream>

using namespace cw::cli;

namespace {

// What --db may not be: empty (an unset variable must not mean the default
// database), or something SQLite would not treat as a file. Every command
// serves a PostgreSQL server too (docs/postgresql.md).
QString databaseOptionError(const QString &path)
{
    if (path.isEmpty())
        return QStringLiteral("--db needs a file path, got an empty one (is a variable unset?)");
    if (path == QLatin1String(":memory:"))
        return QStringLiteral("--db needs a file path; ':memory:' would be an in-memory database "
                              "that is gone when the command ends");
    if (path.startsWith(QLatin1String("file:")))
        return QStringLiteral("--db needs a file path, not an SQLite URI ('%1')").arg(path);
    return {};
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("curation-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(CW_VERSION));

    const auto commands = allCommands();
    const CommandLine line = CommandLine::parse(QCoreApplication::arguments(), commands);
    CliContext context(line.options);
    context.setCommandName(line.commandName);
    // --json anywhere on the line: even a line that cannot be parsed gets
    // its usage error as a JSON document.
    if (QCoreApplication::arguments().mid(1).contains(QLatin1String("--json")))
        context.setJson(true);
    if (!line.error.isEmpty())
        return context.usage(line.error);
    if (line.databaseGiven) {
        if (const QString error = databaseOptionError(line.options.databasePath); !error.isEmpty())
            return context.usage(error);
    }
    if (line.asGiven && line.options.asPrincipal.trimmed().isEmpty())
        return context.usage(
            QStringLiteral("--as needs a principal, got an empty one (is a variable unset?)"));
    if (line.help) {
        context.out() << (line.command ? commandHelp(*line.command) : mainHelp(commands));
        return ExitOk;
    }
    if (line.version) {
        context.out() << "curation-cli " << CW_VERSION << Qt::endl;
        return ExitOk;
    }
    if (!line.command) {
        if (context.json())
            return context.usage(QStringLiteral("no command given"));
        context.out() << mainHelp(commands);
        return ExitUsage;
    }
    // Parsed: --json counts only where it is an option, not an option's value.
    context.setJson(line.options.json);
    if (const QString error = emptyOptionError(*line.command, *line.parser); !error.isEmpty())
        return context.usage(error);
    context.setDatabaseMode(line.command->databaseMode(*line.parser));
    return line.command->run(context, *line.parser);
}
