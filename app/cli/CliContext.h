#pragma once

#include "Clock.h"
#include "Database.h"
#include "Identity.h"
#include "Result.h"

#include <QJsonObject>
#include <QTextStream>

#include <memory>
#include <optional>

namespace cw::cli {

enum ExitCode
{
    ExitOk = 0,
    ExitRefused = 1,
    ExitUsage = 2
};

struct GlobalOptions
{
    QString databasePath;
    QString asPrincipal;
    bool json = false;
};

// What every command gets: the global options, the database (opened on
// first use), the acting principal (resolved on first use) and the output.
class CliContext
{
public:
    explicit CliContext(GlobalOptions options);

    const GlobalOptions &options() const { return m_options; }
    bool json() const { return m_options.json; }
    void setJson(bool json) { m_options.json = json; }
    const Clock &clock() const { return m_clock; }

    Result<Database *> database(Database::Mode mode = Database::Mode::OpenExisting);
    // The acting principal, from the OS login and --as.
    Result<Actor> actor();
    // Like actor(), but an empty database (no principal yet) yields nullopt.
    Result<std::optional<Actor>> actorIfAny();

    QTextStream &out() { return m_out; }
    int refuse(const QString &message);
    int usage(const QString &message);
    int printJson(const QJsonObject &object);

private:
    GlobalOptions m_options;
    Clock m_clock;
    std::unique_ptr<Database> m_database;
    QTextStream m_out;
    QTextStream m_err;
};

} // namespace cw::cli
