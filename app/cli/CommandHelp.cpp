#include "CommandHelp.h"

#include "CommandLine.h"
#include "Paths.h"

#include <QTextStream>

#include <algorithm>

namespace cw::cli {

using namespace Qt::StringLiterals;

QString Command::description() const
{
    QString sentence = summary();
    if (!sentence.isEmpty())
        sentence[0] = sentence[0].toUpper();
    return sentence.endsWith(u'.') ? sentence : sentence + u'.';
}

QString wrapped(const QString &text, qsizetype width, const QString &indent)
{
    QStringList lines;
    for (const QString &paragraph : text.split(u'\n')) {
        // A line that starts indented (an example) keeps its indentation.
        qsizetype leading = 0;
        while (leading < paragraph.size() && paragraph[leading] == u' ')
            ++leading;
        const QString margin = indent + QString(leading, u' ');
        QString line;
        for (const QString &word : paragraph.split(u' ', Qt::SkipEmptyParts)) {
            if (!line.isEmpty() && margin.size() + line.size() + 1 + word.size() > width) {
                lines.append(margin + line);
                line.clear();
            }
            line += (line.isEmpty() ? QString() : u" "_s) + word;
        }
        lines.append(line.isEmpty() ? QString() : margin + line);
    }
    return lines.join(u'\n');
}

QString mainHelp(const std::vector<std::unique_ptr<Command>> &commands)
{
    QString text;
    QTextStream s(&text);
    s << "Usage: curation-cli COMMAND [options] [--db PATH] [--as PRINCIPAL] [--json]\n\n"
      << "Curate experience memory from the command line: the same database, rules and\n"
      << "retrieval engine as the Curation Workbench.\n\n"
      << "Global options (before or after the command):\n"
      << "  --db PATH        database file (default: " << Paths::defaultDatabase() << ")\n"
      << "                   init, demo, ingest and import-memory create it if it does not exist\n"
      << "                   (its folder must exist; only the default's folder is created);\n"
      << "                   proposals, show, lag, memory-search and rebuild --verify open it\n"
      << "                   read-only and work on a read-only file or medium\n"
      << "  --as PRINCIPAL   act as another principal (admins only; audit keeps both)\n"
      << "  --json           print exactly one JSON document (project --follow: one JSON\n"
      << "                   object a line, see project --help)\n"
      << "  -h, --help       show this help, or COMMAND --help for a command's options\n"
      << "  --version        show the version (review, supersede, retire and edit take\n"
      << "                   --version N, the version decided on, as their own option)\n\n"
      << "Commands:\n";
    for (const auto &command : commands)
        s << "  " << command->usage().leftJustified(44) << ' ' << command->summary() << '\n';
    s << "\nThe acting principal is the one whose os_user is your login (" << Paths::osLoginName()
      << ").\n"
      << "Exit status: 0 done; 1 refused (conflict, forbidden, not found, invalid input)\n"
      << "with one line on stderr; 2 usage error. With --json, a refusal or usage error\n"
      << "also prints {\"error\":{\"kind\",\"message\",\"exit\"}} on stdout.\n";
    return text;
}

QString commandHelp(const Command &command)
{
    // Qt lays out the command's options and arguments; the usage line, the
    // description and the global options are ours.
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    parser.addOption({{u"h"_s, u"help"_s}, u"Show this command's help."_s});
    command.addOptions(parser);
    parser.setApplicationDescription({});
    const QString qtHelp = parser.helpText();
    const qsizetype body = qtHelp.indexOf(u"\nOptions:"_s);

    QString text;
    QTextStream s(&text);
    s << "Usage: curation-cli " << command.usage() << " [global options]\n\n"
      << wrapped(command.description()) << '\n'
      << (body < 0 ? QString() : qtHelp.mid(body)) << "\nGlobal options (before or after "
      << command.name() << "):\n";
    const QList<QCommandLineOption> free = freeGlobalOptions(command);
    for (const QCommandLineOption &option : free) {
        const QString name = option.names().constLast();
        if (name == "help"_L1)
            continue; // listed above
        const QString shown =
            u"--"_s + name + (option.valueName().isEmpty() ? QString() : u' ' + option.valueName());
        const QString help =
            name != "db"_L1 ? option.description()
                            : u"Database file (default: %1), or a PostgreSQL server "
                              "(postgresql://... or service=NAME)."_s.arg(Paths::defaultDatabase());
        s << "  " << shown.leftJustified(17) << wrapped(help, 78, QString(19, u' ')).mid(19)
          << '\n';
    }
    for (const QCommandLineOption &option : globalOptions()) {
        const QString name = option.names().constLast();
        const bool isFree =
            std::any_of(free.cbegin(), free.cend(), [&](const QCommandLineOption &candidate) {
                return candidate.names().contains(name);
            });
        if (!isFree)
            s << "  (--" << name << " after " << command.name()
              << " is its own option above; the global one goes before it)\n";
    }
    return text;
}

} // namespace cw::cli
