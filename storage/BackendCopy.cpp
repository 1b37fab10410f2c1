#include "BackendCopy.h"

#include "CopyCatalog.h"
#include "Database.h"
#include "PgConnection.h"
#include "PgSchema.h"
#include "ReadTransaction.h"
#include "ServerDatabase.h"
#include "Statement.h"

#include <QHash>

#include <algorithm>
#include <array>

namespace cw {

using namespace Qt::StringLiterals;

qint64 CopyReport::rows() const
{
    qint64 sum = 0;
    for (const TableCopy &table : tables)
        sum += table.sourceRows;
    return sum;
}

bool CopyReport::countsMatch() const
{
    return std::all_of(tables.cbegin(), tables.cend(),
                       [](const TableCopy &t) { return t.sourceRows == t.targetRows; });
}

namespace {

using namespace copying;

// The rows a database with data has: a server database holding any of
// these is not a copy's target.
constexpr std::array DataTables = {"principals", "tenants", "cases", "articles", "outbox"};

// Values in COPY's text format: \N for NULL, and backslash, newline,
// carriage return and tab escaped.
void appendValue(QByteArray &out, const Statement &row, int column)
{
    switch (row.valueType(column)) {
    case Statement::ValueType::Null:
        out += "\\N";
        return;
    case Statement::ValueType::Integer:
        out += QByteArray::number(row.int64(column));
        return;
    case Statement::ValueType::Real:
        out += QByteArray::number(row.real(column), 'g', 17);
        return;
    case Statement::ValueType::Text:
    case Statement::ValueType::Blob:
        break;
    }
    const QByteArray bytes = row.blob(column);
    out.reserve(out.size() + bytes.size());
    for (char c : bytes) {
        switch (c) {
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            out += c;
        }
    }
}

class ToServer
{
public:
    ToServer(const Database &source, const PgConnection &target)
        : m_source(source)
        , m_target(target)
    {
    }

    Result<CopyReport> run();

private:
    Status refuseData() const;
    Status copyTable(const QString &table);
    Status execEach(const QStringList &tables, const char *before, const char *after) const;
    Status finish() const;

