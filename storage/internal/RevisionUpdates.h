#pragma once

#include "Records.h"
#include "Result.h"
#include "Statement.h"

namespace cw {

class Database;

// A state change of one revision. Every change bumps the version and stamps
// who and when; validFrom/validTo are written only when given.
struct RevisionTransition
{
    std::int64_t revisionId = 0;
    int fromVersion = 0; // the version the change was decided on
    QString state;
    QString at;
    QString by;
    QString validFrom;
    QString validTo;
};

// The writes the review workflow makes to revisions and proposals. Each
// update names the version it expects, so a change that raced past the
// workflow's own check still cannot overwrite another one. Callers own the
// transaction.
class RevisionUpdates
{
public:
    explicit RevisionUpdates(const Database &db);

    Status transition(const RevisionTransition &change);
    // Rewrites the editable claim fields and the tags of revision.id, sets its
    // state, bumps the version from fromVersion.
    Status rewriteClaim(const RevisionRecord &revision, int fromVersion, const QString &at,
                        const QString &by);
    Status setProposalStatus(const QString &proposalId, const QString &status);

private:
    Status expectOneRow(const QString &what, std::int64_t revisionId, int fromVersion);

    const Database &m_db;
    Statement m_transition;
    Statement m_rewrite;
    Statement m_clearTags;
    Statement m_insertTag;
    Statement m_proposalStatus;
};

} // namespace cw
