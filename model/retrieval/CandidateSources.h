#pragma once

#include "CandidateLoader.h"
#include "RetrievalHit.h"

namespace cw {
class Database;
}

namespace cw::inline retrieval {

class TermCounts;

// Stages 2-5 of the engine: the SQL that generates candidates. Every case
// query carries the principal's scope inside its WHERE clause, so rows
// outside scope never reach counting, scoring or excerpts (invariant 7).
// Lists are bound as JSON arrays (json_each), never spliced into SQL.
class CandidateSources
{
public:
    CandidateSources(const Database &db, const EffectiveRequest &request, TermCounts &termCounts);

    // Stage 2: live case registry + explicit refs + experience from the case.
    Status exact(QList<ExactMatch> &matches, HitMap &hits);
    // Stage 3 (Mode A): shared symptom tags / tags on the published revision.
    Status fields(HitMap &hits);
    // Stage 4 (Mode B): FTS5 with bm25 over the projection.
    Status content(HitMap &hits);
    // Stage 5 (Mode C): related_to outbound and inbound, depth 1, from seeds.
    Status crossReferences(HitMap &hits, int seeds);

    // What the content stage left out or narrowed to stay within its bound
    // (see ContentPlan), in words for the result's notes.
    const QStringList &contentNotes() const { return m_contentNotes; }
    // The content stage's FTS5 MATCH expression (empty when it did not search
    // the index), for excerpts of the candidates that are kept.
    const QString &contentMatch() const { return m_contentMatch; }

private:
    Status sourceIdentity(QList<ExactMatch> &matches);
    Status currentCase(QList<ExactMatch> &matches, HitMap &hits);
    Status explicitRefs(HitMap &hits);
    Status rejectedRoutes(HitMap &hits);
    Result<RetrievalHit *> addProjected(HitMap &hits, const QString &ref);
    Result<RetrievalHit *> addCanonical(HitMap &hits, const QString &ref, int revision);
    bool admits(const RetrievalHit &hit) const;

    const Database &m_db;
    const EffectiveRequest &m_request;
    TermCounts &m_termCounts;
    CandidateLoader m_loader;
    QStringList m_contentNotes;
    QString m_contentMatch;
};

} // namespace cw::inline retrieval
