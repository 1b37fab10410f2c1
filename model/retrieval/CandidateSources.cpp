#include "CandidateSources.h"

#include "ContentSearch.h"
#include "Database.h"
#include "Vocabulary.h"

#include <algorithm>

namespace cw::inline retrieval {

using namespace Qt::StringLiterals;

namespace {

// Scope of case rows, derived from the principal (bound as ?1).
constexpr const char *CaseScope =
    "(c.tenant IN (SELECT tenant FROM principal_tenants WHERE principal = ?1) "
    "OR c.id IN (SELECT case_id FROM grants WHERE principal = ?1))";

QByteArray scoped(const char *sql)
{
    return QByteArray(sql).replace("$SCOPE", CaseScope);
}

// The request's symptom tags (?1) and tags (?2) as (kind, tag) rows: joined to
// the tag index, each is one range of a covering index. Written as an OR of
// the two, SQLite would fetch every matching tag row from the table by rowid.
#define WantedTags                                                                                 \
    "WITH wanted(kind, tag) AS (SELECT 'symptom', value FROM json_each(?1) "                       \
    "UNION SELECT 'tag', value FROM json_each(?2)) "

} // namespace

QStringList EffectiveRequest::statuses() const
{
    QStringList list{name(RevisionState::Active)};
    if (strategy.includeRejectedRoutes)
        list.append(name(RevisionState::Rejected));
    return list;
}

CandidateSources::CandidateSources(const Database &db, const EffectiveRequest &request,
                                   TermCounts &termCounts)
    : m_db(db)
    , m_request(request)
    , m_termCounts(termCounts)
    , m_loader(db)
{
}

bool CandidateSources::admits(const RetrievalHit &hit) const
{
    const Candidate &c = hit.candidate;
    if (!m_request.strategy.kinds.contains(c.kind))
        return false;
    if (!m_request.domain.isEmpty() && c.domain != m_request.domain)
        return false;
    return m_request.statuses().contains(c.status) || (!hit.fromProjection && m_request.asOf);
}

namespace {

// The loaded hit joins the map unless its ref@revision is there already;
// either way the caller gets the entry to annotate.
Result<RetrievalHit *> merge(HitMap &hits, Result<std::optional<RetrievalHit>> loaded)
{
    if (!loaded)
        return fail(loaded.error());
    if (!*loaded)
        return static_cast<RetrievalHit *>(nullptr);
    const QString key = (*loaded)->key();
    auto it = hits.find(key);
    if (it == hits.end())
        it = hits.insert(key, std::move(**loaded));
    return &*it;
}

} // namespace

Result<RetrievalHit *> CandidateSources::addProjected(HitMap &hits, const QString &ref)
{
    return merge(hits, m_loader.fromProjection(ref));
}

Result<RetrievalHit *> CandidateSources::addCanonical(HitMap &hits, const QString &ref,
                                                      int revision)
{
    return merge(hits, m_loader.fromCanonical(ref, revision));
}

Status CandidateSources::exact(QList<ExactMatch> &matches, HitMap &hits)
{
    if (auto done = sourceIdentity(matches); !done)
        return done;
    if (auto done = currentCase(matches, hits); !done)
        return done;
    return explicitRefs(hits);
}

Status CandidateSources::sourceIdentity(QList<ExactMatch> &matches)
{
    const QStringList parts = m_request.request.source.split(u'/');
    if (m_request.request.source.isEmpty() || parts.size() < 2)
        return {};
    const QString revision = parts.size() > 2 ? parts[2] : QString();
    Statement s = m_db.prepare(
        scoped("SELECT c.tenant || '/' || c.source_system || '/' || c.source_request, "
               "c.status, c.title, c.latest_revision, "
               "(SELECT count(*) FROM arrivals a WHERE a.case_id = c.id AND "
               "a.source_revision = ?4), "
               "(SELECT min(received_at) FROM arrivals a WHERE a.case_id = c.id AND "
               "a.source_revision = ?4) "
               "FROM cases c WHERE c.source_system = ?2 AND c.source_request = ?3 AND $SCOPE "
               "ORDER BY c.tenant")
            .constData());
    s.bind(1, m_request.principal).bind(2, parts[0]).bind(3, parts[1]).bind(4, revision);
    return s.forEachRow([&] {
        const qint64 deliveries = s.int64(4);
        ExactMatch m{deliveries > 0 ? u"duplicate-delivery"_s : u"same-request"_s,
                     s.text(0),
                     s.text(1),
                     s.text(2),
                     {}};
        m.why = deliveries > 0
                    ? u"same source system, request and revision (delivered %1 time(s) since %2)"_s
                          .arg(deliveries)
                          .arg(s.text(5))
                    : u"same source system and request; revision %1 is new (latest known %2)"_s.arg(
                          revision.isEmpty() ? u"?"_s : revision, s.text(3));
        matches.append(m);
    });
}

Status CandidateSources::currentCase(QList<ExactMatch> &matches, HitMap &hits)
{
    if (!m_request.caseId)
        return {};
    // Related work on the same object, within scope: live state, not the projection.
    Statement related = m_db.prepare(
        scoped(
            "SELECT c.tenant || '/' || c.source_system || '/' || c.source_request, c.status, "
            "c.title, "
            "c.object FROM cases c JOIN cases me ON me.id = ?2 WHERE c.id != me.id AND "
            "c.tenant = me.tenant AND c.object = me.object AND $SCOPE ORDER BY c.opened_at, c.id "
            "LIMIT 20")
            .constData());
    related.bind(1, m_request.principal).bind(2, *m_request.caseId);
    if (auto done = related.forEachRow([&] {
            const QString status = related.text(1);
            const std::optional<CaseStatus> known = parse<CaseStatus>(status);
            const bool open = known == CaseStatus::Open || known == CaseStatus::Waiting;
            matches.append({open ? u"related-open-work"_s : u"related-completed-work"_s,
                            related.text(0), status, related.text(2),
                            u"same object %1 (%2)"_s.arg(related.text(3), status)});
        });
        !done)
        return fail(done.error());
    // Experience written from this very case.
    Statement experience = m_db.prepare(
        "SELECT a.ref, r.revision FROM revisions r JOIN articles a ON a.id = r.article_id "
        "WHERE r.source_case_id = ?1 AND r.state IN ('active', 'rejected') ORDER BY a.ref");
    experience.bind(1, *m_request.caseId);
    QList<std::pair<QString, int>> found;
    if (auto done = experience.forEachRow([&] {
            found.append({experience.text(0), experience.integer(1)});
        });
        !done)
        return fail(done.error());
    for (const auto &[ref, revision] : found) {
        auto hit = addCanonical(hits, ref, revision);
        if (!hit)
            return fail(hit.error());
        if (*hit && admits(**hit)) {
            (*hit)->exact = true;
            (*hit)->generatedBy(u"exact"_s);
            (*hit)->note(u"exact"_s, u"written from the current case"_s);
            (*hit)->reasons.append(u"from this very case"_s);
        } else if (*hit) {
            hits.remove((*hit)->key());
        }
    }
    return {};
}

Status CandidateSources::explicitRefs(HitMap &hits)
{
    if (!m_request.asOf) {
        if (auto read = m_loader.prefetchProjected(m_request.request.refs); !read)
            return read;
    }
    for (const QString &ref : m_request.request.refs) {
        auto hit = m_request.asOf ? Result<RetrievalHit *>(static_cast<RetrievalHit *>(nullptr))
                                  : addProjected(hits, ref);
        if (!hit)
            return fail(hit.error());
        if (!*hit)
            continue;
        (*hit)->exact = true;
        (*hit)->generatedBy(u"exact"_s);
        (*hit)->note(u"exact"_s, u"named explicitly in the request"_s);
        (*hit)->reasons.append(u"named in the request"_s);
    }
    return {};
}

Status CandidateSources::fields(HitMap &hits)
{
    if (m_request.symptoms.isEmpty() && m_request.tags.isEmpty())
        return {};
    // From the tag index to the published revision (or, as of a time, to the
    // revision that was current then). The compact projection_keys rows say
    // what is published, without reading revisions or projection. Status
    // and kind compared as expressions (|| '') stay out of the index search:
    // with them in it, SQLite searched once per status and kind for every
    // tagged revision (8 searches for one, at 2 statuses and 4 kinds), where
    // one search by revision finds its one row. PostgreSQL's planner needs
    // the opposite: it has no statistics on an expression, guessed that
    // almost no projected row passes, and read every row of the domain
    // first (150 ms at 1,000,000 cases, against 2 ms from the tags).
#define FieldsProjected(status, kind)                                                              \
    WantedTags "SELECT k.ref, k.revision, count(*) FILTER (WHERE t.kind = 'symptom'), "            \
               "count(*) FILTER (WHERE t.kind = 'tag') "                                           \
               "FROM wanted w JOIN revision_tags t ON t.kind = w.kind AND t.tag = w.tag "          \
               "JOIN projection_keys k ON k.revision_id = t.revision_id "                          \
               "WHERE " status " IN (SELECT value FROM json_each(?3)) "                            \
               "AND " kind " IN (SELECT value FROM json_each(?4)) AND (?5 = '' OR k.domain = ?5) " \
               "GROUP BY k.ref, k.revision ORDER BY 3 DESC, 4 DESC, k.ref LIMIT 40"
    const char *projected = m_db.isServer() ? FieldsProjected("k.status", "k.kind")
                                            : FieldsProjected("(k.status || '')", "(k.kind || '')");
#undef FieldsProjected
    const char *asOf = WantedTags
        "SELECT a.ref, r.revision, count(*) FILTER (WHERE t.kind = 'symptom'), count(*) FILTER "
        "(WHERE t.kind = 'tag') "
        "FROM wanted w JOIN revision_tags t ON t.kind = w.kind AND t.tag = w.tag "
        "JOIN revisions r ON r.id = t.revision_id JOIN articles a ON a.id = r.article_id "
        "WHERE r.valid_from <= ?6 AND (r.valid_to IS NULL OR r.valid_to > ?6) "
        "AND r.state IN ('active', 'superseded', 'retired') "
        "AND a.kind IN (SELECT value FROM json_each(?4)) AND (?5 = '' OR a.domain = ?5) "
        "AND CAST(?3 AS TEXT) IS NOT NULL GROUP BY a.ref, r.revision ORDER BY 3 DESC, 4 DESC, "
        "a.ref LIMIT 40";
    Statement s = m_db.prepare(m_request.asOf ? asOf : projected);
    s.bindList(1, m_request.symptoms).bindList(2, m_request.tags);
    s.bindList(3, m_request.statuses()).bindList(4, m_request.strategy.kinds);
    s.bind(5, m_request.domain.isNull() ? u""_s : m_request.domain);
    if (m_request.asOf)
        s.bind(6, m_request.asOfText);
    struct Row
    {
        QString ref;
        int revision;
        int symptoms;
        int tags;
    };
    QList<Row> rows;
    if (auto done = s.forEachRow([&] {
            rows.append({s.text(0), s.integer(1), s.integer(2), s.integer(3)});
        });
        !done)
        return fail(done.error());
    if (!m_request.asOf) {
        QStringList refs;
        for (const Row &r : std::as_const(rows))
            refs.append(r.ref);
        if (auto read = m_loader.prefetchProjected(refs); !read)
            return read;
    }
    for (const Row &r : rows) {
        auto hit =
            m_request.asOf ? addCanonical(hits, r.ref, r.revision) : addProjected(hits, r.ref);
        if (!hit)
            return fail(hit.error());
        if (!*hit)
            continue;
        RetrievalHit &h = **hit;
        h.field = true;
        h.sharedSymptoms = r.symptoms;
        h.sharedTags = r.tags;
        h.generatedBy(u"fields"_s);
        h.note(u"fields"_s,
               u"shares %1 symptom tag(s) and %2 tag(s) with the request"_s.arg(r.symptoms)
                   .arg(r.tags));
    }
    if (m_request.strategy.includeRejectedRoutes && !m_request.asOf)
        return rejectedRoutes(hits);
    return {};
}

// Rejected proposals are never published, but a rejected route still
// informs classification: found canonically, always labelled. The rejected
// revisions are few next to the rows of a common tag: the tag index is
// searched for each of them (kind, tag, revision_id), instead of reading the
// revision row of every tagged record to see whether it was rejected.
Status CandidateSources::rejectedRoutes(HitMap &hits)
{
    Statement s = m_db.prepare(
        WantedTags
        "SELECT a.ref, r.revision, count(*) FILTER (WHERE t.kind = 'symptom'), count(*) FILTER "
        "(WHERE t.kind = 'tag') "
        "FROM wanted w JOIN revision_tags t ON t.kind = w.kind AND t.tag = w.tag "
        "JOIN revisions r ON r.id = t.revision_id JOIN articles a ON a.id = r.article_id "
        "WHERE t.revision_id IN (SELECT id FROM revisions WHERE state = 'rejected') "
        "AND a.kind IN (SELECT value FROM json_each(?3)) AND (?4 = '' OR a.domain = ?4) "
        "GROUP BY a.ref, r.revision ORDER BY 3 DESC, 4 DESC, a.ref LIMIT 50");
    s.bindList(1, m_request.symptoms).bindList(2, m_request.tags);
    s.bindList(3, m_request.strategy.kinds);
    s.bind(4, m_request.domain.isNull() ? u""_s : m_request.domain);
    QList<std::tuple<QString, int, int, int>> rows;
    if (auto done = s.forEachRow([&] {
            rows.append({s.text(0), s.integer(1), s.integer(2), s.integer(3)});
        });
        !done)
        return fail(done.error());
    for (const auto &[ref, revision, symptoms, tags] : rows) {
        auto hit = addCanonical(hits, ref, revision);
        if (!hit)
            return fail(hit.error());
        if (!*hit)
            continue;
        RetrievalHit &h = **hit;
        h.candidate.status = name(RevisionState::Rejected);
        h.candidate.reviewState = name(RevisionState::Rejected);
        h.field = true;
        h.sharedSymptoms = symptoms;
        h.sharedTags = tags;
        h.generatedBy(u"fields"_s);
        h.note(
            u"fields"_s,
            u"rejected route found canonically; shares %1 symptom tag(s), %2 tag(s)"_s.arg(symptoms)
                .arg(tags));
    }
    return {};
}

Status CandidateSources::content(HitMap &hits)
{
    const ContentSearch search(m_db, m_termCounts);
    const ContentFilter filter{m_request.statuses(), m_request.strategy.kinds, m_request.domain};
    auto answer = m_request.asOf ? search.asOf(m_request.request.text, m_request.asOfText, filter)
                                 : search.current(m_request.request.text, filter);
    if (!answer)
        return fail(answer.error());
    m_contentNotes = answer->plan.notes();
    if (!m_request.asOf) {
        m_contentMatch = answer->plan.match;
        QStringList refs;
        for (const ContentMatch &match : std::as_const(answer->matches))
            refs.append(match.ref);
        if (auto read = m_loader.prefetchProjected(refs); !read)
            return read;
    }
    for (const ContentMatch &match : std::as_const(answer->matches)) {
        auto hit = m_request.asOf ? addCanonical(hits, match.ref, match.revision)
                                  : addProjected(hits, match.ref);
        if (!hit)
            return fail(hit.error());
        if (!*hit)
            continue;
        RetrievalHit &h = **hit;
        h.content = true;
        h.bm25 = match.score;
        h.generatedBy(u"content"_s);
        h.note(u"content"_s,
               m_request.asOf
                   ? u"as of %1: %2 request word(s) in the text"_s.arg(m_request.asOfText)
                         .arg(-match.score)
                   : u"full-text match, bm25 %1"_s.arg(match.score, 0, 'f', 2));
    }
    return {};
}

Status CandidateSources::crossReferences(HitMap &hits, int seeds)
{
    if (m_request.asOf)
        return {};
    // Seeds are the strongest current hits — named or from the case first,
    // then field matches by shared tags, then text matches by bm25 — not the
    // first refs in key order (an explicitly named ref must always seed).
    QList<const RetrievalHit *> ordered;
    for (const RetrievalHit &hit : std::as_const(hits)) {
        if (hit.fromProjection &&
            parse<RevisionState>(hit.candidate.status) == RevisionState::Active)
            ordered.append(&hit);
    }
    std::stable_sort(ordered.begin(), ordered.end(),
                     [](const RetrievalHit *a, const RetrievalHit *b) {
                         const int tierA = a->exact ? 0 : a->field ? 1 : 2;
                         const int tierB = b->exact ? 0 : b->field ? 1 : 2;
                         if (tierA != tierB)
                             return tierA < tierB;
                         const int sharedA = a->sharedSymptoms + a->sharedTags;
                         const int sharedB = b->sharedSymptoms + b->sharedTags;
                         if (sharedA != sharedB)
                             return sharedA > sharedB;
                         return a->bm25 < b->bm25; // negative, lower is better; stable on ties
                     });
    QStringList seedRefs;
    for (const RetrievalHit *hit : std::as_const(ordered)) {
        if (seedRefs.size() >= seeds)
            break;
        seedRefs.append(hit->candidate.ref);
    }
    if (seedRefs.isEmpty())
        return {};
    // Outbound: the seeds' own related_to. Inbound: published revisions that
    // list a seed in their related_to. Depth 1, never further.
    Statement s = m_db.prepare(
        "SELECT value, p.ref, 'outbound' FROM projection p, json_each(p.related_to) "
        "WHERE p.ref IN (SELECT value FROM json_each(?1)) "
        "UNION SELECT l.target_ref, a.ref, 'inbound' FROM revision_links l "
        "JOIN revisions r ON r.id = l.revision_id JOIN articles a ON a.id = r.article_id "
        "JOIN projection p ON p.ref = a.ref AND p.revision = r.revision "
        "WHERE l.kind = 'related_to' AND l.target_ref IN (SELECT value FROM json_each(?1)) "
        "ORDER BY 1, 2");
    s.bindList(1, seedRefs);
    QList<std::tuple<QString, QString, QString>> links; // (target/seed, ref, direction)
    if (auto done = s.forEachRow([&] { links.append({s.text(0), s.text(1), s.text(2)}); }); !done)
        return fail(done.error());
    QStringList linked;
    for (const auto &[first, second, direction] : std::as_const(links)) {
        const QString &ref = direction == u"outbound"_s ? first : second;
        if (!seedRefs.contains(ref))
            linked.append(ref);
    }
    if (auto read = m_loader.prefetchProjected(linked); !read)
        return read;
    for (const auto &[first, second, direction] : links) {
        const bool outbound = direction == u"outbound"_s;
        const QString ref = outbound ? first : second;
        const QString seed = outbound ? second : first;
        if (seedRefs.contains(ref))
            continue;
        auto hit = addProjected(hits, ref);
        if (!hit)
            return fail(hit.error());
        if (!*hit)
            continue;
        if (!admits(**hit)) {
            if (!(*hit)->exact && !(*hit)->field && !(*hit)->content)
                hits.remove((*hit)->key());
            continue;
        }
        (*hit)->crossReference = true;
        (*hit)->generatedBy(u"cross-reference"_s);
        (*hit)->note(u"cross-reference"_s, outbound ? u"%1 lists it in related_to"_s.arg(seed)
                                                    : u"it lists %1 in related_to"_s.arg(seed));
    }
    return {};
}

} // namespace cw::inline retrieval
