#include "PgStatement.h"

#include "LibPq.h"

namespace cw {

using namespace Qt::StringLiterals;

namespace {

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

bool isNameChar(char c)
{
    return isDigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

// SQLite's table-valued json_each over a JSON array, as the stores use it
// (SELECT value FROM json_each(list)), is the server's cw_json_each (schema
// step 4), which yields the same `value` column as text. PostgreSQL's own
// json_each takes json and yields (key, value json): another function.
constexpr QByteArrayView SqliteJsonEach = "json_each";
constexpr QByteArrayView ServerJsonEach = "cw_json_each";

} // namespace

QByteArray PgStatement::translate(const char *sql, std::vector<int> &positions)
{
    QByteArray out;
    int used = 0;
    int highest = 0; // a bare ? is the next number after the highest so far, as in SQLite
    for (const char *p = sql; *p;) {
        const char c = *p;
        if (c == '\'' || c == '"') {
            // A quoted literal or name, with its doubled quotes, goes as it is.
            const char *end = p + 1;
            while (*end && !(*end == c && end[1] != c))
                end += (*end == c) ? 2 : 1;
            out.append(p, qsizetype(end - p) + (*end ? 1 : 0));
            p = *end ? end + 1 : end;
            continue;
        }
        if (c == '-' && p[1] == '-') {
            const char *end = p;
            while (*end && *end != '\n')
                ++end;
            out.append(p, qsizetype(end - p));
            p = end;
            continue;
        }
        if (isNameChar(c) && !isDigit(c)) {
            // A whole name (never the tail of another): json_each is renamed.
            const char *end = p;
            while (isNameChar(*end))
                ++end;
            const QByteArrayView name(p, end - p);
            out.append(name == SqliteJsonEach ? ServerJsonEach : name);
            p = end;
            continue;
        }
        if (c != '?') {
            out.append(c);
            ++p;
            continue;
        }
        ++p;
        int number = 0;
        if (isDigit(*p)) {
            while (isDigit(*p))
                number = number * 10 + (*p++ - '0');
        } else {
            number = highest + 1;
        }
        highest = std::max(highest, number);
        if (positions.size() <= size_t(number))
            positions.resize(size_t(number) + 1, 0);
        if (!positions[size_t(number)])
            positions[size_t(number)] = ++used;
        out += '$' + QByteArray::number(positions[size_t(number)]);
    }
    return out;
}

PgStatement::PgStatement(const PgConnection &connection, const char *sql)
    : m_connection(connection)
    , m_sql(translate(sql, m_positions))
{
    int count = 0;
    for (int position : m_positions)
        count = std::max(count, position);
    m_values.resize(size_t(count));
    if (m_sql.trimmed().isEmpty())
        m_prepareError = u"cannot prepare SQL: the statement is empty"_s;
}

void PgStatement::bind(int index, std::optional<QByteArray> value)
{
    if (index <= 0 || size_t(index) >= m_positions.size() || !m_positions[size_t(index)])
        return;
    m_values[size_t(m_positions[size_t(index)] - 1)] = std::move(value);
}

Result<bool> PgStatement::step()
{
    if (!isValid())
        return fail(m_prepareError);
    // After the last row, as in SQLite, the next step runs the statement again.
    if (m_rows && m_row >= m_rows->count())
        m_rows.reset();
    if (!m_rows) {
        std::vector<const char *> values;
        values.reserve(m_values.size());
        for (const auto &value : m_values)
            values.push_back(value ? value->constData() : nullptr);
        auto rows = m_connection.execute(m_sql, int(values.size()), values.data());
        if (!rows)
            return fail(rows.error());
        m_rows.emplace(std::move(*rows));
        m_row = -1;
    }
    return ++m_row < m_rows->count();
}

void PgStatement::reset()
{
    m_rows.reset();
    m_row = -1;
    for (auto &value : m_values)
        value.reset();
}

int PgStatement::columnCount() const
{
    return m_rows ? libpq::api().PQnfields(m_rows->handle()) : 0;
}

bool PgStatement::isNull(int column) const
{
    return !m_rows || m_row < 0 || m_row >= m_rows->count() ||
           libpq::api().PQgetisnull(m_rows->handle(), m_row, column);
}

unsigned PgStatement::type(int column) const
{
    return m_rows ? libpq::api().PQftype(m_rows->handle(), column) : 0;
}

QByteArray PgStatement::value(int column) const
{
    if (isNull(column))
        return {};
    const char *text = libpq::api().PQgetvalue(m_rows->handle(), m_row, column);
    constexpr unsigned ByteaOid = 17;
    if (type(column) == ByteaOid) {
        size_t length = 0;
        unsigned char *bytes =
            libpq::api().PQunescapeBytea(reinterpret_cast<const unsigned char *>(text), &length);
        QByteArray decoded(reinterpret_cast<const char *>(bytes), qsizetype(length));
        libpq::api().PQfreemem(bytes);
        return decoded;
    }
    return QByteArray(text, libpq::api().PQgetlength(m_rows->handle(), m_row, column));
}

} // namespace cw
