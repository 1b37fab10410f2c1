#include "ErasurePurge.h"

#include "Database.h"
#include "ErasureDependencies.h"
#include "MemoryUseScrub.h"
#include "Statement.h"

namespace cw::inline erasure {

using namespace Qt::StringLiterals;

ErasurePurge::ErasurePurge(const Database &db, const ErasureDependencies &dependencies, QString now)
    : m_db(db)
    , m_deps(dependencies)
    , m_now(std::move(now))
{
}

Status ErasurePurge::exec(const char *sql, const QString &what)
{
    Statement s = m_db.prepare(sql);
    if (QByteArray(sql).contains("?1"))
        s.bind(1, m_deps.idsJson());
    if (QByteArray(sql).contains("?2"))
        s.bind(2, m_now);
    if (auto done = s.exec(); !done)
        return fail(u"%1: %2"_s.arg(what, done.error()));
    return {};
}

Status ErasurePurge::withdrawProposals()
{
    // Unpublished revisions of the cases (and of their proposals): their
    // projection rows and index entries first, then the proposals, then the
    // revisions (reviews, tags and links cascade), then articles left empty.
    constexpr const char *revisions = "(SELECT r.id FROM revisions r WHERE (r.source_case_id IN "
                                      "(SELECT CAST(value AS BIGINT) FROM json_each(?1)) OR r.id "
                                      "IN (SELECT revision_id FROM proposals "
                                      "WHERE case_id IN (SELECT CAST(value AS BIGINT) FROM "
                                      "json_each(?1)) AND status <> 'published')) "
                                      "AND r.state NOT IN ('active','superseded','retired'))";
    const QByteArray count =
        QByteArray("SELECT count(*) FROM projection_keys WHERE revision_id IN ") + revisions;
    Statement indexed = m_db.prepare(count.constData());
    indexed.bind(1, m_deps.idsJson());
    auto row = indexed.step();
    if (!row)
        return fail(row.error());
    m_indexTouched = *row && indexed.int64(0) > 0;
    indexed.reset();
    const QByteArray fts = "DELETE FROM projection_fts WHERE rowid IN (SELECT id FROM "
                           "projection_keys WHERE revision_id IN " +
                           QByteArray(revisions) + ")";
    const QByteArray projection = "DELETE FROM projection WHERE rowid IN (SELECT id FROM "
                                  "projection_keys WHERE revision_id IN " +
                                  QByteArray(revisions) + ")";
    // Remember the articles before their revisions go, in temporary tables
    // named without a schema (SQLite's temp and the server's pg_temp are
    // searched first on both).
    const QByteArray articles =
        "CREATE TEMP TABLE IF NOT EXISTS erasure_articles (id INTEGER PRIMARY KEY)";
    const QByteArray keepArticles = "INSERT INTO erasure_articles SELECT article_id "
                                    "FROM revisions WHERE id IN " +
                                    QByteArray(revisions) + " ON CONFLICT DO NOTHING";
    struct Sql
    {
        QByteArray sql;
        const char *what;
    };
    const QList<Sql> steps = {
        {fts, "index entries"},
        {projection, "projection rows"},
        {articles, "articles"},
        {"DELETE FROM erasure_articles", "articles"},
        {keepArticles, "articles"},
        {"UPDATE audit SET reason = '[erased]', details = '{}' WHERE subject IN (SELECT id FROM "
         "proposals WHERE case_id IN (SELECT CAST(value AS BIGINT) FROM json_each(?1)) AND status "
         "<> 'published')",
         "audit reasons"},
        {"UPDATE audit SET reason = replace(reason, h.handle, '[erased]'), details = "
         "replace(details, h.handle, '[erased]') FROM (SELECT tenant || '/' || source_system || "
         "'/' || source_request AS handle FROM cases WHERE id IN (SELECT CAST(value AS BIGINT) "
         "FROM "
         "json_each(?1))) AS h WHERE instr(audit.reason, h.handle) > 0 OR "
         "instr(audit.details, h.handle) > 0",
         "audit texts"},
        {"DELETE FROM ingest_records WHERE subject IN (SELECT 'proposal ' || id FROM proposals "
         "WHERE case_id IN (SELECT CAST(value AS BIGINT) FROM json_each(?1)) AND status <> "
         "'published')",
         "ingest records"},
        {"CREATE TEMP TABLE IF NOT EXISTS erasure_revisions (id INTEGER PRIMARY KEY)", "revisions"},
        {"DELETE FROM erasure_revisions", "revisions"},
        {"INSERT INTO erasure_revisions SELECT id FROM revisions WHERE id IN " +
             QByteArray(revisions) + " ON CONFLICT DO NOTHING",
         "revisions"},
        {"DELETE FROM proposal_proofs WHERE proposal_id IN (SELECT id FROM proposals WHERE "
         "case_id IN (SELECT CAST(value AS BIGINT) FROM json_each(?1)) AND status <> 'published')",
         "proposal proofs"},
        {"DELETE FROM proposals WHERE case_id IN (SELECT CAST(value AS BIGINT) FROM json_each(?1)) "
         "AND status <> "
         "'published'",
         "proposals"},
        {"DELETE FROM revisions WHERE id IN (SELECT id FROM erasure_revisions)", "revisions"},
        {"DELETE FROM articles WHERE id IN (SELECT id FROM erasure_articles) AND NOT EXISTS "
         "(SELECT 1 FROM revisions r WHERE r.article_id = articles.id) AND NOT EXISTS (SELECT 1 "
         "FROM outbox o WHERE o.ref = articles.ref)",
         "articles"},
    };
    for (const Sql &s : steps) {
        if (auto done = exec(s.sql.constData(), QString::fromLatin1(s.what)); !done)
            return done;
    }
    return {};
}

Status ErasurePurge::eraseLinks()
{
    const QList<std::pair<const char *, const char *>> steps = {
        // Published revisions keep their sanitised pattern; the active ones
        // are flagged so retrieval and the owners see the source is gone.
        {"INSERT INTO revision_source_changes (revision_id, change, detail, at) SELECT id, "
         "'case-erased', 'the source case was erased', ?2 FROM revisions WHERE source_case_id IN "
         "(SELECT CAST(value AS BIGINT) FROM json_each(?1)) AND state = 'active'",
         "source-changed flags"},
        {"UPDATE revisions SET source_case_id = NULL, source_case_erased = 1 WHERE "
         "source_case_id IN (SELECT CAST(value AS BIGINT) FROM json_each(?1))",
         "revision links"},
        {"UPDATE projection SET source_case_id = NULL WHERE source_case_id IN "
         "(SELECT CAST(value AS BIGINT) FROM json_each(?1))",
         "projection rows"},
        {"DELETE FROM proposal_proofs WHERE proof_id IN (SELECT id FROM proof_records WHERE "
         "case_id IN (SELECT CAST(value AS BIGINT) FROM json_each(?1)))",
         "proposal proofs"},
        {"UPDATE proposals SET case_id = NULL WHERE case_id IN (SELECT CAST(value AS BIGINT) FROM "
         "json_each(?1))",
         "proposal links"},
    };
    for (const auto &[sql, what] : steps) {
        if (auto done = exec(sql, QString::fromLatin1(what)); !done)
            return done;
    }
    return {};
}

Status ErasurePurge::scrubMemoryUses()
{
    auto uses = m_deps.memoryUses();
    if (!uses)
        return fail(uses.error());
    for (std::int64_t id : std::as_const(m_moreUses)) {
        if (!uses->contains(id))
            uses->append(id);
    }
    return MemoryUseScrub(m_db).scrub(*uses);
}

Status ErasurePurge::eraseEvaluationRecords()
{
    auto records = m_deps.evaluationRecords();
    if (!records)
        return fail(records.error());
    Statement set = m_db.prepare("DELETE FROM eval_sets WHERE id = ?1"); // its runs cascade
    for (const QString &id : std::as_const(records->sets)) {
        if (auto done = set.bind(1, id).exec(); !done)
            return fail(u"evaluation: %1"_s.arg(done.error()));
        set.reset();
    }
    Statement run = m_db.prepare("DELETE FROM eval_runs WHERE id = ?1");
    for (std::int64_t id : std::as_const(records->runs)) {
        if (auto done = run.bind(1, id).exec(); !done)
            return fail(u"evaluation: %1"_s.arg(done.error()));
        run.reset();
    }
    return {};
}

Status ErasurePurge::run(const StepHook &step)
{
    auto hook = [&](const QString &name) {
        if (step)
            step(name);
    };
    // Memory uses and evaluation records first: they are found by the case
    // handles, which go with the cases.
    if (auto done = scrubMemoryUses(); !done)
        return done;
    hook(u"memory-use"_s);
    if (auto done = eraseEvaluationRecords(); !done)
        return done;
    hook(u"evaluation"_s);
    if (auto done = withdrawProposals(); !done)
        return done;
    hook(u"proposals"_s);
    if (auto done = eraseLinks(); !done)
        return done;
    hook(u"links"_s);
    // The case and everything that cascades from it: arrivals, updates,
    // proof records, grants.
    if (auto done =
            exec("DELETE FROM cases WHERE id IN (SELECT CAST(value AS BIGINT) FROM json_each(?1))",
                 u"cases"_s);
        !done)
        return done;
    // Counted request words: a cache that may hold words of erased queries.
    if (auto done = exec("DELETE FROM projection_word_counts", u"word counts"_s); !done)
        return done;
    hook(u"cases"_s);
    return {};
}

FilePurge::FilePurge(const Database &db)
    : m_db(db)
{
}

FilePurge::~FilePurge()
{
    if (m_previous == 0 && !m_db.isServer())
        (void)m_db.execScript("PRAGMA secure_delete = OFF");
}

Status FilePurge::begin()
{
    auto previous = m_db.queryInt("PRAGMA secure_delete");
    if (!previous)
        return fail(previous.error());
    m_previous = *previous;
    return m_db.execScript("PRAGMA secure_delete = ON");
}

Status FilePurge::rebuildIndex()
{
    return m_db.execScript("INSERT INTO projection_fts(projection_fts) VALUES('rebuild')");
}

Result<bool> FilePurge::checkpoint()
{
    Statement s = m_db.prepare("PRAGMA wal_checkpoint(TRUNCATE)");
    auto row = s.step();
    if (!row)
        return fail(row.error());
    const bool busy = *row && s.int64(0) != 0;
    return !busy;
}

} // namespace cw::inline erasure
