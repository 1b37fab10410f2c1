#include "ProjectionRebuild.h"

#include "Clock.h"
#include "Database.h"
#include "OutboxStore.h"
#include "ProjectionApplier.h"
#include "ProjectionAside.h"
#include "ProjectionStateStore.h"
#include "ProjectionWriter.h"
#include "ReadTransaction.h"
#include "Transaction.h"

#include <QElapsedTimer>

#include <limits>

namespace cw::inline projection {

namespace {

const QByteArray ColumnList = [] {
    QByteArray list;
    for (const QByteArray &column : ProjectionRows::columns())
        list += (list.isEmpty() ? "" : ", ") + column;
    return list;
}();

} // namespace

ProjectionRebuild::ProjectionRebuild(const Database &db, const Clock &clock)
    : m_db(db)
    , m_clock(clock)
{
}

Result<RebuildReport> ProjectionRebuild::rebuild()
{
    QElapsedTimer timer;
    timer.start();
    RebuildReport report;
    if (m_db.isServer()) {
        if (auto rebuilt = rebuildOnServer(report); !rebuilt)
            return fail(rebuilt.error());
        report.elapsedMs = timer.elapsed();
        return report;
    }
    ProjectionAside aside(m_db);
    {
        // Build from one consistent snapshot; writers are not blocked meanwhile.
        ReadTransaction snapshot(m_db);
        if (!snapshot.isActive())
            return fail(snapshot.beginError());
        auto head = OutboxStore(m_db).head();
        if (!head)
            return fail(head.error());
        report.builtAt = *head;
        auto rows = aside.build(report.builtAt);
        if (!rows) {
            aside.drop();
            return fail(rows.error());
        }
        report.rows = *rows;
    }
    auto swapped = swapIn(report.builtAt, report);
    aside.drop();
    if (!swapped)
        return fail(swapped.error());
    report.elapsedMs = timer.elapsed();
    return report;
}

Status ProjectionRebuild::swapIn(std::int64_t builtAt, RebuildReport &report)
{
    Transaction transaction(m_db);
    if (!transaction.isActive())
        return fail(transaction.beginError());
    auto head = OutboxStore(m_db).head();
    if (!head)
        return fail(head.error());
    const QString now = m_clock.nowText();

    const QByteArray copyRows = "INSERT INTO main.projection (" + ColumnList + ") SELECT " +
                                ColumnList + " FROM temp.projection_rebuilt ORDER BY ref";
    // Emptying an FTS5 table row by row re-tokenises every row; dropping and
    // re-creating it from its own schema text is instant and just as atomic.
    // Its settings (projection_fts_config: hashsize, merge settings) are kept.
    auto ftsSchema =
        m_db.queryText("SELECT sql FROM main.sqlite_master WHERE name = 'projection_fts'");
    if (!ftsSchema)
        return fail(QStringLiteral("rebuild: ") + ftsSchema.error());
    const char *keepSettings = "CREATE TEMP TABLE projection_fts_settings AS SELECT k, v FROM "
                               "main.projection_fts_config WHERE k <> 'version'";
    const char *restoreSettings =
        "INSERT INTO main.projection_fts (projection_fts, rank) SELECT k, v FROM "
        "temp.projection_fts_settings";
    for (const QByteArray &sql :
         {QByteArray(keepSettings), QByteArray("DROP TABLE main.projection_fts"),
          ftsSchema->toUtf8(), QByteArray(restoreSettings),
          QByteArray("DROP TABLE temp.projection_fts_settings")}) {
        if (auto done = m_db.execScript(sql.constData()); !done)
            return fail(QStringLiteral("rebuild swap: ") + done.error());
    }
    // The index is external content (schema step 010): 'rebuild' tokenises
    // what the view of the new rows presents.
    for (const char *sql :
         {"DELETE FROM main.projection", "DELETE FROM main.projection_word_counts",
          copyRows.constData(),
          "INSERT INTO main.projection_fts (projection_fts) VALUES ('rebuild')"}) {
        if (auto done = m_db.prepare(sql).exec(); !done)
            return fail(QStringLiteral("rebuild swap: ") + done.error());
    }
    // Events up to the old watermark were already applied or dead-lettered.
    ProjectionStateStore state(m_db);
    auto applied = state.watermark();
    if (!applied)
        return fail(applied.error());
    if (auto done = state.deadLetterMissingRevisions(*applied, builtAt, now); !done)
        return fail(QStringLiteral("rebuild dead letters: ") + done.error());

    // Events committed after the aside build are applied here, so the
    // watermark can be the head read in this transaction.
    ProjectionApplier applier(m_db, now);
    auto caughtUp = applier.applyAfter(builtAt, *head, std::numeric_limits<std::int64_t>::max());
    if (!caughtUp)
        return fail(QStringLiteral("rebuild catch-up: ") + caughtUp.error());
    report.caughtUpEvents = caughtUp->events;
    report.watermark = *head;

    if (auto written = state.setWatermark(*head, now); !written)
        return fail(written.error());
    // The index was written anew: one segment makes every query's word
    // lookups one each (see Projector::mergeIndex).
    if (auto optimized =
            m_db.execScript("INSERT INTO main.projection_fts (projection_fts) VALUES ('optimize')");
        !optimized)
        return fail(QStringLiteral("rebuild optimize: ") + optimized.error());
    return transaction.commit();
}

Status ProjectionRebuild::rebuildOnServer(RebuildReport &report)
{
    Transaction transaction(m_db);
    if (!transaction.isActive())
        return fail(transaction.beginError());
    auto head = OutboxStore(m_db).head();
    ProjectionStateStore state(m_db);
    auto applied = state.watermark();
    if (!head || !applied)
        return fail(head ? applied.error() : head.error());
    const QString now = m_clock.nowText();
    const QByteArray build = QByteArray(ProjectionStateStore::chosenRevisionsClause()) +
                             "INSERT INTO projection (" + ColumnList + ") " +
                             ProjectionRows::canonicalSelect(
                                 m_db, "r.state", "c.seq",
                                 "JOIN chosen c ON c.ref = a.ref AND c.revision = r.revision "
                                 "ORDER BY a.ref");
    // The triggers empty the derived tables row by row with the projection;
    // what is left belongs to no row (verify reports it) and goes too. The
    // word counts are the content planner's hints about the old rows.
    for (const char *sql :
         {"DELETE FROM projection", "DELETE FROM projection_fts", "DELETE FROM projection_keys",
          "DELETE FROM projection_memory", "DELETE FROM projection_frontmatter",
          "DELETE FROM projection_frontmatter_tags", "UPDATE projection_size SET rows = 0",
          "DELETE FROM projection_word_counts"}) {
        if (auto emptied = m_db.prepare(sql).exec(); !emptied)
            return fail(QStringLiteral("rebuild: ") + emptied.error());
    }
    Statement rows = m_db.prepare(build.constData());
    rows.bind(1, *head);
    if (auto built = rows.exec(); !built)
        return fail(QStringLiteral("rebuild: ") + built.error());
    report.rows = m_db.changes();
    report.builtAt = *head;
    report.watermark = *head;
    if (auto done = state.deadLetterMissingRevisions(*applied, *head, now); !done)
        return fail(QStringLiteral("rebuild dead letters: ") + done.error());
    if (auto written = state.setWatermark(*head, now); !written)
        return fail(written.error());
    return transaction.commit();
}

} // namespace cw::inline projection
