#include "CliContext.h"

#include "JsonFormat.h"
#include "Paths.h"
#include "PrincipalDirectory.h"
#include "RetrievalEngine.h"
#include "ServerDatabase.h"
#include "TextEscape.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>

#include <cstdio>
#include <utility>

namespace cw::cli {

using namespace Qt::StringLiterals;

QString errorKindName(ErrorKind kind)
{
    switch (kind) {
    case ErrorKind::Forbidden:
        return u"forbidden"_s;
    case ErrorKind::NotFound:
        return u"not-found"_s;
    case ErrorKind::Conflict:
        return u"conflict"_s;
    case ErrorKind::InvalidInput:
        return u"invalid-input"_s;
    case ErrorKind::Usage:
        return u"usage"_s;
    case ErrorKind::Busy:
        return u"busy"_s;
    case ErrorKind::Io:
        return u"io"_s;
    }
    return u"invalid-input"_s;
}

CliContext::CliContext(GlobalOptions options)
    : m_options(std::move(options))
    , m_out(stdout)
    , m_err(stderr)
{
    if (m_options.databasePath.isEmpty())
        m_options.databasePath = Paths::defaultDatabase();
}

CliContext::~CliContext() = default;

Result<Database *> CliContext::database()
{
    return database(m_mode);
}

Result<Database *> CliContext::database(Database::Mode mode)
{
    if (m_database)
        return m_database.get();
    const QString &path = m_options.databasePath;
    // main() lets only the commands that serve a server get here with one.
    const bool server = ServerDatabase::isServerLocation(path);
    if (!server && mode == Database::Mode::OpenOrCreate && !QFileInfo::exists(path)) {
        // Only the default database's folder is ours to create; a folder the
        // caller named must exist (a typo must not grow a directory tree).
        const QString folder = QFileInfo(path).absolutePath();
        if (path == Paths::defaultDatabase())
            QDir().mkpath(folder);
        else if (!QFileInfo(folder).isDir())
            return remember(ErrorKind::NotFound,
                            u"%1: the folder %2 does not exist; create it first (curation-cli "
                            "creates only the database file)"_s.arg(path, folder));
    }
    auto opened = Database::open(path, mode, m_foreign);
    if (!opened)
        return remember(opened.error().contains("no database at"_L1) ? ErrorKind::NotFound
                                                                     : inferKind(opened.error()),
                        opened.error());
    m_database = std::move(*opened);
    return m_database.get();
}

Result<Database *> CliContext::remember(ErrorKind kind, const QString &message)
{
    m_kinds.insert(message, kind);
    return fail(message);
}

Result<Actor> CliContext::actor()
{
    auto db = database();
    if (!db)
        return fail(db.error());
    auto resolved = IdentityResolver::resolve(**db, Paths::osLoginName(), m_options.asPrincipal);
    if (!resolved) {
        QString error = resolved.error();
        // First run: say how the first principal comes about.
        if (auto principals = (*db)->queryInt("SELECT count(*) FROM principals");
            principals && *principals == 0)
            error += u"; the database has no principals yet: 'curation-cli init --admin' makes "
                     "your %1 its first admin"_s.arg((*db)->isServer() ? u"database role"_s
                                                                       : u"login"_s);
        const ErrorKind inferred = inferKind(error);
        m_kinds.insert(error, inferred != ErrorKind::InvalidInput      ? inferred
                              : error.contains("no such principal"_L1) ? ErrorKind::NotFound
                                                                       : ErrorKind::Forbidden);
        return fail(error);
    }
    return resolved;
}

Result<std::optional<Actor>> CliContext::actorIfAny()
{
    auto db = database();
    if (!db)
        return fail(db.error());
    auto none = PrincipalDirectory(**db).isEmpty();
    if (!none)
        return fail(none.error());
    if (*none) {
        if (!m_options.asPrincipal.isEmpty()) {
            const QString error =
                u"--as %1: no such principal, the database has no principals yet"_s.arg(
                    m_options.asPrincipal);
            m_kinds.insert(error, ErrorKind::NotFound);
            return fail(error);
        }
        return std::optional<Actor>();
    }
    auto resolved = actor();
    if (!resolved)
        return fail(resolved.error());
    return std::optional(*resolved);
}

Result<RetrievalEngine *> CliContext::retrievalEngine()
{
    if (!m_engine) {
        auto db = database();
        if (!db)
            return fail(db.error());
        m_engine =
            std::make_unique<RetrievalEngine>(**db, m_clock, RetrievalEngine::FileMap::Whole);
    }
    return m_engine.get();
}

void CliContext::keepAnswers()
{
    m_keepAnswers = true;
    m_options.json = true;
    m_out.setString(&m_discarded, QIODevice::WriteOnly);
}

QJsonObject CliContext::takeAnswer()
{
    m_discarded.clear();
    return std::exchange(m_answer, {});
}

void CliContext::afterAnswer(std::function<void()> work)
{
    if (m_keepAnswers)
        m_afterAnswer.push_back(std::move(work));
    else
        work();
}

void CliContext::runAfterAnswer()
{
    for (const auto &work : std::exchange(m_afterAnswer, {}))
        work();
}

ErrorKind CliContext::inferKind(const QString &message)
{
    // SQLite's own words (sqlite3_errstr) and Database's, for what went
    // wrong below the model: the caller may try again (busy) or must look at
    // the file or the disk (io).
    static const QStringList busy = {u"database is locked"_s, u"database table is locked"_s,
                                     u"database is busy"_s};
    static const QStringList io = {u"disk is full"_s,
                                   u"disk I/O error"_s,
                                   u"unable to open database"_s,
                                   u"cannot open database"_s,
                                   u"readonly database"_s,
                                   u"database is corrupt"_s,
                                   u"disk image is malformed"_s,
                                   u"cannot read the file"_s,
                                   u"read-only folder"_s,
                                   u"schema objects this program did not create"_s};
    for (const QString &text : busy)
        if (message.contains(text, Qt::CaseInsensitive))
            return ErrorKind::Busy;
    for (const QString &text : io)
        if (message.contains(text, Qt::CaseInsensitive))
            return ErrorKind::Io;
    return ErrorKind::InvalidInput;
}

ErrorKind CliContext::deniedKind(const QString &message)
{
    const ErrorKind inferred = inferKind(message);
    return inferred == ErrorKind::InvalidInput ? ErrorKind::Forbidden : inferred;
}

ErrorKind CliContext::kindOf(const Refusal &refusal)
{
    switch (refusal.kind) {
    case Refusal::Conflict:
        return ErrorKind::Conflict;
    case Refusal::Forbidden:
        return ErrorKind::Forbidden;
    case Refusal::Invalid:
        return ErrorKind::InvalidInput;
    case Refusal::NotFound:
        return ErrorKind::NotFound;
    case Refusal::Failed:
        return inferKind(refusal.message) == ErrorKind::Busy ? ErrorKind::Busy : ErrorKind::Io;
    }
    return ErrorKind::InvalidInput;
}

int CliContext::refuse(const QString &message)
{
    const auto known = m_kinds.constFind(message);
    return refuse(known != m_kinds.cend() ? *known : inferKind(message), message);
}

int CliContext::refuse(ErrorKind kind, const QString &message)
{
    return refuse(kind, message, {});
}

int CliContext::refuse(const Refusal &refusal)
{
    return refuse(kindOf(refusal), refusal.message, {});
}

int CliContext::refuse(ErrorKind kind, const QString &message, QJsonObject document)
{
    if (kind == ErrorKind::Usage)
        return usage(message);
    return finish(kind, explained(message), std::move(document));
}

int CliContext::usage(const QString &message)
{
    const int code = finish(ErrorKind::Usage, message, {});
    // The command's own help when the line names one: that is where its
    // options and arguments are.
    m_err << "Try 'curation-cli "
          << (m_commandName.isEmpty() ? QString() : escaped(m_commandName) + u' ')
          << "--help' for more information." << Qt::endl;
    return code;
}

void CliContext::warn(const QString &message)
{
    m_out.flush();
    m_err << "curation-cli: " << escaped(explained(message)) << Qt::endl;
}

// A full disk reads as such, whatever step noticed it (SQLite says "database
// or disk is full" for a write that found no room).
QString CliContext::explained(const QString &message) const
{
    if (!message.contains("database or disk is full"_L1, Qt::CaseInsensitive) ||
        message.contains("the disk is full"_L1))
        return message;
    return u"%1: the disk is full: nothing was written (%2)"_s.arg(m_options.databasePath, message);
}

int CliContext::finish(ErrorKind kind, const QString &message, QJsonObject document)
{
    const int code = kind == ErrorKind::Usage ? ExitUsage : ExitRefused;
    m_out.flush();
    if (m_options.json) {
        document.insert(u"error"_s, QJsonObject{{u"kind"_s, errorKindName(kind)},
                                                {u"message"_s, message},
                                                {u"exit"_s, code}});
        printJson(document);
    }
    // One line: a message quoting stored or typed text cannot add another.
    m_err << "curation-cli: " << escaped(message) << Qt::endl;
    return code;
}

int CliContext::printJson(const QJsonObject &answer)
{
    // Every document, error documents and stream lines included, says which
    // version of the contract it follows.
    const QJsonObject object = JsonFormat::stamped(answer);
    if (m_keepAnswers) {
        m_answer = object;
        return ExitOk;
    }
    if (m_jsonLines)
        m_out << QJsonDocument(object).toJson(QJsonDocument::Compact) << '\n';
    else
        m_out << QJsonDocument(object).toJson(QJsonDocument::Indented);
    m_out.flush();
    return ExitOk;
}

} // namespace cw::cli
