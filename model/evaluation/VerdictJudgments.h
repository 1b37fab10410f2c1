#pragma once

#include "Identity.h"
#include "QuerySet.h"
#include "Result.h"

namespace cw {
class Database;
}

namespace cw::inline evaluation {

// `eval from-verdicts` (INTERFACES.md §8): the analysts' everyday verdicts
// become a judged query set. Each recorded retrieval with verdicts becomes a
// query (its request, run as the principal it ran for, with its strategy
// version); its verdicts become judgments of (ref, revision): applies 2,
// needs-check 1, rejected 0 — the latest verdict on a revision counts.
// An admin's set covers everyone's retrievals, anyone else's only their own
// (Access::mayEvaluateVerdictsOf).
class VerdictJudgments
{
public:
    VerdictJudgments(const Database &db, Actor actor);

    // since: RFC 3339 (verdicts given at or after it), empty for all. The
    // set's id is `name` (default "verdicts").
    Result<QuerySet> build(const QString &since, const QString &name) const;

    static int gradeOf(const QString &verdict);

private:
    const Database &m_db;
    Actor m_actor;
};

} // namespace cw::inline evaluation
