#include "CliContext.h"

#include "IdentityStore.h"
#include "Paths.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>

#include <cstdio>

namespace cw::cli {

CliContext::CliContext(GlobalOptions options)
    : m_options(std::move(options))
    , m_out(stdout)
    , m_err(stderr)
{
    if (m_options.databasePath.isEmpty())
        m_options.databasePath = Paths::defaultDatabase();
}

Result<Database *> CliContext::database(Database::Mode mode)
{
    if (m_database)
        return m_database.get();
    if (mode == Database::Mode::OpenOrCreate)
        QDir().mkpath(QFileInfo(m_options.databasePath).absolutePath());
    auto opened = Database::open(m_options.databasePath, mode);
    if (!opened)
        return fail(opened.error());
    m_database = std::move(*opened);
    return m_database.get();
}

Result<Actor> CliContext::actor()
{
    auto db = database();
    if (!db)
        return fail(db.error());
    return IdentityResolver::resolve(IdentityStore(**db), Paths::osLoginName(),
                                     m_options.asPrincipal);
}

Result<std::optional<Actor>> CliContext::actorIfAny()
{
    auto db = database();
    if (!db)
        return fail(db.error());
    auto principals = (*db)->queryInt("SELECT count(*) FROM principals");
    if (!principals)
        return fail(principals.error());
    if (*principals == 0) {
        if (!m_options.asPrincipal.isEmpty())
            return fail(QStringLiteral("--as %1: the database has no principals yet")
                            .arg(m_options.asPrincipal));
        return std::optional<Actor>();
    }
    auto resolved = actor();
    if (!resolved)
        return fail(resolved.error());
    return std::optional(*resolved);
}

int CliContext::refuse(const QString &message)
{
    m_out.flush();
    QString line = message;
    line.replace(u'\n', u' ');
    m_err << "curation-cli: " << line << Qt::endl;
    return ExitRefused;
}

int CliContext::usage(const QString &message)
{
    m_out.flush();
    m_err << "curation-cli: " << message << Qt::endl
          << "Try 'curation-cli --help' for more information." << Qt::endl;
    return ExitUsage;
}

int CliContext::printJson(const QJsonObject &object)
{
    m_out << QJsonDocument(object).toJson(QJsonDocument::Indented);
    m_out.flush();
    return ExitOk;
}

} // namespace cw::cli
