#pragma once

#include "Result.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <memory>
#include <optional>

struct sqlite3;
struct sqlite3_stmt;

namespace cw {

class PgConnection;
class PgStatement;
class StatementCache;

// One prepared statement, on SQLite or on a PostgreSQL server (the
// database's backend decides; PgStatement says how the server reads the
// same numbered parameters). Finalises itself (or, made with a cache, goes
// back to it reset); refuses SQL that holds more than one statement; binds
// values (never text spliced into SQL).
class Statement
{
public:
    Statement();
    Statement(sqlite3 *db, const char *sql, std::weak_ptr<StatementCache> cache = {});
    Statement(const PgConnection &server, const char *sql);
    ~Statement();
    Statement(Statement &&other) noexcept;
    Statement &operator=(Statement &&other) noexcept;
    Statement(const Statement &) = delete;
    Statement &operator=(const Statement &) = delete;

    bool isValid() const;
    const QString &prepareError() const { return m_prepareError; }

    // Parameters are 1-based, as in SQLite.
    Statement &bind(int index, std::int64_t value);
    Statement &bind(int index, int value) { return bind(index, std::int64_t(value)); }
    Statement &bind(int index, double value);
    Statement &bind(int index, const QString &value); // null QString binds NULL
    Statement &bind(int index, const QByteArray &value);
    Statement &bind(int index, const char *utf8);
    Statement &bind(int index, std::optional<std::int64_t> value);
    Statement &bind(int index, std::optional<double> value);
    Statement &bindNull(int index);
    // A list as a JSON array, for `IN (SELECT value FROM json_each(?N))`:
    // one parameter whatever the length, never spliced into SQL.
    Statement &bindList(int index, const QStringList &values);

    // Steps once: true when a row is available, false when done.
    Result<bool> step();
    // Runs to completion, ignoring rows.
    Status exec();
    // Steps through every row, calling onRow() while the statement stands on
    // it; stops at the first error.
    template <typename OnRow> Status forEachRow(OnRow onRow)
    {
        for (;;) {
            auto row = step();
            if (!row)
                return fail(row.error());
            if (!*row)
                return {};
            onRow();
        }
    }
    void reset();

    int columnCount() const;
    // The storage class of a column's value in this row (SQLite's types; on
    // a server, the class of the column's type).
    enum class ValueType
    {
        Integer,
        Real,
        Text,
        Blob,
        Null
    };
    ValueType valueType(int column) const;
    bool isNull(int column) const;
    std::int64_t int64(int column) const;
    int integer(int column) const { return int(int64(column)); }
    double real(int column) const;
    QString text(int column) const;
    QByteArray blob(int column) const;
    // A column holding a JSON array of strings (as bindList writes them).
    QStringList textList(int column) const;
    std::optional<std::int64_t> optionalInt64(int column) const;
    std::optional<double> optionalReal(int column) const;

    QString sql() const;

private:
    QString errorMessage(int rc) const;
    void release();

    sqlite3 *m_db = nullptr;
    sqlite3_stmt *m_stmt = nullptr;
    std::weak_ptr<StatementCache> m_cache;
    std::unique_ptr<PgStatement> m_server;
    QString m_prepareError;
    bool m_bindFailed = false;
    QString m_bindError;
};

} // namespace cw
