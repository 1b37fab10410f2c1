#include "ErasureDependencies.h"

#include "Database.h"
#include "Statement.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace cw::inline erasure {

using namespace Qt::StringLiterals;

namespace {

// Published revisions keep their sanitised pattern; anything else derived
// from the case was never current and goes with it.
constexpr const char *PublishedStates = "('active','superseded','retired')";

} // namespace

ErasureDependencies::ErasureDependencies(const Database &db, QList<std::int64_t> caseIds)
    : m_db(db)
{
    QJsonArray ids;
    for (std::int64_t id : caseIds)
        ids.append(qint64(id));
    m_ids = QString::fromUtf8(QJsonDocument(ids).toJson(QJsonDocument::Compact));
}

Result<QStringList> ErasureDependencies::list(const char *sql) const
{
    Statement s = m_db.prepare(sql);
    s.bind(1, m_ids);
    QStringList items;
    if (auto done = s.forEachRow([&] { items.append(s.text(0)); }); !done)
        return fail(done.error());
    return items;
}

Status ErasureDependencies::add(DependencyReport &report, const QString &name,
                                const QString &action, const char *sql) const
{
    auto items = list(sql);
    if (!items)
        return fail(u"%1: %2"_s.arg(name, items.error()));
    report.sections.append({name, action, qint64(items->size()), *items, true});
    return {};
}

Result<QStringList> ErasureDependencies::handles() const
{
    return list("SELECT tenant || '/' || source_system || '/' || source_request FROM cases "
                "WHERE id IN (SELECT CAST(value AS BIGINT) FROM json_each(?1)) ORDER BY id");
}

Result<QStringList> ErasureDependencies::deletableProposals() const
{
    return list("SELECT id FROM proposals WHERE case_id IN (SELECT CAST(value AS BIGINT) FROM "
                "json_each(?1)) "
                "AND status <> 'published' ORDER BY id");
}

Result<QList<std::int64_t>> ErasureDependencies::memoryUses() const
{
    auto names = handles();
    if (!names)
        return fail(names.error());
    // A record names a case when a text value of its JSON is the case handle,
    // or a source identity SYSTEM/REQUEST/REVISION of it. The instr() test is
    // a cheap prefilter; json_tree decides.
    Statement s = m_db.prepare(
        "SELECT m.id FROM memory_use m WHERE (instr(m.inputs, ?2) > 0 OR instr(m.candidates, ?2) > "
        "0 OR instr(m.reads, ?2) > 0) AND EXISTS (SELECT 1 FROM (SELECT m.inputs AS j UNION ALL "
        "SELECT m.candidates UNION ALL SELECT m.reads) AS p, json_tree(p.j) t "
        "WHERE t.type = 'text' AND (t.value = ?1 OR t.value = ?2 OR lower(t.value) LIKE lower(?3) "
        "ESCAPE '\\')) ORDER BY m.id");
    QList<std::int64_t> ids;
    for (const QString &handle : std::as_const(*names)) {
        const QString local = handle.section(u'/', 1); // system/request
        QString pattern = local;
        pattern.replace(u"\\"_s, u"\\\\"_s).replace(u"%"_s, u"\\%"_s).replace(u"_"_s, u"\\_"_s);
        s.bind(1, handle).bind(2, local).bind(3, pattern + u"/%"_s);
        if (auto done = s.forEachRow([&] {
                if (!ids.contains(s.int64(0)))
                    ids.append(s.int64(0));
            });
            !done)
            return fail(done.error());
        s.reset();
    }
    // A record also quotes a case when its request or its candidates hold
    // the case's title word for word. Titles shorter than 16 characters are
    // too common to decide on.
    Statement quoted = m_db.prepare(
        "SELECT DISTINCT m.id FROM memory_use m, cases c WHERE c.id IN (SELECT CAST(value AS "
        "BIGINT) FROM "
        "json_each(?1)) AND length(c.title) >= 16 AND (instr(m.inputs, c.title) > 0 OR "
        "instr(m.candidates, c.title) > 0)");
    quoted.bind(1, m_ids);
    if (auto done = quoted.forEachRow([&] {
            if (!ids.contains(quoted.int64(0)))
                ids.append(quoted.int64(0));
        });
        !done)
        return fail(done.error());
    std::sort(ids.begin(), ids.end());
    return ids;
}

