#pragma once

#include "Result.h"

#include <QByteArray>
#include <QHash>
#include <QStringList>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

struct pg_conn;
struct pg_result;

namespace cw {

// The rows of one PostgreSQL answer, in text form: what libpq gives without
// binary formats. A NULL is a null QString (isNull()), an empty text an
// empty one.
class PgRows
{
public:
    explicit PgRows(pg_result *result);
    ~PgRows();
    PgRows(PgRows &&other) noexcept;
    PgRows &operator=(PgRows &&) = delete;
    PgRows(const PgRows &) = delete;

    int count() const;
    QString text(int row, int column) const;
    pg_result *handle() const { return m_result; }

private:
    pg_result *m_result;
};

// One libpq connection, as Database is one SQLite connection: statements
// take their values as parameters ($1, $2, ...), never spliced into the SQL
// text. Errors say what failed, with the server's SQLSTATE and message; a
// connection string's password never appears in them.
class PgConnection
{
public:
    // location: a libpq connection URI (postgresql://...) or service=NAME.
    static Result<std::unique_ptr<PgConnection>> connect(const QString &location);
    ~PgConnection();
    PgConnection(const PgConnection &) = delete;
    PgConnection &operator=(const PgConnection &) = delete;

    // Runs trusted, internal SQL (schema scripts, several statements). Never
    // user input.
    Status execScript(const QByteArray &sql) const;
    // One statement with its parameters, as text.
    Result<PgRows> query(const char *sql, const QStringList &parameters = {}) const;
    // One statement in PostgreSQL's own syntax ($1, $2, ...), prepared on
    // the server once per connection and run with its values as text (a
    // null pointer is NULL). The server infers each parameter's type from
    // where it stands.
    Result<PgRows> execute(const QByteArray &sql, int count, const char *const *values) const;
    // Rows the last execute() inserted, updated or deleted.
    int changes() const { return m_changes; }
    std::int64_t totalChanges() const { return m_totalChanges; }
    // Notifications (LISTEN) the server has sent since the last call,
    // counted without waiting for more.
    int takeNotifications() const;
    // The connection's socket, to wait on for notifications; -1 when lost.
    int socket() const;

    // Asks the server to cancel the statement running on this connection;
    // callable from any thread.
    void cancel() const;

    // COPY ... FROM STDIN (copySql is trusted SQL): nextChunk() fills its
    // argument with the next rows in COPY's text format and returns true,
    // or returns false when there are no more (an error it had is the
    // caller's to report; the COPY is then abandoned).
    Status copyIn(const QByteArray &copySql,
                  const std::function<bool(QByteArray &chunk)> &nextChunk) const;

    // The location as shown to people: a URI without its password.
    const QString &displayLocation() const { return m_display; }

    // What a location looks like when it names a server, not a file.
    static bool isServerLocation(const QString &location);
    static QString withoutPassword(const QString &location);

private:
    PgConnection(pg_conn *connection, QString display);
    QString lastError(const char *what) const;
    QString resultError(pg_result *result, const char *what) const;
    // The error of an answer, if it is one.
    std::optional<QString> failure(pg_result *result, const char *what) const;

    pg_conn *m_connection;
    QString m_display;
    // The statements prepared on the server, by their SQL: name cw_N.
    mutable QHash<QByteArray, QByteArray> m_prepared;
    mutable int m_changes = 0;
    mutable std::int64_t m_totalChanges = 0;
};

} // namespace cw
