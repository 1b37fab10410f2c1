#pragma once

#include "Result.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <functional>
#include <memory>

struct sqlite3;

namespace cw {

// The SQL layer is private to storage and the model (storage/internal/):
// front ends open and close a database here and reach its data through model
// services, so they never see a statement.
class PgConnection;
class Statement;
class StatementCache;

// One open connection to a Curation Workbench database file.
//
// Opening configures the connection (WAL, busy timeout, foreign keys, full
// synchronous commits, untrusted schema, defensive mode), refuses files that
// belong to another application, and migrates the schema to the current
// version in one transaction. It never repairs or overwrites a file it does
// not recognise. A clean open reads no more than SQLite's own: a file is
// scanned for corruption on open only when it was left by a process that
// died (its -wal file outlived every connection) and is desk-sized, and a
// truncated file is refused from its header; checkIntegrity() scans on
// demand (docs/storage.md, "Corruption").
class Database
{
public:
    static constexpr std::int32_t ApplicationId = 0x43575242; // "CWRB"

    // ReadOnly: a reader beside a writer connection in the same process (GUI
    // workers). It neither checks integrity nor migrates (the writer did);
    // it refuses a file whose schema is not the current one.
    // ReadOnlyChecked: a reader on its own (commands that only read). It
    // checks the file like OpenExisting does but never writes it: no journal
    // mode switch, no migration (an older schema is refused, saying how to
    // migrate). Both read-only modes also read a file on a read-only medium
    // or in a read-only folder: SQLite needs the -shm file to read a WAL
    // database, and where it cannot create one and no -wal file is waiting
    // to be replayed, the file is opened immutable, as SQLite recommends for
    // read-only media (wal.html, "Read-Only Databases").
    enum class Mode
    {
        OpenOrCreate,
        OpenExisting,
        ReadOnly,
        ReadOnlyChecked
    };

    // path: a file, or a PostgreSQL server's libpq location
    // (postgresql://..., postgres://..., service=NAME; docs/postgresql.md).
    // On a server, OpenOrCreate and OpenExisting migrate its schema (only
    // the role that owns it can), the read-only modes refuse an older one
    // and make every transaction read-only.
    //
    // A file that holds schema objects this program did not create (a
    // trigger added with sqlite3 runs with the next write) is refused,
    // naming them, unless the caller asks to have them reported instead:
    // `check` lists them then, and repairSchema() removes them.
    enum class ForeignSchema
    {
        Refuse,
        Report
    };
    static Result<std::unique_ptr<Database>> open(const QString &path,
                                                  Mode mode = Mode::OpenOrCreate,
                                                  ForeignSchema foreign = ForeignSchema::Refuse);
    ~Database();
    Database(const Database &) = delete;
    Database &operator=(const Database &) = delete;

    // Which kind of database this connection talks to. The stores write
    // their SQL for both; where the dialects part (an upsert, a list
    // parameter, full-text search), they ask.
    enum class Backend
    {
        SQLite,
        PostgreSQL
    };
    Backend backend() const { return m_server ? Backend::PostgreSQL : Backend::SQLite; }
    bool isServer() const { return m_server != nullptr; }

    // A file's path, or a server's location without its password.
    const QString &path() const { return m_path; }
    // nullptr on a server.
    sqlite3 *handle() const { return m_db; }
    // nullptr on a file.
    const PgConnection *server() const { return m_server.get(); }
    // The database role the connection acts as (session_user); empty on a
    // file, where the OS login names the principal.
    Result<QString> sessionRole() const;

    // Reuses an idle statement prepared from the same SQL (StatementCache).
    Statement prepare(const char *sql) const;
    // Runs trusted, internal SQL (pragmas, schema scripts). Never user input.
    Status execScript(const char *sql) const;
    Result<std::int64_t> queryInt(const char *sql) const;
    Result<QString> queryText(const char *sql) const;

    // SQLite only: a server's stores take a new row's key from INSERT ...
    // RETURNING (its triggers draw from other sequences, which lastval()
    // would report). -1 on a server.
    std::int64_t lastInsertRowId() const;
    // Rows the last statement changed (on a server: the last one run).
    int changes() const;
    // Rows changed by this connection since it opened (sqlite3_total_changes64;
    // on a server, the sum of changes() over its statements).
    std::int64_t totalChanges() const;
    // Changes whenever another connection commits (PRAGMA data_version).
    // On a server: whenever a commit appended to the outbox or moved the
    // projection's watermark or wrote the audit (the notifications
    // cw_outbox, cw_projection and cw_audit, resources/pgsql/003_notify.sql
    // and 005_notify_audit.sql, which the first call listens for).
    std::int64_t dataVersion() const;
    int schemaVersion() const { return m_schemaVersion; }

