#include "PgSchema.h"

#include "PgConnection.h"

#include <QFile>

#include <array>

namespace cw {

using namespace Qt::StringLiterals;

namespace {

// Step N brings the schema from version N-1 to N. Never edit a shipped step;
// add the next one.
constexpr std::array steps = {
    ":/cw/pgsql/001_initial.sql",
    ":/cw/pgsql/002_row_security.sql",
    ":/cw/pgsql/003_notify.sql",
    ":/cw/pgsql/004_sqlite_functions.sql",
    ":/cw/pgsql/005_notify_audit.sql",
    ":/cw/pgsql/006_sqlite_json.sql",
    ":/cw/pgsql/007_sqlite_text.sql",
    ":/cw/pgsql/008_list_estimates.sql",
    ":/cw/pgsql/009_batch_triggers.sql",
    ":/cw/pgsql/010_faster_words.sql",
    ":/cw/pgsql/011_projection_indexes.sql",
    ":/cw/pgsql/012_review_login.sql",
};

// pg_advisory_xact_lock's key for migrations: any constant of our own.
constexpr const char *MigrationLock = "SELECT pg_advisory_xact_lock(7305001)";

} // namespace

int PgSchema::currentVersion()
{
    return int(steps.size());
}

Result<int> PgSchema::version(const PgConnection &db)
{
    auto exists = db.query("SELECT to_regclass('schema_version') IS NOT NULL");
    if (!exists)
        return fail(exists.error());
    if (exists->text(0, 0) != u"t"_s)
        return 0;
    auto rows = db.query("SELECT version FROM schema_version");
    if (!rows)
        return fail(rows.error());
    if (rows->count() != 1)
        return fail(u"%1: schema_version holds %2 rows, not one: not a database this program "
                    "made"_s.arg(db.displayLocation())
                        .arg(rows->count()));
    return rows->text(0, 0).toInt();
}

Result<int> PgSchema::migrate(const PgConnection &db)
{
    if (auto begun = db.execScript("BEGIN"); !begun)
        return fail(begun.error());
    // Whatever fails below, nothing of it stays.
    auto rollBack = [&db](const QString &message) -> Result<int> {
        (void)db.execScript("ROLLBACK");
        return fail(message);
    };
    if (auto locked = db.query(MigrationLock); !locked)
        return rollBack(locked.error());
    auto current = version(db);
    if (!current)
        return rollBack(current.error());
    if (*current > currentVersion())
        return rollBack(u"%1 has schema version %2, newer than this program understands (%3); "
                        "use a newer Curation Workbench"_s.arg(db.displayLocation())
                            .arg(*current)
                            .arg(currentVersion()));
    if (*current == currentVersion()) {
        (void)db.execScript("COMMIT");
        return currentVersion();
    }
    if (*current == 0) {
        // Keys, pages and every ORDER BY the stores write compare text byte
        // by byte, as SQLite does; a language's collation would reorder them.
        auto collation =
            db.query("SELECT datcollate FROM pg_database WHERE datname = current_database()");
        if (!collation)
            return rollBack(collation.error());
        const QString name = collation->text(0, 0);
        if (name != "C"_L1 && name != "POSIX"_L1 && !name.startsWith("C."_L1))
            return rollBack(
                u"%1 sorts text by the collation %2; Curation Workbench needs byte "
                "order: create the database with CREATE DATABASE ... TEMPLATE "
                "template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'"_s.arg(
                    db.displayLocation(), name));
        if (auto made = db.execScript("CREATE TABLE schema_version (version integer NOT NULL);"
                                      "INSERT INTO schema_version VALUES (0)");
            !made)
            return rollBack(made.error());
    }
    for (int step = *current; step < currentVersion(); ++step) {
        QFile file(QString::fromLatin1(steps[size_t(step)]));
        if (!file.open(QIODevice::ReadOnly))
            return rollBack(u"missing schema step %1"_s.arg(file.fileName()));
        if (auto applied = db.execScript(file.readAll()); !applied)
            return rollBack(u"step %1: %2"_s.arg(file.fileName(), applied.error()));
    }
    if (auto set =
            db.query("UPDATE schema_version SET version = $1", {QString::number(currentVersion())});
        !set)
        return rollBack(set.error());
    if (auto committed = db.execScript("COMMIT"); !committed)
        return fail(committed.error());
    return currentVersion();
}

} // namespace cw
