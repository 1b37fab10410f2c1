// BackendCopy::toFile: a server database into a new SQLite file.

#include "BackendCopy.h"
#include "CopyCatalog.h"
#include "Database.h"
#include "PgConnection.h"
#include "PgSchema.h"
#include "Schema.h"
#include "ServerDatabase.h"
#include "Statement.h"
#include "Transaction.h"

#include <QFile>
#include <QFileInfo>

#include <algorithm>

namespace cw {

using namespace Qt::StringLiterals;
using namespace copying;

namespace {

class ToFile
{
public:
    ToFile(const PgConnection &source, const Database &target)
        : m_source(source)
        , m_target(target)
    {
    }

    Result<CopyReport> run();

private:
    struct Trigger
    {
        QString name;
        QByteArray sql;
    };
    Result<QList<Trigger>> triggers() const;
    Status copyTable(const QString &table);
    static void bindRow(Statement &insert, const PgRows &rows, int row,
                        const QList<ServerColumn> &columns);

    const PgConnection &m_source;
    const Database &m_target;
};

Result<QList<ToFile::Trigger>> ToFile::triggers() const
{
    QList<Trigger> list;
    Statement s = m_target.prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'trigger'");
    auto done = s.forEachRow([&] { list.append({s.text(0), s.blob(1)}); });
    if (!done)
        return fail(done.error());
    return list;
}

void ToFile::bindRow(Statement &insert, const PgRows &rows, int row,
                     const QList<ServerColumn> &columns)
{
    for (int c = 0; c < columns.size(); ++c) {
        const QString value = rows.text(row, c);
        const QString &type = columns.at(c).type;
        if (value.isNull())
            insert.bindNull(c + 1);
        else if (type == u"bigint"_s || type == u"integer"_s || type == u"smallint"_s)
            insert.bind(c + 1, std::int64_t(value.toLongLong()));
        else if (type == u"double precision"_s || type == u"real"_s)
            insert.bind(c + 1, value.toDouble());
        else
            insert.bind(c + 1, value);
    }
}

Status ToFile::copyTable(const QString &table)
{
    auto server = serverColumns(m_source, table);
    auto file = fileColumns(m_target, table);
    if (!server || !file)
        return fail(server ? file.error() : server.error());
    // The file's columns, from the server; rowid is the server's spelling of
    // SQLite's hidden row id.
    QList<ServerColumn> columns;
    for (const ServerColumn &column : *server) {
        if (file->contains(column.name) || column.name == u"rowid"_s)
            columns.append(column);
        else
            return fail(u"the file has no column %1.%2 that the server has: the two schemas "
                        "differ (run init on both with this program)"_s.arg(table, column.name));
    }
    QByteArray list;
    QByteArray parameters;
    for (int c = 0; c < columns.size(); ++c) {
        list += (c ? ", " : "") + quoted(columns.at(c).name);
        parameters += (c ? ", ?" : "?") + QByteArray::number(c + 1);
    }
    const QByteArray insertSql =
        "INSERT INTO " + quoted(table) + " (" + list + ") VALUES (" + parameters + ")";
    Statement insert = m_target.prepare(insertSql.constData());
    if (!insert.isValid())
        return fail(u"%1: %2"_s.arg(table, insert.prepareError()));
    // A cursor: a table of a million rows comes over a few thousand at a time.
    const QByteArray declare =
        "DECLARE cw_copy NO SCROLL CURSOR FOR SELECT " + list + " FROM " + quoted(table);
    if (auto declared = m_source.execScript(declare); !declared)
        return declared;
    for (;;) {
        auto rows = m_source.query("FETCH 5000 FROM cw_copy");
        if (!rows)
            return fail(rows.error());
        if (rows->count() == 0)
            break;
        for (int r = 0; r < rows->count(); ++r) {
            bindRow(insert, *rows, r, columns);
            if (auto inserted = insert.exec(); !inserted)
                return fail(u"copying %1: %2"_s.arg(table, inserted.error()));
            insert.reset();
        }
    }
    return m_source.execScript("CLOSE cw_copy");
}

Result<CopyReport> ToFile::run()
{
    auto onServer = serverTables(m_source);
    auto inFile = fileTables(m_target);
    if (!onServer || !inFile)
        return fail(onServer ? inFile.error() : onServer.error());
    if (auto same = sameTables(*inFile, *onServer); !same)
        return fail(same.error());
    auto order = inDependencyOrder(m_source, *onServer);
    if (!order)
        return fail(order.error());
    auto fileTriggers = triggers();
    if (!fileTriggers)
        return fail(fileTriggers.error());

    Transaction transaction(m_target);
    if (!transaction.isActive())
        return fail(transaction.beginError());
    // The rows land as the server has them, derived tables included: the
    // file's triggers would derive them a second time. SQLite's DDL is
    // transactional: dropped here, made again before the commit.
    for (const Trigger &trigger : *fileTriggers) {
        if (auto dropped =
                m_target.execScript(QByteArray("DROP TRIGGER " + quoted(trigger.name)).constData());
            !dropped)
            return fail(dropped.error());
    }
    QStringList reversed = *order;
    std::reverse(reversed.begin(), reversed.end());
    // The rows a migration seeds come from the server instead.
    for (const QString &table : reversed) {
        if (auto cleared =
                m_target.execScript(QByteArray("DELETE FROM " + quoted(table)).constData());
            !cleared)
            return fail(cleared.error());
    }
    for (const QString &table : *order) {
        if (auto copied = copyTable(table); !copied)
            return fail(copied.error());
    }
    for (const Trigger &trigger : *fileTriggers) {
        if (auto made = m_target.execScript(trigger.sql.constData()); !made)
            return fail(made.error());
    }
    if (auto rebuilt =
            m_target.execScript("INSERT INTO projection_fts(projection_fts) VALUES('rebuild')");
        !rebuilt)
        return fail(rebuilt.error());
    CopyReport report;
    for (const QString &table : *order) {
        auto from = serverCount(m_source, table);
        auto to = fileCount(m_target, table);
        if (!from || !to)
            return fail(from ? to.error() : from.error());
        report.tables.append({table, *from, *to});
    }
    if (!report.countsMatch())
        return fail(u"the row counts differ after the copy; nothing was kept"_s);
    if (auto committed = transaction.commit(); !committed)
        return fail(committed.error());
    return report;
}

// The role owns the tables: no row-level security between it and the rows.
Status ownsTheTables(const PgConnection &db)
{
    auto rows = db.query("SELECT tableowner = current_user, current_user FROM pg_tables "
                         "WHERE schemaname = current_schema() AND tablename = 'cases'");
    if (!rows)
        return fail(rows.error());
    if (rows->count() == 0)
        return fail(u"%1 has no Curation Workbench schema"_s.arg(db.displayLocation()));
    if (rows->text(0, 0) != u"t"_s)
        return fail(u"%1: the role %2 does not own the tables; a copy is every row, and "
                    "row-level security shows this role only its own: connect as the owner"_s.arg(
                        db.displayLocation(), rows->text(0, 1)));
    return {};
}

void removeDatabaseFiles(const QString &path)
{
    for (const QString &suffix : {u""_s, u"-wal"_s, u"-shm"_s})
        QFile::remove(path + suffix);
}

} // namespace

Result<CopyReport> BackendCopy::toFile(const ServerDatabase &source, const QString &path)
{
    const PgConnection &server = *source.m_connection;
    if (QFileInfo::exists(path))
        return fail(u"%1 exists already: copy writes a new file"_s.arg(path));
    auto version = PgSchema::version(server);
    if (!version)
        return fail(version.error());
    if (*version != PgSchema::currentVersion())
        return fail(u"%1 has schema version %2, not %3: run init on it with this program "
                    "first"_s.arg(server.displayLocation())
                        .arg(*version)
                        .arg(PgSchema::currentVersion()));
    if (auto owner = ownsTheTables(server); !owner)
        return fail(owner.error());
    // One snapshot of the server for every table and count.
    if (auto begun = server.execScript("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"); !begun)
        return fail(begun.error());
    Result<CopyReport> report = fail(QString());
    {
        auto file = Database::open(path, Database::Mode::OpenOrCreate);
        report = file ? ToFile(server, **file).run() : Result<CopyReport>(fail(file.error()));
    }
    (void)server.execScript("ROLLBACK");
    if (!report)
        removeDatabaseFiles(path);
    return report;
}

} // namespace cw
