#include "ProjectionWriter.h"

#include "Database.h"
#include "StoreUtil.h"
#include "Vocabulary.h"

#include <utility>

namespace cw::inline projection {

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

QByteArray searchText(const char *alias)
{
    QByteArray text;
    for (const char *column : {"body", "mechanism", "method", "outcome", "limits"}) {
        if (!text.isEmpty())
            text += " || char(10) || ";
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

QByteArray upsertSql(const Database &db)
{
    QByteArray names;
    QByteArray updates;
    for (const QByteArray &column : ProjectionRows::columns()) {
        names += (names.isEmpty() ? "" : ", ") + column;
        if (column != "ref")
            updates += (updates.isEmpty() ? "" : ", ") + column + " = excluded." + column;
    }
    // The WHERE in the SELECT keeps SQLite from reading ON CONFLICT as a join.
    // On a server RETURNING gives the row's rowid, inserted or kept.
    const QByteArray sql =
        QByteArray(db.isServer() ? "INSERT INTO projection (" : "INSERT INTO main.projection (") +
        names + ") " +
        ProjectionRows::canonicalSelect(db, "?3", "?4", "WHERE a.ref = ?1 AND r.revision = ?2") +
        " ON CONFLICT (ref) DO UPDATE SET " + updates;
    return returningKey(db, sql.constData(), "rowid");
}

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
    , m_upsert(db.prepare(upsertSql(db).constData()))
{
    // A server's projection_fts follows the projection by its triggers
    // (resources/pgsql/001_initial.sql, "Content search").
    if (!db.isServer()) {
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

Result<std::int64_t> ProjectionWriter::write(const QString &ref, int revision,
                                             const QString &status, std::int64_t seq,
                                             std::optional<std::int64_t> existingRowId)
{
    m_upsert.bind(1, ref).bind(2, revision).bind(3, status).bind(4, seq);
    // Nothing written: the canonical revision was not there to select.
    auto rowId = insertedKeyIfAny(m_db, m_upsert);
    if (!rowId)
        return fail(QStringLiteral("projection row %1: %2").arg(ref, rowId.error()));
    if (!*rowId)
        return fail(
            QStringLiteral("projection row %1: revision %2 vanished").arg(ref).arg(revision));
    // On a file the last row id is a new row's only: an upsert that updated
    // keeps the rowid the row had.
    return existingRowId && !m_db.isServer() ? *existingRowId : **rowId;
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
