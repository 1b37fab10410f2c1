#pragma once

#include "EvalRun.h"
#include "Identity.h"
#include "QuerySet.h"
#include "Retrieval.h"
#include "ReviewTypes.h"

#include <QStringList>

#include <functional>

namespace cw {
class Database;
}
namespace cw::inline common {
class Clock;
}

namespace cw::inline evaluation {

// Runs a query set through the real retrieval engine and scores it
// (INTERFACES.md §8): each query as its principal, one engine on one
// connection for the whole run (no per-query set-up), no memory-use record
// written. Every run is stored with its signature.
class EvaluationRunner
{
public:
    // done of total queries (over all strategies); return false to cancel:
    // a cancelled run stores nothing.
    using Progress = std::function<bool(int done, int total)>;

    EvaluationRunner(const Database &db, const Clock &clock, Actor actor);

    // One run per strategy ("ID" or "ID@V"); none: one run with each
    // query's own strategy ("query-defaults"). Refused before any query runs
    // when the actor may not run a query as its principal (Access), a
    // principal or strategy does not exist, or a query has no strategy.
    Refusable<QList<EvalRun>> run(const QString &setId, const QStringList &strategies, int k,
                                  const Progress &progress = {});
    Refusable<QList<EvalRun>> run(const QuerySet &set, const QString &setHash,
                                  const QStringList &strategies, int k,
                                  const Progress &progress = {});

    // The engine's request for one query of a set with this strategy: what a
    // run sends, and what the workbench's drill-down opens in the query panel.
    static RetrievalRequest requestOf(const EvalQuery &query, const QString &strategy,
                                      const QString &setId);

private:
    const Database &m_db;
    const Clock &m_clock;
    Actor m_actor;
};

} // namespace cw::inline evaluation
