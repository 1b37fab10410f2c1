#include "Database.h"

#include "DatabaseFile.h"
#include "FileProbe.h"
#include "FtsFunctions.h"
#include "PgConnection.h"
#include "PgIntegrity.h"
#include "Schema.h"
#include "SchemaCatalog.h"
#include "Statement.h"
#include "StatementCache.h"
#include "Transaction.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QMutex>
#include <QUrl>

#include <cerrno>
#include <fcntl.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

namespace cw {

namespace {

QString describe(sqlite3 *db)
{
    return db ? QString::fromUtf8(sqlite3_errmsg(db)) : QStringLiteral("out of memory");
}

// A folder the reader cannot create files in: no write permission for this
// process, no write bit for anyone (root passes every permission check, but
// a folder made read-only on purpose is respected), or a read-only mount.
bool folderIsReadOnly(const QString &folder)
{
    const QByteArray native = QFile::encodeName(folder);
    struct stat info
    {
    };
    if (::stat(native.constData(), &info) != 0)
        return false;
    if ((info.st_mode & 0222) == 0 || ::access(native.constData(), W_OK) != 0)
        return true;
    struct statvfs fs
    {
    };
    return ::statvfs(native.constData(), &fs) == 0 && (fs.f_flag & ST_RDONLY) != 0;
}

// Where a read-only connection may open the file immutable: SQLite could not
// create the -shm file it needs for a WAL database, and nobody can be
// writing (a writer needs a -wal file in that same folder, and there is none
// holding anything).
bool readsImmutable(const QString &path)
{
    const QFileInfo wal(path + QStringLiteral("-wal"));
    return folderIsReadOnly(QFileInfo(path).absolutePath()) && (!wal.exists() || wal.size() == 0);
}

// The name SQLite opens: always a URI of the absolute path, so that a file
// named like a URI ("file:...", the library is built with URI names on) is
// still that file, and parameters are ours alone.
QByteArray sqliteName(const QString &path, bool immutable)
{
    QByteArray name = "file:" + QUrl::toPercentEncoding(QFileInfo(path).absoluteFilePath(), "/");
    if (immutable)
        name += "?immutable=1";
    return name;
}

// How many connections this process has open to each file (by canonical
// path). A lock probe through a second descriptor of a file would drop this
// process's POSIX locks on it when it closes, so it is only made when the
// process has no connection to that file.
QMutex openFilesMutex;
QHash<QString, int> openFiles;

} // namespace

Database::Database(sqlite3 *db, QString path)
    : m_db(db)
    , m_path(std::move(path))
    , m_statements(std::make_shared<StatementCache>())
{
}

Database::~Database()
{
    m_statements.reset(); // finalises the idle statements before the connection closes
    sqlite3_close_v2(m_db);
    if (!m_openFileKey.isEmpty()) {
        QMutexLocker locker(&openFilesMutex);
        if (--openFiles[m_openFileKey] <= 0)
            openFiles.remove(m_openFileKey);
    }
}

bool Database::registerOpenFile()
{
    m_openFileKey = QFileInfo(m_path).canonicalFilePath();
    if (m_openFileKey.isEmpty())
        return false;
    QMutexLocker locker(&openFilesMutex);
    return openFiles[m_openFileKey]++ == 0;
}

Statement Database::prepare(const char *sql) const
{
    if (m_server)
        return Statement(*m_server, sql);
    return Statement(m_db, sql, m_statements);
}

Result<std::unique_ptr<Database>> Database::open(const QString &path, Mode mode,
                                                 ForeignSchema foreign)
{
    if (PgConnection::isServerLocation(path))
        return openServer(path, mode);
    const bool inMemory = path == QLatin1String(":memory:");
    const bool existed = !inMemory && QFileInfo::exists(path) && QFileInfo(path).size() > 0;
    const bool readOnly = mode == Mode::ReadOnly || mode == Mode::ReadOnlyChecked;
    if (mode != Mode::OpenOrCreate && !existed && !inMemory)
        return fail(QStringLiteral("no database at %1 (no such database file; `curation-cli init` "
                                   "creates one)")
                        .arg(path));
    if (!inMemory && QFileInfo(path).isDir())
        return fail(QStringLiteral("%1: is a directory, not a database file").arg(path));

    // A new file is private before SQLite writes a byte into it: it will
    // hold every tenant's cases (DatabaseFile.h).
    if (mode == Mode::OpenOrCreate && !inMemory && !QFileInfo::exists(path))
        if (auto created = DatabaseFile::createPrivate(path); !created)
            return fail(created.error());

    sqlite3 *raw = nullptr;
    int flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE) | SQLITE_OPEN_NOMUTEX |
                SQLITE_OPEN_EXRESCODE | SQLITE_OPEN_URI;
    if (mode == Mode::OpenOrCreate)
        flags |= SQLITE_OPEN_CREATE;
    const QByteArray name =
        inMemory ? QByteArray(":memory:") : sqliteName(path, readOnly && readsImmutable(path));
    const int rc = sqlite3_open_v2(name.constData(), &raw, flags, nullptr);
    std::unique_ptr<Database> db(new Database(raw, path));
    if (rc != SQLITE_OK)
        return fail(QStringLiteral("%1: cannot open database: %2")
                        .arg(path, db->explainFailure(describe(raw))));

