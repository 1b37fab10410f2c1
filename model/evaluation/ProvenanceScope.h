#pragma once

#include "EvalRun.h"
#include "Identity.h"
#include "QuerySet.h"

namespace cw {
class Database;
}

namespace cw::inline evaluation {

// What a reader sees of whose retrievals a query set was built from (issue
// #36, item 7). A set made by `eval from-verdicts` holds other people's
// recorded requests: each such query's id names the memory use (mu-N,
// VerdictJudgments) and its `as` the principal it ran for. Whoever may
// evaluate that principal's verdicts (Access::mayEvaluateVerdictsOf: the
// principal, or an admin acting as itself) sees the query as built; anyone
// else sees it as query-N (its place in the set), running as
// HiddenPrincipal, which nobody may evaluate as, and a run of it without its
// principal, case keys or findings. A query a set's author wrote with an
// `as` is the author's choice, not someone's retrieval, and is shown as
// written. QuerySets::load and RunHistory apply it for their reader.
class ProvenanceScope
{
public:
    static constexpr auto HiddenPrincipal = "(another principal)";

    // No reader (a database without principals yet): every named principal
    // is hidden.
    ProvenanceScope(const Database &db, const Actor *reader);

    QuerySet seen(QuerySet set) const;
    EvalRun seen(EvalRun run) const;

private:
    bool hidden(const QString &queryId, const QString &principal) const;

    const Database &m_db;
    const Actor *m_reader;
};

} // namespace cw::inline evaluation
