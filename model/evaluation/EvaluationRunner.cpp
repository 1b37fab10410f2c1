#include "EvaluationRunner.h"

#include "Access.h"
#include "AnswerAudit.h"
#include "Clock.h"
#include "Database.h"
#include "EvaluationStore.h"
#include "IdentityStore.h"
#include "Metrics.h"
#include "QuerySets.h"
#include "RetrievalEngine.h"
#include "StrategyCatalog.h"
#include "Transaction.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QHash>
#include <QJsonArray>
#include <QSet>

namespace cw::inline evaluation {

using namespace Qt::StringLiterals;

namespace {

QStringList listOf(const QJsonObject &fields, const QString &name)
{
    QStringList list;
    for (const QJsonValue &v : fields.value(name).toArray())
        list.append(v.toString());
    return list;
}

// grade = the judgment for (ref, revision), else for ref, else 0.
RankedGrade gradeOf(const QList<Judgment> &judgments, const Candidate &c)
{
    std::optional<int> exact;
    std::optional<int> anyRevision;
    for (const Judgment &j : judgments) {
        if (j.ref != c.ref)
            continue;
        if (j.revision == c.revision)
            exact = j.grade;
        else if (j.revision == 0)
            anyRevision = j.grade;
    }
    if (exact)
        return {*exact, true};
    if (anyRevision)
        return {*anyRevision, true};
    return {0, false};
}

QJsonObject scoreQuery(const QList<Judgment> &judgments, const RetrievalResult &answer, int k,
                       const SeedMeasures &seed, double latencyMs)
{
    QList<RankedGrade> ranked;
    for (const Candidate &c : answer.candidates)
        ranked.append(gradeOf(judgments, c));
    QList<int> grades;
    for (const Judgment &j : judgments)
        grades.append(j.grade);
    const QStringList names = EvalRun::metricNames(k);
    QJsonObject m;
    m[names.at(0)] = Metrics::precisionAt(ranked, k);
    m[names.at(1)] = Metrics::recallAt(ranked, k, grades);
    m[names.at(2)] = Metrics::reciprocalRank(ranked, k);
    m[names.at(3)] = Metrics::ndcgAt(ranked, k, grades);
    m[names.at(4)] = Metrics::judgedAt(ranked, k);
    const auto recall = seed.evidenceRecall();
    m[names.at(5)] = recall ? QJsonValue(*recall) : QJsonValue(QJsonValue::Null);
    m[names.at(6)] = seed.unauthorised;
    m[names.at(7)] = seed.stale;
    m[names.at(8)] = seed.unsupported;
    m[names.at(9)] = seed.packingLoss;
    m[names.at(10)] = seed.tokens;
    m[names.at(11)] = latencyMs;
    return m;
}

// Plain means over the queries; evidence_recall over the queries that name
// required facts (null when none does); latency as p50 and p95.
QJsonObject meansOf(const QList<QueryOutcome> &queries, int k)
{
    QJsonObject means;
    for (const QString &name : EvalRun::metricNames(k)) {
        QList<double> values;
        for (const QueryOutcome &q : queries)
            if (!q.metrics.value(name).isNull())
                values.append(q.metrics.value(name).toDouble());
        if (name == u"latency_ms"_s) {
            means[u"latency_ms_p50"_s] = Metrics::percentile(values, 50);
            means[u"latency_ms_p95"_s] = Metrics::percentile(values, 95);
        } else {
            means[name] = values.isEmpty() && name == u"evidence_recall"_s
                              ? QJsonValue(QJsonValue::Null)
                              : QJsonValue(Metrics::mean(values));
        }
    }
    return means;
}

// A pair holds when its decisive ref is in one answer and not the other; an
// answer holds its candidates and its exact matches (a case such as the open
// critical issue is decisive as an exact match, never as a candidate).
QList<PairOutcome> pairsOf(const QuerySet &set, const QList<QueryOutcome> &queries)
{
    QHash<QString, QSet<QString>> refs;
    for (const QueryOutcome &q : queries) {
        for (const QString &c : q.candidates)
            refs[q.id].insert(c.section(u'@', 0, 0));
        for (const QString &m : q.exactMatches)
            refs[q.id].insert(m);
    }
    QList<PairOutcome> pairs;
    for (const QueryPair &p : set.pairs)
        pairs.append({p.id, p.decisiveRef, p.in, p.notIn,
                      refs.value(p.in).contains(p.decisiveRef) &&
                          !refs.value(p.notIn).contains(p.decisiveRef)});
    return pairs;
}

} // namespace

RetrievalRequest EvaluationRunner::requestOf(const EvalQuery &q, const QString &strategy,
                                             const QString &setId)
{
    const QJsonObject &f = q.fields;
    RetrievalRequest r;
    r.strategy = strategy;
    r.purpose = f.value(u"purpose"_s).toString(u"evaluation %1/%2"_s.arg(setId, q.id));
    r.text = f.value(u"text"_s).toString();
    r.caseRef = f.value(u"case"_s).toString();
    r.source = f.value(u"source"_s).toString();
    r.domain = f.value(u"domain"_s).toString();
    r.tags = listOf(f, u"tags"_s);
    r.symptoms = listOf(f, u"symptoms"_s);
    r.refs = listOf(f, u"refs"_s);
    r.product = f.value(u"product"_s).toString();
    r.productVersion = f.value(u"version"_s).toString();
    r.minProof = f.value(u"min_proof"_s).toString();
    r.limit = f.value(u"limit"_s).toInt();
    r.budgetTokens = f.value(u"budget_tokens"_s).toInt();
    if (f.contains(u"as_of"_s))
        r.asOf = QDateTime::fromString(f.value(u"as_of"_s).toString(), Qt::ISODate);
    return r;
}

EvaluationRunner::EvaluationRunner(const Database &db, const Clock &clock, Actor actor)
    : m_db(db)
    , m_clock(clock)
    , m_actor(std::move(actor))
{
}

Refusable<QList<EvalRun>> EvaluationRunner::run(const QString &setId, const QStringList &strategies,
                                                int k, const Progress &progress)
{
    auto record = EvaluationStore(m_db).findSet(setId);
    if (!record)
        return Refusal::failed(record.error());
    if (!*record)
        return Refusal{Refusal::NotFound,
                       QCoreApplication::translate("cw::EvaluationRunner",
                                                   "no query set '%1' (eval sets lists them)")
                           .arg(setId),
                       {}};
    // As the runner's principal may see it: a query from someone else's
    // retrieval runs as nobody it may evaluate as, and is refused unnamed.
    auto set = QuerySets(m_db, m_clock).load(setId, &m_actor);
    if (!set)
        return Refusal::failed(set.error());
    if (!*set)
        return Refusal{
            Refusal::NotFound,
            QCoreApplication::translate("cw::EvaluationRunner", "no query set '%1'").arg(setId),
            {}};
    return run(**set, (*record)->contentHash, strategies, k, progress);
}

Refusable<QList<EvalRun>> EvaluationRunner::run(const QuerySet &set, const QString &setHash,
                                                const QStringList &strategies, int k,
                                                const Progress &progress)
{
    if (k < 1)
        return Refusal::invalid(u"k must be at least 1, not %1"_s.arg(k));
    // Everything that can refuse is checked before the first query runs.
    const Access access(m_db, m_actor);
    QHash<QString, Actor> actors;
    for (const EvalQuery &q : set.queries) {
        const QString as = q.as.isEmpty() ? m_actor.effective.id : q.as;
        if (actors.contains(as))
            continue;
        if (auto no = access.mayEvaluateAs(as))
            return Refusal{no->kind,
                           QCoreApplication::translate("cw::EvaluationRunner", "query %1: %2")
                               .arg(q.id, no->message),
                           {}};
        if (as == m_actor.effective.id) {
            actors.insert(as, m_actor);
            continue;
        }
        auto principal = IdentityStore(m_db).principal(as);
        if (!principal)
            return Refusal::failed(principal.error());
        if (!*principal)
            return Refusal{
                Refusal::NotFound,
                QCoreApplication::translate("cw::EvaluationRunner", "query %1: no principal '%2'")
                    .arg(q.id, as),
                {}};
        actors.insert(as, Actor{m_actor.real, **principal});
    }
    QList<std::optional<StrategyDefinition>> overrides;
    for (const QString &name : strategies) {
        auto definition = StrategyCatalog::builtIn().find(name);
        if (!definition)
            return Refusal::invalid(definition.error());
        overrides.append(*definition);
    }
    if (overrides.isEmpty()) {
        overrides.append(std::nullopt);
        for (const EvalQuery &q : set.queries)
            if (q.strategy.isEmpty())
                return Refusal::invalid(u"query %1 names no strategy; give --strategy"_s.arg(q.id));
    }
    auto state = RunSignature::projectionState(m_db);
    if (!state)
        return Refusal::failed(state.error());

    RetrievalEngine engine(m_db, m_clock);
    engine.setRecordsMemoryUse(false);
    AnswerAudit audit(m_db);
    const int total = int(set.queries.size() * overrides.size());
    int done = 0;
    QList<EvalRun> runs;
    for (const auto &override : std::as_const(overrides)) {
        EvalRun run;
        run.setId = set.id;
        run.k = k;
        run.at = m_clock.nowText();
        run.principal = m_actor.real.id;
        run.effectivePrincipal = m_actor.effective.id;
        run.parts = *state;
        run.parts.setHash = setHash;
        for (const EvalQuery &q : set.queries) {
            const QString strategy = override ? override->key() : q.strategy;
            const RetrievalRequest request = requestOf(q, strategy, set.id);
            const Actor &actor = actors.value(q.as.isEmpty() ? m_actor.effective.id : q.as);
            QElapsedTimer timer;
            timer.start();
            auto answer = engine.run(actor, request);
            const double latencyMs = double(timer.nsecsElapsed()) / 1e6;
            if (!answer)
                return Refusal::invalid(u"query %1: %2"_s.arg(q.id, answer.error()));
            AnswerAudit::Query audited{actor.effective.id,     request.product,
                                       request.productVersion, request.asOf.isValid(),
                                       set.requiredOf(q.id),   set.forbiddenOf(q.id)};
            auto seed = audit.measure(audited, *answer);
            if (!seed)
                return Refusal::failed(seed.error());
            QueryOutcome outcome;
            outcome.id = q.id;
            outcome.principal = actor.effective.id;
            outcome.strategy = answer->strategy;
            outcome.metrics = scoreQuery(set.judgmentsOf(q.id), *answer, k, *seed, latencyMs);
            for (const Candidate &c : std::as_const(answer->candidates)) {
                outcome.candidates.append(c.ref + u'@' + QString::number(c.revision));
                outcome.scores.append(c.score);
            }
            for (const ExactMatch &m : std::as_const(answer->exactMatches))
                outcome.exactMatches.append(m.caseKey);
            outcome.findings = seed->findings;
            run.queries.append(outcome);
            ++done;
            if (progress && !progress(done, total))
                return Refusal{Refusal::Invalid,
                               QCoreApplication::translate("cw::EvaluationRunner",
                                                           "cancelled: nothing was stored"),
                               {}};
        }
        run.strategy = override ? override->key() : RunSignature::QueryDefaults;
        auto strategyHash = RunSignature::hashStrategiesOf(set, run.strategy);
        if (!strategyHash)
            return Refusal::failed(strategyHash.error());
        run.parts.strategyHash = *strategyHash;
        run.means = meansOf(run.queries, k);
        run.pairs = pairsOf(set, run.queries);
        runs.append(run);
    }
    // All runs are stored together, or none is.
    Transaction transaction(m_db, Transaction::Durability::Relaxed);
    if (!transaction.isActive())
        return Refusal::failed(transaction.beginError());
    for (EvalRun &run : runs) {
        auto id = EvaluationStore(m_db).insertRun(run.toRecord());
        if (!id)
            return Refusal::failed(id.error());
        run.id = *id;
    }
    if (auto committed = transaction.commit(); !committed)
        return Refusal::failed(committed.error());
    return runs;
}

} // namespace cw::inline evaluation