Result<EvaluationRecords> ErasureDependencies::evaluationRecords() const
{
    auto names = handles();
    if (!names)
        return fail(names.error());
    // A stored set names a case where one of its text values (a query's
    // case, a judgment's or a required/forbidden/decisive ref) is the case
    // handle or its source identity; a stored run where a candidate or a
    // finding is. The same test as memory uses: instr() prefilters, json_tree
    // decides.
    Statement sets = m_db.prepare(
        "SELECT e.id FROM eval_sets e WHERE instr(e.content, ?2) > 0 AND EXISTS (SELECT 1 FROM "
        "json_tree(e.content) t WHERE t.type = 'text' AND (t.value = ?1 OR t.value = ?2 OR "
        "lower(t.value) LIKE lower(?3) ESCAPE '\\' OR instr(t.value, ?1) > 0)) ORDER BY e.id");
    Statement runs = m_db.prepare(
        "SELECT r.id FROM eval_runs r WHERE instr(r.queries, ?2) > 0 AND EXISTS (SELECT 1 FROM "
        "json_tree(r.queries) t WHERE t.type = 'text' AND (t.value = ?1 OR t.value = ?2 OR "
        "lower(t.value) LIKE lower(?3) ESCAPE '\\' OR instr(t.value, ?1) > 0)) ORDER BY r.id");
    EvaluationRecords found;
    for (const QString &handle : std::as_const(*names)) {
        const QString local = handle.section(u'/', 1); // system/request
        QString pattern = local;
        pattern.replace(u"\\"_s, u"\\\\"_s).replace(u"%"_s, u"\\%"_s).replace(u"_"_s, u"\\_"_s);
        for (Statement *s : {&sets, &runs}) {
            s->bind(1, handle).bind(2, local).bind(3, pattern + u"/%"_s);
            if (auto done = s->forEachRow([&] {
                    if (s == &sets && !found.sets.contains(s->text(0)))
                        found.sets.append(s->text(0));
                    else if (s == &runs && !found.runs.contains(s->int64(0)))
                        found.runs.append(s->int64(0));
                });
                !done)
                return fail(done.error());
            s->reset();
        }
    }
    return found;
}

Result<DependencySection> ErasureDependencies::evaluation() const
{
    auto records = evaluationRecords();
    if (!records)
        return fail(records.error());
    DependencySection section{u"evaluation"_s,
                              u"query sets naming the case deleted with their runs; runs "
                              "whose ranked lists name it deleted"_s,
                              0,
                              {},
                              true};
    for (const QString &set : std::as_const(records->sets))
        section.items.append(u"query set %1"_s.arg(set));
    for (std::int64_t run : std::as_const(records->runs))
        section.items.append(u"run %1"_s.arg(run));
    section.count = section.items.size();
    return section;
}

