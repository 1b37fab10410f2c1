#pragma once

#include <QDateTime>
#include <QJsonArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

// The retrieval contract (DESIGN.md §5, INTERFACES.md §5): one request value
// in, one result value out, read alike by the CLI's JSON, the query panel
// and the tests.
namespace cw::inline retrieval {

struct RetrievalRequest
{
    QString strategy; // "root-classification" or "root-classification@1"
    QString purpose;  // free text, recorded
    QString text;     // objective / symptom text (content stage)
    QString caseRef;  // tenant/source_system/source_request
    QString source;   // SYSTEM/REQUEST/REVISION: canonical source identity
    QString domain;   // requesting domain
    QStringList tags;
    QStringList symptoms;
    QStringList refs; // explicit article refs (exact stage)
    QString product;
    QString productVersion;
    QString minProof;     // verified | executed | proposed
    int limit = 0;        // 0: the strategy's default
    int budgetTokens = 0; // 0: the strategy's default
    QDateTime asOf;       // invalid: now
};

// One stage's note on one candidate: what the stage did with it and why.
struct StageNote
{
    QString stage;
    QString note;
};

struct Candidate
{
    QString ref;
    int revision = 0;
    QString kind;
    QString domain;
    QString owner;
    QString status; // active, superseded, retired, rejected
    QString title;
    QString reviewState; // approved, rejected, imported
    QString sourceCase;  // empty with sourceCaseRedacted, or when there is none
    bool sourceCaseRedacted = false;
    bool sourceCaseErased = false; // the source case was erased: the link reads "erased"
    QStringList sourceChanges;     // open changes of the source case (flag source-changed)
    QString outcome;
    QString proofLevel;
    QString similarityReason;
    double score = 0;
    QStringList stages; // the generating stages: exact, fields, content, cross-reference
    QList<StageNote> trace;
    QString limits;
    QStringList flags; // revalidate, not-yet-indexed, unverified, rejected-route, symptom-mismatch,
                       // source-changed
    std::optional<double> effortActiveHours;
    std::optional<double> effortWaitingHours;
    QString excerpt;
    int tokens = 0;
};

struct ExactMatch
{
    QString relation; // duplicate-delivery, same-request, same-object, related-open-work, ...
    QString caseKey;
    QString status;
    QString title;
    QString why;
};

struct DroppedCandidate
{
    QString ref;
    int revision = 0;
    QString reason;
};

struct RetrievalResult
{
    QString strategy; // id@version
    QString realPrincipal;
    QString effectivePrincipal;
    qint64 memoryUseId = 0;
    qint64 watermark = 0;
    qint64 canonicalHead = 0;
    qint64 lagEvents = 0;
    QStringList laggingSources;
    QList<ExactMatch> exactMatches;
    QList<Candidate> candidates;
    // The candidates as the memory-use record holds them (RetrievalJson),
    // made once: the JSON answer repeats them. Empty until recorded.
    QJsonArray recordedCandidates;
    QList<DroppedCandidate> dropped;
    int budgetTokens = 0;
    int usedTokens = 0;
    QStringList notes;
    // Wall time per stage in milliseconds, in the order the stages ran
    // (benchmarks and diagnostics; not part of the JSON answer).
    QList<std::pair<QString, double>> stageMillis;
};

} // namespace cw::inline retrieval
