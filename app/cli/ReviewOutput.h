#pragma once

#include "CliContext.h"
#include "ReviewTypes.h"
#include "ReviewWorkflow.h"

#include <QCommandLineParser>

#include <optional>

// What the review commands share: the --version/--reason options, the
// acting principal and workflow, and how an outcome or refusal is printed.
namespace cw::cli::review {

void addDecisionOptions(QCommandLineParser &parser, const QString &versionHelp);

struct DecisionArguments
{
    int version = 0;
    QString reason;
};

// The parsed --version and --reason, or the usage error to report.
std::optional<DecisionArguments> decisionArguments(const QCommandLineParser &parser,
                                                   const QString &command, QString &usageError);

// Text: the summary, the revision and its approvals. JSON: the outcome.
int printOutcome(CliContext &context, const ReviewOutcome &outcome);
// One line on stderr (exit 1); with --json also one document on stdout with
// the refusal (so a caller keeps the reason it typed) and the common error.
int printRefusal(CliContext &context, const Refusal &refusal);
void printApprovals(QTextStream &out, const QList<ReviewRecord> &approvals);

// Resolves the actor and runs the action with a workflow on the database.
using Action = std::function<Refusable<ReviewOutcome>(ReviewWorkflow &, const Actor &)>;
int run(CliContext &context, const Action &action);

} // namespace cw::cli::review
