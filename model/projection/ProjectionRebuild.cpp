#include "ProjectionRebuild.h"

#include "Clock.h"
#include "Database.h"
#include "OutboxStore.h"
#include "ProjectionApplier.h"
#include "ProjectionWriter.h"
#include "ReadTransaction.h"
#include "Transaction.h"

#include <QElapsedTimer>

#include <limits>

namespace cw::inline projection {

namespace {

// Per ref: the highest revision with an applicable event <= ?1, and the
// highest such seq. "Applicable" is what the incremental projector applies:
// the revision exists and the event is not a dead letter.
constexpr const char *ChosenRevisions =
    "WITH applicable AS ("
    " SELECT o.ref AS ref, o.revision AS revision, o.seq AS seq FROM outbox o"
    " WHERE o.seq <= ?1"
    " AND NOT EXISTS (SELECT 1 FROM projector_dead_letters d WHERE d.seq = o.seq)"
    " AND EXISTS (SELECT 1 FROM articles a2 JOIN revisions r2 ON r2.article_id = a2.id"
    "             WHERE a2.ref = o.ref AND r2.revision = o.revision)),"
    " chosen AS (SELECT ref, max(revision) AS revision, max(seq) AS seq"
    "            FROM applicable GROUP BY ref) ";

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

Result<qint64> ProjectionRebuild::buildAside(std::int64_t cutoff)
{
    if (auto created = createAside(); !created)
        return fail(QStringLiteral("rebuild table: ") + created.error());
    // Canonical state is the status; the rows are built by the same select
    // list as the projector's upsert.
    const QByteArray sql = QByteArray(ChosenRevisions) + "INSERT INTO temp.projection_rebuilt (" +
                           ColumnList + ") " +
                           ProjectionRows::canonicalSelect(
                               "r.state", "c.seq",
                               "JOIN chosen c ON c.ref = a.ref AND c.revision = r.revision "
                               "ORDER BY a.ref");
    Statement rows = m_db.prepare(sql.constData());
    rows.bind(1, cutoff);
    if (auto built = rows.exec(); !built)
        return fail(QStringLiteral("rebuild: ") + built.error());
    return qint64(m_db.changes());
}

Status ProjectionRebuild::createAside()
{
    if (auto dropped = dropAside(); !dropped)
        return dropped;
    // Same columns as the live table, keyed on ref.
    if (auto created = m_db.prepare("CREATE TEMP TABLE projection_rebuilt AS "
                                    "SELECT * FROM main.projection WHERE 0")
                           .exec();
        !created)
        return created;
    return m_db.execScript("CREATE UNIQUE INDEX temp.projection_rebuilt_ref "
                           "ON projection_rebuilt(ref)");
}

Status ProjectionRebuild::dropAside()
{
    return m_db.execScript("DROP TABLE IF EXISTS temp.projection_rebuilt");
}

Result<RebuildReport> ProjectionRebuild::rebuild()
{
    QElapsedTimer timer;
    timer.start();
    RebuildReport report;
    {
        // Build from one consistent snapshot; writers are not blocked meanwhile.
        ReadTransaction snapshot(m_db);
        if (!snapshot.isActive())
            return fail(snapshot.beginError());
        auto head = OutboxStore(m_db).head();
        if (!head)
            return fail(head.error());
        report.builtAt = *head;
        auto rows = buildAside(report.builtAt);
        if (!rows) {
            (void)dropAside();
            return fail(rows.error());
        }
        report.rows = *rows;
    }
    auto swapped = swapIn(report.builtAt, report);
    (void)dropAside();
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
    auto ftsSchema =
        m_db.queryText("SELECT sql FROM main.sqlite_master WHERE name = 'projection_fts'");
    if (!ftsSchema)
        return fail(QStringLiteral("rebuild: ") + ftsSchema.error());
    if (auto dropped = m_db.execScript("DROP TABLE main.projection_fts"); !dropped)
        return fail(QStringLiteral("rebuild swap: ") + dropped.error());
    if (auto created = m_db.execScript(ftsSchema->toUtf8().constData()); !created)
        return fail(QStringLiteral("rebuild swap: ") + created.error());
    const QByteArray copyText = "INSERT INTO main.projection_fts (rowid, ref, title, synopsis, "
                                "body) SELECT rowid, ref, title, synopsis, " +
                                ProjectionRows::searchText("p") + " FROM main.projection p";
    for (const char *sql :
         {"DELETE FROM main.projection", copyRows.constData(), copyText.constData()}) {
        if (auto done = m_db.prepare(sql).exec(); !done)
            return fail(QStringLiteral("rebuild swap: ") + done.error());
    }
    // Same wording as the projector's dead letters.
    Statement missing = m_db.prepare(
        "INSERT OR IGNORE INTO projector_dead_letters (seq, error, at) "
        "SELECT o.seq, o.ref || ' revision ' || o.revision || ' does not exist', ?2 "
        "FROM outbox o WHERE o.seq > ?3 AND o.seq <= ?1 AND NOT EXISTS (SELECT 1 FROM articles a "
        "JOIN "
        "revisions r ON r.article_id = a.id WHERE a.ref = o.ref AND r.revision = o.revision)");
    // Events up to the old watermark were already applied or dead-lettered.
    auto applied = m_db.queryInt("SELECT watermark FROM projector_state WHERE id = 1");
    if (!applied)
        return fail(applied.error());
    missing.bind(1, builtAt).bind(2, now).bind(3, *applied);
    if (auto done = missing.exec(); !done)
        return fail(QStringLiteral("rebuild dead letters: ") + done.error());

    // Events committed after the aside build are applied here, so the
    // watermark can be the head read in this transaction.
    ProjectionApplier applier(m_db, now);
    auto caughtUp = applier.applyAfter(builtAt, *head, std::numeric_limits<std::int64_t>::max());
    if (!caughtUp)
        return fail(QStringLiteral("rebuild catch-up: ") + caughtUp.error());
    report.caughtUpEvents = caughtUp->events;
    report.watermark = *head;

    Statement state =
        m_db.prepare("UPDATE projector_state SET watermark = ?1, updated_at = ?2 WHERE id = 1");
    state.bind(1, *head).bind(2, now);
    if (auto written = state.exec(); !written)
        return fail(QStringLiteral("watermark: ") + written.error());
    // The index was written anew: one segment makes every query's word
    // lookups one each (see Projector::mergeIndex).
    if (auto optimized =
            m_db.execScript("INSERT INTO main.projection_fts (projection_fts) VALUES ('optimize')");
        !optimized)
        return fail(QStringLiteral("rebuild optimize: ") + optimized.error());
    return transaction.commit();
}

Result<VerifyReport> ProjectionRebuild::verify()
{
    VerifyReport report;
    ReadTransaction snapshot(m_db);
    if (!snapshot.isActive())
        return fail(snapshot.beginError());
    auto watermark = m_db.queryInt("SELECT watermark FROM projector_state WHERE id = 1");
    auto head = OutboxStore(m_db).head();
    if (!watermark || !head)
        return fail(watermark ? head.error() : watermark.error());
    report.watermark = *watermark;
    report.canonicalHead = *head;
    // At the live watermark: the live projection claims exactly those events.
    auto rows = buildAside(report.watermark);
    Status diffed = rows ? diffRows(report) : Status(fail(rows.error()));
    if (diffed)
        diffed = diffText(report);
    snapshot.end();
    (void)dropAside();
    if (!diffed)
        return fail(diffed.error());
    report.rebuiltRows = *rows;
    return report;
}

} // namespace cw::inline projection
