// demo: creates the demo database, in a new file or in a server database
// that holds no data yet.

#include "BackendCopy.h"
#include "Command.h"
#include "DemoBuilder.h"
#include "Paths.h"
#include "Plural.h"
#include "ServerDatabase.h"
#include "TextEscape.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QTemporaryDir>

namespace cw::cli {

using namespace Qt::StringLiterals;

class DemoCommand : public Command
{
public:
    QString name() const override { return u"demo"_s; }
    QString usage() const override { return u"demo [--scale N]"_s; }
    QString summary() const override
    {
        return u"create the demo database (a new one only): every acceptance scenario plus "
               "generated volume"_s;
    }
    QString description() const override
    {
        return u"Creates a demo database: every acceptance scenario, a memory corpus and review "
               "decisions, with you (your login) as its admin and cora, dora, owen, ana and nils "
               "to act as with --as. --scale N adds N generated cases with proportionate "
               "proposals, articles and revisions. On a database that already holds the demo it "
               "changes nothing. On a PostgreSQL server the demo is built in a file and copied "
               "into the server database, which must hold no data yet; its admin is your "
               "database role there (db_role), and project makes its search projection."_s;
    }
    Database::Mode databaseMode(const QCommandLineParser &) const override
    {
        return Database::Mode::OpenOrCreate;
    }
    void addOptions(QCommandLineParser &parser) const override
    {
        parser.addOption({u"scale"_s,
                          u"Add N generated cases with proportionate proposals, articles and "
                          "revisions."_s,
                          u"N"_s});
    }
    int run(CliContext &context, const QCommandLineParser &parser) override
    {
        int scale = 0;
        if (parser.isSet(u"scale"_s)) {
            bool ok = false;
            scale = parser.value(u"scale"_s).toInt(&ok);
            if (!ok || scale < 0)
                return context.usage(u"demo: --scale needs a whole number >= 0"_s);
        }
        const QString location = context.options().databasePath;
        if (ServerDatabase::isServerLocation(location))
            return onServer(context, location, scale);
        auto db = context.database(Database::Mode::OpenOrCreate);
        if (!db)
            return context.refuse(db.error());
        QElapsedTimer timer;
        timer.start();
        DemoBuilder builder(**db, context.clock(), Paths::osLoginName());
        auto report = build(context, builder, scale);
        if (!report)
            return context.refuse(report.error());
        return print(context, (*db)->path(), *report, scale, timer,
                     u"OS user "_s + Paths::osLoginName());
    }

private:
    static Result<DemoReport> build(CliContext &context, DemoBuilder &builder, int scale)
    {
        const bool showProgress = !context.json() && scale >= 100000;
        builder.setWithDecisions(true);
        return builder.build(scale, [&](qint64 done, qint64 total) {
            if (showProgress)
                context.out() << "  generated " << done << " of " << total << " records\r"
                              << Qt::flush;
        });
    }

    // Built in a file of its own, with the connection's role as its admin's
    // db_role, then copied whole into the server database (which must hold
    // no data: asked first, and BackendCopy refuses one that does).
    static int onServer(CliContext &context, const QString &location, int scale)
    {
        auto server = ServerDatabase::connect(location);
        if (!server)
            return context.refuse(ErrorKind::Io, server.error());
        auto role = (*server)->sessionUser();
        if (!role)
            return context.refuse(ErrorKind::Io, role.error());
        auto held = BackendCopy::dataHeldBy(**server);
        if (!held)
            return context.refuse(ErrorKind::Io, u"demo: "_s + held.error());
        if (!held->isEmpty())
            return context.refuse(
                ErrorKind::Conflict,
                u"%1 already holds records (%2); `demo` only creates a new database and changed "
                "nothing: give it a new one (CREATE DATABASE NAME, then --db with its URI)"_s.arg(
                    (*server)->displayLocation(), *held));
        QTemporaryDir scratch;
        if (!scratch.isValid())
            return context.refuse(ErrorKind::Io, u"demo: cannot create a temporary folder: "_s +
                                                     scratch.errorString());
        auto file = Database::open(scratch.filePath(u"demo.db"_s), Database::Mode::OpenOrCreate);
        if (!file)
            return context.refuse(file.error());
        QElapsedTimer timer;
        timer.start();
        DemoBuilder builder(**file, context.clock(), Paths::osLoginName());
        builder.setAdminDbRole(*role);
        auto report = build(context, builder, scale);
        if (!report)
            return context.refuse(report.error());
        // A writer that filled the database meanwhile still gets a refusal.
        auto copied = BackendCopy::toServer(**file, **server);
        if (!copied)
            return context.refuse(ErrorKind::Io, u"demo: "_s + copied.error());
        return print(context, (*server)->displayLocation(), *report, scale, timer,
                     u"database role "_s + *role);
    }

    static int print(CliContext &context, const QString &database, const DemoReport &report,
                     int scale, const QElapsedTimer &timer, const QString &who)
    {
        const double seconds = double(timer.elapsed()) / 1000.0;
        if (context.json()) {
            QJsonObject answer{{u"database"_s, database},
                               {u"scenario_records"_s, report.scenarios.records},
                               {u"memory_files"_s, report.memory.imported},
                               {u"generated_records"_s, report.generatedRecords},
                               {u"seconds"_s, seconds}};
            if (report.querySet)
                answer[u"query_set"_s] = QJsonObject{{u"id"_s, report.querySet->id},
                                                     {u"queries"_s, report.querySet->queries}};
            return context.printJson(answer);
        }
        context.out() << "demo database created at " << escaped(database) << ": "
                      << counted(report.scenarios.records, u"scenario record") << ", "
                      << counted(report.memory.imported, u"memory file");
        if (scale > 0)
            context.out() << ", " << counted(report.generatedRecords, u"generated record")
                          << " for " << counted(scale, u"case") << " in "
                          << QString::number(seconds, 'f', 1) << " s";
        if (report.querySet)
            context.out() << "; query set " << escaped(report.querySet->id) << " ("
                          << counted(report.querySet->queries, u"query", u"queries")
                          << "): eval run " << escaped(report.querySet->id);
        context.out() << Qt::endl
                      << "you act as 'admin' (" << escaped(who)
                      << "); --as cora|dora|owen|ana|nils to act as a demo principal" << Qt::endl;
        return ExitOk;
    }
};

std::unique_ptr<Command> makeDemoCommand()
{
    return std::make_unique<DemoCommand>();
}

} // namespace cw::cli
