// init and demo: create databases.

#include "Command.h"
#include "DemoBuilder.h"
#include "Paths.h"
#include "Plural.h"
#include "TextEscape.h"

#include <QElapsedTimer>
#include <QJsonObject>

namespace cw::cli {

using namespace Qt::StringLiterals;

class InitCommand : public Command
{
public:
    QString name() const override { return u"init"_s; }
    QString usage() const override { return u"init"_s; }
    QString summary() const override
    {
        return u"create an empty database at the current schema (idempotent)"_s;
    }
    QString description() const override
    {
        return u"Creates the database file at the current schema, or brings an existing one up to "
               "it; run again, it changes nothing. A new database has no principals: ingest a "
               "principal record whose os_user is your login (with the admin role) before the "
               "other commands will let you in."_s;
    }
    Database::Mode databaseMode(const QCommandLineParser &) const override
    {
        return Database::Mode::OpenOrCreate;
    }
    int run(CliContext &context, const QCommandLineParser &) override
    {
        auto db = context.database(Database::Mode::OpenOrCreate);
        if (!db)
            return context.refuse(db.error());
        if (context.json())
            return context.printJson(
                {{u"database"_s, (*db)->path()}, {u"schema_version"_s, (*db)->schemaVersion()}});
        context.out() << "database " << escaped((*db)->path()) << " at schema version "
                      << (*db)->schemaVersion() << Qt::endl;
        return ExitOk;
    }
};

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
               "changes nothing."_s;
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
        auto db = context.database(Database::Mode::OpenOrCreate);
        if (!db)
            return context.refuse(db.error());
        QElapsedTimer timer;
        timer.start();
        const bool showProgress = !context.json() && scale >= 100000;
        DemoBuilder builder(**db, context.clock(), Paths::osLoginName());
        builder.setWithDecisions(true);
        auto report = builder.build(scale, [&](qint64 done, qint64 total) {
            if (showProgress)
                context.out() << "  generated " << done << " of " << total << " records\r"
                              << Qt::flush;
        });
        if (!report)
            return context.refuse(report.error());
        const double seconds = double(timer.elapsed()) / 1000.0;
        if (context.json())
            return context.printJson({{u"database"_s, (*db)->path()},
                                      {u"scenario_records"_s, report->scenarios.records},
                                      {u"memory_files"_s, report->memory.imported},
                                      {u"generated_records"_s, report->generatedRecords},
                                      {u"seconds"_s, seconds}});
        context.out() << "demo database created at " << escaped((*db)->path()) << ": "
                      << counted(report->scenarios.records, u"scenario record") << ", "
                      << counted(report->memory.imported, u"memory file");
        if (scale > 0)
            context.out() << ", " << counted(report->generatedRecords, u"generated record")
                          << " for " << counted(scale, u"case") << " in "
                          << QString::number(seconds, 'f', 1) << " s";
        context.out() << Qt::endl
                      << "you act as 'admin' (OS user " << Paths::osLoginName()
                      << "); --as cora|dora|owen|ana|nils to act as a demo principal" << Qt::endl;
        return ExitOk;
    }
};

std::unique_ptr<Command> makeInitCommand()
{
    return std::make_unique<InitCommand>();
}
std::unique_ptr<Command> makeDemoCommand()
{
    return std::make_unique<DemoCommand>();
}

} // namespace cw::cli
