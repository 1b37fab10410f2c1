#include "ReviewQueue.h"

#include "ProposalStore.h"
#include "ReviewTurns.h"
#include "Vocabulary.h"

#include <limits>

namespace cw::inline review {

using namespace Qt::StringLiterals;

namespace {

} // namespace

ReviewQueue::ReviewQueue(const Database &db, std::optional<Actor> actor)
    : m_db(db)
{
    if (actor)
        m_access.emplace(db, std::move(*actor));
}

std::optional<Refusal> ReviewQueue::checkFilter(const ProposalFilter &filter) const
{
    if (filter.tenant.isEmpty())
        return std::nullopt;
    if (!m_access)
        return Refusal{Refusal::Forbidden,
                       u"no principal is mapped to this login; a tenant filter is for the "
                       "tenant's own principals"_s,
                       {}};
    return m_access->mayFilterByTenant(filter.tenant);
}

Refusable<QList<ProposalSummary>> ReviewQueue::page(const ProposalFilter &filter,
                                                    const ProposalPageKey *after, int limit) const
{
    if (auto no = checkFilter(filter))
        return *no;
    auto rows = ProposalStore(m_db).list(filter, after, limit);
    if (!rows)
        return Refusal::failed(rows.error());
    for (ProposalSummary &row : *rows)
        redact(row);
    return *rows;
}

Refusable<std::int64_t> ReviewQueue::count(const ProposalFilter &filter) const
{
    if (auto no = checkFilter(filter))
        return *no;
    auto total = ProposalStore(m_db).count(filter);
    if (!total)
        return Refusal::failed(total.error());
    return *total;
}

Refusable<QList<ProposalSummary>>
ReviewQueue::myTurnPage(const ProposalFilter &filter, const ProposalPageKey *after, int limit) const
{
    if (auto no = checkFilter(filter))
        return *no;
    QList<ProposalSummary> mine;
    if (!m_access)
        return mine; // nobody's turn is a principal nobody is mapped to
    const ReviewTurns turns(m_db, m_access->actor());
    constexpr int Scan = 500;
    std::optional<ProposalPageKey> from = after ? std::optional(*after) : std::nullopt;
    while (mine.size() < limit) {
        auto rows = ProposalStore(m_db).list(filter, from ? &*from : nullptr, Scan);
        if (!rows)
            return Refusal::failed(rows.error());
        for (ProposalSummary &row : *rows) {
            auto waiting = turns.waitingFor(row.id);
            if (!waiting)
                return Refusal::failed(waiting.error());
            if (!waiting->you)
                continue;
            redact(row);
            mine.append(row);
            if (mine.size() == limit)
                break;
        }
        if (rows->size() < Scan)
            break;
        from = rows->last().pageKey(filter.sort);
    }
    return mine;
}

// Only the open statuses are read (the proposals_by_status index finds
// them): on a queue of mostly published and rejected proposals the count
// costs what the open ones cost, not what the whole history does. Each
// status is walked like myTurnPage walks the filter, so the two agree.
Refusable<std::int64_t> ReviewQueue::myTurnCount(const ProposalFilter &filter) const
{
    if (auto no = checkFilter(filter))
        return *no;
    std::int64_t mine = 0;
    for (const ProposalStatus status : ReviewTurns::openStatuses()) {
        if (!filter.status.isEmpty() && filter.status != name(status))
            continue;
        ProposalFilter open = filter;
        open.status = name(status);
        auto rows = myTurnPage(open, nullptr, std::numeric_limits<int>::max());
        if (!rows)
            return rows.refusal();
        mine += std::int64_t(rows->size());
    }
    return mine;
}

void ReviewQueue::redact(ProposalSummary &row) const
{
    if (row.caseKey.isEmpty())
        return;
    const auto key = CaseKey::parse(row.caseKey);
    const bool visible = m_access && key && m_access->mayReadCase(*key);
    if (!visible) {
        row.caseKey.clear();
        row.caseRedacted = true;
    }
}

} // namespace cw::inline review
