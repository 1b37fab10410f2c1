#include "CandidateChecks.h"

#include "Access.h"
#include "CandidateLoader.h"
#include "Database.h"
#include "OutboxStore.h"
#include "VersionScope.h"
#include "Vocabulary.h"

#include <QHash>

namespace cw::inline retrieval {

using namespace Qt::StringLiterals;

namespace {

// 0 for no level (or an unknown one), so that any required level drops it.
int proofRank(const QString &level)
{
    const std::optional<ProofLevel> known = parse<ProofLevel>(level);
    return known ? int(*known) + 1 : 0;
}

} // namespace

CandidateChecks::CandidateChecks(const Database &db, const EffectiveRequest &request,
                                 const Access &access)
    : m_db(db)
    , m_request(request)
    , m_access(access)
{
}

bool CandidateChecks::matchesRequest(const RetrievalHit &hit) const
{
    if (m_request.request.refs.contains(hit.candidate.ref))
        return true;
    if (m_request.caseId && hit.sourceCaseId == m_request.caseId)
        return true;
    for (const QString &symptom : m_request.symptoms) {
        if (hit.symptomTags.contains(symptom))
            return true;
    }
    for (const QString &tag : m_request.tags) {
        if (hit.tags.contains(tag))
            return true;
    }
    return false;
}

Status CandidateChecks::canonicalCheck(HitMap &hits, QList<DroppedCandidate> &dropped)
{
    if (m_request.asOf) {
        for (RetrievalHit &hit : hits)
            hit.note(u"canonical-check"_s,
                     u"as of %1: the revision current then"_s.arg(m_request.asOfText));
        return {};
    }
    // Every projected hit's canonical state in one statement (on a server a
    // statement a hit is a round trip a hit); 0: no active revision
    // (revisions count from 1).
    struct Canonical
    {
        QString state;
        std::int64_t activeRevision = 0;
    };
    QHash<std::int64_t, Canonical> canonicalOf;
    QStringList revisions;
    for (const RetrievalHit &hit : std::as_const(hits))
        if (hit.fromProjection)
            revisions.append(QString::number(hit.revisionId));
    if (!revisions.isEmpty()) {
        Statement state = m_db.prepare(
            "SELECT r.id, r.state, (SELECT max(revision) FROM revisions x WHERE x.article_id = "
            "r.article_id AND x.state = 'active') FROM revisions r "
            "WHERE r.id IN (SELECT CAST(value AS BIGINT) FROM json_each(?1))");
        state.bindList(1, revisions);
        if (auto done = state.forEachRow([&] {
                canonicalOf.insert(state.int64(0),
                                   {state.text(1), state.isNull(2) ? 0 : state.int64(2)});
            });
            !done)
            return fail(done.error());
    }
    for (auto it = hits.begin(); it != hits.end();) {
        RetrievalHit &hit = *it;
        if (!hit.fromProjection) {
            hit.note(u"canonical-check"_s, u"read canonically"_s);
            ++it;
            continue;
        }
        const Canonical canonical = canonicalOf.value(hit.revisionId);
        if (canonical.state == hit.candidate.status) {
            hit.note(u"canonical-check"_s,
                     u"canonical revision unchanged since watermark %1"_s.arg(m_request.watermark));
            ++it;
            continue;
        }
        // Changed after the watermark: never offer it as current.
        QString reason =
            u"%1 after watermark %2"_s.arg(canonical.state, QString::number(m_request.watermark));
        if (canonical.activeRevision != 0 && canonical.activeRevision != hit.candidate.revision)
            reason += u" (now revision %1)"_s.arg(canonical.activeRevision);
        dropped.append({hit.candidate.ref, hit.candidate.revision, reason});
        it = hits.erase(it);
    }
    return lookUpUnindexed(hits);
}

Status CandidateChecks::lookUpUnindexed(HitMap &hits)
{
    // Only the events after the watermark are read, so a caught-up
    // projection costs one index probe; of those, the revisions still active.
    auto activations = OutboxStore(m_db).activationsAfter(m_request.watermark, 2000);
    if (!activations)
        return fail(activations.error());
    Statement state = m_db.prepare("SELECT r.state FROM revisions r JOIN articles a ON "
                                   "a.id = r.article_id WHERE a.ref = ?1 AND r.revision = ?2");
    QList<std::tuple<qint64, QString, int>> events;
    for (const OutboxEvent &e : std::as_const(*activations)) {
        state.bind(1, e.ref).bind(2, e.revision);
        auto row = state.step();
        if (!row)
            return fail(row.error());
        const bool active = *row && state.text(0) == u"active"_s;
        state.reset();
        if (active)
            events.append({e.seq, e.ref, e.revision});
    }
    CandidateLoader loader(m_db);
    for (const auto &[seq, ref, revision] : events) {
        const QString key = ref + u'@' + QString::number(revision);
        if (hits.contains(key))
            continue;
        auto loaded = loader.fromCanonical(ref, revision);
        if (!loaded)
            return fail(loaded.error());
        if (!*loaded || !matchesRequest(**loaded))
            continue;
        RetrievalHit hit = std::move(**loaded);
        if (!m_request.strategy.kinds.contains(hit.candidate.kind) ||
            (!m_request.domain.isEmpty() && hit.candidate.domain != m_request.domain))
            continue;
        hit.field = true;
        hit.exact = m_request.request.refs.contains(ref) ||
                    (m_request.caseId && hit.sourceCaseId == m_request.caseId);
        hit.generatedBy(hit.exact ? u"exact"_s : u"fields"_s);
        for (const QString &s : m_request.symptoms)
            hit.sharedSymptoms += hit.symptomTags.contains(s) ? 1 : 0;
        for (const QString &t : m_request.tags)
            hit.sharedTags += hit.tags.contains(t) ? 1 : 0;
        hit.candidate.flags.append(u"not-yet-indexed"_s);
        hit.note(u"canonical-check"_s,
                 u"found canonically: activated by event %1, after watermark %2"_s.arg(seq).arg(
                     m_request.watermark));
        hits.insert(key, std::move(hit));
    }
    return {};
}

void CandidateChecks::applicability(HitMap &hits, QList<DroppedCandidate> &dropped)
{
    const int required = proofRank(m_request.request.minProof);
    for (auto it = hits.begin(); it != hits.end();) {
        RetrievalHit &hit = *it;
        Candidate &c = hit.candidate;
        const QString stage = u"applicability"_s;
        if (!m_request.statuses().contains(c.status) && !m_request.asOf) {
            const QString reason = parse<RevisionState>(c.status) == RevisionState::Rejected
                                       ? u"rejected route (this strategy leaves them out)"_s
                                       : u"%1: not current"_s.arg(c.status);
            dropped.append({c.ref, c.revision, reason});
            it = hits.erase(it);
            continue;
        }
        if (parse<RevisionState>(c.status) == RevisionState::Rejected) {
            c.flags.append(u"rejected-route"_s);
            hit.note(stage, u"rejected route: informs classification, never a fix"_s);
        }
        // Version scope against the request's product version.
        if (!m_request.productVersion.isEmpty() && !hit.productVersions.isEmpty()) {
            const bool otherProduct = !m_request.product.isEmpty() && !hit.product.isEmpty() &&
                                      hit.product != m_request.product;
            const auto verdict = VersionScope::check(hit.productVersions, m_request.productVersion);
            if (verdict == VersionScope::Verdict::Unreadable) {
                // A scope nobody can read never means "every version".
                c.flags.append(u"revalidate"_s);
                hit.note(stage,
                         u"revalidate: scope unreadable ('%1'), request is %2 %3"_s
                             .arg(hit.productVersions, m_request.product, m_request.productVersion)
                             .simplified());
            } else if (otherProduct || verdict == VersionScope::Verdict::NotCovered) {
                c.flags.append(u"revalidate"_s);
                hit.note(stage, u"revalidate: written for %1 %2, request is %3 %4"_s
                                    .arg(hit.product, hit.productVersions, m_request.product,
                                         m_request.productVersion)
                                    .simplified());
            } else if (verdict == VersionScope::Verdict::Covered) {
                hit.note(stage, u"scope %1 covers %2"_s.arg(hit.productVersions,
                                                            m_request.productVersion));
            } else {
                hit.note(stage, u"scope '%1' could not be compared with %2"_s.arg(
                                    hit.productVersions, m_request.productVersion));
            }
        }
        // Proof level against the required trust.
        if (!c.proofLevel.isEmpty()) {
            if (parse<ProofLevel>(c.proofLevel) != ProofLevel::Verified)
                c.flags.append(u"unverified"_s);
            if (required > 0 && proofRank(c.proofLevel) < required) {
                dropped.append({c.ref, c.revision,
                                u"proof level %1 below the required %2"_s.arg(
                                    c.proofLevel, m_request.request.minProof)});
                it = hits.erase(it);
                continue;
            }
        }
        if (!m_request.symptoms.isEmpty() && hit.sharedSymptoms == 0) {
            bool shares = false;
            for (const QString &s : m_request.symptoms)
                shares = shares || hit.symptomTags.contains(s);
            if (!shares) {
                c.flags.append(u"symptom-mismatch"_s);
                hit.note(stage, u"shares none of the request's symptoms (%1)"_s.arg(
                                    m_request.symptoms.join(u", "_s)));
            }
        }
        ++it;
    }
}

Status CandidateChecks::flagSourceChanges(HitMap &hits)
{
    // One statement for every hit: on a server a statement a hit is a round
    // trip a hit.
    QHash<std::int64_t, RetrievalHit *> byRevision;
    QStringList revisions;
    for (RetrievalHit &hit : hits) {
        if (!hit.revisionId || byRevision.contains(hit.revisionId))
            continue;
        byRevision.insert(hit.revisionId, &hit);
        revisions.append(QString::number(hit.revisionId));
    }
    if (revisions.isEmpty())
        return {};
    Statement s = m_db.prepare(
        "SELECT r.id, r.source_case_erased, c.detail FROM revisions r LEFT JOIN "
        "revision_source_changes c ON c.revision_id = r.id AND c.cleared_at IS NULL "
        "WHERE r.id IN (SELECT CAST(value AS BIGINT) FROM json_each(?1)) ORDER BY r.id, c.id");
    s.bindList(1, revisions);
    if (auto done = s.forEachRow([&] {
            RetrievalHit *hit = byRevision.value(s.int64(0));
            if (!hit)
                return;
            hit->candidate.sourceCaseErased = s.integer(1) != 0;
            if (!s.isNull(2))
                hit->candidate.sourceChanges.append(s.text(2));
        });
        !done)
        return done;
    for (RetrievalHit &hit : hits) {
        Candidate &c = hit.candidate;
        // Another hit of the same revision (a ref found twice) shares its facts.
        if (RetrievalHit *first = byRevision.value(hit.revisionId); first && first != &hit) {
            c.sourceCaseErased = first->candidate.sourceCaseErased;
            c.sourceChanges = first->candidate.sourceChanges;
        }
        if (!c.sourceChanges.isEmpty()) {
            c.flags.append(u"source-changed"_s);
            hit.note(u"applicability"_s,
                     u"source-changed: %1; revalidate before relying on it"_s.arg(
                         c.sourceChanges.join(u"; "_s)));
        }
    }
    return {};
}

void CandidateChecks::redactSourceCases(HitMap &hits)
{
    Statement key = m_db.prepare(
        "SELECT tenant || '/' || source_system || '/' || source_request FROM cases WHERE id = ?1");
    // Hits often share a source case: the policy is asked once a case.
    QHash<std::int64_t, bool> readable;
    QHash<std::int64_t, QString> keys;
    for (RetrievalHit &hit : hits) {
        if (!hit.sourceCaseId)
            continue;
        auto known = readable.constFind(*hit.sourceCaseId);
        if (known == readable.cend())
            known = readable.insert(*hit.sourceCaseId, m_access.mayReadCase(*hit.sourceCaseId));
        if (!*known) {
            hit.candidate.sourceCaseRedacted = true;
            continue;
        }
        auto shown = keys.constFind(*hit.sourceCaseId);
        if (shown == keys.cend()) {
            key.bind(1, *hit.sourceCaseId);
            auto row = key.step();
            shown = keys.insert(*hit.sourceCaseId, row && *row ? key.text(0) : QString());
            key.reset();
        }
        if (!shown->isEmpty())
            hit.candidate.sourceCase = *shown;
    }
}

} // namespace cw::inline retrieval
