#include "Statement.h"

#include "PgStatement.h"
#include "StatementCache.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <cstring>
#include <sqlite3.h>

namespace cw {

Statement::Statement(sqlite3 *db, const char *sql, std::weak_ptr<StatementCache> cache)
    : m_db(db)
    , m_cache(std::move(cache))
{
    if (auto shared = m_cache.lock()) {
        if ((m_stmt = shared->take(sql)))
            return;
    }
    const char *tail = nullptr;
    const int rc = sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &m_stmt, &tail);
    if (rc != SQLITE_OK) {
        m_prepareError = QStringLiteral("cannot prepare SQL (%1): %2")
                             .arg(QString::fromUtf8(sqlite3_errmsg(db)), QString::fromUtf8(sql));
        sqlite3_finalize(m_stmt);
        m_stmt = nullptr;
        return;
    }
    while (tail && *tail && std::strchr(" \t\r\n;", *tail))
        ++tail;
    if (tail && *tail) {
        m_prepareError = QStringLiteral("refusing SQL with more than one statement: %1")
                             .arg(QString::fromUtf8(sql));
        sqlite3_finalize(m_stmt);
        m_stmt = nullptr;
    }
}

Statement::Statement() = default;

Statement::Statement(const PgConnection &server, const char *sql)
    : m_server(std::make_unique<PgStatement>(server, sql))
{
    m_prepareError = m_server->prepareError();
}

bool Statement::isValid() const
{
    return m_server ? m_server->isValid() : m_stmt != nullptr;
}

Statement::~Statement()
{
    release();
}

void Statement::release()
{
    if (!m_stmt)
        return;
    if (auto cache = m_cache.lock())
        cache->give(std::exchange(m_stmt, nullptr));
    else
        sqlite3_finalize(std::exchange(m_stmt, nullptr));
}

Statement::Statement(Statement &&other) noexcept
    : m_db(other.m_db)
    , m_stmt(std::exchange(other.m_stmt, nullptr))
    , m_cache(std::move(other.m_cache))
    , m_server(std::move(other.m_server))
    , m_prepareError(std::move(other.m_prepareError))
    , m_bindFailed(other.m_bindFailed)
    , m_bindError(std::move(other.m_bindError))
{
}

Statement &Statement::operator=(Statement &&other) noexcept
{
    if (this != &other) {
        release();
        m_db = other.m_db;
        m_stmt = std::exchange(other.m_stmt, nullptr);
        m_cache = std::move(other.m_cache);
        m_server = std::move(other.m_server);
        m_prepareError = std::move(other.m_prepareError);
        m_bindFailed = other.m_bindFailed;
        m_bindError = std::move(other.m_bindError);
    }
    return *this;
}

static bool checkBind(int rc, bool &failed, QString &error, sqlite3 *db, int index)
{
    if (rc != SQLITE_OK && !failed) {
        failed = true;
        error = QStringLiteral("cannot bind parameter %1: %2")
                    .arg(index)
                    .arg(QString::fromUtf8(sqlite3_errmsg(db)));
    }
    return rc == SQLITE_OK;
}

Statement &Statement::bind(int index, std::int64_t value)
{
    if (m_server)
        m_server->bind(index, QByteArray::number(qint64(value)));
    if (m_stmt)
        checkBind(sqlite3_bind_int64(m_stmt, index, value), m_bindFailed, m_bindError, m_db, index);
    return *this;
}

Statement &Statement::bind(int index, double value)
{
    if (m_server)
        m_server->bind(index, QByteArray::number(value, 'g', 17));
    if (m_stmt)
        checkBind(sqlite3_bind_double(m_stmt, index, value), m_bindFailed, m_bindError, m_db,
                  index);
    return *this;
}

Statement &Statement::bind(int index, const QString &value)
{
    if (value.isNull())
        return bindNull(index);
    return bind(index, value.toUtf8());
}

Statement &Statement::bind(int index, const QByteArray &value)
{
    if (m_server)
        m_server->bind(index, value.isNull() ? QByteArray("") : value);
    if (m_stmt) {
        const char *data = value.isNull() ? "" : value.constData();
        checkBind(sqlite3_bind_text64(m_stmt, index, data, sqlite3_uint64(value.size()),
                                      SQLITE_TRANSIENT, SQLITE_UTF8),
                  m_bindFailed, m_bindError, m_db, index);
    }
    return *this;
}

Statement &Statement::bind(int index, const char *utf8)
{
    return bind(index, QByteArray(utf8));
}

Statement &Statement::bind(int index, std::optional<std::int64_t> value)
{
    return value ? bind(index, *value) : bindNull(index);
}

Statement &Statement::bind(int index, std::optional<double> value)
{
    return value ? bind(index, *value) : bindNull(index);
}

Statement &Statement::bindNull(int index)
{
    if (m_server)
        m_server->bind(index, std::nullopt);
    if (m_stmt)
        checkBind(sqlite3_bind_null(m_stmt, index), m_bindFailed, m_bindError, m_db, index);
    return *this;
}

