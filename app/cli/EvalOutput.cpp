#include "EvalOutput.h"

#include "Plural.h"
#include "TextEscape.h"
#include "TextTable.h"

#include <QJsonArray>

namespace cw::cli::EvalOutput {

using namespace Qt::StringLiterals;

namespace {

QString figure(const QJsonValue &value)
{
    if (value.isNull() || value.isUndefined())
        return u"-"_s;
    const double v = value.toDouble();
    return v == double(qint64(v)) ? QString::number(qint64(v)) : QString::number(v, 'f', 4);
}

QString shortHash(const QString &hash)
{
    return hash.startsWith(u"sha256:"_s) ? hash.mid(7, 12) : hash.left(12);
}

void printRun(QTextStream &out, const EvalRun &run)
{
    out << "run " << run.id << ": set " << escaped(run.setId) << ", strategy "
        << escaped(run.strategy) << ", k " << run.k << ", watermark " << run.parts.watermark
        << ", signature " << run.parts.signature() << Qt::endl;
    TextTable means({u"metric"_s, u"mean"_s});
    for (const QString &name : EvalRun::metricNames(run.k)) {
        if (name == u"latency_ms"_s) {
            means.addRow({u"latency_ms p50"_s, figure(run.means.value(u"latency_ms_p50"_s))});
            means.addRow({u"latency_ms p95"_s, figure(run.means.value(u"latency_ms_p95"_s))});
        } else {
            means.addRow({name, figure(run.means.value(name))});
        }
    }
    means.print(out);
    out << "pairs held: " << run.pairsHeld() << " of " << run.pairs.size() << Qt::endl;
    for (const PairOutcome &p : run.pairs)
        if (!p.held)
            out << "  pair " << escaped(p.id) << " did not hold: " << escaped(p.ref)
                << " should be in " << escaped(p.in) << " and not in " << escaped(p.notIn)
                << Qt::endl;
    const QString ndcg = u"ndcg@"_s + QString::number(run.k);
    TextTable queries({u"query"_s, u"as"_s, ndcg, u"candidates"_s});
    for (const QueryOutcome &q : run.queries)
        queries.addRow(
            {q.id, q.principal, figure(q.metrics.value(ndcg)),
             q.candidates.mid(0, 5).join(u' ') + (q.candidates.size() > 5 ? u" …"_s : QString())});
    queries.print(out);
    for (const QueryOutcome &q : run.queries)
        for (const QString &finding : q.findings)
            out << "  " << escaped(q.id) << ": " << escaped(finding) << Qt::endl;
}

QJsonObject comparisonJson(const Comparison &c)
{
    QJsonArray metrics;
    for (const MetricComparison &m : c.metrics)
        metrics.append(QJsonObject{{u"metric"_s, m.metric},
                                   {u"a"_s, m.meanA},
                                   {u"b"_s, m.meanB},
                                   {u"difference"_s, m.difference},
                                   {u"p_value"_s, m.pValue},
                                   {u"queries"_s, m.queries}});
    QJsonArray queries;
    for (const QueryComparison &q : c.queries)
        queries.append(
            QJsonObject{{u"id"_s, q.id}, {u"a"_s, q.a}, {u"b"_s, q.b}, {u"rbo"_s, q.rbo}});
    return {
        {u"set"_s, c.set},
        {u"run_a"_s, qint64(c.runA)},
        {u"run_b"_s, qint64(c.runB)},
        {u"permutations"_s, c.permutations},
        {u"seed"_s, QString::number(c.seed)},
        {u"exact"_s, c.exact},
        {u"metrics"_s, metrics},
        {u"wins"_s, QJsonObject{{u"metric"_s, c.winMetric},
                                {u"a"_s, QJsonArray::fromStringList(c.aWins)},
                                {u"b"_s, QJsonArray::fromStringList(c.bWins)},
                                {u"ties"_s, c.ties}}},
        {u"rbo"_s, QJsonObject{{u"p"_s, 0.9}, {u"mean"_s, c.meanRbo}, {u"queries"_s, queries}}}};
}

} // namespace

int imported(CliContext &context, const SetImport &set)
{
    if (context.json())
        return context.printJson({{u"set"_s, set.id},
                                  {u"name"_s, set.name},
                                  {u"queries"_s, set.queries},
                                  {u"judgments"_s, set.judgments},
                                  {u"hash"_s, QString(u"sha256:"_s + set.hash)},
                                  {u"outcome"_s, SetImport::outcomeName(set.outcome)}});
    QTextStream &out = context.out();
    switch (set.outcome) {
    case SetImport::Outcome::Unchanged:
        out << "set " << escaped(set.id) << " is already stored with this content: nothing changed";
        break;
    case SetImport::Outcome::Replaced:
        out << "set " << escaped(set.id)
            << " replaced with new content (its earlier runs now show as drifted)";
        break;
    case SetImport::Outcome::Created:
        out << "set " << escaped(set.id) << " (" << escaped(set.name) << ") stored";
        break;
    }
    out << ": " << counted(set.queries, u"query", u"queries") << ", "
        << counted(set.judgments, u"judgment") << ", sha256:" << set.hash.left(12) << Qt::endl;
    return ExitOk;
}

int sets(CliContext &context, const QList<EvalSetRecord> &sets)
{
    if (context.json()) {
        QJsonArray list;
        for (const EvalSetRecord &s : sets)
            list.append(QJsonObject{{u"id"_s, s.id},
                                    {u"name"_s, s.name},
                                    {u"queries"_s, s.queries},
                                    {u"judgments"_s, s.judgments},
                                    {u"hash"_s, QString(u"sha256:"_s + s.contentHash)},
                                    {u"imported_at"_s, s.importedAt},
                                    {u"imported_by"_s, s.importedBy}});
        return context.printJson({{u"sets"_s, list}});
    }
    if (sets.isEmpty()) {
        context.out() << "no query sets stored; eval import SET.jsonl stores one" << Qt::endl;
        return ExitOk;
    }
    TextTable table({u"id"_s, u"name"_s, u"queries"_s, u"judgments"_s, u"hash"_s});
    for (const EvalSetRecord &s : sets)
        table.addRow({s.id, s.name, QString::number(s.queries), QString::number(s.judgments),
                      u"sha256:"_s + s.contentHash.left(12)});
    table.print(context.out());
    return ExitOk;
}

int runs(CliContext &context, const QList<EvalRun> &runs)
{
    if (context.json()) {
        if (runs.size() == 1)
            return context.printJson(runs.first().toJson());
        QJsonArray list;
        for (const EvalRun &run : runs)
            list.append(run.toJson());
        return context.printJson({{u"runs"_s, list}});
    }
    for (const EvalRun &run : runs)
        printRun(context.out(), run);
    return ExitOk;
}

int history(CliContext &context, const QList<RunStatus> &runs)
{
    if (context.json()) {
        QJsonArray list;
        for (const RunStatus &s : runs)
            list.append(
                QJsonObject{{u"run"_s, qint64(s.run.id)},
                            {u"set"_s, s.run.setId},
                            {u"strategy"_s, s.run.strategy},
                            {u"k"_s, s.run.k},
                            {u"at"_s, s.run.at},
                            {u"signature"_s, s.run.parts.signature()},
                            {u"watermark"_s, qint64(s.run.parts.watermark)},
                            {u"drifted"_s, s.drifted()},
                            {u"drift"_s, QJsonArray::fromStringList(s.drift)},
                            {u"metrics"_s, s.run.means},
                            {u"pairs"_s, QJsonObject{{u"held"_s, s.run.pairsHeld()},
                                                     {u"total"_s, int(s.run.pairs.size())}}}});
        return context.printJson({{u"runs"_s, list}});
    }
    if (runs.isEmpty()) {
        context.out() << "no evaluation runs stored; eval run SET makes one" << Qt::endl;
        return ExitOk;
    }
    TextTable table({u"run"_s, u"set"_s, u"strategy"_s, u"k"_s, u"at"_s, u"ndcg@k"_s,
                     u"signature"_s, u"drift"_s});
    for (const RunStatus &s : runs)
        table.addRow({QString::number(s.run.id), s.run.setId, s.run.strategy,
                      QString::number(s.run.k), s.run.at,
                      figure(s.run.means.value(u"ndcg@"_s + QString::number(s.run.k))),
                      shortHash(s.run.parts.signature()),
                      s.drifted() ? u"drifted: "_s + s.drift.join(u"; "_s) : u"-"_s});
    table.print(context.out());
    return ExitOk;
}

int comparison(CliContext &context, const Comparison &c)
{
    if (context.json())
        return context.printJson(comparisonJson(c));
    QTextStream &out = context.out();
    out << "set " << escaped(c.set) << ": run " << c.runA << " (A) against run " << c.runB
        << " (B), "
        << (c.exact ? u"exact test over every sign assignment"_s
                    : u"%1 sign flips, seed %2"_s.arg(c.permutations).arg(c.seed))
        << Qt::endl;
    TextTable table({u"metric"_s, u"A"_s, u"B"_s, u"B - A"_s, u"p"_s});
    for (const MetricComparison &m : c.metrics)
        table.addRow({m.metric, figure(m.meanA), figure(m.meanB),
                      QString::number(m.difference, 'f', 4), QString::number(m.pValue, 'f', 4)});
    table.print(out);
    out << "on " << c.winMetric << ": A wins " << c.aWins.size() << " ("
        << escaped(c.aWins, u", "_s) << "), B wins " << c.bWins.size() << " ("
        << escaped(c.bWins, u", "_s) << "), " << c.ties << " tied" << Qt::endl;
    out << "rank-biased overlap (p = 0.9): mean " << QString::number(c.meanRbo, 'f', 4) << Qt::endl;
    return ExitOk;
}

} // namespace cw::cli::EvalOutput