Result<DependencyReport> ErasureDependencies::collect(const QString &scope, const QString &subject)
{
    DependencyReport r{scope, subject, {}};
    const QByteArray published = PublishedStates;
    const QByteArray derived =
        "SELECT a.ref || '@' || r.revision || ' ' || r.state FROM revisions r "
        "JOIN articles a ON a.id = r.article_id WHERE r.source_case_id IN "
        "(SELECT CAST(value AS BIGINT) FROM json_each(?1)) AND r.state IN " +
        published + " ORDER BY a.ref, r.revision";
    const QByteArray unpublished =
        "SELECT a.ref || '@' || r.revision || ' ' || r.state FROM revisions r "
        "JOIN articles a ON a.id = r.article_id WHERE (r.source_case_id IN "
        "(SELECT CAST(value AS BIGINT) FROM json_each(?1)) OR r.id IN (SELECT revision_id FROM "
        "proposals WHERE "
        "case_id IN (SELECT CAST(value AS BIGINT) FROM json_each(?1)) AND status <> 'published')) "
        "AND r.state NOT IN " +
        published + " ORDER BY a.ref, r.revision";
    struct Step
    {
        const char *name;
        const char *action;
        QByteArray sql;
    };
    const QList<Step> steps = {
        {"cases", "deleted",
         "SELECT tenant || '/' || source_system || '/' || source_request FROM cases "
         "WHERE id IN (SELECT CAST(value AS BIGINT) FROM json_each(?1)) ORDER BY id"},
        {"arrivals", "deleted",
         "SELECT 'delivery ' || delivery_id || ' (revision ' || source_revision || ')' FROM "
         "arrivals "
         "WHERE case_id IN (SELECT CAST(value AS BIGINT) FROM json_each(?1)) ORDER BY id"},
        {"case_updates", "deleted",
         "SELECT status || ' at ' || at FROM case_updates "
         "WHERE case_id IN (SELECT CAST(value AS BIGINT) FROM json_each(?1)) ORDER BY id"},
        {"proof_records", "deleted",
         "SELECT proof_id || ' (' || result || ')' FROM proof_records "
         "WHERE case_id IN (SELECT CAST(value AS BIGINT) FROM json_each(?1)) ORDER BY id"},
        {"grants", "deleted",
         "SELECT principal FROM grants WHERE case_id IN (SELECT CAST(value AS BIGINT) FROM "
         "json_each(?1)) "
         "ORDER BY principal"},
        {"proposals_withdrawn", "withdrawn and deleted with their unpublished revisions",
         "SELECT id || ' (' || status || ')' FROM proposals WHERE case_id IN "
         "(SELECT CAST(value AS BIGINT) FROM json_each(?1)) AND status <> 'published' ORDER BY id"},
        {"proposals_published", "kept; source-case link erased",
         "SELECT id FROM proposals WHERE case_id IN (SELECT CAST(value AS BIGINT) FROM "
         "json_each(?1)) "
         "AND status = 'published' ORDER BY id"},
        {"revisions_deleted", "deleted (never published)", unpublished},
        {"revisions_derived",
         "kept (sanitised general pattern); source-case link erased; active ones flagged "
         "source-changed and due for re-verification",
         derived},
        {"projection_rows", "rewritten (source case removed)",
         "SELECT ref || '@' || revision FROM projection WHERE source_case_id IN "
         "(SELECT CAST(value AS BIGINT) FROM json_each(?1)) ORDER BY ref"},
        {"index_entries", "purged; the content index is rebuilt",
         "SELECT p.ref || '@' || p.revision FROM projection p JOIN articles a ON a.ref = p.ref "
         "JOIN revisions r ON r.article_id = a.id AND r.revision = p.revision "
         "WHERE (r.source_case_id IN (SELECT CAST(value AS BIGINT) FROM json_each(?1)) OR r.id IN "
         "(SELECT revision_id FROM proposals WHERE case_id IN (SELECT CAST(value AS BIGINT) FROM "
         "json_each(?1)) "
         "AND status <> 'published')) AND r.state NOT IN " +
             published + " ORDER BY p.ref"},
        {"audit_texts",
         "reasons and details of withdrawn proposals, and every naming of the case, replaced by "
         "a marker (who, what and when kept)",
         "SELECT action || ' ' || subject || ' at ' || at FROM audit WHERE subject IN "
         "(SELECT id FROM proposals WHERE case_id IN (SELECT CAST(value AS BIGINT) FROM "
         "json_each(?1)) "
         "AND status <> 'published') OR EXISTS (SELECT 1 FROM cases c WHERE c.id IN "
         "(SELECT CAST(value AS BIGINT) FROM json_each(?1)) AND (instr(audit.reason, c.tenant || "
         "'/' || "
         "c.source_system || '/' || c.source_request) > 0 OR instr(audit.details, c.tenant || '/' "
         "|| c.source_system || '/' || c.source_request) > 0)) ORDER BY id"},
    };
    for (const Step &step : steps) {
        if (auto added = add(r, QString::fromLatin1(step.name), QString::fromLatin1(step.action),
                             step.sql.constData());
            !added)
            return fail(added.error());
    }
    auto uses = memoryUses();
    if (!uses)
        return fail(uses.error());
    DependencySection memory{u"memory_use"_s,
                             u"payloads replaced by a marker (structure and verdicts kept)"_s,
                             qint64(uses->size()),
                             {},
                             true};
    for (std::int64_t id : std::as_const(*uses))
        memory.items.append(u"memory use %1"_s.arg(id));
    r.sections.append(memory);
    auto eval = evaluation();
    if (!eval)
        return fail(eval.error());
    r.sections.append(*eval);
    return r;
}

} // namespace cw::inline erasure
