#include "CandidateLoader.h"

#include "Database.h"
#include "Vocabulary.h"

namespace cw::inline retrieval {

namespace {

QString excerptOf(const QString &synopsis, const QString &body)
{
    // A short, unmodified cut of the record's own text.
    const QString source = synopsis.isEmpty() ? body : synopsis;
    if (source.size() <= 240)
        return source;
    return source.left(240) + QStringLiteral("…");
}

} // namespace

// A published row as a hit: the projection row and the revision it holds.
#define ProjectedHits(where)                                                                       \
    "SELECT p.ref, p.revision, p.kind, p.domain, p.owner, p.status, p.title, p.synopsis, "         \
    "p.body, p.route, p.outcome, p.proof_level, p.limits, p.product, p.product_versions, "         \
    "p.effort_active_hours, p.effort_waiting_hours, p.tags, p.symptom_tags, p.related_to, "        \
    "p.source_case_id, k.revision_id, "                                                            \
    "EXISTS (SELECT 1 FROM proposals x WHERE x.revision_id = k.revision_id) "                      \
    "FROM projection p JOIN projection_keys k ON k.id = p.rowid "                                  \
    "WHERE " where " AND k.revision_id IS NOT NULL"

CandidateLoader::CandidateLoader(const Database &db)
    : m_db(db)
    , m_projected(db.prepare(ProjectedHits("p.ref = ?1")))
    , m_projectedMany(db.prepare(ProjectedHits("p.ref IN (SELECT value FROM json_each(?1))")))
    , m_canonical(db.prepare(
          "SELECT a.ref, r.revision, a.kind, a.domain, a.owner, r.state, r.title, r.synopsis, "
          "r.body, r.route, r.outcome, r.proof_level, r.limits, r.product, r.product_versions, "
          "r.effort_active_hours, r.effort_waiting_hours, '[]', '[]', '[]', r.source_case_id, "
          "r.id, EXISTS (SELECT 1 FROM proposals x WHERE x.revision_id = r.id) "
          "FROM revisions r JOIN articles a ON a.id = r.article_id "
          "WHERE a.ref = ?1 AND r.revision = ?2"))
    , m_lists(db.prepare("SELECT 'tag:' || kind, tag FROM revision_tags WHERE revision_id = ?1 "
                         "UNION ALL SELECT 'link:' || kind, target_ref FROM revision_links "
                         "WHERE revision_id = ?1 AND kind = 'related_to'"))
{
}

#undef ProjectedHits

static RetrievalHit readHit(const Statement &s)
{
    RetrievalHit hit;
    Candidate &c = hit.candidate;
    c.ref = s.text(0);
    c.revision = s.integer(1);
    c.kind = s.text(2);
    c.domain = s.text(3);
    c.owner = s.text(4);
    c.status = s.text(5);
    c.title = s.text(6);
    c.excerpt = excerptOf(s.text(7), s.text(8));
    hit.route = s.text(9);
    c.outcome = s.text(10);
    c.proofLevel = s.text(11);
    c.limits = s.text(12);
    hit.product = s.text(13);
    hit.productVersions = s.text(14);
    c.effortActiveHours = s.optionalReal(15);
    c.effortWaitingHours = s.optionalReal(16);
    hit.tags = s.textList(17);
    hit.symptomTags = s.textList(18);
    hit.relatedTo = s.textList(19);
    hit.sourceCaseId = s.optionalInt64(20);
    hit.revisionId = s.int64(21);
    const bool reviewed = s.int64(22) != 0;
    c.reviewState = parse<RevisionState>(c.status) == RevisionState::Rejected
                        ? QString(name(RevisionState::Rejected))
                    : reviewed ? QString(name(RevisionState::Approved))
                               : QStringLiteral("imported"); // no review: not a revision state
    return hit;
}

Status CandidateLoader::prefetchProjected(const QStringList &refs)
{
    if (refs.isEmpty())
        return {};
    for (const QString &ref : refs)
        m_prefetched.insert(ref, std::nullopt);
    m_projectedMany.bindList(1, refs);
    auto done = m_projectedMany.forEachRow([this] {
        RetrievalHit hit = readHit(m_projectedMany);
        const QString ref = hit.candidate.ref;
        m_prefetched.insert(ref, std::move(hit));
    });
    m_projectedMany.reset();
    return done;
}

Result<std::optional<RetrievalHit>> CandidateLoader::fromProjection(const QString &ref)
{
    if (auto it = m_prefetched.find(ref); it != m_prefetched.end()) {
        std::optional<RetrievalHit> hit = std::move(*it);
        m_prefetched.erase(it);
        return hit;
    }
    m_projected.bind(1, ref);
    auto row = m_projected.step();
    if (!row)
        return fail(row.error());
    std::optional<RetrievalHit> hit;
    if (*row)
        hit = readHit(m_projected);
    m_projected.reset();
    return hit;
}

Result<std::optional<RetrievalHit>> CandidateLoader::fromCanonical(const QString &ref, int revision)
{
    m_canonical.bind(1, ref).bind(2, revision);
    auto row = m_canonical.step();
    if (!row)
        return fail(row.error());
    if (!*row) {
        m_canonical.reset();
        return std::optional<RetrievalHit>();
    }
    RetrievalHit hit = readHit(m_canonical);
    m_canonical.reset();
    hit.fromProjection = false;
    m_lists.bind(1, hit.revisionId);
    for (;;) {
        auto next = m_lists.step();
        if (!next)
            return fail(next.error());
        if (!*next)
            break;
        const QString kind = m_lists.text(0);
        (kind == QLatin1String("tag:tag")       ? hit.tags
         : kind == QLatin1String("tag:symptom") ? hit.symptomTags
                                                : hit.relatedTo)
            .append(m_lists.text(1));
    }
    m_lists.reset();
    return std::optional(std::move(hit));
}

} // namespace cw::inline retrieval
