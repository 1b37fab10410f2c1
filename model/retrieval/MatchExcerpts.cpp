#include "MatchExcerpts.h"

#include <QSet>

namespace cw::inline retrieval {

MatchExcerpts::MatchExcerpts(const ContentSearch &search, QString match, const HitMap &hits)
    : m_search(search)
    , m_match(std::move(match))
    , m_hits(hits)
{
}

bool MatchExcerpts::showsMatch(const Candidate &candidate) const
{
    const auto hit = m_hits.constFind(candidate.ref + u'@' + QString::number(candidate.revision));
    return !m_match.isEmpty() && hit != m_hits.cend() && hit->content && hit->fromProjection;
}

Status MatchExcerpts::readAhead(const QList<Candidate> &ranked, int limit)
{
    // The pack completes candidates in rank order, skipping repeats, until
    // `limit` are kept: these are the ones it completes when none is over
    // the budget.
    QSet<QString> seen;
    QStringList refs;
    for (const Candidate &c : ranked) {
        if (seen.size() >= limit)
            break;
        const QString key = c.ref + u'@' + QString::number(c.revision);
        if (seen.contains(key))
            continue;
        seen.insert(key);
        if (showsMatch(c))
            refs.append(c.ref);
    }
    auto read = m_search.excerpts(m_match, refs);
    if (!read)
        return fail(read.error());
    m_excerpts = std::move(*read);
    return {};
}

Status MatchExcerpts::complete(Candidate &candidate)
{
    if (!showsMatch(candidate))
        return {};
    if (!m_excerpts.contains(candidate.ref)) {
        auto read = m_search.excerpts(m_match, {candidate.ref});
        if (!read)
            return fail(read.error());
        m_excerpts.insert(*read);
    }
    if (const QString excerpt = m_excerpts.value(candidate.ref); !excerpt.isEmpty())
        candidate.excerpt = excerpt;
    return {};
}

} // namespace cw::inline retrieval
