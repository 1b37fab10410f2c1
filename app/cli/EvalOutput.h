#pragma once

#include "CliContext.h"
#include "EvalRun.h"
#include "EvaluationRecords.h"
#include "QuerySets.h"
#include "RunComparison.h"
#include "RunHistory.h"

namespace cw::cli {

// The answers of `eval` (INTERFACES.md §8): text, or one JSON document
// with --json. Stored text (ids, names, findings) is escaped.
namespace EvalOutput {

int imported(CliContext &context, const SetImport &set);
int sets(CliContext &context, const QList<EvalSetRecord> &sets);
// One run prints as the run's document; several as {"runs":[...]}.
int runs(CliContext &context, const QList<EvalRun> &runs);
int history(CliContext &context, const QList<RunStatus> &runs);
int comparison(CliContext &context, const Comparison &comparison);

} // namespace EvalOutput

} // namespace cw::cli
