#pragma once

#include "Result.h"
#include "Statement.h"

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <optional>

namespace cw {

class Database;

// One row of the search projection: the canonical revision's approved fields
// and its article's fields, copied, plus the status and the seq of the last
// event that touched the ref.
//
// The incremental projector and the rebuild both read canonical rows through
// canonicalSelect() and readCanonical(), and both write them through
// ProjectionTable, so the two paths cannot drift apart.
struct ProjectionRow
{
    QString ref;
    int revision = 0;
    QString kind;
    QString domain;
    QString owner;
    QString status; // canonical state as read; the projector sets it from the event
    QString level;
    QString sourceStatus;
    QString title;
    QString synopsis;
    QString body;
    QString route;
    QString mechanism;
    QString method;
    QString outcome;
    QString proofLevel;
    QString limits;
    QString product;
    QString productVersions;
    std::optional<double> effortActiveHours;
    std::optional<double> effortWaitingHours;
    QString tags; // JSON arrays, in the order they were given
    QString symptomTags;
    QString relatedTo;
    QString mentions;
    std::optional<std::int64_t> sourceCaseId;
    QString sourcePath;
    QString validFrom;
    QString validTo;
    QString updatedAt;
    std::int64_t projectedSeq = 0;

    // The FTS body: the revision body plus the claim (mechanism, method,
    // outcome, limits), so content search sees what the revision asserts.
    QString searchText() const;
};

namespace projection {

// The projection's columns in table order (projected_seq last).
const QList<QByteArray> &columns();

// "SELECT <canonical columns><extra> FROM revisions r JOIN articles a ..."
// followed by tail; extra may add columns after the canonical ones.
QByteArray canonicalSelect(const char *extra, const char *tail);
// Reads the canonical columns (indexes 0..columns().size()-2) of a row.
ProjectionRow readCanonical(const Statement &statement);

// Status of the row after an event: active (activated, corrected),
// superseded, retired, or the revision's own state (recorded); nullopt for
// an event the projector does not know.
std::optional<QString> statusAfter(const QString &event, const QString &revisionState);

} // namespace projection

// Writes projection rows into one table: the live projection (with its FTS
// row, rowid shared) or an aside table that carries the FTS text in an extra
// search_text column.
class ProjectionTable
{
public:
    enum class Target
    {
        Live,
        Aside
    };
    static constexpr const char *AsideTable = "temp.projection_rebuilt";

    ProjectionTable(const Database &db, Target target);

    // Creates (empty) the aside table; only for Target::Aside.
    static Status createAside(const Database &db);
    static Status dropAside(const Database &db);

    // Live: upserts by ref, keeping the rowid, and replaces the FTS row.
    // Aside: inserts.
    Status write(const ProjectionRow &row, std::optional<std::int64_t> existingRowId);

private:
    const Database &m_db;
    Target m_target;
    Statement m_upsert;
    Statement m_ftsDelete;
    Statement m_ftsInsert;
};

} // namespace cw