    const Database &m_source;
    const PgConnection &m_target;
};

// The first data table holding rows, as "TABLE: N rows"; empty for none.
Result<QString> rowsHeld(const PgConnection &target)
{
    for (const char *table : DataTables) {
        auto count = serverCount(target, QString::fromLatin1(table));
        if (!count)
            return fail(count.error());
        if (*count > 0)
            return u"%1: %2 row%3"_s.arg(QString::fromLatin1(table))
                .arg(*count)
                .arg(*count == 1 ? u""_s : u"s"_s);
    }
    return QString();
}

Status ToServer::refuseData() const
{
    auto held = rowsHeld(m_target);
    if (!held)
        return fail(held.error());
    if (!held->isEmpty())
        return fail(
            u"%1 holds data already (%2): copy writes into a database without data "
            "only (CREATE DATABASE ... for a new one)"_s.arg(m_target.displayLocation(), *held));
    return {};
}

Status ToServer::copyTable(const QString &table)
{
    auto target = serverColumns(m_target, table);
    auto source = fileColumns(m_source, table);
    if (!target || !source)
        return fail(target ? source.error() : target.error());
    // The server's columns; rowid is SQLite's hidden row id where the server
    // spells it out.
    QStringList columns;
    QStringList serverNames;
    for (const ServerColumn &column : *target) {
        serverNames << column.name;
        if (source->contains(column.name) || column.name == u"rowid"_s)
            columns << column.name;
        else
            return fail(u"the file has no column %1.%2 that the server has: the two schemas "
                        "differ (run init on both with this program)"_s.arg(table, column.name));
    }
    for (const QString &column : *source) {
        if (!serverNames.contains(column))
            return fail(u"the server has no column %1.%2 that the file has: the two schemas "
                        "differ (run init on both with this program)"_s.arg(table, column));
    }
    QByteArray list;
    for (const QString &column : columns)
        list += (list.isEmpty() ? "" : ", ") + quoted(column);
    const QByteArray select = "SELECT " + list + " FROM " + quoted(table);
    Statement rows = m_source.prepare(select.constData());
    if (!rows.isValid())
        return fail(u"%1: %2"_s.arg(table, rows.prepareError()));
    QString readError;
    bool readAll = false; // stepping on after the end would start again
    auto copied = m_target.copyIn("COPY " + quoted(table) + " (" + list + ") FROM STDIN",
                                  [&](QByteArray &chunk) {
                                      constexpr qsizetype ChunkBytes = 1 << 20;
                                      while (!readAll && chunk.size() < ChunkBytes) {
                                          auto row = rows.step();
                                          if (!row) {
                                              readError = row.error();
                                              return false;
                                          }
                                          if (!*row) {
                                              readAll = true;
                                              break;
                                          }
                                          for (int c = 0; c < columns.size(); ++c) {
                                              if (c > 0)
                                                  chunk += '\t';
                                              appendValue(chunk, rows, c);
                                          }
                                          chunk += '\n';
                                      }
                                      return !chunk.isEmpty();
                                  });
    if (!readError.isEmpty())
        return fail(u"reading %1 from %2: %3"_s.arg(table, m_source.path(), readError));
    if (!copied)
        return fail(u"copying %1: %2"_s.arg(table, copied.error()));
    return {};
}

Status ToServer::execEach(const QStringList &tables, const char *before, const char *after) const
{
    for (const QString &table : tables) {
        if (auto done = m_target.execScript(QByteArray(before) + quoted(table) + after); !done)
            return done;
    }
    return {};
}

// The content index from the copied projection, and every identity
// sequence past the largest copied id (a copied id is not drawn from it).
Status ToServer::finish() const
{
    return m_target.execScript(
        "INSERT INTO projection_fts (rowid, document) "
        "SELECT t.id, cw_projection_document(t.title, t.synopsis, t.body) FROM projection_text t;"
        "DO $$ DECLARE c record; BEGIN "
        "FOR c IN SELECT table_name, column_name FROM information_schema.columns "
        "WHERE table_schema = current_schema() AND is_identity = 'YES' LOOP "
        "EXECUTE format('SELECT setval(pg_get_serial_sequence(%L, %L), "
        "coalesce(max(%I), 0) + 1, false) FROM %I', "
        "c.table_name, c.column_name, c.column_name, c.table_name); "
        "END LOOP; END $$");
}

Result<CopyReport> ToServer::run()
{
    auto version = PgSchema::migrate(m_target);
    if (!version)
        return fail(version.error());
    if (auto empty = refuseData(); !empty)
        return fail(empty.error());
    auto fromFile = fileTables(m_source);
    auto onServer = serverTables(m_target);
    if (!fromFile || !onServer)
        return fail(fromFile ? onServer.error() : fromFile.error());
    if (auto same = sameTables(*fromFile, *onServer); !same)
        return fail(same.error());
    auto order = inDependencyOrder(m_target, *onServer);
    if (!order)
        return fail(order.error());

    ReadTransaction snapshot(m_source);
    if (!snapshot.isActive())
        return fail(snapshot.beginError());
    if (auto begun = m_target.execScript("BEGIN"); !begun)
        return fail(begun.error());
    auto rollBack = [this](const QString &message) -> Result<CopyReport> {
        (void)m_target.execScript("ROLLBACK");
        return fail(message);
    };
    // The rows land as the file has them, derived tables included: the
    // server's triggers would derive them a second time.
    if (auto held = execEach(*order, "ALTER TABLE ", " DISABLE TRIGGER USER"); !held)
        return rollBack(held.error());
    QStringList reversed = *order;
    std::reverse(reversed.begin(), reversed.end());
    // The rows the migration seeds (projector_state, projection_size) come
    // from the file instead.
    if (auto cleared = execEach(reversed, "DELETE FROM ", ""); !cleared)
        return rollBack(cleared.error());
    CopyReport report;
    for (const QString &table : *order) {
        if (auto copied = copyTable(table); !copied)
            return rollBack(copied.error());
    }
    if (auto enabled = execEach(*order, "ALTER TABLE ", " ENABLE TRIGGER USER"); !enabled)
        return rollBack(enabled.error());
    if (auto finished = finish(); !finished)
        return rollBack(finished.error());
    for (const QString &table : *order) {
        auto from = fileCount(m_source, table);
        auto to = serverCount(m_target, table);
        if (!from || !to)
            return rollBack(from ? to.error() : from.error());
        report.tables.append({table, *from, *to});
    }
    if (!report.countsMatch())
        return rollBack(u"the row counts differ after the copy; nothing was kept"_s);
    if (auto committed = m_target.execScript("COMMIT"); !committed)
        return fail(committed.error());
    // The planner's statistics now, not when autovacuum comes by: without
    // them, at 1,000,000 cases, the scope stage scanned every case (65 ms a
    // retrieval) and the projector ran at 649 events/s instead of 4,774
    // (bench_server, docs/postgresql.md). The rows are kept either way.
    if (auto analyzed = m_target.execScript("ANALYZE"); !analyzed)
        return fail(u"the rows were copied, but ANALYZE failed: "_s + analyzed.error());
    return report;
}

} // namespace

Result<QString> BackendCopy::dataHeldBy(const ServerDatabase &target)
{
    if (auto version = PgSchema::migrate(*target.m_connection); !version)
        return fail(version.error());
    return rowsHeld(*target.m_connection);
}

Result<CopyReport> BackendCopy::toServer(const Database &source, const ServerDatabase &target)
{
    return ToServer(source, *target.m_connection).run();
}

} // namespace cw