    // Before the first read takes a lock: whether this connection is the
    // file's only one, and so whether a -wal file is a dead process's.
    // Every file connection is counted, a new file's too: a later reader's
    // probe must know it is not the first.
    const bool firstHere = !inMemory && db->registerOpenFile() && existed;
    const LeftState opening = (firstHere && mode != Mode::ReadOnly && !name.contains("immutable=1"))
                                  ? db->probeHowItWasLeft(readOnly)
                                  : LeftState{};
    // Everything up to the journal mode switch only reads: a file that is
    // refused must be left exactly as it was (switching to WAL rewrites the
    // header of a rollback-journal file).
    db->configureConnection();
    if (auto identity = db->checkIdentity(); !identity)
        return fail(path + QStringLiteral(": ") + identity.error());
    if (mode == Mode::ReadOnly) {
        // The writer beside it has checked and migrated the file; a reader
        // only needs the schema it was written for.
        if (auto current = db->checkCurrentVersion(false); !current)
            return fail(path + QStringLiteral(": ") + current.error());
        // A reader runs one query at a time, mostly a single pass (a count,
        // a report): a small page cache, so that a few readers beside the
        // writer keep the process's memory in bounds.
        if (auto configured = db->execScript("PRAGMA temp_store=MEMORY;"
                                             "PRAGMA cache_size=-8000;");
            !configured)
            return fail(path + QStringLiteral(": ") + configured.error());
        if (auto functions = FtsFunctions::registerAll(db->m_db); !functions)
            return fail(path + QStringLiteral(": ") + functions.error());
        db->m_schemaVersion = Schema::currentVersion();
        return db;
    }
    // No scan of every page on a clean open: it cost a small file ten times
    // SQLite's own open (issue #16). A file that was not closed cleanly, or
    // whose header says it is longer than it is, is checked here; the rest
    // rely on SQLite's detection on every read, `curation-cli check` and the
    // workbench's daily background check (docs/storage.md).
    if (auto state = db->checkHowItWasLeft(opening); !state)
        return fail(path + QStringLiteral(": ") + state.error());
    if (mode == Mode::ReadOnlyChecked) {
        // Connection settings only: none of these writes to the file.
        if (auto current = db->checkCurrentVersion(true); !current)
            return fail(path + QStringLiteral(": ") + current.error());
        if (auto configured = db->execScript("PRAGMA foreign_keys=ON;"
                                             "PRAGMA trusted_schema=OFF;"
                                             "PRAGMA temp_store=MEMORY;"
                                             "PRAGMA cache_size=-32000;");
            !configured)
            return fail(path + QStringLiteral(": ") + configured.error());
        if (auto functions = FtsFunctions::registerAll(db->m_db); !functions)
            return fail(path + QStringLiteral(": ") + functions.error());
        if (auto sound = db->checkSchema(foreign); !sound)
            return fail(path + QStringLiteral(": ") + sound.error());
        db->m_schemaVersion = Schema::currentVersion();
        return db;
    }
    if (auto version = db->checkVersion(); !version)
        return fail(path + QStringLiteral(": ") + version.error());
    if (auto configured = db->configure(); !configured)
        return fail(path + QStringLiteral(": ") + db->explainFailure(configured.error()));
    if (auto functions = FtsFunctions::registerAll(db->m_db); !functions)
        return fail(path + QStringLiteral(": ") + functions.error());
    auto migrated = Schema::migrate(*db);
    if (!migrated)
        return fail(path + QStringLiteral(": schema migration failed, file unchanged: ") +
                    db->explainFailure(migrated.error()));
    db->m_schemaVersion = *migrated;
    // In-memory databases are the program's own scratch space.
    if (!inMemory)
        if (auto sound = db->checkSchema(foreign); !sound)
            return fail(path + QStringLiteral(": ") + sound.error());
    return db;
}

