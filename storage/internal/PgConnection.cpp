#include "PgConnection.h"

#include "LibPq.h"

#include <QRegularExpression>
#include <QUrl>

#include <cstdlib>

namespace cw {

using namespace Qt::StringLiterals;

PgRows::PgRows(pg_result *result)
    : m_result(result)
{
}

PgRows::~PgRows()
{
    if (m_result)
        libpq::api().PQclear(m_result);
}

PgRows::PgRows(PgRows &&other) noexcept
    : m_result(std::exchange(other.m_result, nullptr))
{
}

int PgRows::count() const
{
    return m_result ? libpq::api().PQntuples(m_result) : 0;
}

QString PgRows::text(int row, int column) const
{
    if (libpq::api().PQgetisnull(m_result, row, column))
        return {};
    const QString value = QString::fromUtf8(libpq::api().PQgetvalue(m_result, row, column),
                                            libpq::api().PQgetlength(m_result, row, column));
    return value.isNull() ? u""_s : value;
}

bool PgConnection::isServerLocation(const QString &location)
{
    return location.startsWith(u"postgresql://"_s) || location.startsWith(u"postgres://"_s) ||
           location.startsWith(u"service="_s);
}

QString PgConnection::withoutPassword(const QString &location)
{
    if (location.startsWith(u"service="_s)) {
        static const QRegularExpression password(u"password\\s*=\\s*('[^']*'|\\S*)"_s);
        return QString(location).replace(password, u"password=***"_s);
    }
    QUrl url(location);
    // QUrl does not take libpq's lists of hosts (host1:5432,host2:5433).
    static const QRegularExpression userInfo(u"^([a-z]+://[^:/@]*):[^@/]*@"_s);
    QString shown = url.isValid() ? url.toString(QUrl::RemovePassword)
                                  : QString(location).replace(userInfo, u"\\1@"_s);
    // A password in the query part (?password=...) is a password too.
    static const QRegularExpression query(u"([?&]password=)[^&]*"_s);
    return shown.replace(query, u"\\1***"_s);
}

Result<std::unique_ptr<PgConnection>> PgConnection::connect(const QString &location)
{
    const QString display = withoutPassword(location);
    if (!isServerLocation(location))
        return fail(
            u"%1 is not a PostgreSQL location (postgresql://... or service=NAME)"_s.arg(display));
    if (auto loaded = libpq::ensureLoaded(); !loaded)
        return fail(u"%1: %2"_s.arg(display, loaded.error()));
    const QByteArray conninfo = location.toUtf8();
    // expand_dbname: dbname holds the whole URI or key=value string; our
    // encoding and name come after it and win.
    const char *keywords[] = {"dbname", "client_encoding", "application_name", nullptr};
    const char *values[] = {conninfo.constData(), "UTF8", "curation-workbench", nullptr};
    pg_conn *connection = libpq::api().PQconnectdbParams(keywords, values, 1);
    if (!connection)
        return fail(u"%1: out of memory while connecting"_s.arg(display));
    if (libpq::api().PQstatus(connection) != CONNECTION_OK) {
        const QString message =
            QString::fromUtf8(libpq::api().PQerrorMessage(connection)).trimmed();
        libpq::api().PQfinish(connection);
        return fail(u"cannot connect to the PostgreSQL server %1: %2"_s.arg(display, message));
    }
    return std::unique_ptr<PgConnection>(new PgConnection(connection, display));
}

namespace {

// The server's notices (NOTICE: ... does not exist, skipping) are for a
// person at psql; libpq would print them to our stderr, between our own
// messages and JSON answers.
void ignoreNotice(void *, const char *) {}

} // namespace

PgConnection::PgConnection(pg_conn *connection, QString display)
    : m_connection(connection)
    , m_display(std::move(display))
{
    libpq::api().PQsetNoticeProcessor(m_connection, ignoreNotice, nullptr);
}

PgConnection::~PgConnection()
{
    libpq::api().PQfinish(m_connection);
}

QString PgConnection::lastError(const char *what) const
{
    return u"%1: %2: %3"_s.arg(
        m_display, QString::fromUtf8(what),
        QString::fromUtf8(libpq::api().PQerrorMessage(m_connection)).trimmed());
}

QString PgConnection::resultError(pg_result *result, const char *what) const
{
    const char *state = libpq::api().PQresultErrorField(result, PG_DIAG_SQLSTATE);
    const char *primary = libpq::api().PQresultErrorField(result, PG_DIAG_MESSAGE_PRIMARY);
    if (!primary)
        return lastError(what);
    return u"%1: %2: %3 (SQLSTATE %4)"_s.arg(m_display, QString::fromUtf8(what),
                                             QString::fromUtf8(primary),
                                             QString::fromLatin1(state ? state : "?"));
}

Status PgConnection::execScript(const QByteArray &sql) const
{
    // With several statements, PQexec stops at the first error and answers
    // with it; the script's own BEGIN/COMMIT (if any) decide what stays.
    PgRows result(libpq::api().PQexec(m_connection, sql.constData()));
    if (auto error = failure(result.handle(), "script"))
        return fail(*error);
    return {};
}

Result<PgRows> PgConnection::query(const char *sql, const QStringList &parameters) const
{
    std::vector<QByteArray> utf8;
    std::vector<const char *> values;
    utf8.reserve(size_t(parameters.size()));
    for (const QString &parameter : parameters) {
        if (parameter.isNull()) {
            values.push_back(nullptr);
            continue;
        }
        utf8.push_back(parameter.toUtf8());
        values.push_back(utf8.back().constData());
    }
    PgRows result(libpq::api().PQexecParams(m_connection, sql, int(values.size()), nullptr,
                                            values.data(), nullptr, nullptr, 0));
    if (auto error = failure(result.handle(), sql))
        return fail(*error);
    return result;
}

Result<PgRows> PgConnection::execute(const QByteArray &sql, int count,
                                     const char *const *values) const
{
    auto prepared = m_prepared.constFind(sql);
    if (prepared == m_prepared.cend()) {
        const QByteArray name = "cw_" + QByteArray::number(m_prepared.size() + 1);
        PgRows made(
            libpq::api().PQprepare(m_connection, name.constData(), sql.constData(), 0, nullptr));
        if (auto error = failure(made.handle(), sql.constData()))
            return fail(*error);
        prepared = m_prepared.insert(sql, name);
    }
    PgRows result(libpq::api().PQexecPrepared(m_connection, prepared->constData(), count, values,
                                              nullptr, nullptr, 0));
    if (auto error = failure(result.handle(), sql.constData()))
        return fail(*error);
    m_changes = std::atoi(libpq::api().PQcmdTuples(result.handle()));
    m_totalChanges += m_changes;
    return result;
}

int PgConnection::takeNotifications() const
{
    if (!libpq::api().PQconsumeInput(m_connection))
        return 0; // a broken connection: the next statement says so
    int count = 0;
    while (PGnotify *notification = libpq::api().PQnotifies(m_connection)) {
        libpq::api().PQfreemem(notification);
        ++count;
    }
    return count;
}

int PgConnection::socket() const
{
    return libpq::api().PQstatus(m_connection) == CONNECTION_OK
               ? libpq::api().PQsocket(m_connection)
               : -1;
}

void PgConnection::cancel() const
{
    PGcancel *request = libpq::api().PQgetCancel(m_connection);
    if (!request)
        return;
    char error[256];
    (void)libpq::api().PQcancel(request, error, int(sizeof error));
    libpq::api().PQfreeCancel(request);
}

Status PgConnection::copyIn(const QByteArray &copySql,
                            const std::function<bool(QByteArray &chunk)> &nextChunk) const
{
    {
        PgRows started(libpq::api().PQexec(m_connection, copySql.constData()));
        if (libpq::api().PQresultStatus(started.handle()) != PGRES_COPY_IN)
            return fail(failure(started.handle(), copySql.constData())
                            .value_or(lastError(copySql.constData())));
    }
    QByteArray chunk;
    while (nextChunk(chunk)) {
        if (libpq::api().PQputCopyData(m_connection, chunk.constData(), int(chunk.size())) != 1)
            return fail(lastError(copySql.constData()));
        chunk.clear();
    }
    if (libpq::api().PQputCopyEnd(m_connection, nullptr) != 1)
        return fail(lastError(copySql.constData()));
    // The COPY's own outcome, then the end of its answers.
    std::optional<QString> error;
    while (pg_result *result = libpq::api().PQgetResult(m_connection)) {
        PgRows answer(result);
        if (!error)
            error = failure(result, copySql.constData());
    }
    if (error)
        return fail(*error);
    return {};
}

std::optional<QString> PgConnection::failure(pg_result *result, const char *what) const
{
    if (!result)
        return lastError(what);
    switch (libpq::api().PQresultStatus(result)) {
    case PGRES_COMMAND_OK:
    case PGRES_TUPLES_OK:
    case PGRES_EMPTY_QUERY:
        return std::nullopt;
    default:
        return resultError(result, what);
    }
}

} // namespace cw
