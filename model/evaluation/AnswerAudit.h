#pragma once

#include "QuerySet.h"
#include "Result.h"
#include "Retrieval.h"

#include <QHash>
#include <QStringList>

#include <cstdint>
#include <memory>
#include <optional>

namespace cw {
class Database;
struct RevisionFacts;
} // namespace cw

namespace cw::inline evaluation {

// The seed's measures of one answer (INTERFACES.md §8).
struct SeedMeasures
{
    int requiredTotal = 0;
    int requiredMet = 0;
    int unauthorised = 0;
    int stale = 0;
    int unsupported = 0;
    int packingLoss = 0;
    int tokens = 0;
    QStringList findings; // one line per failure: which candidate, what is wrong

    // met / total; nullopt for a query without required facts.
    std::optional<double> evidenceRecall() const;
};

// Checks an answer of the retrieval engine against canonical state, read
// directly from the database — tenants, grants, revision states, version
// scopes and proof records — and never from the flags or redactions the
// engine put on it: a bug in the engine's own checks shows up here instead
// of hiding itself. Keeps what it read for the whole run (one audit per run,
// on the run's connection).
class AnswerAudit
{
public:
    explicit AnswerAudit(const Database &db);
    ~AnswerAudit();

    struct Query
    {
        QString principal; // whose answer it is (the effective principal)
        QString product;
        QString version;
        bool asOf = false; // answered from history: non-current revisions are expected
        QList<RequiredFact> required;
        QList<ForbiddenRef> forbidden;
    };

    Result<SeedMeasures> measure(const Query &query, const RetrievalResult &answer);

private:
    Result<const RevisionFacts *> facts(const QString &ref, int revision);
    Result<bool> reads(const QString &principal, std::int64_t caseId);

    const Database &m_db;
    QHash<QString, std::shared_ptr<RevisionFacts>> m_facts; // "REF@REV"; null: no such revision
    QHash<QString, bool> m_reads;                           // "principal\ncase id"
};

} // namespace cw::inline evaluation