Statement &Statement::bindList(int index, const QStringList &values)
{
    return bind(index,
                QJsonDocument(QJsonArray::fromStringList(values)).toJson(QJsonDocument::Compact));
}

Result<bool> Statement::step()
{
    if (m_server)
        return m_server->step();
    if (!m_stmt)
        return fail(m_prepareError);
    if (m_bindFailed)
        return fail(m_bindError);
    const int rc = sqlite3_step(m_stmt);
    if (rc == SQLITE_ROW)
        return true;
    if (rc == SQLITE_DONE)
        return false;
    const QString message = errorMessage(rc);
    sqlite3_reset(m_stmt);
    return fail(message);
}

Status Statement::exec()
{
    for (;;) {
        auto row = step();
        if (!row) {
            // A failed bind or step must not poison a statement that is kept
            // prepared and used again for the next row.
            reset();
            return fail(row.error());
        }
        if (!*row)
            break;
    }
    reset();
    return {};
}

void Statement::reset()
{
    if (m_server)
        m_server->reset();
    if (!m_stmt)
        return;
    sqlite3_reset(m_stmt);
    sqlite3_clear_bindings(m_stmt);
    m_bindFailed = false;
    m_bindError.clear();
}

int Statement::columnCount() const
{
    if (m_server)
        return m_server->columnCount();
    return m_stmt ? sqlite3_column_count(m_stmt) : 0;
}

namespace {

// PostgreSQL's built-in type OIDs (pg_type.dat): what SQLite's storage
// classes stand for on a server.
Statement::ValueType serverValueType(unsigned oid)
{
    switch (oid) {
    case 16: // bool
    case 20: // int8
    case 21: // int2
    case 23: // int4
        return Statement::ValueType::Integer;
    case 700:  // float4
    case 701:  // float8
    case 1700: // numeric
        return Statement::ValueType::Real;
    case 17: // bytea
        return Statement::ValueType::Blob;
    default:
        return Statement::ValueType::Text;
    }
}

} // namespace

Statement::ValueType Statement::valueType(int column) const
{
    if (m_server)
        return m_server->isNull(column) ? ValueType::Null : serverValueType(m_server->type(column));
    switch (sqlite3_column_type(m_stmt, column)) {
    case SQLITE_INTEGER:
        return ValueType::Integer;
    case SQLITE_FLOAT:
        return ValueType::Real;
    case SQLITE_TEXT:
        return ValueType::Text;
    case SQLITE_BLOB:
        return ValueType::Blob;
    default:
        return ValueType::Null;
    }
}

bool Statement::isNull(int column) const
{
    if (m_server)
        return m_server->isNull(column);
    return sqlite3_column_type(m_stmt, column) == SQLITE_NULL;
}

std::int64_t Statement::int64(int column) const
{
    if (m_server) {
        // A bool reads as 1 or 0, as SQLite's comparisons do.
        const QByteArray value = m_server->value(column);
        if (value == "t" || value == "f")
            return value == "t";
        bool whole = false;
        const qint64 number = value.toLongLong(&whole);
        return whole ? number : std::int64_t(value.toDouble());
    }
    return sqlite3_column_int64(m_stmt, column);
}

double Statement::real(int column) const
{
    if (m_server)
        return m_server->value(column).toDouble();
    return sqlite3_column_double(m_stmt, column);
}

QString Statement::text(int column) const
{
    if (m_server)
        return m_server->isNull(column) ? QString() : QString::fromUtf8(m_server->value(column));
    const auto *data = reinterpret_cast<const char *>(sqlite3_column_text(m_stmt, column));
    if (!data)
        return {};
    return QString::fromUtf8(data, sqlite3_column_bytes(m_stmt, column));
}

QByteArray Statement::blob(int column) const
{
    if (m_server)
        return m_server->value(column);
    const auto *data = static_cast<const char *>(sqlite3_column_blob(m_stmt, column));
    return QByteArray(data, sqlite3_column_bytes(m_stmt, column));
}

QStringList Statement::textList(int column) const
{
    QStringList list;
    for (const QJsonValue &value : QJsonDocument::fromJson(blob(column)).array())
        list.append(value.toString());
    return list;
}

std::optional<std::int64_t> Statement::optionalInt64(int column) const
{
    if (isNull(column))
        return std::nullopt;
    return int64(column);
}

std::optional<double> Statement::optionalReal(int column) const
{
    if (isNull(column))
        return std::nullopt;
    return real(column);
}

QString Statement::sql() const
{
    if (m_server)
        return m_server->sql();
    return m_stmt ? QString::fromUtf8(sqlite3_sql(m_stmt)) : QString();
}

QString Statement::errorMessage(int rc) const
{
    QString detail = QString::fromUtf8(sqlite3_errmsg(m_db));
    if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED)
        detail =
            QStringLiteral("the database is busy (another process holds a write lock): ") + detail;
    return detail;
}

} // namespace cw
