#pragma once

#include "CliContext.h"

#include <QCommandLineParser>
#include <QHash>

#include <memory>
#include <vector>

namespace cw::cli {

class Command;

// What a command's addOptions() declares, asked of a parser holding only
// those options (QCommandLineParser has no lookup by name). Worked out once
// per command: an MCP session parses a command line on every call.
class OptionFacts
{
public:
    explicit OptionFacts(const Command &command);
    // The global options the command leaves free, in globalOptions() order.
    const QList<QCommandLineOption> &freeGlobals() const { return m_freeGlobals; }
    // Whether the command's option NAME takes a value (false for a flag or
    // a name the command does not declare).
    bool takesValue(const QString &name) const;

private:
    bool declares(const QString &name) const;

    std::unique_ptr<QCommandLineParser> m_probe;
    QList<QCommandLineOption> m_freeGlobals;
    mutable QHash<QString, bool> m_takesValue;
};

// One subcommand: its options, its help line, and what it does.
class Command
{
public:
    virtual ~Command() = default;
    virtual QString name() const = 0;
    virtual QString usage() const = 0;   // e.g. "ingest FILE.jsonl"
    virtual QString summary() const = 0; // one line for --help
    // The paragraph under the usage line of `COMMAND --help`: what the
    // command does and what it needs. By default the summary as a sentence.
    virtual QString description() const;
    virtual void addOptions(QCommandLineParser &parser) const { Q_UNUSED(parser); }
    // How the command opens the database: OpenExisting unless it only reads
    // (ReadOnlyChecked: works on a read-only file or medium, writes nothing)
    // or may create the file (OpenOrCreate).
    virtual Database::Mode databaseMode(const QCommandLineParser &parser) const
    {
        Q_UNUSED(parser);
        return Database::Mode::OpenExisting;
    }
    // Options whose value may be empty (clearing a field). Every other
    // option given an empty value is a usage error: an unset shell variable
    // must not silently widen a filter or drop a search term.
    virtual QStringList optionsThatMayBeEmpty() const { return {}; }
    virtual int run(CliContext &context, const QCommandLineParser &parser) = 0;

    // Facts about the options above, made on first use (CommandLine.cpp).
    const OptionFacts &optionFacts() const;

private:
    mutable std::unique_ptr<OptionFacts> m_optionFacts;
};

std::vector<std::unique_ptr<Command>> allCommands();

} // namespace cw::cli
