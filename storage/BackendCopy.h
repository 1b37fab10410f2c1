#pragma once

#include "Result.h"

#include <QList>
#include <QString>

namespace cw {

class Database;
class ServerDatabase;

// What a copy moved, table by table, and what it found on both sides after.
struct TableCopy
{
    QString table;
    qint64 sourceRows = 0;
    qint64 targetRows = 0;
};

struct CopyReport
{
    QList<TableCopy> tables;
    qint64 rows() const;
    // Every table holds as many rows on the target as on the source.
    bool countsMatch() const;
};

// A whole database from one backend to the other (curation-cli copy,
// docs/postgresql.md). Who may copy is the model's question
// (Access::mayCopyDatabase); this only moves rows.
class BackendCopy
{
public:
    // Every row of a database file into a server database that holds no
    // data yet (its schema is created or migrated first), in one
    // transaction: rows as they are (ids, derived tables and the outbox
    // included, the target's own triggers held back while they land), the
    // content index (tsvector) built from the projection, identity sequences
    // moved past the copied ids, then the row counts of both sides compared.
    // A failure anywhere leaves the server database without a copied row.
    static Result<CopyReport> toServer(const Database &source, const ServerDatabase &target);
    // What keeps target from taking a copy, as "TABLE: N rows" (the first
    // data table holding rows), or an empty text when it holds no data. Its
    // schema is created or migrated first, as toServer would.
    static Result<QString> dataHeldBy(const ServerDatabase &target);
    // Every row of a server database into a new file at path (which must not
    // exist), from one snapshot of the server and in one transaction of the
    // file: the rows as the server has them, the file's triggers held back
    // while they land, its FTS5 index rebuilt, then the row counts compared.
    // The session must own the tables: row-level security would hide rows
    // from any other role, and a copy is all of them. A failure removes the
    // new file.
    static Result<CopyReport> toFile(const ServerDatabase &source, const QString &path);
};

} // namespace cw
