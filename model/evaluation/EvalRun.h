#pragma once

#include "EvaluationRecords.h"
#include "Result.h"
#include "RunSignature.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace cw::inline evaluation {

// One query's part of a run: its metrics (INTERFACES.md §8; evidence_recall
// null when the query names no required fact) and the ranked list it got.
struct QueryOutcome
{
    QString id;
    QString principal; // the effective principal it ran as
    QString strategy;  // id@version
    QJsonObject metrics;
    QStringList candidates;   // "REF@REV", in rank order
    QStringList exactMatches; // the answer's exact matches: case keys, in order
    QList<double> scores;
    QStringList findings; // the seed measures' failures, one line each
};

struct PairOutcome
{
    QString id;
    QString ref; // the decisive fact
    QString in;
    QString notIn;
    bool held = false;
};

// A scored run of one set with one strategy (or each query's own: the
// strategy is then "query-defaults"), as stored and as printed.
struct EvalRun
{
    std::int64_t id = 0;
    QString setId;
    QString strategy;
    int k = 10;
    RunSignature parts;
    QString at;
    QString principal;          // real
    QString effectivePrincipal; // who ran it
    QJsonObject means;          // metric -> mean over the set's queries
    QList<QueryOutcome> queries;
    QList<PairOutcome> pairs;

    int pairsHeld() const;
    QJsonObject pairsJson() const;
    QJsonArray queriesJson() const;
    // The `eval run --json` answer, without the "format" member.
    QJsonObject toJson() const;

    EvalRunRecord toRecord() const;
    static Result<EvalRun> fromRecord(const EvalRunRecord &record);

    // The metric names in the order they are shown, for cut-off k.
    static QStringList metricNames(int k);
};

} // namespace cw::inline evaluation