Status Database::checkSchema(ForeignSchema foreign)
{
    auto found = SchemaCatalog::differences(*this);
    if (!found)
        return fail(found.error());
    m_foreignSchema.clear();
    for (const SchemaCatalog::Difference &difference : std::as_const(*found))
        m_foreignSchema.append(difference.describe());
    if (m_foreignSchema.isEmpty() || foreign == ForeignSchema::Report)
        return {};
    return fail(QStringLiteral("the database holds schema objects this program did not create, "
                               "which would run with its reads and writes: %1. It was not "
                               "opened; `curation-cli check` lists them and `curation-cli check "
                               "--repair` removes them (docs/storage.md)")
                    .arg(m_foreignSchema.join(QStringLiteral("; "))));
}

Result<QStringList> Database::repairSchema()
{
    if (m_server || isReadOnly())
        return fail(m_path + QStringLiteral(": repairing the schema needs a writable file"));
    auto found = SchemaCatalog::differences(*this);
    if (!found)
        return fail(found.error());
    auto repaired = SchemaCatalog::repair(*this, *found);
    if (!repaired)
        return fail(m_path + QStringLiteral(": ") + repaired.error());
    m_foreignSchema.clear();
    return repaired;
}

QString Database::explainFailure(const QString &error) const
{
    const bool full = (m_db && sqlite3_system_errno(m_db) == ENOSPC) ||
                      error.contains(QLatin1String("database or disk is full"));
    if (!full || error.contains(QLatin1String("the disk is full")))
        return error;
    return QStringLiteral("the disk is full: nothing was written (%1)").arg(error);
}

bool Database::isReadOnly() const
{
    if (m_server)
        return false;
    return sqlite3_db_readonly(m_db, "main") == 1;
}

void Database::configureConnection()
{
    sqlite3_extended_result_codes(m_db, 1);
    sqlite3_busy_timeout(m_db, 5000);
    int enabled = 0;
    sqlite3_db_config(m_db, SQLITE_DBCONFIG_DEFENSIVE, 1, &enabled);
    sqlite3_db_config(m_db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, &enabled);
    sqlite3_db_config(m_db, SQLITE_DBCONFIG_ENABLE_FKEY, 1, &enabled);
}

