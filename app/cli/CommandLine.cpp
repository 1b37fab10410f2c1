#include "CommandLine.h"

#include <algorithm>

namespace cw::cli {

using namespace Qt::StringLiterals;

namespace {

Command *commandNamed(const std::vector<std::unique_ptr<Command>> &commands, const QString &name)
{
    for (const auto &command : commands)
        if (command->name() == name)
            return command.get();
    return nullptr;
}

bool hasOption(const QList<QCommandLineOption> &options, const QString &name)
{
    return std::any_of(options.cbegin(), options.cend(), [&](const QCommandLineOption &option) {
        return option.names().contains(name);
    });
}

// Global options given before the command.
struct Leading
{
    QStringList databases;
    QStringList principals;
    bool json = false;
    bool help = false;
    bool version = false;
    qsizetype commandAt = -1; // index of the command, -1 when there is none
    QString error;
};

// Before the command only global options are known: its own options are
// not known until it is named, so anything else is an unknown option.
Leading leadingOptions(const QStringList &arguments)
{
    Leading leading;
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        const QString &arg = arguments[i];
        auto value = [&](const QString &option, QStringList &target) {
            if (arg.startsWith(option + u'=')) {
                target.append(arg.mid(option.size() + 1));
                return true;
            }
            if (arg != option)
                return false;
            if (i + 1 >= arguments.size())
                leading.error = u"option %1 needs a value"_s.arg(option);
            else
                target.append(arguments[++i]);
            return true;
        };
        if (value(u"--db"_s, leading.databases) || value(u"--as"_s, leading.principals)) {
            if (!leading.error.isEmpty())
                return leading;
        } else if (arg == "--json"_L1) {
            leading.json = true;
        } else if (arg == "-h"_L1 || arg == "--help"_L1) {
            leading.help = true;
        } else if (arg == "--version"_L1) {
            leading.version = true;
        } else if (arg == "--"_L1) {
            leading.commandAt = i + 1 < arguments.size() ? i + 1 : -1;
            return leading;
        } else if (arg.startsWith(u'-') && arg != "-"_L1) {
            leading.error = u"unknown option %1"_s.arg(arg);
            leading.commandAt = i; // for the hint only
            return leading;
        } else {
            leading.commandAt = i;
            return leading;
        }
    }
    return leading;
}

// One value for an option given several times, or a usage error: two
// different databases on one line is a mistake, not a choice.
QString single(const QString &option, QStringList values, QString &error)
{
    values.removeDuplicates();
    if (values.size() > 1 && error.isEmpty())
        error = u"--%1 given more than once, with different values: '%2'"_s.arg(
            option, values.join(u"', '"_s));
    return values.value(0);
}

} // namespace

QList<QCommandLineOption> globalOptions()
{
    return {
        {u"db"_s, u"Database file."_s, u"PATH"_s},
        {u"as"_s, u"Act as another principal (admins only)."_s, u"PRINCIPAL"_s},
        {u"json"_s, u"Print exactly one JSON document."_s},
        {{u"h"_s, u"help"_s}, u"Show this help."_s},
        {u"version"_s, u"Show the version."_s},
    };
}

OptionFacts::OptionFacts(const Command &command)
    : m_probe(std::make_unique<QCommandLineParser>())
{
    m_probe->setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    command.addOptions(*m_probe);
    for (const QCommandLineOption &option : globalOptions()) {
        const QStringList names = option.names();
        if (std::none_of(names.cbegin(), names.cend(),
                         [this](const QString &name) { return declares(name); }))
            m_freeGlobals.append(option);
    }
}

bool OptionFacts::declares(const QString &name) const
{
    m_probe->parse({u"curation-cli"_s, u"--"_s + name});
    return !m_probe->unknownOptionNames().contains(name);
}

bool OptionFacts::takesValue(const QString &name) const
{
    // Only options that take a value have one to check: asking a flag for
    // its values makes Qt (6.8) warn on stderr. A flag parses on its own; an
    // option that takes a value does not.
    auto known = m_takesValue.constFind(name);
    if (known == m_takesValue.cend())
        known = m_takesValue.insert(name, !m_probe->parse({u"curation-cli"_s, u"--"_s + name}) &&
                                              m_probe->unknownOptionNames().isEmpty());
    return *known;
}

const OptionFacts &Command::optionFacts() const
{
    if (!m_optionFacts)
        m_optionFacts = std::make_unique<OptionFacts>(*this);
    return *m_optionFacts;
}

QList<QCommandLineOption> freeGlobalOptions(const Command &command)
{
    return command.optionFacts().freeGlobals();
}

// An option given an empty value, unless the command allows it. Global
// options have their own checks (databaseOptionError and --as).
QString emptyOptionError(const Command &command, const QCommandLineParser &parser)
{
    QStringList mayBeEmpty = command.optionsThatMayBeEmpty();
    for (const QCommandLineOption &option : command.optionFacts().freeGlobals())
        mayBeEmpty += option.names();
    for (const QString &name : parser.optionNames()) {
        if (mayBeEmpty.contains(name) || !command.optionFacts().takesValue(name))
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

CommandLine CommandLine::parse(const QStringList &arguments,
                               const std::vector<std::unique_ptr<Command>> &commands)
{
    CommandLine line;
    const Leading leading = leadingOptions(arguments);
    QStringList databases = leading.databases;
    QStringList principals = leading.principals;
    line.options.json = leading.json;
    line.help = leading.help;
    line.version = leading.version;
    line.error = leading.error;
    if (leading.commandAt < 0) {
        line.finish(databases, principals);
        return line;
    }
    const QString name = arguments[leading.commandAt];
    if (!line.error.isEmpty()) {
        // An option before the command: name the command in the hint if one
        // follows it.
        for (qsizetype i = leading.commandAt + 1; i < arguments.size(); ++i)
            if (commandNamed(commands, arguments[i])) {
                line.commandName = arguments[i];
                line.error += u" (the options of %1 go after it)"_s.arg(line.commandName);
                break;
            }
        return line;
    }
    line.command = commandNamed(commands, name);
    if (!line.command) {
        line.error = u"unknown command '%1'"_s.arg(name);
        return line;
    }
    line.commandName = name;

    // The command's own options first: where a name is both, the command's
    // wins, and a value is taken as a value whatever it looks like
    // (`--reason --db` is a reason).
    line.parser = std::make_unique<QCommandLineParser>();
    QCommandLineParser &parser = *line.parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    line.command->addOptions(parser);
    const QList<QCommandLineOption> free = freeGlobalOptions(*line.command);
    parser.addOptions(free);
    if (!parser.parse(QStringList{u"curation-cli "_s + name} +
                      arguments.mid(leading.commandAt + 1)))
        line.error = name + u": "_s + parser.errorText();
    auto isSet = [&](const QString &option) {
        return hasOption(free, option) && parser.isSet(option);
    };
    if (isSet(u"db"_s))
        databases += parser.values(u"db"_s);
    if (isSet(u"as"_s))
        principals += parser.values(u"as"_s);
    line.options.json = line.options.json || isSet(u"json"_s);
    line.help = line.help || isSet(u"help"_s);
    line.version = line.version || isSet(u"version"_s);
    line.finish(databases, principals);
    return line;
}

void CommandLine::finish(const QStringList &databases, const QStringList &principals)
{
    databaseGiven = !databases.isEmpty();
    asGiven = !principals.isEmpty();
    options.databasePath = single(u"db"_s, databases, error);
    options.asPrincipal = single(u"as"_s, principals, error);
}

} // namespace cw::cli
