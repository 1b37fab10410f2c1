// ProjectionVerify on a PostgreSQL server (issue #15): the rows a rebuild
// makes are read from one query in the same snapshot as the live rows, and
// the content index (projection_fts, kept by triggers: resources/pgsql) is
// compared with what cw_projection_document makes of each live row's text.

#include "Database.h"
#include "ProjectionStateStore.h"
#include "ProjectionVerify.h"
#include "ProjectionWriter.h"
#include "ReadTransaction.h"
#include "Statement.h"

namespace cw::inline projection {

namespace {

QByteArray columnList(const char *alias)
{
    QByteArray list;
    for (const QByteArray &column : ProjectionRows::columns())
        list += (list.isEmpty() ? "" : ", ") + QByteArray(alias) + '.' + column;
    return list;
}

// "WITH ..., rebuilt (columns) AS (...) ": the rows a rebuild at the cutoff
// ?1 makes (ProjectionAside's, without the table).
QByteArray rebuiltRowsClause(const Database &db)
{
    QByteArray names;
    for (const QByteArray &column : ProjectionRows::columns())
        names += (names.isEmpty() ? "" : ", ") + column;
    return QByteArray(ProjectionStateStore::chosenRevisionsClause()) + ", rebuilt (" + names +
           ") AS (" +
           ProjectionRows::canonicalSelect(
               db, "r.state", "c.seq",
               "JOIN chosen c ON c.ref = a.ref AND c.revision = r.revision") +
           ") ";
}

// Refs in byte order, as the merge in diffRows and a file's BINARY collation
// compare them, whatever the database's collation.
constexpr const char *InRefOrder = " ORDER BY ref COLLATE \"C\"";

} // namespace

Result<VerifyReport> ProjectionVerify::verifyOnServer()
{
    VerifyReport report;
    ReadTransaction snapshot(m_db);
    if (!snapshot.isActive())
        return fail(snapshot.beginError());
    if (auto read = readMarks(report); !read)
        return fail(read.error());

    const QByteArray liveSql = "SELECT " + columnList("p") + " FROM projection p" + InRefOrder;
    const QByteArray rebuiltSql =
        rebuiltRowsClause(m_db) + "SELECT " + columnList("t") + " FROM rebuilt t" + InRefOrder;
    Statement live = m_db.prepare(liveSql.constData());
    Statement rebuilt = m_db.prepare(rebuiltSql.constData());
    rebuilt.bind(1, report.watermark);
    Status diffed = diffRows(report, live, rebuilt);
    if (diffed)
        diffed = diffServerText(report);
    snapshot.end();
    if (!diffed)
        return fail(diffed.error());
    return report;
}

// Each live row's index document against the one its own text gives (the
// text itself diffRows compared with the rebuild's: a tampered title is one
// difference, not two). A difference names the words only the live index
// has and those only the row's text gives (both empty: the same words at
// other positions or weights). Index rows of no projection row are counted.
Status ProjectionVerify::diffServerText(VerifyReport &report)
{
    using Kind = ProjectionDifference::Kind;
    const QByteArray sql =
        "SELECT p.ref, CASE WHEN f.rowid IS NULL THEN 1 ELSE 0 END, "
        "(SELECT string_agg(w, ' ' ORDER BY w) FROM unnest(tsvector_to_array(f.document)) w "
        " WHERE w <> ALL (tsvector_to_array(d.document))), "
        "(SELECT string_agg(w, ' ' ORDER BY w) FROM unnest(tsvector_to_array(d.document)) w "
        " WHERE w <> ALL (tsvector_to_array(f.document))), "
        "f.document::text, d.document::text "
        "FROM projection p "
        "LEFT JOIN projection_fts f ON f.rowid = p.rowid "
        "CROSS JOIN LATERAL (SELECT cw_projection_document(p.title, p.synopsis, " +
        ProjectionRows::searchText(m_db, "p") +
        ") AS document) d "
        "WHERE f.document IS DISTINCT FROM d.document ORDER BY p.ref COLLATE \"C\"";
    Statement text = m_db.prepare(sql.constData());
    for (;;) {
        auto row = text.step();
        if (!row)
            return fail(QStringLiteral("verify text: ") + row.error());
        if (!*row)
            break;
        if (text.int64(1))
            report.differences.append({Kind::Text, text.text(0), QStringLiteral("row"),
                                       QStringLiteral("none"), QStringLiteral("indexed")});
        else if (text.isNull(2) && text.isNull(3))
            report.differences.append({Kind::Text, text.text(0), QStringLiteral("positions"),
                                       shown(text, 4), shown(text, 5)});
        else // the words only one side has
            report.differences.append({Kind::Text, text.text(0), QStringLiteral("words"),
                                       shown(text, 2, "(none)"), shown(text, 3, "(none)")});
    }
    auto stray = m_db.queryInt("SELECT count(*) FROM projection_fts f WHERE NOT EXISTS "
                               "(SELECT 1 FROM projection p WHERE p.rowid = f.rowid)");
    if (!stray)
        return fail(stray.error());
    if (*stray)
        report.differences.append({Kind::StrayText, {}, {}, QString::number(*stray), {}});
    return {};
}

} // namespace cw::inline projection
