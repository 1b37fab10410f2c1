#include "ProjectionWriter.h"

#include "Database.h"
#include "Vocabulary.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <utility>

namespace cw::inline projection {

using namespace Qt::StringLiterals;

namespace ProjectionRows {

namespace {

// Lists are read in the order they were given (rowid order), as compact JSON
// arrays: json_group_array over the ordered subquery on a file; on a server
// string_agg of to_json, which writes ["a","b"] as the file does (json_agg
// would write ["a", "b"]).
QByteArray list(bool server, const char *table, const char *column, const char *kind)
{
    const QByteArray rows =
        QByteArray(" FROM ") + table + " WHERE revision_id = r.id AND kind = '" + kind + "'";
    if (server)
        return QByteArray("(SELECT coalesce('[' || string_agg(to_json(") + column +
               ")::text, ',' ORDER BY rowid) || ']', '[]')" + rows + ")";
    return QByteArray("(SELECT json_group_array(") + column + ") FROM (SELECT " + column + rows +
           " ORDER BY rowid))";
}

// Column name and the expression that fills it; empty: status / seq.
QList<std::pair<QByteArray, QByteArray>> sourcesFor(bool server)
{
    return {{"ref", "a.ref"},
            {"revision", "r.revision"},
            {"kind", "a.kind"},
            {"domain", "a.domain"},
            {"owner", "a.owner"},
            {"status", {}},
            {"level", "r.level"},
            {"source_status", "r.source_status"},
            {"title", "r.title"},
            {"synopsis", "r.synopsis"},
            {"body", "r.body"},
            {"route", "r.route"},
            {"mechanism", "r.mechanism"},
            {"method", "r.method"},
            {"outcome", "r.outcome"},
            {"proof_level", "r.proof_level"},
            {"limits", "r.limits"},
            {"product", "r.product"},
            {"product_versions", "r.product_versions"},
            {"effort_active_hours", "r.effort_active_hours"},
            {"effort_waiting_hours", "r.effort_waiting_hours"},
            {"tags", list(server, "revision_tags", "tag", "tag")},
            {"symptom_tags", list(server, "revision_tags", "tag", "symptom")},
            {"related_to", list(server, "revision_links", "target_ref", "related_to")},
            {"mentions", list(server, "revision_links", "target_ref", "mentions")},
            {"source_case_id", "r.source_case_id"},
            {"source_path", "a.source_path"},
            {"valid_from", "r.valid_from"},
            {"valid_to", "r.valid_to"},
            {"updated_at", "r.updated_at"},
            {"projected_seq", {}}};
}

const QList<std::pair<QByteArray, QByteArray>> &sources(bool server = false)
{
    static const QList<std::pair<QByteArray, QByteArray>> file = sourcesFor(false);
    static const QList<std::pair<QByteArray, QByteArray>> onServer = sourcesFor(true);
    return server ? onServer : file;
}

} // namespace

const QList<QByteArray> &columns()
{
    static const QList<QByteArray> names = [] {
        QList<QByteArray> all;
        for (const auto &source : sources())
            all.append(source.first);
        return all;
    }();
    return names;
}

QByteArray canonicalSelect(const Database &db, const char *statusExpr, const char *seqExpr,
                           const char *tail)
{
    QByteArray sql = "SELECT ";
    for (const auto &[column, expression] : sources(db.isServer())) {
        if (sql.size() > 7)
            sql += ", ";
        sql += column == "status"          ? QByteArray(statusExpr)
               : column == "projected_seq" ? QByteArray(seqExpr)
                                           : expression;
    }
    return sql + " FROM revisions r JOIN articles a ON a.id = r.article_id " + tail;
}

QByteArray searchText(const Database &db, const char *alias)
{
    const char *separator = db.isServer() ? " || chr(10) || " : " || char(10) || ";
    QByteArray text;
    for (const char *column : {"body", "mechanism", "method", "outcome", "limits"}) {
        if (!text.isEmpty())
            text += separator;
        text += QByteArray("coalesce(") + alias + '.' + column + ", '')";
    }
    return text;
}

std::optional<QString> statusAfter(const QString &event, const QString &revisionState)
{
    if (event == u"revision-activated" || event == u"revision-corrected")
        return name(RevisionState::Active);
    if (event == u"revision-superseded")
        return name(RevisionState::Superseded);
    if (event == u"revision-retired")
        return name(RevisionState::Retired);
    if (event == u"revision-recorded")
        return revisionState;
    return std::nullopt;
}

} // namespace ProjectionRows

namespace {

QByteArray upsertTail()
{
    QByteArray updates;
    for (const QByteArray &column : ProjectionRows::columns())
        if (column != "ref")
            updates += (updates.isEmpty() ? "" : ", ") + column + " = excluded." + column;
    return " ON CONFLICT (ref) DO UPDATE SET " + updates;
}

QByteArray columnList()
{
    QByteArray names;
    for (const QByteArray &column : ProjectionRows::columns())
        names += (names.isEmpty() ? "" : ", ") + column;
    return names;
}

// A file's upsert of one row. The WHERE in the SELECT keeps SQLite from
// reading ON CONFLICT as a join.
QByteArray upsertSql(const Database &db)
{
    return "INSERT INTO main.projection (" + columnList() + ") " +
           ProjectionRows::canonicalSelect(db, "?3", "?4", "WHERE a.ref = ?1 AND r.revision = ?2") +
           upsertTail();
}

// A server's writes of a batch's rows: the rows to write arrive as one JSON
// array; new rows get their rowids in the order the batch first touched
// their refs, as one upsert a row gave them. RETURNING names every row
// written. The rows the batch found without a live row are inserted
// plainly; only rows that have one go through ON CONFLICT, whose
// speculative insertion costs each row a second look into the ref index
// (the projector's turn keeps any other writer out of the batch).
constexpr const char *ServerRows = "json_to_recordset(?1::json) AS b(ord bigint, ref text, "
                                   "revision bigint, status text, seq bigint)";

QByteArray insertAllSql(const Database &db, bool upsert)
{
    const QByteArray tail = QByteArray("JOIN ") + ServerRows +
                            " ON a.ref = b.ref AND r.revision = b.revision ORDER BY b.ord";
    return "INSERT INTO projection (" + columnList() + ") " +
           ProjectionRows::canonicalSelect(db, "b.status", "b.seq", tail.constData()) +
           (upsert ? upsertTail() : QByteArray()) + " RETURNING rowid, ref";
}

constexpr const char *MoveSeqSql = "UPDATE projection SET projected_seq = ?2 WHERE rowid = ?1";
constexpr const char *MoveAllSeqSql =
    "UPDATE projection SET projected_seq = m.seq FROM json_to_recordset(?1::json) AS m(rowid "
    "bigint, seq bigint) WHERE projection.rowid = m.rowid";

// projection_fts is an external-content table over the view projection_text
// (schema step 010): the index is told a row's text, which it tokenises, and
// keeps none of it. A batch's rows go in one statement each way: FTS5 writes
// its pending words out as a new index segment whenever a statement of the
// transaction opens a savepoint, which an INSERT ... SELECT (the upsert too)
// does, so indexing row by row between upserts wrote a tiny segment per row
// and merged them again (docs/benchmarks.md).
constexpr const char *FtsDeleteSql = "DELETE FROM main.projection_fts WHERE rowid IN "
                                     "(SELECT value FROM json_each(?1))";
constexpr const char *FtsInsertSql =
    "INSERT INTO main.projection_fts (rowid, ref, title, synopsis, body) SELECT id, ref, title, "
    "synopsis, body FROM main.projection_text WHERE id IN (SELECT value FROM json_each(?1)) "
    "ORDER BY id";

QByteArray jsonList(const QList<std::int64_t> &rowIds)
{
    QByteArray list = "[";
    for (const std::int64_t id : rowIds)
        list += (list.size() > 1 ? "," : "") + QByteArray::number(qint64(id));
    return list + ']';
}

} // namespace

ProjectionWriter::ProjectionWriter(const Database &db)
    : m_db(db)
    , m_upsert(db.prepare(db.isServer() ? insertAllSql(db, true).constData()
                                        : upsertSql(db).constData()))
    , m_moveSeq(db.prepare(db.isServer() ? MoveAllSeqSql : MoveSeqSql))
{
    // A server's projection_fts follows the projection by its triggers
    // (resources/pgsql/001_initial.sql, "Content search").
    if (db.isServer())
        m_insert = db.prepare(insertAllSql(db, false).constData());
    else {
        m_ftsDelete = db.prepare(FtsDeleteSql);
        m_ftsInsert = db.prepare(FtsInsertSql);
    }
}

Status ProjectionWriter::unindex(const QList<std::int64_t> &rowIds)
{
    if (rowIds.isEmpty() || m_db.isServer())
        return {};
    if (auto deleted = m_ftsDelete.bind(1, jsonList(rowIds)).exec(); !deleted)
        return fail(QStringLiteral("projection text: ") + deleted.error());
    return {};
}

Result<QList<std::int64_t>> ProjectionWriter::write(const QList<ProjectionWrite> &rows)
{
    if (rows.isEmpty())
        return QList<std::int64_t>();
    if (m_db.isServer())
        return writeAll(rows);
    QList<std::int64_t> rowIds;
    for (const ProjectionWrite &row : rows) {
        auto rowId = writeOne(row);
        if (!rowId)
            return fail(rowId.error());
        rowIds.append(*rowId);
    }
    return rowIds;
}

Result<std::int64_t> ProjectionWriter::writeOne(const ProjectionWrite &row)
{
    m_upsert.bind(1, row.ref).bind(2, row.revision).bind(3, row.status).bind(4, row.seq);
    if (auto done = m_upsert.exec(); !done)
        return fail(QStringLiteral("projection row %1: %2").arg(row.ref, done.error()));
    // Nothing written: the canonical revision was not there to select.
    if (m_db.changes() == 0)
        return fail(QStringLiteral("projection row %1: revision %2 vanished")
                        .arg(row.ref)
                        .arg(row.revision));
    // The last row id is a new row's only: an upsert that updated keeps the
    // rowid the row had.
    return row.rowId ? *row.rowId : m_db.lastInsertRowId();
}

Result<QList<std::int64_t>> ProjectionWriter::writeAll(const QList<ProjectionWrite> &rows)
{
    QJsonArray fresh;
    QJsonArray live;
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const ProjectionWrite &row = rows.at(i);
        (row.rowId ? live : fresh)
            .append(QJsonObject{{u"ord"_s, qint64(i)},
                                {u"ref"_s, row.ref},
                                {u"revision"_s, row.revision},
                                {u"status"_s, row.status},
                                {u"seq"_s, qint64(row.seq)}});
    }
    QList<std::int64_t> rowIds;
    QSet<QString> written;
    for (const auto &[statement, values] : {std::pair{&m_insert, &fresh}, {&m_upsert, &live}}) {
        if (values->isEmpty())
            continue;
        Statement &s = *statement;
        s.bind(1, QJsonDocument(*values).toJson(QJsonDocument::Compact));
        auto done = s.forEachRow([&] {
            rowIds.append(s.int64(0));
            written.insert(s.text(1));
        });
        s.reset();
        if (!done)
            return fail(QStringLiteral("projection rows %1 to %2: %3")
                            .arg(rows.constFirst().ref, rows.constLast().ref, done.error()));
    }
    // A row not written: its canonical revision was not there to select.
    for (const ProjectionWrite &row : rows)
        if (!written.contains(row.ref))
            return fail(QStringLiteral("projection row %1: revision %2 vanished")
                            .arg(row.ref)
                            .arg(row.revision));
    return rowIds;
}

Status ProjectionWriter::moveSeq(const QList<SeqMove> &moves)
{
    if (moves.isEmpty())
        return {};
    if (m_db.isServer()) {
        QJsonArray values;
        for (const SeqMove &move : moves)
            values.append(
                QJsonObject{{u"rowid"_s, qint64(move.rowId)}, {u"seq"_s, qint64(move.seq)}});
        if (auto moved =
                m_moveSeq.bind(1, QJsonDocument(values).toJson(QJsonDocument::Compact)).exec();
            !moved)
            return fail(QStringLiteral("projected_seq: ") + moved.error());
        return {};
    }
    for (const SeqMove &move : moves)
        if (auto moved = m_moveSeq.bind(1, move.rowId).bind(2, move.seq).exec(); !moved)
            return fail(QStringLiteral("projected_seq: ") + moved.error());
    return {};
}

Status ProjectionWriter::index(const QList<std::int64_t> &rowIds)
{
    if (rowIds.isEmpty() || m_db.isServer())
        return {};
    if (auto inserted = m_ftsInsert.bind(1, jsonList(rowIds)).exec(); !inserted)
        return fail(QStringLiteral("projection text: ") + inserted.error());
    return {};
}

} // namespace cw::inline projection
