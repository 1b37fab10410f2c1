#pragma once

#include "ProposalRecords.h"
#include "Result.h"

#include <QCommandLineParser>

namespace cw::cli {

// The queue filters `proposals` and `export queue` share.
void addQueueFilterOptions(QCommandLineParser &parser);
// The filter the options name; an error names the bad option (a usage error).
Result<ProposalFilter> queueFilterFrom(const QCommandLineParser &parser);

} // namespace cw::cli
