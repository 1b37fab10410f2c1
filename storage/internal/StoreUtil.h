#pragma once

#include "Database.h"
#include "Result.h"
#include "Statement.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QList>
#include <QStringList>

#include <optional>

// Small helpers the stores share: reading rows into value types and the JSON
// text form of lists that are only ever read whole.
namespace cw {

// Steps once; maps the row (if any) with read; leaves the statement reset so a
// member statement can be reused.
template <typename T, typename Read>
Result<std::optional<T>> readOptional(Statement &statement, Read read)
{
    auto row = statement.step();
    if (!row) {
        statement.reset();
        return fail(row.error());
    }
    std::optional<T> value;
    if (*row)
        value = read(statement);
    statement.reset();
    return value;
}

template <typename T, typename Read> Result<QList<T>> readAll(Statement &statement, Read read)
{
    QList<T> values;
    for (;;) {
        auto row = statement.step();
        if (!row) {
            statement.reset();
            return fail(row.error());
        }
        if (!*row)
            break;
        values.append(read(statement));
    }
    statement.reset();
    return values;
}

// An INSERT that gives its new row's key. A server has no last-insert row id
// to ask (its triggers draw from other sequences), so there the statement
// says RETURNING key; on a file the connection's last row id is cheaper, as
// RETURNING costs SQLite an ephemeral table a statement (about a tenth of
// bench_ingest's throughput).
inline QByteArray returningKey(const Database &db, const char *insert, const char *key = "id")
{
    QByteArray sql(insert);
    if (db.isServer())
        sql += QByteArray(" RETURNING ") + key;
    return sql;
}

// Runs an insert made with returningKey: the new row's key, or nullopt when
// ON CONFLICT DO NOTHING skipped it.
inline Result<std::optional<std::int64_t>> insertedKeyIfAny(const Database &db,
                                                            Statement &statement)
{
    if (db.isServer())
        return readOptional<std::int64_t>(statement, [](const Statement &s) { return s.int64(0); });
    if (auto done = statement.exec(); !done)
        return fail(done.error());
    if (db.changes() == 0)
        return std::optional<std::int64_t>();
    return std::optional(db.lastInsertRowId());
}

inline Result<std::int64_t> insertedKey(const Database &db, Statement &statement)
{
    auto key = insertedKeyIfAny(db, statement);
    if (!key)
        return fail(key.error());
    if (!*key)
        return fail(QStringLiteral("no row was inserted: ") + statement.sql());
    return **key;
}

inline QByteArray encodeList(const QStringList &values)
{
    if (values.isEmpty())
        return QByteArrayLiteral("[]");
    return QJsonDocument(QJsonArray::fromStringList(values)).toJson(QJsonDocument::Compact);
}

inline QStringList decodeList(const QString &json)
{
    QStringList values;
    const QJsonArray array = QJsonDocument::fromJson(json.toUtf8()).array();
    for (const auto &value : array)
        values.append(value.toString());
    return values;
}

} // namespace cw