Status Database::configure()
{
    auto mode = queryText("PRAGMA journal_mode=WAL");
    if (!mode)
        return fail(QStringLiteral("cannot switch to WAL journal mode: ") + mode.error());
    if (m_path != QLatin1String(":memory:") &&
        mode->compare(QLatin1String("wal"), Qt::CaseInsensitive) != 0)
        return fail(QStringLiteral("could not switch to WAL journal mode (got %1); is the file on "
                                   "a read-only or network filesystem?")
                        .arg(*mode));
    return execScript("PRAGMA foreign_keys=ON;"
                      "PRAGMA synchronous=FULL;"
                      "PRAGMA trusted_schema=OFF;"
                      "PRAGMA temp_store=MEMORY;"
                      "PRAGMA cache_size=-32000;");
}

// The first reads of a file fail here when it is not SQLite or is damaged,
// or when SQLite cannot set up what it needs to read it.
Status Database::unreadable(const QString &error) const
{
    if (const QString full = explainFailure(error); full != error)
        return fail(full);
    if (isReadOnly() && folderIsReadOnly(QFileInfo(m_path).absolutePath()) &&
        (error.contains(QLatin1String("unable to open")) ||
         error.contains(QLatin1String("disk I/O error"))))
        return fail(QStringLiteral("cannot read it from a read-only folder: its write-ahead log "
                                   "(%1-wal) holds commits that only a writable folder can "
                                   "replay; open it once where it can be written (%2)")
                        .arg(m_path, error));
    if (error.contains(QLatin1String("not a database")))
        return fail(QStringLiteral("not a Curation Workbench database (the file is not an SQLite "
                                   "database, or it is corrupt); it was left untouched"));
    if (error.contains(QLatin1String("malformed")) || error.contains(QLatin1String("corrupt")))
        return fail(QStringLiteral("the database is corrupt (%1); it was left untouched, restore "
                                   "a backup")
                        .arg(error));
    return fail(QStringLiteral("cannot read the file: ") + error);
}

Status Database::checkIdentity()
{
    auto appId = queryInt("PRAGMA application_id");
    if (!appId)
        return unreadable(appId.error());
    auto tables = queryInt("SELECT count(*) FROM sqlite_schema");
    if (!tables)
        return unreadable(tables.error());
    if (*appId == ApplicationId)
        return {};
    if (*appId != 0 || *tables > 0)
        return fail(QStringLiteral("not a Curation Workbench database (application_id %1, %2 "
                                   "schema objects); it was left untouched")
                        .arg(*appId)
                        .arg(*tables));
    return {};
}

Status Database::checkVersion()
{
    auto version = queryInt("PRAGMA user_version");
    if (!version)
        return unreadable(version.error());
    if (*version > Schema::currentVersion())
        return fail(QStringLiteral("the database has schema version %1, newer than this program "
                                   "understands (%2); it was left untouched, use a newer "
                                   "Curation Workbench")
                        .arg(*version)
                        .arg(Schema::currentVersion()));
    return {};
}

Status Database::checkCurrentVersion(bool standalone)
{
    auto version = queryInt("PRAGMA user_version");
    if (!version)
        return unreadable(version.error());
    if (standalone && *version < Schema::currentVersion())
        return fail(QStringLiteral("schema version %1 is older than this program's %2, and a "
                                   "read-only open never migrates; run `curation-cli init` on it "
                                   "once to migrate it")
                        .arg(*version)
                        .arg(Schema::currentVersion()));
    if (standalone && *version > Schema::currentVersion())
        return checkVersion();
    if (*version != Schema::currentVersion())
        return fail(QStringLiteral("schema version %1, this program reads only %2 (open the file "
                                   "read-write once to migrate it)")
                        .arg(*version)
                        .arg(Schema::currentVersion()));
    return {};
}

