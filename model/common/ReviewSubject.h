#pragma once

#include "Records.h"
#include "Result.h"
#include "ReviewRecords.h"
#include "ReviewTypes.h"

#include <optional>

namespace cw {
class Database;
}

namespace cw::inline common {

// A proposal with everything a decision on it looks at, read inside the
// decision's transaction.
struct ProposalSubject
{
    ProposalRecord proposal;
    RevisionRecord revision;
    ArticleRecord article;
    QList<ProofRecord> linkedProofs;
    QList<ReviewRecord> reviews;
};

// An article with its current (active) revision, if any.
struct ArticleSubject
{
    ArticleRecord article;
    std::optional<RevisionRecord> active;
    QString activeProposalId; // the proposal that published it, if one did
};

// Reads subjects and explains version conflicts. Refuses with NotFound or
// Failed so the workflow can pass the refusal straight on.
class ReviewSubjects
{
public:
    explicit ReviewSubjects(const Database &db);

    Refusable<ProposalSubject> proposal(const QString &id);
    Refusable<ArticleSubject> article(const QString &ref);
    Result<QList<ReviewRecord>> reviews(std::int64_t revisionId);

    // nullopt when onVersion is the revision's version; otherwise a Conflict
    // naming the latest change: "PR-1 changed since version 2: dora approved
    // it at 2026-03-10T12:00:00Z (now version 3)".
    std::optional<Refusal> checkVersion(const QString &label, const RevisionRecord &revision,
                                        int onVersion, const QStringList &subjects);

private:
    const Database &m_db;
};

} // namespace cw::inline common
