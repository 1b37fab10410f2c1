#pragma once

#include "CliContext.h"
#include "Command.h"

#include <QCommandLineParser>

#include <memory>
#include <vector>

namespace cw::cli {

// The options every command takes, anywhere on the line: --db, --as, --json,
// -h/--help and --version. A command's own option of the same name wins
// after the command (review --version N).
QList<QCommandLineOption> globalOptions();
// The global options `command` leaves free, in globalOptions() order.
QList<QCommandLineOption> freeGlobalOptions(const Command &command);

// A usage error for an option given an empty value, unless the command
// allows it (Command::optionsThatMayBeEmpty); empty when there is none.
QString emptyOptionError(const Command &command, const QCommandLineParser &parser);

// One command line, parsed: the global options from before and after the
// command, the command and its own parser.
struct CommandLine
{
    GlobalOptions options;
    bool databaseGiven = false;
    bool asGiven = false;
    bool help = false;
    bool version = false;
    Command *command = nullptr;
    // The command the line seems to be about, for the --help hint of a usage
    // error (also when an option before it could not be parsed).
    QString commandName;
    std::unique_ptr<QCommandLineParser> parser; // set once command is
    QString error;                              // a usage error, if any

    static CommandLine parse(const QStringList &arguments,
                             const std::vector<std::unique_ptr<Command>> &commands);

private:
    void finish(const QStringList &databases, const QStringList &principals);
};

} // namespace cw::cli
