#pragma once

#include "Result.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace cw {

class Database;

// The schema objects a file's migrations create (resources/sql/catalog.txt),
// and what a file holds besides them (issue #36, item 11). A trigger or view
// someone added with sqlite3 runs with the program's writes and reads, so
// opening a file refuses one; `check` reports them and `check --repair`
// removes them (docs/storage.md, "Objects the program did not create").
//
// The catalogue names every table, index, trigger and view, and for the
// indexes, triggers and views (the objects whose definition runs) a digest
// of their SQL. A table's text is not compared: ALTER TABLE rewrites it, and
// a table runs nothing. SQLite's own objects (sqlite_*) are not listed.
namespace SchemaCatalog {

struct Difference
{
    enum class Kind
    {
        Foreign, // not one of the program's objects
        Changed  // the program's name, another definition
    };
    Kind kind = Kind::Foreign;
    QString type; // table, index, trigger, view
    QString name;
    QString sql;

    // "trigger memory_use_hook, not created by this program (CREATE TRIGGER …)"
    QString describe() const;
};

// Where db's main schema departs from the catalogue of the current version.
Result<QList<Difference>> differences(const Database &db);

// Drops the Foreign objects and gives the Changed ones back the program's
// definition, in one transaction: one line per object, what was done.
Result<QStringList> repair(const Database &db, const QList<Difference> &differences);

// The catalogue of db's main schema in the resource's form: for the test
// that keeps the resource true to the migrations.
Result<QByteArray> catalogOf(const Database &db);

} // namespace SchemaCatalog
} // namespace cw
