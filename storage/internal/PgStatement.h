#pragma once

#include "PgConnection.h"
#include "Result.h"

#include <QByteArray>
#include <QString>

#include <optional>
#include <vector>

namespace cw {

// The PostgreSQL side of a Statement: the same SQL text the SQLite side
// takes, with SQLite's numbered parameters (?1, ?7) made PostgreSQL's ($1,
// $2), numbered densely in the order they first appear, so that a statement
// that leaves some numbers out (a filter that binds ?1 and ?7 only) still
// gives the server a type for every parameter; SQLite's json_each over a
// list becomes the server's cw_json_each. Values travel as text; the
// answer is read whole on the first step.
class PgStatement
{
public:
    PgStatement(const PgConnection &connection, const char *sql);

    bool isValid() const { return m_prepareError.isEmpty(); }
    const QString &prepareError() const { return m_prepareError; }

    // index: SQLite's number (?N). A number the SQL does not use is ignored,
    // as the filters above rely on; nullopt binds NULL.
    void bind(int index, std::optional<QByteArray> value);
    Result<bool> step();
    void reset();

    int columnCount() const;
    bool isNull(int column) const;
    // The column's PostgreSQL type (its OID), for Statement::valueType.
    unsigned type(int column) const;
    // The value as the server wrote it in text; bytea decoded.
    QByteArray value(int column) const;
    QString sql() const { return QString::fromUtf8(m_sql); }

    // ?N to $k outside quotes and comments; maps[N] = k (0: not used).
    // SQLite's json_each becomes the server's cw_json_each (schema step 4).
    static QByteArray translate(const char *sql, std::vector<int> &positions);

private:
    const PgConnection &m_connection;
    std::vector<int> m_positions; // before m_sql: translating it fills this
    QByteArray m_sql;
    std::vector<std::optional<QByteArray>> m_values;
    QString m_prepareError;
    std::optional<PgRows> m_rows;
    int m_row = -1;
};

} // namespace cw
