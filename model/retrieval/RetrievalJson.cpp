#include "RetrievalJson.h"

#include <QJsonArray>

namespace cw::inline retrieval::RetrievalJson {

using namespace Qt::StringLiterals;

namespace {

QJsonValue optionalNumber(const std::optional<double> &value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

} // namespace

QJsonObject candidate(const Candidate &c)
{
    QJsonArray trace;
    for (const StageNote &note : c.trace)
        trace.append(QJsonObject{{u"stage"_s, note.stage}, {u"note"_s, note.note}});
    QJsonObject object{
        {u"ref"_s, c.ref},
        {u"revision"_s, c.revision},
        {u"kind"_s, c.kind},
        {u"domain"_s, c.domain},
        {u"owner"_s, c.owner.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(c.owner)},
        {u"status"_s, c.status},
        {u"title"_s, c.title},
        {u"review_state"_s, c.reviewState},
        {u"source_case"_s,
         c.sourceCase.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(c.sourceCase)},
        {u"source_case_redacted"_s, c.sourceCaseRedacted},
        {u"source_case_erased"_s, c.sourceCaseErased},
        {u"outcome"_s, c.outcome},
        {u"proof_level"_s, c.proofLevel},
        {u"similarity_reason"_s, c.similarityReason},
        {u"score"_s, c.score},
        {u"stages"_s, QJsonArray::fromStringList(c.stages)},
        {u"trace"_s, trace},
        {u"applicability"_s,
         QJsonObject{{u"limits"_s, c.limits},
                     {u"flags"_s, QJsonArray::fromStringList(c.flags)},
                     {u"source_changes"_s, QJsonArray::fromStringList(c.sourceChanges)}}},
        {u"excerpt"_s, c.excerpt},
        {u"tokens"_s, c.tokens}};
    // Active effort and owner waiting are reported apart, never summed.
    if (c.effortActiveHours || c.effortWaitingHours)
        object[u"effort"_s] =
            QJsonObject{{u"active_hours"_s, optionalNumber(c.effortActiveHours)},
                        {u"waiting_hours"_s, optionalNumber(c.effortWaitingHours)}};
    return object;
}

QJsonObject result(const RetrievalResult &r)
{
    QJsonArray exact;
    for (const ExactMatch &m : r.exactMatches)
        exact.append(QJsonObject{{u"relation"_s, m.relation},
                                 {u"case"_s, m.caseKey},
                                 {u"status"_s, m.status},
                                 {u"title"_s, m.title},
                                 {u"why"_s, m.why}});
    QJsonArray candidates = r.recordedCandidates;
    if (candidates.size() != r.candidates.size()) { // a result that was not recorded
        candidates = {};
        for (const Candidate &c : r.candidates)
            candidates.append(candidate(c));
    }
    QJsonArray dropped;
    for (const DroppedCandidate &d : r.dropped)
        dropped.append(
            QJsonObject{{u"ref"_s, d.ref}, {u"revision"_s, d.revision}, {u"reason"_s, d.reason}});
    return {{u"strategy"_s, r.strategy},
            {u"principal"_s,
             QJsonObject{{u"real"_s, r.realPrincipal}, {u"effective"_s, r.effectivePrincipal}}},
            {u"memory_use_id"_s, r.memoryUseId},
            {u"index_watermark"_s, r.watermark},
            {u"canonical_head"_s, r.canonicalHead},
            {u"lag_events"_s, r.lagEvents},
            {u"lagging_sources"_s, QJsonArray::fromStringList(r.laggingSources)},
            {u"exact_matches"_s, exact},
            {u"candidates"_s, candidates},
            {u"dropped"_s, dropped},
            {u"budget"_s, QJsonObject{{u"tokens"_s, r.budgetTokens}, {u"used"_s, r.usedTokens}}},
            {u"notes"_s, QJsonArray::fromStringList(r.notes)}};
}

QJsonObject request(const RetrievalRequest &q)
{
    QJsonObject object{{u"strategy"_s, q.strategy},
                       {u"purpose"_s, q.purpose},
                       {u"text"_s, q.text},
                       {u"case"_s, q.caseRef},
                       {u"source"_s, q.source},
                       {u"domain"_s, q.domain},
                       {u"tags"_s, QJsonArray::fromStringList(q.tags)},
                       {u"symptoms"_s, QJsonArray::fromStringList(q.symptoms)},
                       {u"refs"_s, QJsonArray::fromStringList(q.refs)},
                       {u"product"_s, q.product},
                       {u"version"_s, q.productVersion},
                       {u"min_proof"_s, q.minProof},
                       {u"limit"_s, q.limit},
                       {u"budget_tokens"_s, q.budgetTokens}};
    if (q.asOf.isValid())
        object[u"as_of"_s] = q.asOf.toUTC().toString(Qt::ISODate);
    return object;
}

} // namespace cw::inline retrieval::RetrievalJson
