#pragma once

#include "Identity.h"
#include "ReviewTypes.h"

#include <QStringList>

namespace cw {
class Database;
}
namespace cw::inline common {
class Clock;
}

namespace cw::inline review {

// One open change of a revision's source case (revision_source_changes,
// written by the schema's triggers and by erasure).
struct SourceChange
{
    QString change; // proof-failed, proof-replaced, case-reopened, disposition-changed, case-erased
    QString detail; // plain words, never the case's content
    QString at;
};

struct ReverifyOutcome
{
    QString ref;
    int revision = 0;
    QList<SourceChange> cleared;
    std::int64_t outboxEvent = 0;
};

// The source-changed flag of active revisions: what changed, and the review
// action that clears it. Re-verification says an owner has checked the
// article against its changed (or erased) source and it still holds; the
// other way back is retiring it.
class SourceChanges
{
public:
    SourceChanges(const Database &db, const Clock &clock);

    // Open changes of one revision (revisions.id), oldest first.
    static Result<QList<SourceChange>> open(const Database &db, std::int64_t revisionId);

    // Owners of the article's domain and admins (Access::mayReverify).
    // Clears the active revision's open changes with an audit row
    // (`reverify`) and an outbox event (revision-corrected), in one
    // transaction. Refused when nothing is open.
    Refusable<ReverifyOutcome> reverify(const Actor &actor, const QString &ref,
                                        const QString &reason);

private:
    const Database &m_db;
    const Clock &m_clock;
};

} // namespace cw::inline review