Database::LeftState Database::probeHowItWasLeft(bool readOnly) const
{
    LeftState state;
    // Every open connection in WAL mode keeps a SHARED lock on the database
    // file; the last one to close takes EXCLUSIVE, checkpoints and deletes
    // the -wal file (wal.c, sqlite3WalClose). A writable connection asks
    // through SQLite's own VFS, as that close does; a read-only descriptor
    // cannot take a write lock, so a reader tests for one instead (this
    // process has no other connection to the file: open() made sure).
    if (readOnly) {
        state.alone = !FileProbe::anotherProcessHolds(m_path);
    } else {
        sqlite3_file *file = nullptr;
        if (sqlite3_file_control(m_db, "main", SQLITE_FCNTL_FILE_POINTER, &file) != SQLITE_OK ||
            !file || !file->pMethods)
            return state;
        if (file->pMethods->xLock(file, SQLITE_LOCK_SHARED) != SQLITE_OK)
            return state;
        state.alone = file->pMethods->xLock(file, SQLITE_LOCK_EXCLUSIVE) == SQLITE_OK;
        file->pMethods->xUnlock(file, SQLITE_LOCK_NONE);
    }
    if (!state.alone)
        return state;
    const QFileInfo wal(m_path + QStringLiteral("-wal"));
    state.walLeftOver = wal.exists() && wal.size() > 0;
    // Only meaningful alone and without a -wal file, when the file holds
    // every committed page itself.
    if (!state.walLeftOver)
        state.shortBy = FileProbe::bytesMissing(m_path);
    return state;
}

