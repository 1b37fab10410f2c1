#include "EvalRun.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace cw::inline evaluation {

using namespace Qt::StringLiterals;

namespace {

QString compact(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

QString compact(const QJsonArray &a)
{
    return QString::fromUtf8(QJsonDocument(a).toJson(QJsonDocument::Compact));
}

} // namespace

QStringList EvalRun::metricNames(int k)
{
    const QString at = u"@"_s + QString::number(k);
    return {u"p"_s + at,      u"r"_s + at,          u"mrr"_s,          u"ndcg"_s + at,
            u"judged"_s + at, u"evidence_recall"_s, u"unauthorised"_s, u"stale"_s,
            u"unsupported"_s, u"packing_loss"_s,    u"tokens"_s,       u"latency_ms"_s};
}

int EvalRun::pairsHeld() const
{
    int held = 0;
    for (const PairOutcome &p : pairs)
        held += p.held ? 1 : 0;
    return held;
}

QJsonObject EvalRun::pairsJson() const
{
    QJsonArray list;
    for (const PairOutcome &p : pairs)
        list.append(QJsonObject{{u"id"_s, p.id},
                                {u"decisive"_s, p.ref},
                                {u"in"_s, p.in},
                                {u"not_in"_s, p.notIn},
                                {u"held"_s, p.held}});
    return {{u"held"_s, pairsHeld()}, {u"total"_s, int(pairs.size())}, {u"pairs"_s, list}};
}

QJsonArray EvalRun::queriesJson() const
{
    QJsonArray list;
    for (const QueryOutcome &q : queries) {
        QJsonArray scores;
        for (double s : q.scores)
            scores.append(s);
        list.append(QJsonObject{{u"id"_s, q.id},
                                {u"principal"_s, q.principal},
                                {u"strategy"_s, q.strategy},
                                {u"metrics"_s, q.metrics},
                                {u"candidates"_s, QJsonArray::fromStringList(q.candidates)},
                                {u"exact_matches"_s, QJsonArray::fromStringList(q.exactMatches)},
                                {u"scores"_s, scores},
                                {u"findings"_s, QJsonArray::fromStringList(q.findings)}});
    }
    return list;
}

QJsonObject EvalRun::toJson() const
{
    return {
        {u"run"_s, qint64(id)},
        {u"set"_s, setId},
        {u"strategy"_s, strategy},
        {u"k"_s, k},
        {u"signature"_s, parts.signature()},
        {u"watermark"_s, qint64(parts.watermark)},
        {u"at"_s, at},
        {u"principal"_s, QJsonObject{{u"real"_s, principal}, {u"effective"_s, effectivePrincipal}}},
        {u"metrics"_s, means},
        {u"queries"_s, queriesJson()},
        {u"pairs"_s, pairsJson()}};
}

EvalRunRecord EvalRun::toRecord() const
{
    EvalRunRecord r;
    r.id = id;
    r.setId = setId;
    r.setHash = parts.setHash;
    r.strategy = strategy;
    r.strategyHash = parts.strategyHash;
    r.k = k;
    r.watermark = parts.watermark;
    r.projectionHash = parts.projectionHash;
    r.signature = parts.signature();
    r.at = at;
    r.principal = principal;
    r.effectivePrincipal = effectivePrincipal;
    r.metrics = compact(means);
    r.pairs = compact(pairsJson());
    r.queries = compact(queriesJson());
    return r;
}

Result<EvalRun> EvalRun::fromRecord(const EvalRunRecord &r)
{
    EvalRun run;
    run.id = r.id;
    run.setId = r.setId;
    run.strategy = r.strategy;
    run.k = r.k;
    run.parts = RunSignature::of(r);
    run.at = r.at;
    run.principal = r.principal;
    run.effectivePrincipal = r.effectivePrincipal;
    QJsonParseError error;
    run.means = QJsonDocument::fromJson(r.metrics.toUtf8(), &error).object();
    if (error.error != QJsonParseError::NoError)
        return fail(u"run %1: stored metrics are not JSON"_s.arg(r.id));
    for (const QJsonValue &v : QJsonDocument::fromJson(r.queries.toUtf8()).array()) {
        const QJsonObject o = v.toObject();
        QueryOutcome q;
        q.id = o[u"id"_s].toString();
        q.principal = o[u"principal"_s].toString();
        q.strategy = o[u"strategy"_s].toString();
        q.metrics = o[u"metrics"_s].toObject();
        for (const QJsonValue &c : o[u"candidates"_s].toArray())
            q.candidates.append(c.toString());
        for (const QJsonValue &m : o[u"exact_matches"_s].toArray())
            q.exactMatches.append(m.toString());
        for (const QJsonValue &s : o[u"scores"_s].toArray())
            q.scores.append(s.toDouble());
        for (const QJsonValue &f : o[u"findings"_s].toArray())
            q.findings.append(f.toString());
        run.queries.append(q);
    }
    for (const QJsonValue &v :
         QJsonDocument::fromJson(r.pairs.toUtf8()).object()[u"pairs"_s].toArray()) {
        const QJsonObject o = v.toObject();
        run.pairs.append({o[u"id"_s].toString(), o[u"decisive"_s].toString(), o[u"in"_s].toString(),
                          o[u"not_in"_s].toString(), o[u"held"_s].toBool()});
    }
    return run;
}

} // namespace cw::inline evaluation
