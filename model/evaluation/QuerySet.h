#pragma once

#include "Result.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace cw::inline evaluation {

// A judged query set (INTERFACES.md §8), as parsed from JSON Lines and as
// stored. A query keeps its retrieval fields as the JSON object it was
// written with (RetrievalJson::request's names), so the stored set is the
// set as written and its hash does not depend on this program's defaults.
struct EvalQuery
{
    QString id;
    QString as;       // the principal the query runs as; empty: whoever runs eval
    QString strategy; // the default; --strategy overrides it for a run
    QString pair;
    QJsonObject fields; // text, case, source, domain, tags, symptoms, refs, product,
                        // version, min_proof, limit, budget_tokens, as_of, purpose
};

struct Judgment
{
    QString query;
    QString ref;
    int revision = 0; // 0: any revision
    int grade = 0;    // 0..3
};

// A fact that must be in the answer: the ref, with the flag if one is named.
struct RequiredFact
{
    QString query;
    QString ref;
    QString flag;
};

// A ref that must not be in the answer, and why (unauthorised, retired,
// superseded, stale, or the set's own words).
struct ForbiddenRef
{
    QString query;
    QString ref;
    QString why;
};

// Two queries that differ in one fact; the decisive ref must be in the
// answer to `in` and not in the answer to `notIn`.
struct QueryPair
{
    QString id;
    QStringList queries;
    QString decisiveRef;
    QString in;
    QString notIn;
};

struct QuerySet
{
    QString id;
    QString name;
    QList<EvalQuery> queries;
    QList<Judgment> judgments;
    QList<RequiredFact> required;
    QList<ForbiddenRef> forbidden;
    QList<QueryPair> pairs;

    // The canonical JSON of the set (what is stored) and its sha256, hex:
    // the same content gives the same hash whatever its layout in the file.
    QJsonObject toJson() const;
    static Result<QuerySet> fromJson(const QJsonObject &json);
    QString contentHash() const;

    const EvalQuery *query(const QString &id) const;
    QList<Judgment> judgmentsOf(const QString &query) const;
    QList<RequiredFact> requiredOf(const QString &query) const;
    QList<ForbiddenRef> forbiddenOf(const QString &query) const;
};

} // namespace cw::inline evaluation
