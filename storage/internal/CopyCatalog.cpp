#include "CopyCatalog.h"

#include "Database.h"
#include "PgConnection.h"
#include "Statement.h"

#include <QHash>

#include <algorithm>

namespace cw::copying {

using namespace Qt::StringLiterals;

namespace {

// SQLite's own tables, and FTS5's index and its shadow tables.
bool isFileOnly(const QString &table)
{
    return table.startsWith(u"sqlite_"_s) || table.startsWith(u"projection_fts"_s);
}

// The migration runner's version, and the tsvector index built from the
// projection.
bool isServerOnly(const QString &table)
{
    return table == u"schema_version"_s || table == u"projection_fts"_s;
}

} // namespace

QByteArray quoted(const QString &identifier)
{
    return '"' + QString(identifier).replace(u'"', u"\"\""_s).toUtf8() + '"';
}

Result<QStringList> fileTables(const Database &db)
{
    QStringList tables;
    Statement s = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'");
    auto done = s.forEachRow([&] {
        if (!isFileOnly(s.text(0)))
            tables << s.text(0);
    });
    if (!done)
        return fail(done.error());
    return tables;
}

Result<QStringList> fileColumns(const Database &db, const QString &table)
{
    QStringList columns;
    Statement s = db.prepare("SELECT name FROM pragma_table_info(?1)");
    s.bind(1, table);
    auto done = s.forEachRow([&] { columns << s.text(0); });
    if (!done)
        return fail(done.error());
    return columns;
}

Result<qint64> fileCount(const Database &db, const QString &table)
{
    const QByteArray sql = "SELECT count(*) FROM " + quoted(table);
    Statement s = db.prepare(sql.constData());
    auto row = s.step();
    if (!row)
        return fail(row.error());
    return qint64(s.int64(0));
}

Result<QStringList> serverTables(const PgConnection &db)
{
    auto rows = db.query("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()");
    if (!rows)
        return fail(rows.error());
    QStringList tables;
    for (int i = 0; i < rows->count(); ++i) {
        if (!isServerOnly(rows->text(i, 0)))
            tables << rows->text(i, 0);
    }
    return tables;
}

Result<QList<ServerColumn>> serverColumns(const PgConnection &db, const QString &table)
{
    // pg_catalog rather than information_schema.columns: the same names and
    // type names (format_type without a modifier is its data_type for every
    // type the schema uses), planned in a tenth of the time, which a copy
    // pays once a table.
    auto rows = db.query("SELECT a.attname, format_type(a.atttypid, NULL) FROM pg_attribute a "
                         "JOIN pg_class c ON c.oid = a.attrelid "
                         "JOIN pg_namespace n ON n.oid = c.relnamespace "
                         "WHERE n.nspname = current_schema() AND c.relname = $1 "
                         "AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum",
                         {table});
    if (!rows)
        return fail(rows.error());
    QList<ServerColumn> columns;
    for (int i = 0; i < rows->count(); ++i)
        columns.append({rows->text(i, 0), rows->text(i, 1)});
    return columns;
}

Result<qint64> serverCount(const PgConnection &db, const QString &table)
{
    const QByteArray sql = "SELECT count(*) FROM " + quoted(table);
    auto rows = db.query(sql.constData());
    if (!rows)
        return fail(rows.error());
    return rows->text(0, 0).toLongLong();
}

Result<QStringList> inDependencyOrder(const PgConnection &db, const QStringList &tables)
{
    auto rows =
        db.query("SELECT c.relname, p.relname FROM pg_constraint k "
                 "JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid "
                 "JOIN pg_namespace n ON n.oid = c.relnamespace "
                 "WHERE k.contype = 'f' AND n.nspname = current_schema() AND c.oid <> p.oid");
    if (!rows)
        return fail(rows.error());
    QHash<QString, QStringList> parents;
    for (int i = 0; i < rows->count(); ++i)
        parents[rows->text(i, 0)] << rows->text(i, 1);
    QStringList ordered;
    QStringList pending = tables;
    while (!pending.isEmpty()) {
        const qsizetype before = pending.size();
        for (auto it = pending.begin(); it != pending.end();) {
            const QStringList &needs = parents.value(*it);
            if (std::all_of(needs.cbegin(), needs.cend(), [&](const QString &parent) {
                    return ordered.contains(parent) || !tables.contains(parent);
                })) {
                ordered << *it;
                it = pending.erase(it);
            } else {
                ++it;
            }
        }
        if (pending.size() == before)
            return fail(u"%1: the foreign keys among %2 form a cycle"_s.arg(db.displayLocation(),
                                                                            pending.join(u", "_s)));
    }
    return ordered;
}

Status sameTables(const QStringList &file, const QStringList &server)
{
    for (const QString &table : file) {
        if (!server.contains(table))
            return fail(u"the server has no table %1 that the file has: the two schemas "
                        "differ (run init on both with this program)"_s.arg(table));
    }
    for (const QString &table : server) {
        if (!file.contains(table))
            return fail(u"the file has no table %1 that the server has: the two schemas "
                        "differ (run init on both with this program)"_s.arg(table));
    }
    return {};
}

} // namespace cw::copying
