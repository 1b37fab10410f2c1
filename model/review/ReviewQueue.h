#pragma once

#include "Access.h"
#include "ProposalRecords.h"
#include "ReviewTypes.h"

#include <optional>

namespace cw {
class Database;
}

namespace cw::inline review {

// The review queue as the acting principal sees it, for every front end:
// the workbench's queue, `curation-cli proposals`, and both exports (File ›
// Export and `curation-cli export queue`). Redaction is decided here, once:
// a case the principal may not read comes back with caseRedacted set and no
// handle. Without an actor (no principal mapped to the login) every case is
// redacted.
class ReviewQueue
{
public:
    ReviewQueue(const Database &db, std::optional<Actor> actor);

    // nullopt when the filter is allowed: a tenant filter only for the
    // principal's own tenants (Access::mayFilterByTenant).
    std::optional<Refusal> checkFilter(const ProposalFilter &filter) const;
    // At most limit rows in the filter's order, after `after` when given.
    Refusable<QList<ProposalSummary>> page(const ProposalFilter &filter,
                                           const ProposalPageKey *after, int limit) const;
    Refusable<std::int64_t> count(const ProposalFilter &filter) const;

    // "My turn": only the rows whose turn is the acting principal's
    // (ReviewTurns), in the filter's order. It reads the filter's rows page by
    // page until it has `limit` of them or none are left, so its cost grows
    // with the rows the filter matches; narrow the filter on a large queue.
    Refusable<QList<ProposalSummary>> myTurnPage(const ProposalFilter &filter,
                                                 const ProposalPageKey *after, int limit) const;
    // How many rows myTurnPage would list, reading only the proposals in
    // ReviewTurns::openStatuses(). Off the GUI thread: it reads rows.
    Refusable<std::int64_t> myTurnCount(const ProposalFilter &filter) const;

private:
    void redact(ProposalSummary &row) const;

    const Database &m_db;
    std::optional<Access> m_access; // none: no principal, everything redacted
};

} // namespace cw::inline review
