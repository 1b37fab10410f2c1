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
// In db's dialect (the lists are JSON arrays built by each backend's own
// aggregate).
QByteArray canonicalSelect(const Database &db, const char *statusExpr, const char *seqExpr,
                           const char *tail);
// The FTS body of a projection row aliased as alias: the revision body plus
// the claim (mechanism, method, outcome, limits), so content search sees what
// the revision asserts. The view projection_text (schema step 010), which the
// index reads, computes the same expression; verify indexes a rebuild's rows
// with this one and compares. In db's dialect (char(10) / chr(10)).
QByteArray searchText(const Database &db, const char *alias);

// Status of the row after an event: active (activated, corrected),
// superseded, retired, or the revision's own state (recorded); nullopt for an
// event the projector does not know.
std::optional<QString> statusAfter(const QString &event, const QString &revisionState);

} // namespace ProjectionRows

// One row to write from its canonical revision, with the status and
// projected_seq the batch's events give it.
struct ProjectionWrite
{
    QString ref;
    int revision = 0;
    QString status;
    std::int64_t seq = 0;
    std::optional<std::int64_t> rowId; // the row's rowid if it has one (the applier read it)
};

// A row whose fields stay: only its projected_seq moves.
struct SeqMove
{
    std::int64_t rowId = 0;
    std::int64_t seq = 0;
};

// Writes rows of the live projection from canonical revisions, a batch at a
// time: unindex() the rows about to be rewritten, write() the rows, then
// index() them. The order matters: the text index is external content (schema
// step 010) and removes a row's words by reading them from the row, so they
// must still be the old ones; it indexes what the rows hold once written.
// On a server a statement is a round trip: write() and moveSeq() send a
// batch's rows in one statement each (a JSON array bound as one parameter);
// on a file they run one prepared statement a row, which costs SQLite less
// than taking the array apart.
class ProjectionWriter
{
public:
    explicit ProjectionWriter(const Database &db);

    // Removes the index entries of these rows (rowids of the projection). On
    // a server, the projection's triggers keep the index: unindex() and
    // index() have nothing to do.
    Status unindex(const QList<std::int64_t> &rowIds);
    // Upserts each row by ref (keeping its rowid); returns the rowids
    // written. A revision that is not there to select is an error.
    Result<QList<std::int64_t>> write(const QList<ProjectionWrite> &rows);
    Status moveSeq(const QList<SeqMove> &moves);
    // Indexes these rows as they now are (rowid = projection rowid).
    Status index(const QList<std::int64_t> &rowIds);

private:
    Result<std::int64_t> writeOne(const ProjectionWrite &row);
    Result<QList<std::int64_t>> writeAll(const QList<ProjectionWrite> &rows);

    const Database &m_db;
    Statement m_upsert;
    Statement m_insert; // a server's rows without a live row
    Statement m_moveSeq;
    Statement m_ftsDelete;
    Statement m_ftsInsert;
};

} // namespace cw::inline projection