Status Database::checkHowItWasLeft(const LeftState &state)
{
    if (state.shortBy > 0)
        return fail(QStringLiteral("the database is corrupt (the file is %1 bytes shorter than its "
                                   "header says: truncated); it was left untouched, restore a "
                                   "backup")
                        .arg(state.shortBy));
    if (!state.walLeftOver)
        return {};
    m_uncleanShutdown = true;
    // quick_check reads every page: after a crash on a desk-sized file it
    // runs here; a bigger one is left to `curation-cli check` and the
    // workbench's background check (docs/storage.md).
    constexpr qint64 OpenCheckLimit = qint64(64) << 20;
    if (QFileInfo(m_path).size() > OpenCheckLimit)
        return {};
    auto problems = checkIntegrity(IntegrityScan::Quick, 1);
    if (!problems || !problems->isEmpty()) // refused: closing must not checkpoint into it
        sqlite3_db_config(m_db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
    if (!problems)
        return unreadable(problems.error());
    m_checkedOnOpen = true;
    if (problems->isEmpty())
        return {};
    return fail(QStringLiteral("the database is corrupt (quick_check after an unclean "
                               "shutdown: %1); it was left untouched, restore a backup")
                    .arg(problems->first()));
}

Result<QStringList> Database::checkIntegrity(IntegrityScan scan, int maxProblems,
                                             QStringList *limits) const
{
    if (m_server) {
        QStringList unchecked;
        auto problems =
            PgIntegrity(*m_server).scan(scan == IntegrityScan::Full, maxProblems, unchecked);
        if (limits)
            *limits = unchecked;
        return problems;
    }
    if (limits)
        limits->clear();
    // A pragma takes no bound parameter: the two limits are spelt out.
    const bool one = maxProblems <= 1;
    const bool full = scan == IntegrityScan::Full;
    Statement statement =
        prepare(full ? (one ? "PRAGMA integrity_check(1)" : "PRAGMA integrity_check(100)")
                     : (one ? "PRAGMA quick_check(1)" : "PRAGMA quick_check(100)"));
    QStringList problems;
    for (;;) {
        auto row = statement.step();
        if (!row && (sqlite3_extended_errcode(m_db) & 0xff) == SQLITE_CORRUPT) {
            // Damage the scan itself cannot walk past is the answer too.
            problems << row.error();
            break;
        }
        if (!row)
            return fail(row.error());
        if (!*row)
            break;
        const QString line = statement.text(0);
        if (line != QLatin1String("ok"))
            problems << line;
    }
    return problems;
}

Status Database::execScript(const char *sql) const
{
    if (m_server)
        return m_server->execScript(sql);
    char *message = nullptr;
    const int rc = sqlite3_exec(m_db, sql, nullptr, nullptr, &message);
    if (rc == SQLITE_OK)
        return {};
    QString error = message ? QString::fromUtf8(message) : describe(m_db);
    sqlite3_free(message);
    return fail(error);
}

Result<std::int64_t> Database::queryInt(const char *sql) const
{
    Statement statement = prepare(sql);
    auto row = statement.step();
    if (!row)
        return fail(row.error());
    if (!*row)
        return fail(QStringLiteral("no result from: ") + QString::fromUtf8(sql));
    return statement.int64(0);
}

Result<QString> Database::queryText(const char *sql) const
{
    Statement statement = prepare(sql);
    auto row = statement.step();
    if (!row)
        return fail(row.error());
    if (!*row)
        return fail(QStringLiteral("no result from: ") + QString::fromUtf8(sql));
    return statement.text(0);
}

std::int64_t Database::lastInsertRowId() const
{
    if (m_server)
        return -1;
    return sqlite3_last_insert_rowid(m_db);
}

std::int64_t Database::totalChanges() const
{
    if (m_server)
        return m_server->totalChanges();
    return sqlite3_total_changes64(m_db);
}

int Database::changes() const
{
    if (m_server)
        return m_server->changes();
    return sqlite3_changes(m_db);
}

std::int64_t Database::dataVersion() const
{
    if (m_server)
        return serverDataVersion();
    auto version = queryInt("PRAGMA data_version");
    return version ? *version : -1;
}

void Database::setInterruptCheck(std::function<bool()> stop)
{
    m_stop = std::move(stop);
    if (m_server)
        return; // a server's statement is stopped with interrupt()
    if (!m_stop) {
        sqlite3_progress_handler(m_db, 0, nullptr, nullptr);
        sqlite3_commit_hook(m_db, nullptr, nullptr);
        return;
    }
    // A non-zero return makes the running statement fail with SQLITE_INTERRUPT.
    constexpr int Instructions = 4000;
    const auto stopped = [](void *self) { return static_cast<Database *>(self)->m_stop() ? 1 : 0; };
    sqlite3_progress_handler(m_db, Instructions, stopped, this);
    // The last step of a write is too short for the progress handler: a
    // non-zero return here turns the COMMIT into a rollback.
    sqlite3_commit_hook(m_db, stopped, this);
}

void Database::interrupt() const
{
    if (m_server)
        return m_server->cancel();
    sqlite3_interrupt(m_db);
}

Status Database::backupTo(const QString &targetPath) const
{
    if (m_server)
        return fail(QStringLiteral("%1 is a server: back it up with pg_dump, or copy it to a file "
                                   "with 'curation-cli copy --to %2'")
                        .arg(m_path, targetPath));
    if (!QFileInfo::exists(targetPath))
        if (auto created = DatabaseFile::createPrivate(targetPath); !created)
            return fail(created.error());
    sqlite3 *target = nullptr;
    if (sqlite3_open_v2(sqliteName(targetPath, false).constData(), &target,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_URI,
                        nullptr) != SQLITE_OK) {
        const QString error = describe(target);
        sqlite3_close_v2(target);
        return fail(QStringLiteral("%1: cannot create backup: %2").arg(targetPath, error));
    }
    sqlite3_backup *backup = sqlite3_backup_init(target, "main", m_db, "main");
    if (!backup) {
        const QString error = describe(target);
        sqlite3_close_v2(target);
        return fail(QStringLiteral("%1: cannot start backup: %2").arg(targetPath, error));
    }
    int rc = SQLITE_OK;
    do {
        rc = sqlite3_backup_step(backup, 1024);
        if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED)
            sqlite3_sleep(20);
    } while (rc == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED);
    sqlite3_backup_finish(backup);
    const QString error = describe(target);
    sqlite3_close_v2(target);
    if (rc != SQLITE_DONE)
        return fail(QStringLiteral("%1: backup failed: %2").arg(targetPath, error));
    return {};
}

} // namespace cw
