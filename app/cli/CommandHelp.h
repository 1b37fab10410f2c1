#pragma once

#include "Command.h"

namespace cw::cli {

// `curation-cli --help`: the global options and one line per command.
QString mainHelp(const std::vector<std::unique_ptr<Command>> &commands);
// `curation-cli COMMAND --help`: its usage, description, options, arguments
// and the global options it leaves free.
QString commandHelp(const Command &command);
// `text` broken into lines of at most `width` columns (words longer than
// that stand alone), each line after `indent`; its own newlines are kept.
QString wrapped(const QString &text, qsizetype width = 78, const QString &indent = {});

} // namespace cw::cli
