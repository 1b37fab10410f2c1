#include "ReviewQueue.h"

#include "ProposalStore.h"

namespace cw::inline review {

using namespace Qt::StringLiterals;

namespace {

Refusal failed(const QString &message)
{
    return Refusal{Refusal::Failed, message, {}};
}

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
        return failed(rows.error());
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
        return failed(total.error());
    return *total;
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
