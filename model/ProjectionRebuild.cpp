#include "ProjectionRebuild.h"

#include "Clock.h"
#include "Database.h"
#include "OutboxStore.h"
#include "ProjectionApplier.h"
#include "ProjectionRow.h"
#include "ReadTransaction.h"
#include "Transaction.h"

#include <QElapsedTimer>

#include <limits>

namespace cw {

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
    for (const QByteArray &column : projection::columns())
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
    if (auto created = ProjectionTable::createAside(m_db); !created)
        return fail(QStringLiteral("rebuild table: ") + created.error());
    const QByteArray sql =
        QByteArray(ChosenRevisions) +
        projection::canonicalSelect(
            ", c.seq", "JOIN chosen c ON c.ref = a.ref AND c.revision = r.revision ORDER BY a.ref");
    Statement rows = m_db.prepare(sql.constData());
    rows.bind(1, cutoff);
    ProjectionTable aside(m_db, ProjectionTable::Target::Aside);
    qint64 count = 0;
    for (;;) {
        auto row = rows.step();
        if (!row)
            return fail(QStringLiteral("rebuild: ") + row.error());
        if (!*row)
            return count;
        // Canonical state is the status; the seq column follows the canonical ones.
        ProjectionRow built = projection::readCanonical(rows);
        built.projectedSeq = rows.int64(int(projection::columns().size()) - 1);
        if (auto written = aside.write(built, std::nullopt); !written)
            return fail(written.error());
        ++count;
    }
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
            (void)ProjectionTable::dropAside(m_db);
            return fail(rows.error());
        }
        report.rows = *rows;
    }
    auto swapped = swapIn(report.builtAt, report);
    (void)ProjectionTable::dropAside(m_db);
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
    for (const char *sql :
         {"DELETE FROM main.projection_fts", "DELETE FROM main.projection", copyRows.constData(),
          "INSERT INTO main.projection_fts (rowid, ref, title, synopsis, body) "
          "SELECT p.rowid, p.ref, p.title, p.synopsis, t.search_text "
          "FROM main.projection p JOIN temp.projection_rebuilt t "
          "ON t.ref = p.ref"}) {
        if (auto done = m_db.prepare(sql).exec(); !done)
            return fail(QStringLiteral("rebuild swap: ") + done.error());
    }
    // Same wording as the projector's dead letters.
    Statement missing = m_db.prepare(
        "INSERT OR IGNORE INTO projector_dead_letters (seq, error, at) "
        "SELECT o.seq, o.ref || ' revision ' || o.revision || ' does not exist', ?2 "
        "FROM outbox o WHERE o.seq <= ?1 AND NOT EXISTS (SELECT 1 FROM articles a JOIN "
        "revisions r ON r.article_id = a.id WHERE a.ref = o.ref AND r.revision = o.revision)");
    missing.bind(1, builtAt).bind(2, now);
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
    (void)ProjectionTable::dropAside(m_db);
    if (!diffed)
        return fail(diffed.error());
    report.rebuiltRows = *rows;
    return report;
}

} // namespace cw
