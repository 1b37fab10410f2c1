#pragma once

#include "Result.h"

#include <QList>
#include <QString>

#include <cstdint>

namespace cw {
class Database;
}
namespace cw::inline common {
class Clock;
}

namespace cw::inline projection {

struct RebuildReport
{
    qint64 rows = 0;
    std::int64_t builtAt = 0;   // the outbox head the aside build read
    std::int64_t watermark = 0; // after the swap (events after builtAt applied in it)
    qint64 caughtUpEvents = 0;
    qint64 elapsedMs = 0;
};

struct ProjectionDifference
{
    enum class Kind
    {
        Missing,
        Extra,
        Field,
        Text,     // the FTS row of a live row differs from what a rebuild indexes
        StrayText // FTS rows that belong to no projection row (count in live)
    };
    Kind kind = Kind::Field;
    QString ref;
    QString field; // column (Field) or FTS column (Text)
    QString live;
    QString rebuilt;

    QString kindName() const;
    QString toText() const;
};

struct VerifyReport
{
    std::int64_t watermark = 0;
    std::int64_t canonicalHead = 0;
    qint64 liveRows = 0;
    qint64 rebuiltRows = 0;
    QList<ProjectionDifference> differences;

    bool identical() const { return differences.isEmpty(); }
};

// Builds the projection from canonical state, aside in a TEMP table:
// for each article, the highest revision that has at least one applicable
// outbox event (its revision exists; not dead-lettered) up to a cutoff seq,
// with its canonical state as status and, as projected_seq, the highest such
// event seq of the ref. Rows are built by the same SQL select list as the
// incremental projector's (ProjectionWriter.h), so the two cannot drift.
class ProjectionRebuild
{
public:
    ProjectionRebuild(const Database &db, const Clock &clock);

    // Builds aside at the outbox head, then in one write transaction replaces
    // the live projection (rows and FTS) with it, records events that cannot
    // be applied as dead letters, applies whatever was committed after the
    // aside build, and sets the watermark to the head read in that transaction.
    // Readers see the old projection or the new one, never a mix.
    Result<RebuildReport> rebuild();

    // Builds aside at the live watermark and diffs it with the live projection
    // (every column, and the FTS text). Writes nothing to the database.
    // No column is excluded: every projected field is copied from canonical
    // state or the outbox, so none may legitimately differ. rowid is not a
    // column (rows are keyed on ref) and is not compared.
    Result<VerifyReport> verify();

private:
    Result<qint64> buildAside(std::int64_t cutoff);
    Status createAside();
    Status dropAside();
    Status swapIn(std::int64_t builtAt, RebuildReport &report);
    Status diffRows(VerifyReport &report);
    Status diffText(VerifyReport &report);

    const Database &m_db;
    const Clock &m_clock;
};

} // namespace cw::inline projection
