#pragma once

#include "Retrieval.h"
#include "StrategyCatalog.h"

#include <QMap>
#include <QStringList>

#include <optional>

namespace cw::inline common {
struct Actor;
}

namespace cw::inline retrieval {

// One candidate while the engine works on it: the public Candidate plus the
// evidence the later stages (canonical check, applicability, ranking) need.
struct RetrievalHit
{
    Candidate candidate;
    std::int64_t revisionId = 0; // canonical revisions.id
    std::optional<std::int64_t> sourceCaseId;
    QString product;
    QString productVersions;
    QString route;
    QStringList tags;
    QStringList symptomTags;
    QStringList relatedTo;
    bool fromProjection = true;
    bool exact = false;
    bool field = false;
    bool content = false;
    bool crossReference = false;
    int sharedSymptoms = 0;
    int sharedTags = 0;
    double bm25 = 0;     // FTS5 bm25(): negative, lower is better
    QStringList reasons; // fragments of the similarity reason, in stage order

    QString key() const { return candidate.ref + u'@' + QString::number(candidate.revision); }
    void note(const QString &stage, const QString &text) { candidate.trace.append({stage, text}); }
    void generatedBy(const QString &stage)
    {
        if (!candidate.stages.contains(stage))
            candidate.stages.append(stage);
    }
};

// What the request asks, after the current case filled in what it knows.
struct EffectiveRequest
{
    RetrievalRequest request;
    StrategyDefinition strategy;
    QString principal;    // effective principal id (scope)
    QStringList symptoms; // request symptoms, else the case's
    QStringList tags;
    QString domain;      // filter when the strategy is domain-scoped
    QString requestType; // from the current case
    QString product;
    QString productVersion;
    std::optional<std::int64_t> caseId; // the current case, when visible
    std::int64_t watermark = 0;
    bool asOf = false;
    QString asOfText; // RFC 3339
    int limit = 10;
    int budget = 2000;

    QStringList statuses() const; // which projection statuses may become candidates
};

using HitMap = QMap<QString, RetrievalHit>; // keyed by ref@revision: deterministic order

} // namespace cw::inline retrieval
