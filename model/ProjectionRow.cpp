#include "ProjectionRow.h"

#include "Database.h"

#include <QStringList>

namespace cw {

QString ProjectionRow::searchText() const
{
    QStringList parts;
    for (const QString *part : {&body, &mechanism, &method, &outcome, &limits}) {
        if (!part->isEmpty())
            parts.append(*part);
    }
    return parts.join(QStringLiteral("\n\n"));
}

namespace projection {

namespace {

// Lists are read in the order they were given (rowid order); json_group_array
// over the ordered subquery keeps it.
#define CW_LIST(table, column, kindValue)                                                          \
    "(SELECT json_group_array(" column ") FROM (SELECT " column " FROM " table                     \
    " WHERE revision_id = r.id AND kind = '" kindValue "' ORDER BY rowid))"

// Same order as columns() without projected_seq.
constexpr const char *CanonicalColumns =
    "a.ref, r.revision, a.kind, a.domain, a.owner, r.state, r.level, r.source_status, r.title, "
    "r.synopsis, r.body, r.route, r.mechanism, r.method, r.outcome, r.proof_level, r.limits, "
    "r.product, r.product_versions, r.effort_active_hours, r.effort_waiting_hours, "            //
    CW_LIST("revision_tags", "tag", "tag") ", " CW_LIST("revision_tags", "tag", "symptom") ", " //
    CW_LIST("revision_links", "target_ref", "related_to") ", "                                  //
    CW_LIST("revision_links", "target_ref",
            "mentions") ", "
                        "r.source_case_id, a.source_path, r.valid_from, r.valid_to, r.updated_at";

#undef CW_LIST

} // namespace

const QList<QByteArray> &columns()
{
    static const QList<QByteArray> names = {"ref",
                                            "revision",
                                            "kind",
                                            "domain",
                                            "owner",
                                            "status",
                                            "level",
                                            "source_status",
                                            "title",
                                            "synopsis",
                                            "body",
                                            "route",
                                            "mechanism",
                                            "method",
                                            "outcome",
                                            "proof_level",
                                            "limits",
                                            "product",
                                            "product_versions",
                                            "effort_active_hours",
                                            "effort_waiting_hours",
                                            "tags",
                                            "symptom_tags",
                                            "related_to",
                                            "mentions",
                                            "source_case_id",
                                            "source_path",
                                            "valid_from",
                                            "valid_to",
                                            "updated_at",
                                            "projected_seq"};
    return names;
}

QByteArray canonicalSelect(const char *extra, const char *tail)
{
    return QByteArray("SELECT ") + CanonicalColumns + extra +
           " FROM revisions r JOIN articles a ON a.id = r.article_id " + tail;
}

ProjectionRow readCanonical(const Statement &s)
{
    ProjectionRow row;
    row.ref = s.text(0);
    row.revision = s.integer(1);
    row.kind = s.text(2);
    row.domain = s.text(3);
    row.owner = s.text(4);
    row.status = s.text(5);
    row.level = s.text(6);
    row.sourceStatus = s.text(7);
    row.title = s.text(8);
    row.synopsis = s.text(9);
    row.body = s.text(10);
    row.route = s.text(11);
    row.mechanism = s.text(12);
    row.method = s.text(13);
    row.outcome = s.text(14);
    row.proofLevel = s.text(15);
    row.limits = s.text(16);
    row.product = s.text(17);
    row.productVersions = s.text(18);
    row.effortActiveHours = s.optionalReal(19);
    row.effortWaitingHours = s.optionalReal(20);
    row.tags = s.text(21);
    row.symptomTags = s.text(22);
    row.relatedTo = s.text(23);
    row.mentions = s.text(24);
    row.sourceCaseId = s.optionalInt64(25);
    row.sourcePath = s.text(26);
    row.validFrom = s.text(27);
    row.validTo = s.text(28);
    row.updatedAt = s.text(29);
    return row;
}

std::optional<QString> statusAfter(const QString &event, const QString &revisionState)
{
    if (event == u"revision-activated" || event == u"revision-corrected")
        return QStringLiteral("active");
    if (event == u"revision-superseded")
        return QStringLiteral("superseded");
    if (event == u"revision-retired")
        return QStringLiteral("retired");
    if (event == u"revision-recorded")
        return revisionState;
    return std::nullopt;
}

} // namespace projection

namespace {

QByteArray insertSql(const char *table, bool withSearchText, bool upsert)
{
    QByteArray names;
    QByteArray values;
    QByteArray updates;
    const auto &columns = projection::columns();
    for (qsizetype i = 0; i < columns.size(); ++i) {
        const QByteArray separator = i ? ", " : "";
        names += separator + columns[i];
        values += separator + '?' + QByteArray::number(i + 1);
        if (i)
            updates += (i > 1 ? ", " : "") + columns[i] + " = excluded." + columns[i];
    }
    if (withSearchText) {
        names += ", search_text";
        values += ", ?" + QByteArray::number(columns.size() + 1);
    }
    QByteArray sql =
        "INSERT INTO " + QByteArray(table) + " (" + names + ") VALUES (" + values + ')';
    if (upsert)
        sql += " ON CONFLICT (ref) DO UPDATE SET " + updates;
    return sql;
}

} // namespace

ProjectionTable::ProjectionTable(const Database &db, Target target)
    : m_db(db)
    , m_target(target)
    , m_upsert(db.prepare(target == Target::Live ? insertSql("projection", false, true).constData()
                                                 : insertSql(AsideTable, true, false).constData()))
{
    if (target == Target::Live) {
        m_ftsDelete = db.prepare("DELETE FROM projection_fts WHERE rowid = ?1");
        m_ftsInsert = db.prepare("INSERT INTO projection_fts (rowid, ref, title, synopsis, body) "
                                 "VALUES (?1, ?2, ?3, ?4, ?5)");
    }
}

Status ProjectionTable::createAside(const Database &db)
{
    if (auto dropped = dropAside(db); !dropped)
        return dropped;
    // Same columns and key as the live table, plus the FTS text.
    Statement create = db.prepare("CREATE TEMP TABLE projection_rebuilt AS "
                                  "SELECT *, '' AS search_text FROM main.projection WHERE 0");
    if (auto created = create.exec(); !created)
        return created;
    return db.execScript("CREATE UNIQUE INDEX temp.projection_rebuilt_ref "
                         "ON projection_rebuilt(ref)");
}

Status ProjectionTable::dropAside(const Database &db)
{
    return db.execScript("DROP TABLE IF EXISTS temp.projection_rebuilt");
}

Status ProjectionTable::write(const ProjectionRow &row, std::optional<std::int64_t> existingRowId)
{
    Statement &s = m_upsert;
    s.bind(1, row.ref).bind(2, row.revision).bind(3, row.kind).bind(4, row.domain);
    s.bind(5, row.owner).bind(6, row.status).bind(7, row.level).bind(8, row.sourceStatus);
    s.bind(9, row.title).bind(10, row.synopsis).bind(11, row.body).bind(12, row.route);
    s.bind(13, row.mechanism).bind(14, row.method).bind(15, row.outcome);
    s.bind(16, row.proofLevel).bind(17, row.limits).bind(18, row.product);
    s.bind(19, row.productVersions).bind(20, row.effortActiveHours);
    s.bind(21, row.effortWaitingHours).bind(22, row.tags).bind(23, row.symptomTags);
    s.bind(24, row.relatedTo).bind(25, row.mentions).bind(26, row.sourceCaseId);
    s.bind(27, row.sourcePath).bind(28, row.validFrom).bind(29, row.validTo);
    s.bind(30, row.updatedAt).bind(31, row.projectedSeq);
    const QString text = row.searchText();
    if (m_target == Target::Aside)
        s.bind(32, text);
    if (auto done = s.exec(); !done)
        return fail(QStringLiteral("projection row %1: %2").arg(row.ref, done.error()));
    if (m_target == Target::Aside)
        return {};

    // The FTS row shares the projection row's rowid, which an upsert keeps.
    const std::int64_t rowId = existingRowId ? *existingRowId : m_db.lastInsertRowId();
    if (existingRowId) {
        m_ftsDelete.bind(1, rowId);
        if (auto deleted = m_ftsDelete.exec(); !deleted)
            return fail(QStringLiteral("projection text %1: %2").arg(row.ref, deleted.error()));
    }
    m_ftsInsert.bind(1, rowId).bind(2, row.ref).bind(3, row.title).bind(4, row.synopsis);
    m_ftsInsert.bind(5, text);
    if (auto inserted = m_ftsInsert.exec(); !inserted)
        return fail(QStringLiteral("projection text %1: %2").arg(row.ref, inserted.error()));
    return {};
}

} // namespace cw
