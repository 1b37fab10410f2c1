#include "Command.h"

namespace cw::cli {

std::unique_ptr<Command> makeInitCommand();
std::unique_ptr<Command> makeDemoCommand();
std::unique_ptr<Command> makeIngestCommand();
std::unique_ptr<Command> makeImportMemoryCommand();
std::unique_ptr<Command> makeProposalsCommand();
std::unique_ptr<Command> makeExportCommand();
std::unique_ptr<Command> makeShowCommand();
std::unique_ptr<Command> makeReviewCommand();
std::unique_ptr<Command> makeEditCommand();
std::unique_ptr<Command> makeSupersedeCommand();
std::unique_ptr<Command> makeRetireCommand();
std::unique_ptr<Command> makeProjectCommand();
std::unique_ptr<Command> makeLagCommand();
std::unique_ptr<Command> makeRebuildCommand();
std::unique_ptr<Command> makeQueryCommand();
std::unique_ptr<Command> makeMemorySearchCommand();
std::unique_ptr<Command> makeVerdictCommand();
std::unique_ptr<Command> makeMcpCommand();
std::unique_ptr<Command> makeEvalCommand();
std::unique_ptr<Command> makeReverifyCommand();
std::unique_ptr<Command> makeEraseCommand();
std::unique_ptr<Command> makeRetainCommand();
std::unique_ptr<Command> makeCheckCommand();
std::unique_ptr<Command> makeCopyCommand();

// In the order --help lists them: set-up, records, decisions (erasure and
// retention among them), projection, retrieval and its evaluation, agents.
std::vector<std::unique_ptr<Command>> allCommands()
{
    std::vector<std::unique_ptr<Command>> commands;
    commands.push_back(makeInitCommand());
    commands.push_back(makeDemoCommand());
    commands.push_back(makeIngestCommand());
    commands.push_back(makeImportMemoryCommand());
    commands.push_back(makeProposalsCommand());
    commands.push_back(makeExportCommand());
    commands.push_back(makeShowCommand());
    commands.push_back(makeReviewCommand());
    commands.push_back(makeEditCommand());
    commands.push_back(makeSupersedeCommand());
    commands.push_back(makeRetireCommand());
    commands.push_back(makeReverifyCommand());
    commands.push_back(makeEraseCommand());
    commands.push_back(makeRetainCommand());
    commands.push_back(makeProjectCommand());
    commands.push_back(makeLagCommand());
    commands.push_back(makeRebuildCommand());
    commands.push_back(makeCheckCommand());
    commands.push_back(makeCopyCommand());
    commands.push_back(makeQueryCommand());
    commands.push_back(makeMemorySearchCommand());
    commands.push_back(makeVerdictCommand());
    commands.push_back(makeEvalCommand());
    commands.push_back(makeMcpCommand());
    return commands;
}

} // namespace cw::cli
