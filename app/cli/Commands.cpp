#include "Command.h"

namespace cw::cli {

std::unique_ptr<Command> makeInitCommand();
std::unique_ptr<Command> makeDemoCommand();
std::unique_ptr<Command> makeIngestCommand();
std::unique_ptr<Command> makeImportMemoryCommand();
std::unique_ptr<Command> makeProposalsCommand();
std::unique_ptr<Command> makeShowCommand();
std::unique_ptr<Command> makeProjectCommand();
std::unique_ptr<Command> makeLagCommand();
std::unique_ptr<Command> makeRebuildCommand();
std::unique_ptr<Command> makeMemorySearchCommand();

std::vector<std::unique_ptr<Command>> allCommands()
{
    std::vector<std::unique_ptr<Command>> commands;
    commands.push_back(makeInitCommand());
    commands.push_back(makeDemoCommand());
    commands.push_back(makeIngestCommand());
    commands.push_back(makeImportMemoryCommand());
    commands.push_back(makeProposalsCommand());
    commands.push_back(makeShowCommand());
    commands.push_back(makeProjectCommand());
    commands.push_back(makeLagCommand());
    commands.push_back(makeRebuildCommand());
    commands.push_back(makeMemorySearchCommand());
    return commands;
}

} // namespace cw::cli
