#include "SchemaCatalog.h"

#include "Database.h"
#include "Statement.h"
#include "Transaction.h"

#include <QCryptographicHash>
#include <QFile>
#include <QHash>

#include <algorithm>
#include <memory>
#include <sqlite3.h>

namespace cw::SchemaCatalog {

namespace {

using namespace Qt::StringLiterals;

struct Entry
{
    QString type;
    QString name;
    QString sql;
};

bool definitionRuns(const QString &type)
{
    return type != u"table"_s;
}

QByteArray digest(const QString &sql)
{
    return QCryptographicHash::hash(sql.simplified().toUtf8(), QCryptographicHash::Sha256)
        .toHex()
        .left(16);
}

QByteArray lineOf(const Entry &entry)
{
    return entry.type.toUtf8() + ' ' + entry.name.toUtf8() + ' ' +
           (definitionRuns(entry.type) ? digest(entry.sql) : QByteArray("-"));
}

Result<QList<Entry>> entriesOf(const Database &db)
{
    Statement select = db.prepare("SELECT type, name, coalesce(sql, '') FROM main.sqlite_schema "
                                  "WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' "
                                  "ORDER BY type, name");
    QList<Entry> entries;
    for (;;) {
        auto row = select.step();
        if (!row)
            return fail(u"reading the schema: "_s + row.error());
        if (!*row)
            return entries;
        entries.append({select.text(0), select.text(1), select.text(2)});
    }
}

// type name -> digest ("-" for a table), read once from the resource.
const QHash<QString, QByteArray> &expected()
{
    static const QHash<QString, QByteArray> catalogue = [] {
        QHash<QString, QByteArray> entries;
        QFile file(u":/cw/sql/catalog.txt"_s);
        if (!file.open(QIODevice::ReadOnly))
            return entries;
        for (const QByteArray &line : file.readAll().split('\n')) {
            const QList<QByteArray> fields = line.split(' ');
            if (fields.size() == 3 && !line.startsWith('#'))
                entries.insert(QString::fromUtf8(fields[0] + ' ' + fields[1]), fields[2]);
        }
        return entries;
    }();
    return catalogue;
}

// DROP TYPE IF EXISTS "name", the name quoted by SQLite's own %w.
QByteArray dropStatement(const Difference &difference)
{
    const QByteArray type = difference.type.toUpper().toUtf8();
    const QByteArray name = difference.name.toUtf8();
    char *sql = sqlite3_mprintf("DROP %s IF EXISTS \"%w\"", type.constData(), name.constData());
    QByteArray statement(sql);
    sqlite3_free(sql);
    return statement;
}

// Triggers and views first: they name tables and indexes.
int dropOrder(const QString &type)
{
    return type == u"trigger"_s ? 0 : type == u"view"_s ? 1 : type == u"index"_s ? 2 : 3;
}

} // namespace

QString Difference::describe() const
{
    const QString shown = sql.simplified();
    const QString excerpt = shown.size() > 120 ? shown.left(119) + u'…' : shown;
    return kind == Kind::Foreign
               ? u"%1 %2, not created by this program (%3)"_s.arg(type, name, excerpt)
               : u"%1 %2, defined otherwise than this program defines it (%3)"_s.arg(type, name,
                                                                                     excerpt);
}

Result<QList<Difference>> differences(const Database &db)
{
    if (expected().isEmpty())
        return fail(u"the program's schema catalogue is missing (:/cw/sql/catalog.txt)"_s);
    auto entries = entriesOf(db);
    if (!entries)
        return fail(entries.error());
    QList<Difference> found;
    for (const Entry &entry : std::as_const(*entries)) {
        const auto known = expected().constFind(entry.type + u' ' + entry.name);
        if (known == expected().cend())
            found.append({Difference::Kind::Foreign, entry.type, entry.name, entry.sql});
        else if (definitionRuns(entry.type) && *known != digest(entry.sql))
            found.append({Difference::Kind::Changed, entry.type, entry.name, entry.sql});
    }
    return found;
}

Result<QStringList> repair(const Database &db, const QList<Difference> &differences)
{
    QList<Difference> ordered = differences;
    std::ranges::stable_sort(ordered, {}, [](const Difference &d) { return dropOrder(d.type); });
    // The program's own definitions, from its migrations run in memory.
    std::unique_ptr<Database> reference;
    Transaction transaction(db);
    if (!transaction.isActive())
        return fail(transaction.beginError());
    QStringList done;
    for (const Difference &difference : std::as_const(ordered)) {
        if (auto dropped = db.execScript(dropStatement(difference).constData()); !dropped)
            return fail(
                u"dropping %1 %2: %3"_s.arg(difference.type, difference.name, dropped.error()));
        if (difference.kind == Difference::Kind::Foreign) {
            done << u"dropped %1 %2"_s.arg(difference.type, difference.name);
            continue;
        }
        if (!reference) {
            auto opened = Database::open(u":memory:"_s);
            if (!opened)
                return fail(opened.error());
            reference = std::move(*opened);
        }
        Statement original = reference->prepare("SELECT sql FROM sqlite_schema WHERE name = ?1");
        original.bind(1, difference.name);
        auto row = original.step();
        if (!row || !*row)
            return fail(u"no definition of %1 %2 in the program's schema"_s.arg(difference.type,
                                                                                difference.name));
        const QByteArray sql = original.text(0).toUtf8();
        if (auto restored = db.execScript(sql.constData()); !restored)
            return fail(
                u"restoring %1 %2: %3"_s.arg(difference.type, difference.name, restored.error()));
        done << u"restored the program's definition of %1 %2"_s.arg(difference.type,
                                                                    difference.name);
    }
    if (auto committed = transaction.commit(); !committed)
        return fail(committed.error());
    return done;
}

Result<QByteArray> catalogOf(const Database &db)
{
    auto entries = entriesOf(db);
    if (!entries)
        return fail(entries.error());
    QByteArray text = "# The schema objects of a database file, as the migrations in this folder\n"
                      "# leave it: type, name, and a digest of the SQL of what runs (- for a\n"
                      "# table). Opening a file refuses anything else (storage/internal/\n"
                      "# SchemaCatalog.h). Written by a test when a migration changes the\n"
                      "# schema: CW_WRITE_CATALOG=1 build/ci/tests/storage_tst_schemacatalog\n";
    for (const Entry &entry : std::as_const(*entries))
        text += lineOf(entry) + '\n';
    return text;
}

} // namespace cw::SchemaCatalog
