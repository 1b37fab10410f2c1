#include "Ranking.h"

#include "Vocabulary.h"

#include <algorithm>
#include <cmath>

namespace cw::inline retrieval {

using namespace Qt::StringLiterals;

void Ranking::score(RetrievalHit &hit, const EffectiveRequest &request)
{
    const StrategyWeights &w = request.strategy.weights;
    Candidate &c = hit.candidate;
    double score = 0;
    QStringList why = hit.reasons;
    if (hit.exact)
        score += w.exact;
    if (hit.sharedSymptoms > 0) {
        score += w.symptom * hit.sharedSymptoms;
        QStringList shared;
        for (const QString &s : request.symptoms) {
            if (hit.symptomTags.contains(s))
                shared.append(s);
        }
        why.append(u"shares symptom %1"_s.arg(shared.join(u", "_s)));
    }
    if (!request.requestType.isEmpty() && hit.route == request.requestType) {
        score += w.requestType;
        why.append(u"route %1 matches the request type"_s.arg(hit.route));
    }
    if (hit.sharedTags > 0) {
        score += w.tag * hit.sharedTags;
        why.append(u"%1 shared tag(s)"_s.arg(hit.sharedTags));
    }
    if (!request.request.domain.isEmpty() && c.domain == request.request.domain)
        score += w.domain;
    if (hit.content) {
        const double r = -hit.bm25;
        const double relevance = r > 0 ? r / (1.0 + r) : 0.0;
        score += w.content * relevance;
        why.append(u"text match (relevance %1)"_s.arg(relevance, 0, 'f', 2));
    }
    if (hit.crossReference) {
        score += w.crossReference;
        for (const StageNote &note : std::as_const(c.trace)) {
            if (note.stage == u"cross-reference"_s) {
                why.append(note.note);
                break;
            }
        }
    }
    if (parse<ProofLevel>(c.proofLevel) == ProofLevel::Verified) {
        score += w.verified;
        why.append(u"verified proof"_s);
    }
    if (c.flags.contains(u"revalidate"_s)) {
        score += w.revalidate;
        why.append(u"scope needs revalidation"_s);
    }
    if (c.flags.contains(u"rejected-route"_s)) {
        score += w.rejectedRoute;
        why.append(u"a rejected route, not a fix"_s);
    }
    if (c.effortActiveHours || c.effortWaitingHours) {
        score += w.effortRecorded;
        if (w.effortRecorded != 0)
            why.append(u"effort recorded (%1 h active, %2 h waiting)"_s
                           .arg(c.effortActiveHours.value_or(0))
                           .arg(c.effortWaitingHours.value_or(0)));
    }
    c.score = std::round(score * 1000.0) / 1000.0;
    c.similarityReason = why.isEmpty() ? u"related at depth 1"_s : why.join(u"; "_s);
    hit.note(u"rank"_s, u"score %1"_s.arg(c.score));
}

QList<Candidate> Ranking::rank(HitMap &hits, const EffectiveRequest &request)
{
    QList<Candidate> ranked;
    for (RetrievalHit &hit : hits) {
        score(hit, request);
        ranked.append(hit.candidate);
    }
    std::stable_sort(ranked.begin(), ranked.end(), [](const Candidate &a, const Candidate &b) {
        if (a.score != b.score)
            return a.score > b.score;
        if (a.ref != b.ref)
            return a.ref < b.ref;
        return a.revision > b.revision;
    });
    return ranked;
}

} // namespace cw::inline retrieval
