#include "PgIntegrity.h"

#include "PgConnection.h"

namespace cw {

using namespace Qt::StringLiterals;

namespace {

// The schema's own relations; names come from the catalogue, quoted by
// regclass's output, never from input.
constexpr const char *OurSchema = "(SELECT oid FROM pg_namespace WHERE nspname = current_schema())";

Result<QStringList> firstColumn(const PgConnection &server, const QByteArray &sql)
{
    auto rows = server.query(sql.constData());
    if (!rows)
        return fail(rows.error());
    QStringList values;
    for (int row = 0; row < rows->count(); ++row)
        values << rows->text(row, 0);
    return values;
}

// A failed statement's message without the location and SQL PgConnection
// puts before it.
QString reason(const QString &error, const QByteArray &sql)
{
    const qsizetype at = error.indexOf(QString::fromUtf8(sql));
    return at < 0 ? error : error.mid(at + sql.size() + 2);
}

} // namespace

PgIntegrity::PgIntegrity(const PgConnection &server)
    : m_server(server)
{
}

Result<QStringList> PgIntegrity::scan(bool full, int maxProblems, QStringList &limits) const
{
    QStringList problems;
    if (auto counted = checksums(problems, limits); !counted)
        return fail(counted.error());
    auto amcheck = amcheckSchema();
    auto tableNames = tables();
    if (!amcheck || !tableNames)
        return fail(amcheck ? tableNames.error() : amcheck.error());
    auto seesAll = m_server.query("SELECT r.rolsuper OR r.rolbypassrls OR "
                                  "pg_has_role(c.relowner, 'MEMBER') FROM pg_roles r, pg_class c "
                                  "WHERE r.rolname = current_user AND c.oid = 'cases'::regclass");
    if (!seesAll)
        return fail(seesAll.error());
    if (seesAll->count() != 1 || seesAll->text(0, 0) != u"t")
        limits << u"row-level security showed this role only the rows it may read; the role "
                  "that owns the tables sees them all"_s;
    const bool withAmcheck = !amcheck->isEmpty();
    if (!withAmcheck)
        limits << u"pages and indexes were not verified: the amcheck extension is not installed "
                  "in this database or this role may not run it (a superuser's CREATE "
                  "EXTENSION amcheck, and GRANT EXECUTE on its functions to a role that is not "
                  "one); every row was read instead"_s;
    for (const QString &table : std::as_const(*tableNames)) {
        if (problems.size() >= maxProblems)
            return problems;
        if (!withAmcheck) {
            // A row the server cannot read fails the statement.
            const QByteArray read = "SELECT count(*) FROM (SELECT length(t::text) FROM " +
                                    table.toUtf8() + " t) AS rows";
            if (auto rows = m_server.query(read.constData()); !rows)
                problems << u"table %1: %2"_s.arg(table, reason(rows.error(), read));
            continue;
        }
        const QByteArray heap = "SELECT blkno, coalesce(offnum::text, '-'), msg FROM " +
                                amcheck->toUtf8() +
                                ".verify_heapam($1::regclass, check_toast => true)";
        auto found = m_server.query(heap.constData(), {table});
        if (!found) {
            problems << u"table %1: %2"_s.arg(table, reason(found.error(), heap));
            continue;
        }
        for (int row = 0; row < found->count() && problems.size() < maxProblems; ++row)
            problems << u"table %1, page %2, item %3: %4"_s.arg(
                table, found->text(row, 0), found->text(row, 1), found->text(row, 2));
    }
    if (!withAmcheck)
        return problems;
    if (!full)
        return problems;
    auto indexes = btreeIndexes();
    if (!indexes)
        return fail(indexes.error());
    const QByteArray check = "SELECT " + amcheck->toUtf8() + ".bt_index_check($1::regclass, true)";
    for (const QString &index : std::as_const(*indexes)) {
        if (problems.size() >= maxProblems)
            break;
        if (auto checked = m_server.query(check.constData(), {index}); !checked)
            problems << u"index %1: %2"_s.arg(index, reason(checked.error(), check));
    }
    limits << u"the content index (GIN) was not compared with its table: amcheck checks B-tree "
              "indexes only"_s;
    return problems;
}

Status PgIntegrity::checksums(QStringList &problems, QStringList &limits) const
{
    auto rows = m_server.query(
        "SELECT coalesce(checksum_failures, 0), coalesce(checksum_last_failure::text, ''), "
        "current_setting('data_checksums') FROM pg_stat_database "
        "WHERE datname = current_database()");
    if (!rows)
        return fail(rows.error());
    if (rows->count() != 1)
        return fail(u"pg_stat_database has no row for this database"_s);
    if (rows->text(0, 0) != u"0")
        problems << u"the server counted %1 data checksum failures in this database, the last at "
                    "%2 (pg_stat_database): its pages were damaged on disk"_s.arg(rows->text(0, 0),
                                                                                  rows->text(0, 1));
    if (rows->text(0, 2) != u"on")
        limits << u"data checksums are off on this server (initdb --data-checksums turns them "
                  "on): damage on disk is found only where it breaks a row or an index"_s;
    return {};
}

Result<QString> PgIntegrity::amcheckSchema() const
{
    // The schema first (MATERIALIZED: the privilege test must not be asked
    // of every schema, some of which this role may not even look into).
    auto rows = m_server.query(
        "WITH amcheck AS MATERIALIZED (SELECT quote_ident(n.nspname) AS schema FROM "
        "pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = "
        "'amcheck') SELECT schema FROM amcheck WHERE has_function_privilege(schema || "
        "'.verify_heapam(regclass, boolean, boolean, text, bigint, bigint)', 'EXECUTE') AND "
        "has_function_privilege(schema || '.bt_index_check(regclass, boolean)', 'EXECUTE')");
    if (!rows)
        return fail(rows.error());
    return rows->count() == 1 ? rows->text(0, 0) : QString();
}

Result<QStringList> PgIntegrity::tables() const
{
    return firstColumn(m_server, QByteArray("SELECT c.oid::regclass::text FROM pg_class c WHERE "
                                            "c.relkind = 'r' AND c.relnamespace = ") +
                                     OurSchema + " ORDER BY 1");
}

Result<QStringList> PgIntegrity::btreeIndexes() const
{
    return firstColumn(m_server, QByteArray("SELECT i.oid::regclass::text FROM pg_class i JOIN "
                                            "pg_am a ON a.oid = i.relam WHERE i.relkind = 'i' "
                                            "AND a.amname = 'btree' AND i.relnamespace = ") +
                                     OurSchema + " ORDER BY 1");
}

} // namespace cw
