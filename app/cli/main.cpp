// curation-cli: the command-line companion of Curation Workbench.
// Wiring only: global options, then one subcommand from Commands.

#include "CliContext.h"
#include "Command.h"
#include "Paths.h"

#include <QCoreApplication>
#include <QTextStream>

using namespace cw::cli;

namespace {

QString helpText(const std::vector<std::unique_ptr<Command>> &commands)
{
    QString text;
    QTextStream s(&text);
    s << "Usage: curation-cli [--db PATH] [--as PRINCIPAL] [--json] COMMAND [options]\n\n"
      << "Curate experience memory from the command line: the same database, rules and\n"
      << "retrieval engine as the Curation Workbench.\n\n"
      << "Global options:\n"
      << "  --db PATH        database file (default: " << cw::Paths::defaultDatabase() << ")\n"
      << "                   init, demo, ingest and import-memory create it if it does not exist\n"
      << "                   (its folder must exist; only the default's folder is created);\n"
      << "                   proposals, show, lag, memory-search and rebuild --verify open it\n"
      << "                   read-only and work on a read-only file or medium\n"
      << "  --as PRINCIPAL   act as another principal (admins only; audit keeps both)\n"
      << "  --json           print exactly one JSON document\n"
      << "  -h, --help       show this help, or COMMAND --help for a command's options\n"
      << "  --version        show the version\n\n"
      << "Commands:\n";
    for (const auto &command : commands)
        s << "  " << command->usage().leftJustified(44) << ' ' << command->summary() << '\n';
    s << "\nThe acting principal is the one whose os_user is your login ("
      << cw::Paths::osLoginName() << ").\n"
      << "Exit status: 0 done; 1 refused (conflict, forbidden, not found, invalid input)\n"
      << "with one line on stderr; 2 usage error. With --json, a refusal or usage error\n"
      << "also prints {\"error\":{\"kind\",\"message\",\"exit\"}} on stdout.\n";
    return text;
}

struct Split
{
    GlobalOptions options;
    bool databaseGiven = false;
    bool asGiven = false;
    QString command;
    QStringList rest;
    QString error;
    bool help = false;
    bool version = false;
};

// Global options come before the command; everything after it belongs to
// the command (which also accepts --json).
Split splitArguments(const QStringList &arguments)
{
    Split split;
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        const QString &arg = arguments[i];
        auto value = [&](const QString &option, QString &target) {
            if (arg.startsWith(option + u'=')) {
                target = arg.mid(option.size() + 1);
                return true;
            }
            if (arg != option)
                return false;
            if (i + 1 >= arguments.size())
                split.error = QStringLiteral("option %1 needs a value").arg(option);
            else
                target = arguments[++i];
            return true;
        };
        const bool db = value(QStringLiteral("--db"), split.options.databasePath);
        const bool as = !db && value(QStringLiteral("--as"), split.options.asPrincipal);
        if (db || as) {
            if (!split.error.isEmpty())
                return split;
            split.databaseGiven = split.databaseGiven || db;
            split.asGiven = split.asGiven || as;
            continue;
        }
        if (arg == QLatin1String("--json")) {
            split.options.json = true;
        } else if (arg == QLatin1String("-h") || arg == QLatin1String("--help")) {
            split.help = true;
        } else if (arg == QLatin1String("--version")) {
            split.version = true;
        } else if (arg.startsWith(u'-')) {
            split.error = QStringLiteral("unknown option %1").arg(arg);
            return split;
        } else {
            split.command = arg;
            split.rest = arguments.mid(i + 1);
            return split;
        }
    }
    return split;
}

// What --db may not be: empty (an unset variable must not mean the default
// database), or something SQLite would not treat as a file.
QString databaseOptionError(const QString &path)
{
    if (path.isEmpty())
        return QStringLiteral("--db needs a file path, got an empty one (is a variable unset?)");
    if (path == QLatin1String(":memory:"))
        return QStringLiteral("--db needs a file path; ':memory:' would be an in-memory database "
                              "that is gone when the command ends");
    if (path.startsWith(QLatin1String("file:")))
        return QStringLiteral("--db needs a file path, not an SQLite URI ('%1')").arg(path);
    if (path.startsWith(QLatin1String("postgresql:")) || path.startsWith(QLatin1String("service=")))
        return QStringLiteral("--db %1: team servers are not supported by this build; --db needs "
                              "a file path")
            .arg(path);
    return {};
}

// An option given an empty value, unless the command allows it.
QString emptyOptionError(const Command &command, const QCommandLineParser &parser)
{
    const QStringList mayBeEmpty = command.optionsThatMayBeEmpty();
    for (const QString &name : parser.optionNames()) {
        if (mayBeEmpty.contains(name))
            continue;
        for (const QString &value : parser.values(name)) {
            if (value.trimmed().isEmpty())
                return QStringLiteral("%1: --%2 needs a value, got an empty one (is a variable "
                                      "unset?)")
                    .arg(command.name(), name);
        }
    }
    return {};
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("curation-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(CW_VERSION));

    const auto commands = allCommands();
    const Split split = splitArguments(QCoreApplication::arguments());
    CliContext context(split.options);
    // --json anywhere on the line: even a line that cannot be parsed gets
    // its usage error as a JSON document.
    if (QCoreApplication::arguments().mid(1).contains(QLatin1String("--json")))
        context.setJson(true);
    if (!split.error.isEmpty())
        return context.usage(split.error);
    if (split.databaseGiven) {
        if (const QString error = databaseOptionError(split.options.databasePath); !error.isEmpty())
            return context.usage(error);
    }
    if (split.asGiven && split.options.asPrincipal.trimmed().isEmpty())
        return context.usage(
            QStringLiteral("--as needs a principal, got an empty one (is a variable unset?)"));
    if (split.version) {
        context.out() << "curation-cli " << CW_VERSION << Qt::endl;
        return ExitOk;
    }
    if (split.command.isEmpty()) {
        if (!split.help && context.json())
            return context.usage(QStringLiteral("no command given"));
        context.out() << helpText(commands);
        return split.help ? ExitOk : ExitUsage;
    }
    Command *command = nullptr;
    for (const auto &candidate : commands) {
        if (candidate->name() == split.command)
            command = candidate.get();
    }
    if (!command)
        return context.usage(QStringLiteral("unknown command '%1'").arg(split.command));

    QCommandLineParser parser;
    parser.setApplicationDescription(command->summary());
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption helpOption({QStringLiteral("h"), QStringLiteral("help")},
                                        QStringLiteral("Show this command's options."));
    const QCommandLineOption jsonOption(QStringLiteral("json"),
                                        QStringLiteral("Print exactly one JSON document."));
    parser.addOption(helpOption);
    parser.addOption(jsonOption);
    command->addOptions(parser);
    if (!parser.parse(QStringList{QStringLiteral("curation-cli ") + command->name()} + split.rest))
        return context.usage(command->name() + QStringLiteral(": ") + parser.errorText());
    if (parser.isSet(helpOption) || split.help) {
        context.out() << "Usage: curation-cli [global options] " << command->usage() << "\n\n"
                      << parser.helpText().section(u'\n', 2);
        return ExitOk;
    }
    // Parsed: --json counts only where it is an option, not an option's value.
    context.setJson(split.options.json || parser.isSet(jsonOption));
    if (const QString error = emptyOptionError(*command, parser); !error.isEmpty())
        return context.usage(error);
    context.setDatabaseMode(command->databaseMode(parser));
    return command->run(context, parser);
}
