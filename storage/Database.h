#pragma once

#include "Result.h"

#include <QString>

#include <cstdint>
#include <functional>
#include <memory>

struct sqlite3;

namespace cw {

// The SQL layer is private to storage and the model (storage/internal/):
// front ends open and close a database here and reach its data through model
// services, so they never see a statement.
class Statement;
class StatementCache;

// One open connection to a Curation Workbench database file.
//
// Opening configures the connection (WAL, busy timeout, foreign keys, full
// synchronous commits, untrusted schema, defensive mode), refuses files that
// are corrupt or belong to another application, and migrates the schema to
// the current version in one transaction. It never repairs or overwrites a
// file it does not recognise.
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

    static Result<std::unique_ptr<Database>> open(const QString &path,
                                                  Mode mode = Mode::OpenOrCreate);
    ~Database();
    Database(const Database &) = delete;
    Database &operator=(const Database &) = delete;

    const QString &path() const { return m_path; }
    sqlite3 *handle() const { return m_db; }

    // Reuses an idle statement prepared from the same SQL (StatementCache).
    Statement prepare(const char *sql) const;
    // Runs trusted, internal SQL (pragmas, schema scripts). Never user input.
    Status execScript(const char *sql) const;
    Result<std::int64_t> queryInt(const char *sql) const;
    Result<QString> queryText(const char *sql) const;

    std::int64_t lastInsertRowId() const;
    int changes() const;
    // Rows changed by this connection since it opened (sqlite3_total_changes64).
    std::int64_t totalChanges() const;
    // Changes whenever another connection commits (PRAGMA data_version).
    std::int64_t dataVersion() const;
    int schemaVersion() const { return m_schemaVersion; }

    // The error as the user should read it: a full disk says so (SQLite
    // reports running out of room while sizing the -shm file as a plain
    // "disk I/O error"; the OS error number says what it was).
    QString explainFailure(const QString &error) const;
    // Whether the connection could not write even if it wanted to: opened
    // read-only, and immutable when the folder is read-only.
    bool isReadOnly() const;

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
    void configureConnection();
    Status configure();
    Status checkIdentity();
    Status checkIntegrity();
    Status checkVersion();
    Status checkCurrentVersion(bool standalone);
    Status unreadable(const QString &error) const;

    sqlite3 *m_db = nullptr;
    QString m_path;
    int m_schemaVersion = 0;
    std::function<bool()> m_stop;
    // Shared with nobody: statements hold it weakly, so one that outlives the
    // connection finalises itself instead of returning to a cache that is gone.
    std::shared_ptr<StatementCache> m_statements;
};

} // namespace cw
