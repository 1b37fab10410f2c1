#pragma once

#include "Result.h"

#include <QList>
#include <QStringList>

namespace cw {

class Database;
class PgConnection;

// What both sides of a copy between backends have (BackendCopy): their
// tables, columns, row counts and the order foreign keys impose. Names come
// from the two catalogs, never from input.
namespace copying {

// An identifier in double quotes, as both SQL dialects take it.
QByteArray quoted(const QString &identifier);

struct ServerColumn
{
    QString name;
    QString type; // the type's SQL name (information_schema's data_type): bigint, text, ...
};

// The file's tables without SQLite's own and FTS5's index (the server keeps
// its content index itself).
Result<QStringList> fileTables(const Database &db);
Result<QStringList> fileColumns(const Database &db, const QString &table);
Result<qint64> fileCount(const Database &db, const QString &table);

// The server's tables without its own (schema_version, projection_fts).
Result<QStringList> serverTables(const PgConnection &db);
Result<QList<ServerColumn>> serverColumns(const PgConnection &db, const QString &table);
Result<qint64> serverCount(const PgConnection &db, const QString &table);
// Referenced tables before the tables that reference them (the server's
// foreign keys, which are the file's).
Result<QStringList> inDependencyOrder(const PgConnection &db, const QStringList &tables);

// The two sides hold the same tables, or an error naming the first that
// only one has.
Status sameTables(const QStringList &file, const QStringList &server);

} // namespace copying
} // namespace cw
