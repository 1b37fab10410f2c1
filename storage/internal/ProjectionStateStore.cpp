#include "ProjectionStateStore.h"

#include "Database.h"
#include "Statement.h"

namespace cw {

ProjectionStateStore::ProjectionStateStore(const Database &db)
    : m_db(db)
{
}

Result<std::int64_t> ProjectionStateStore::watermark() const
{
    return m_db.queryInt("SELECT watermark FROM projector_state WHERE id = 1");
}

Result<ProjectionLag> ProjectionStateStore::lag() const
{
    Statement s = m_db.prepare(
        "SELECT s.watermark, (SELECT coalesce(max(seq), 0) FROM outbox), (SELECT count(*) FROM "
        "outbox WHERE seq > s.watermark), (SELECT at FROM outbox WHERE seq > s.watermark ORDER BY "
        "seq LIMIT 1) FROM projector_state s WHERE s.id = 1");
    auto row = s.step();
    if (!row)
        return fail(QStringLiteral("projection lag: ") + row.error());
    if (!*row)
        return fail(QStringLiteral("projection lag: the projector's state row is missing"));
    return ProjectionLag{s.int64(0), s.int64(1), qint64(s.int64(2)),
                         s.isNull(3) ? QString() : s.text(3)};
}

Status ProjectionStateStore::setWatermark(std::int64_t seq, const QString &at)
{
    Statement s =
        m_db.prepare("UPDATE projector_state SET watermark = ?1, updated_at = ?2 WHERE id = 1");
    s.bind(1, seq).bind(2, at);
    if (auto written = s.exec(); !written)
        return fail(QStringLiteral("watermark: ") + written.error());
    return {};
}

Result<qint64> ProjectionStateStore::deadLetterCount() const
{
    auto count = m_db.queryInt("SELECT count(*) FROM projector_dead_letters");
    if (!count)
        return fail(count.error());
    return qint64(*count);
}

Result<DeadLetterSummary> ProjectionStateStore::deadLettersOf(const QString &ref,
                                                              int revision) const
{
    Statement s = m_db.prepare("SELECT count(*), coalesce(max(d.seq), 0), max(d.error) FROM "
                               "projector_dead_letters d JOIN outbox o ON o.seq = d.seq "
                               "WHERE o.ref = ?1 AND o.revision = ?2");
    s.bind(1, ref).bind(2, revision);
    if (auto row = s.step(); !row)
        return fail(row.error());
    return DeadLetterSummary{s.int64(0), s.int64(1), s.text(2)};
}

Status ProjectionStateStore::recordDeadLetter(std::int64_t seq, const QString &error,
                                              const QString &at)
{
    Statement s = m_db.prepare("INSERT INTO projector_dead_letters (seq, error, at) "
                               "VALUES (?1, ?2, ?3) ON CONFLICT (seq) DO UPDATE SET "
                               "error = excluded.error, at = excluded.at");
    s.bind(1, seq).bind(2, error).bind(3, at);
    return s.exec();
}

Status ProjectionStateStore::deadLetterMissingRevisions(std::int64_t after, std::int64_t upTo,
                                                        const QString &at)
{
    // Same wording as ProjectionApplier's dead letters.
    Statement s = m_db.prepare(
        "INSERT INTO projector_dead_letters (seq, error, at) "
        "SELECT o.seq, o.ref || ' revision ' || o.revision || ' does not exist', ?3 "
        "FROM outbox o WHERE o.seq > ?1 AND o.seq <= ?2 AND NOT EXISTS (SELECT 1 FROM articles a "
        "JOIN revisions r ON r.article_id = a.id WHERE a.ref = o.ref AND r.revision = o.revision) "
        "ON CONFLICT DO NOTHING");
    s.bind(1, after).bind(2, upTo).bind(3, at);
    return s.exec();
}

Status ProjectionStateStore::recordRun(const ProjectorRunRecord &r, int kept)
{
    Statement run = m_db.prepare("INSERT INTO projector_runs (at, events, dead_letters, ms, "
                                 "watermark) VALUES (?1, ?2, ?3, ?4, ?5)");
    run.bind(1, r.at).bind(2, std::int64_t(r.events)).bind(3, std::int64_t(r.deadLetters));
    run.bind(4, r.ms).bind(5, r.watermark);
    if (auto recorded = run.exec(); !recorded)
        return fail(QStringLiteral("projector run: ") + recorded.error());
    Statement trim = m_db.prepare("DELETE FROM projector_runs WHERE id <= "
                                  "(SELECT max(id) FROM projector_runs) - ?1");
    trim.bind(1, kept);
    if (auto trimmed = trim.exec(); !trimmed)
        return fail(QStringLiteral("projector runs: ") + trimmed.error());
    return {};
}

Result<RecentRuns> ProjectionStateStore::recentRuns(int latest) const
{
    Statement s = m_db.prepare("SELECT count(*), coalesce(sum(events), 0), "
                               "coalesce(sum(ms), 0), max(at) FROM (SELECT events, ms, at "
                               "FROM projector_runs ORDER BY id DESC LIMIT ?1) AS recent");
    s.bind(1, latest);
    if (auto row = s.step(); !row)
        return fail(row.error());
    return RecentRuns{s.int64(0), s.int64(1), s.real(2), s.text(3)};
}

const char *ProjectionStateStore::chosenRevisionsClause()
{
    return "WITH applicable AS ("
           " SELECT o.ref AS ref, o.revision AS revision, o.seq AS seq FROM outbox o"
           " WHERE o.seq <= ?1"
           " AND NOT EXISTS (SELECT 1 FROM projector_dead_letters d WHERE d.seq = o.seq)"
           " AND EXISTS (SELECT 1 FROM articles a2 JOIN revisions r2 ON r2.article_id = a2.id"
           "             WHERE a2.ref = o.ref AND r2.revision = o.revision)),"
           " chosen AS (SELECT ref, max(revision) AS revision, max(seq) AS seq"
           "            FROM applicable GROUP BY ref) ";
}

} // namespace cw
