#pragma once

#include "CandidateLoader.h"
#include "RetrievalHit.h"

namespace cw {

class Database;

// Stages 2-5 of the engine: the SQL that generates candidates. Every case
// query carries the principal's scope inside its WHERE clause, so rows
// outside scope never reach counting, scoring or excerpts (invariant 7).
// Lists are bound as JSON arrays (json_each), never spliced into SQL.
class CandidateSources
{
public:
    CandidateSources(const Database &db, const EffectiveRequest &request);

    // Stage 2: live case registry + explicit refs + experience from the case.
    Status exact(QList<ExactMatch> &matches, HitMap &hits);
    // Stage 3 (Mode A): shared symptom tags / tags on the published revision.
    Status fields(HitMap &hits);
    // Stage 4 (Mode B): FTS5 with bm25 over the projection.
    Status content(HitMap &hits);
    // Stage 5 (Mode C): related_to outbound and inbound, depth 1, from seeds.
    Status crossReferences(HitMap &hits, int seeds);

    // The full-text query for request text: each word quoted, ORed; nothing
    // of the text is ever FTS syntax.
    static QString ftsQuery(const QString &text);
    // Request words left out of the content search because too many records
    // contain them to tell any apart.
    const QStringList &commonTerms() const { return m_commonTerms; }

private:
    Status sourceIdentity(QList<ExactMatch> &matches);
    Status currentCase(QList<ExactMatch> &matches, HitMap &hits);
    Status explicitRefs(HitMap &hits);
    Status rejectedRoutes(HitMap &hits);
    Result<QString> selectiveQuery(const QString &text);
    Result<RetrievalHit *> addProjected(HitMap &hits, const QString &ref);
    Result<RetrievalHit *> addCanonical(HitMap &hits, const QString &ref, int revision);
    bool admits(const RetrievalHit &hit) const;

    const Database &m_db;
    const EffectiveRequest &m_request;
    CandidateLoader m_loader;
    QStringList m_commonTerms;
};

} // namespace cw
