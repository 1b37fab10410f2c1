#pragma once

#include "Result.h"
#include "Statement.h"
#include "StatementCache.h"

#include <QString>

#include <cstdint>
#include <functional>
#include <memory>

struct sqlite3;

namespace cw {

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
    enum class Mode
    {
        OpenOrCreate,
        OpenExisting,
        ReadOnly
    };

    static Result<std::unique_ptr<Database>> open(const QString &path,
                                                  Mode mode = Mode::OpenOrCreate);
    ~Database();
    Database(const Database &) = delete;
    Database &operator=(const Database &) = delete;

    const QString &path() const { return m_path; }
    sqlite3 *handle() const { return m_db; }

    // Reuses an idle statement prepared from the same SQL (StatementCache).
    Statement prepare(const char *sql) const { return Statement(m_db, sql, m_statements); }
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

    // Copies the whole database with SQLite's online backup API.
    Status backupTo(const QString &targetPath) const;

    // A statement running on this connection gives up (its step fails as
    // interrupted) once stop() returns true; stop is asked every few thousand
    // SQLite instructions, on the connection's thread. An empty stop removes
    // the check. This is how a superseded background read ends early.
    void setInterruptCheck(std::function<bool()> stop);

private:
    explicit Database(sqlite3 *db, QString path);
    void configureConnection();
    Status configure();
    Status checkIdentity();
    Status checkIntegrity();
    Status checkVersion();
    Status checkCurrentVersion();
    static Status unreadable(const QString &error);

    sqlite3 *m_db = nullptr;
    QString m_path;
    int m_schemaVersion = 0;
    std::function<bool()> m_stop;
    // Shared with nobody: statements hold it weakly, so one that outlives the
    // connection finalises itself instead of returning to a cache that is gone.
    std::shared_ptr<StatementCache> m_statements = std::make_shared<StatementCache>();
};

} // namespace cw
