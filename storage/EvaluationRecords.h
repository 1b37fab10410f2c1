#pragma once

#include <QList>
#include <QString>

#include <cstdint>
#include <optional>

// Retrieval evaluation (INTERFACES.md §8): stored query sets and the runs
// scored on them, and the canonical facts the evaluation checks candidates
// against (independently of the engine's own flags).
// Plain values, QtCore only: public to every layer (storage/, model/, front ends).
namespace cw {

struct EvalSetRecord
{
    QString id; // as written in the set's file
    QString name;
    QString contentHash; // sha256 of the canonical content, hex
    QString content;     // JSON object: the set as imported
    int queries = 0;
    int judgments = 0;
    QString importedAt;
    QString importedBy;
};

struct EvalRunRecord
{
    std::int64_t id = 0;
    QString setId;
    QString setHash;
    QString strategy; // id@version
    QString strategyHash;
    int k = 10;
    std::int64_t watermark = 0;
    QString projectionHash;
    QString signature;
    QString at;
    QString principal;
    QString effectivePrincipal;
    QString metrics; // JSON object: means
    QString pairs;   // JSON object
    QString queries; // JSON array: per query
};

// What the database says about one revision, read from canonical tables
// (revisions, articles, cases, proposals, proof records), never from the
// projection or the engine.
struct RevisionFacts
{
    QString ref;
    int revision = 0;
    QString kind;
    QString state;      // proposed, approved, active, superseded, retired, rejected
    QString proofLevel; // as claimed on the revision ("" when it claims none)
    QString product;
    QString productVersions;
    std::optional<std::int64_t> sourceCaseId;
    bool hasProposal = false;
    int linkedProofs = 0;         // proof records linked to the revision's proposal
    int verifiedLinkedProofs = 0; // of those, with result verified
    bool proposalRejected = false;
    // Its source case changed in a way that matters (or was erased) and no
    // owner has re-verified it since (revision_source_changes, issue 17).
    bool sourceChanged = false;
};

// One recorded retrieval with its verdicts (eval from-verdicts).
struct JudgedUse
{
    std::int64_t memoryUseId = 0;
    QString at;
    QString strategy; // id
    int strategyVersion = 0;
    QString effectivePrincipal;
    QString inputs; // JSON object: the request
    struct Verdict
    {
        QString ref;
        int revision = 0;
        QString verdict; // applies, needs-check, rejected
        QString at;
    };
    QList<Verdict> verdicts; // in the order given; the latest per (ref, revision) counts
};

} // namespace cw
