#pragma once

// Another person at another desk. curation-cli takes the real principal from
// the OS login, and a test runs under one login: every decision a test takes
// through the CLI is the login's own (the demo admin's, acting --as someone).
// Two sign-offs must come from two real people (DESIGN.md invariant 3), so
// the other person's decision is taken here, in this process, through the
// same ReviewWorkflow the CLI runs, by that principal as itself.

#include "Clock.h"
#include "Database.h"
#include "IdentityStore.h"
#include "ReviewWorkflow.h"

namespace cw::test {

// action: approve, reject or return.
inline Refusable<ReviewOutcome> decideAsItself(const QString &databasePath,
                                               const QString &principal, const QString &action,
                                               const QString &proposal, int version,
                                               const QString &reason)
{
    auto db = Database::open(databasePath, Database::Mode::OpenExisting);
    if (!db)
        return Refusal{Refusal::Failed, db.error(), {}};
    auto person = IdentityStore(**db).principal(principal);
    if (!person || !*person)
        return Refusal{Refusal::NotFound, QStringLiteral("no principal %1").arg(principal), {}};
    const Actor itself{**person, **person};
    const Clock clock;
    ReviewWorkflow workflow(**db, clock);
    if (action == QLatin1String("approve"))
        return workflow.approve(itself, proposal, version, reason);
    if (action == QLatin1String("reject"))
        return workflow.reject(itself, proposal, version, reason);
    return workflow.returnProposal(itself, proposal, version, reason);
}

} // namespace cw::test
