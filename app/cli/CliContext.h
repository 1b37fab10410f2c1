#pragma once

#include "Clock.h"
#include "Database.h"
#include "Identity.h"
#include "Result.h"
#include "ReviewTypes.h"

#include <QHash>
#include <QJsonObject>
#include <QTextStream>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace cw::inline retrieval {
class RetrievalEngine;
}

namespace cw::cli {

enum ExitCode
{
    ExitOk = 0,
    ExitRefused = 1,
    ExitUsage = 2
};

// What kind of "no" a command gave: the `kind` of the --json error document
// (INTERFACES.md §1). Usage exits 2, every other kind 1.
enum class ErrorKind
{
    Forbidden,    // this principal may not do this
    NotFound,     // no such record, database or principal (or not visible)
    Conflict,     // someone else changed it first
    InvalidInput, // the input cannot be accepted as it is
    Usage,        // the command line itself is wrong
    Busy,         // the database is locked by another writer; try again
    Io            // the file could not be read or written (disk full, corrupt, ...)
};

QString errorKindName(ErrorKind kind);

struct GlobalOptions
{
    QString databasePath; // empty: the default database
    QString asPrincipal;
    bool json = false;
};

// What every command gets: the global options, the database (opened on
// first use), the acting principal (resolved on first use) and the output.
class CliContext
{
public:
    explicit CliContext(GlobalOptions options);
    ~CliContext();

    const GlobalOptions &options() const { return m_options; }
    bool json() const { return m_options.json; }
    void setJson(bool json) { m_options.json = json; }
    const Clock &clock() const { return m_clock; }
    // The command on the line, if known: usage errors point at its --help.
    void setCommandName(const QString &name) { m_commandName = name; }
    // JSON Lines (project --follow --json): every document printed, error
    // documents included, is one compact line, flushed.
    void setJsonLines(bool lines) { m_jsonLines = lines; }

    // How database() opens the file: the command says what it needs
    // (Command::databaseMode) before it runs.
    void setDatabaseMode(Database::Mode mode) { m_mode = mode; }
    // Whether the open refuses a file with schema objects the program did
    // not create (every command) or reports them (check).
    void setForeignSchema(Database::ForeignSchema foreign) { m_foreign = foreign; }
    Result<Database *> database();
    Result<Database *> database(Database::Mode mode);
    // The acting principal, from the OS login and --as.
    Result<Actor> actor();
    // Like actor(), but an empty database (no principal yet) yields nullopt.
    Result<std::optional<Actor>> actorIfAny();
    // One engine on database(), made on first use: a session that runs many
    // queries (mcp) keeps its word statistics warm.
    Result<RetrievalEngine *> retrievalEngine();

    // For a server that answers in its own protocol (mcp): the documents
    // printJson would print are kept for takeAnswer() instead, and nothing
    // a command writes to out() reaches stdout.
    void keepAnswers();
    // The last document kept since the previous call (empty if none).
    QJsonObject takeAnswer();
    // Work a command's answer need not wait for (a checkpoint): done now,
    // or, while answers are kept, when the server has sent the answer and
    // calls runAfterAnswer().
    void afterAnswer(std::function<void()> work);
    void runAfterAnswer();

    QTextStream &out() { return m_out; }

    // A refusal (exit 1): one line on stderr and, with --json, exactly one
    // document {"error":{"kind","message","exit"}} on stdout. Without a kind,
    // the kind is the one database()/actor() gave this message, a storage
    // failure's (busy, io), or else invalid-input.
    int refuse(const QString &message);
    int refuse(ErrorKind kind, const QString &message);
    int refuse(const Refusal &refusal);
    // With --json, `document` (what the command would have printed, or
    // fields to keep beside the error) gets the "error" member and is the
    // one document printed.
    int refuse(ErrorKind kind, const QString &message, QJsonObject document);
    // A usage error (exit 2), also as a JSON error document with --json.
    int usage(const QString &message);
    // A problem that does not end the command (a retry follows): stderr only.
    void warn(const QString &message);
    // Prints one JSON document (one line with setJsonLines), with the
    // "format" member every answer carries (JsonFormat).
    int printJson(const QJsonObject &answer);

    static ErrorKind kindOf(const Refusal &refusal);
    // busy or io for what SQLite or the file system reported, else invalid-input.
    static ErrorKind inferKind(const QString &message);
    // A failed permission check: forbidden, unless the check itself failed
    // to read the database.
    static ErrorKind deniedKind(const QString &message);

private:
    Result<Database *> remember(ErrorKind kind, const QString &message);
    QString explained(const QString &message) const;
    int finish(ErrorKind kind, const QString &message, QJsonObject document);

    GlobalOptions m_options;
    QString m_commandName;
    bool m_jsonLines = false;
    Clock m_clock;
    Database::Mode m_mode = Database::Mode::OpenExisting;
    Database::ForeignSchema m_foreign = Database::ForeignSchema::Refuse;
    std::unique_ptr<Database> m_database;
    std::unique_ptr<RetrievalEngine> m_engine;
    bool m_keepAnswers = false;
    QJsonObject m_answer;
    std::vector<std::function<void()>> m_afterAnswer;
    QString m_discarded; // out() while answers are kept
    // Kinds of the failures database() and actor() reported, by message.
    QHash<QString, ErrorKind> m_kinds;
    QTextStream m_out;
    QTextStream m_err;
};

} // namespace cw::cli