    // The error as the user should read it: a full disk says so (SQLite
    // reports running out of room while sizing the -shm file as a plain
    // "disk I/O error"; the OS error number says what it was).
    QString explainFailure(const QString &error) const;
    // Whether the connection could not write even if it wanted to: opened
    // read-only, and immutable when the folder is read-only.
    bool isReadOnly() const;

    enum class IntegrityScan
    {
        Quick, // PRAGMA quick_check: every page and b-tree, not index contents
        Full   // PRAGMA integrity_check: also every index against its table
    };
    // Reads the whole file; empty when it is sound, else SQLite's report
    // lines (at most maxProblems). Fails when the file cannot be read at all.
    // On a server, what this role can learn of the server's own checks
    // (storage/internal/PgIntegrity.h); limits, if given, gets what the scan
    // could not check there and why (always empty for a file).
    Result<QStringList> checkIntegrity(IntegrityScan scan, int maxProblems = 100,
                                       QStringList *limits = nullptr) const;
    // Whether open found the -wal file of a process that died (no clean
    // close since its last commit), and whether it scanned the file for it.
    bool uncleanShutdownFound() const { return m_uncleanShutdown; }
    bool checkedOnOpen() const { return m_checkedOnOpen; }

    // What open found in a file's schema besides the program's own objects
    // (opened with ForeignSchema::Report): one description each. Empty on a
    // server, whose schema has its own wall (docs/postgresql.md).
    const QStringList &foreignSchema() const { return m_foreignSchema; }
    // Drops the objects the program did not create and restores its own
    // definitions, in one transaction; what it did, one line each. A
    // writable file connection only.
    Result<QStringList> repairSchema();

    // Copies the whole database with SQLite's online backup API.
    Status backupTo(const QString &targetPath) const;

    // A statement running on this connection gives up (its step fails as
    // interrupted) once stop() returns true; stop is asked every few thousand
    // SQLite instructions, on the connection's thread, and before every
    // commit of a write, which it turns into a rollback: work that is no
    // longer wanted leaves nothing behind. An empty stop removes the check.
    // This is how a superseded or cancelled background request ends early.
    void setInterruptCheck(std::function<bool()> stop);
    // Makes the statement running on this connection fail as interrupted
    // now (sqlite3_interrupt). Callable from any thread, as SQLite's
    // contract allows; the caller keeps the connection open meanwhile.
    void interrupt() const;

private:
    explicit Database(sqlite3 *db, QString path);
    explicit Database(std::unique_ptr<PgConnection> server);
    static Result<std::unique_ptr<Database>> openServer(const QString &location, Mode mode);
    std::int64_t serverDataVersion() const;
    void configureConnection();
    Status checkSchema(ForeignSchema foreign);
    Status configure();
    Status checkIdentity();
    struct LeftState
    {
        bool alone = false;       // no other connection, in any process
        bool walLeftOver = false; // alone, and a -wal file holds frames
        qint64 shortBy = 0;       // bytes the header says the file lacks
    };
    // Counts this connection among the process's connections to its file;
    // true when it is the first.
    bool registerOpenFile();
    LeftState probeHowItWasLeft(bool readOnly) const;
    Status checkHowItWasLeft(const LeftState &state);
    Status checkVersion();
    Status checkCurrentVersion(bool standalone);
    Status unreadable(const QString &error) const;

    sqlite3 *m_db = nullptr;
    std::unique_ptr<PgConnection> m_server;
    mutable bool m_listening = false;
    mutable std::int64_t m_notifications = 0;
    QString m_path;
    int m_schemaVersion = 0;
    bool m_uncleanShutdown = false;
    bool m_checkedOnOpen = false;
    QStringList m_foreignSchema;
    QString m_openFileKey; // canonical path, while counted in open files
    std::function<bool()> m_stop;
    // Shared with nobody: statements hold it weakly, so one that outlives the
    // connection finalises itself instead of returning to a cache that is gone.
    std::shared_ptr<StatementCache> m_statements;
};

} // namespace cw
