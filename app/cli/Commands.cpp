#include "Command.h"

namespace cw::cli {

std::unique_ptr<Command> makeInitCommand();
std::unique_ptr<Command> makeDemoCommand();
std::unique_ptr<Command> makeIngestCommand();
std::unique_ptr<Command> makeImportMemoryCommand();
std::unique_ptr<Command> makeProposalsCommand();
std::unique_ptr<Command> makeShowCommand();
std::unique_ptr<Command> makeReviewCommand();
std::unique_ptr<Command> makeEditCommand();
std::unique_ptr<Command> makeSupersedeCommand();
std::unique_ptr<Command> makeRetireCommand();

std::vector<std::unique_ptr<Command>> allCommands()
{
    std::vector<std::unique_ptr<Command>> commands;
    commands.push_back(makeInitCommand());
    commands.push_back(makeDemoCommand());
    commands.push_back(makeIngestCommand());
    commands.push_back(makeImportMemoryCommand());
    commands.push_back(makeProposalsCommand());
    commands.push_back(makeShowCommand());
    commands.push_back(makeReviewCommand());
    commands.push_back(makeEditCommand());
    commands.push_back(makeSupersedeCommand());
    commands.push_back(makeRetireCommand());
    return commands;
}

} // namespace cw::cli
