#pragma once

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

// Runs an INSERT ... RETURNING key (SQLite has RETURNING since 3.35, so one
// SQL text serves both backends) and gives the new row's key. A server has
// no last-insert row id to ask: its triggers draw from other sequences.
// The same for INSERT ... ON CONFLICT DO NOTHING RETURNING key: nullopt when
// the row was there already and nothing was inserted.
inline Result<std::optional<std::int64_t>> insertedKeyIfAny(Statement &statement)
{
    return readOptional<std::int64_t>(statement, [](const Statement &s) { return s.int64(0); });
}

inline Result<std::int64_t> insertedKey(Statement &statement)
{
    auto key = insertedKeyIfAny(statement);
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
