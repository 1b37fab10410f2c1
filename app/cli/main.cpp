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
      << "with one line on stderr; 2 usage error.\n";
    return text;
}

struct Split
{
    GlobalOptions options;
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
        if (value(QStringLiteral("--db"), split.options.databasePath) ||
            value(QStringLiteral("--as"), split.options.asPrincipal)) {
            if (!split.error.isEmpty())
                return split;
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

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("curation-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(CW_VERSION));

    const auto commands = allCommands();
    const Split split = splitArguments(QCoreApplication::arguments());
    CliContext context(split.options);
    if (!split.error.isEmpty())
        return context.usage(split.error);
    if (split.version) {
        context.out() << "curation-cli " << CW_VERSION << Qt::endl;
        return ExitOk;
    }
    if (split.command.isEmpty()) {
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
    if (parser.isSet(jsonOption))
        context.setJson(true);
    return command->run(context, parser);
}
