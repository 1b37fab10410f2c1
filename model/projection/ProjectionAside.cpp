#include "ProjectionAside.h"

#include "Database.h"
#include "ProjectionStateStore.h"
#include "ProjectionWriter.h"

namespace cw::inline projection {

ProjectionAside::ProjectionAside(const Database &db)
    : m_db(db)
{
    // The table holds every projection row, bodies included, and its build
    // sorts them: in memory (the connections' temp_store) a rebuild of 14,720
    // documents of 19 KB peaked at 949 MB (issue #16). In a temporary file
    // SQLite pages them through its small temp cache instead. The setting
    // can only change outside a transaction, hence here, before the
    // snapshot; if it cannot, the build still works in memory.
    const auto store = m_db.queryInt("PRAGMA temp_store");
    m_wasMemory = store && *store == 2;
    if (m_wasMemory)
        (void)m_db.execScript("PRAGMA temp_store=FILE");
}

ProjectionAside::~ProjectionAside()
{
    drop();
    if (m_wasMemory)
        (void)m_db.execScript("PRAGMA temp_store=MEMORY");
}

Result<qint64> ProjectionAside::build(std::int64_t cutoff)
{
    if (auto created = create(); !created)
        return fail(QStringLiteral("rebuild table: ") + created.error());
    QByteArray columns;
    for (const QByteArray &column : ProjectionRows::columns())
        columns += (columns.isEmpty() ? "" : ", ") + column;
    // Canonical state is the status; the rows are built by the same select
    // list as the projector's upsert.
    const QByteArray sql = QByteArray(ProjectionStateStore::chosenRevisionsClause()) +
                           "INSERT INTO temp.projection_rebuilt (" + columns + ") " +
                           ProjectionRows::canonicalSelect(
                               m_db, "r.state", "c.seq",
                               "JOIN chosen c ON c.ref = a.ref AND c.revision = r.revision "
                               "ORDER BY a.ref");
    Statement rows = m_db.prepare(sql.constData());
    rows.bind(1, cutoff);
    if (auto built = rows.exec(); !built)
        return fail(QStringLiteral("rebuild: ") + built.error());
    return qint64(m_db.changes());
}

Status ProjectionAside::create()
{
    drop();
    // Same columns as the live table, keyed on ref.
    if (auto created = m_db.prepare("CREATE TEMP TABLE projection_rebuilt AS "
                                    "SELECT * FROM main.projection WHERE 0")
                           .exec();
        !created)
        return created;
    return m_db.execScript("CREATE UNIQUE INDEX temp.projection_rebuilt_ref "
                           "ON projection_rebuilt(ref)");
}

void ProjectionAside::drop()
{
    (void)m_db.execScript("DROP TABLE IF EXISTS temp.projection_rebuilt");
}

} // namespace cw::inline projection
