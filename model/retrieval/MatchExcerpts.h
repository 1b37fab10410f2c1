#pragma once

#include "ContentSearch.h"
#include "Result.h"
#include "RetrievalHit.h"

#include <QHash>

namespace cw::inline retrieval {

// A candidate the content stage found in the projection shows the words it
// matched in place of the start of its text (FTS5's snippet, a server's
// ts_headline). readAhead() makes the excerpts of the candidates the pack
// completes first, the first `limit` distinct ones, together (one statement
// on a server, where each is a round trip); complete() fills a candidate
// in, reading its excerpt alone only when the pack went past them (some
// were over the token budget).
class MatchExcerpts
{
public:
    // match: the content plan's MATCH expression; empty when the content
    // stage did not run or matched nothing.
    MatchExcerpts(const ContentSearch &search, QString match, const HitMap &hits);

    Status readAhead(const QList<Candidate> &ranked, int limit);
    Status complete(Candidate &candidate);

private:
    bool showsMatch(const Candidate &candidate) const;

    const ContentSearch &m_search;
    const QString m_match;
    const HitMap &m_hits;
    QHash<QString, QString> m_excerpts; // by ref; empty: the record does not match
};

} // namespace cw::inline retrieval
