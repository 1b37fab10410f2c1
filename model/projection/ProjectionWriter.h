#pragma once

#include "Result.h"
#include "Statement.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <cstdint>
#include <optional>

namespace cw {
class Database;
}

namespace cw::inline projection {

// How a projection row is built from canonical state: one SQL select list
// (the revision's approved fields and its article's fields, copied) and one
// FTS text expression. The incremental projector and the rebuild both write
// rows through these, inside SQLite, so the two paths cannot drift apart and
// no text passes through C++ on the way.
namespace ProjectionRows {

// The projection's columns in table order.
const QList<QByteArray> &columns();
// "SELECT <row built from r (revisions) and a (articles)> FROM revisions r
// JOIN articles a ON ... <tail>", with statusExpr and seqExpr as the status
// and projected_seq columns.
QByteArray canonicalSelect(const char *statusExpr, const char *seqExpr, const char *tail);
// The FTS body of a projection row aliased as alias: the revision body plus
// the claim (mechanism, method, outcome, limits), so content search sees what
// the revision asserts. The view projection_text (schema step 010), which the
// index reads, computes the same expression; verify indexes a rebuild's rows
// with this one and compares.
QByteArray searchText(const char *alias);

// Status of the row after an event: active (activated, corrected),
// superseded, retired, or the revision's own state (recorded); nullopt for an
// event the projector does not know.
std::optional<QString> statusAfter(const QString &event, const QString &revisionState);

} // namespace ProjectionRows

// Writes one ref's row of the live projection from the canonical revision:
// upserts by ref (keeping the rowid) and replaces its FTS row (same rowid).
class ProjectionWriter
{
public:
    explicit ProjectionWriter(const Database &db);

    Status write(const QString &ref, int revision, const QString &status, std::int64_t seq,
                 std::optional<std::int64_t> existingRowId);

private:
    const Database &m_db;
    Statement m_upsert;
    Statement m_ftsDelete;
    Statement m_ftsInsert;
};

} // namespace cw::inline projection
