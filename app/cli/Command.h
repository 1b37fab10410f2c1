#pragma once

#include "CliContext.h"

#include <QCommandLineParser>

#include <memory>
#include <vector>

namespace cw::cli {

// One subcommand: its options, its help line, and what it does.
class Command
{
public:
    virtual ~Command() = default;
    virtual QString name() const = 0;
    virtual QString usage() const = 0;   // e.g. "ingest FILE.jsonl"
    virtual QString summary() const = 0; // one line for --help
    virtual void addOptions(QCommandLineParser &parser) const { Q_UNUSED(parser); }
    virtual int run(CliContext &context, const QCommandLineParser &parser) = 0;
};

std::vector<std::unique_ptr<Command>> allCommands();

} // namespace cw::cli
