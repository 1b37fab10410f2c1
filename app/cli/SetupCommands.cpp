// init and demo: create databases (and, with init --admin, the first admin).

#include "Command.h"
#include "DemoBuilder.h"
#include "FirstAdmin.h"
#include "Paths.h"
#include "Plural.h"
#include "ServerDatabase.h"
#include "TextEscape.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>

namespace cw::cli {

using namespace Qt::StringLiterals;

class InitCommand : public Command
{
public:
    QString name() const override { return u"init"_s; }
    QString usage() const override { return u"init [--admin]"_s; }
    QString summary() const override
    {
        return u"create an empty database at the current schema (idempotent); --admin: you are "
               "its first admin"_s;
    }
    QString description() const override
    {
        return u"Creates the database file at the current schema, or brings an existing one up to "
               "it; run again, it changes nothing. A new database has no principals, and the "
               "other commands let nobody in until one is mapped to your login: --admin makes "
               "your login its first admin (audited), or ingest a principal record whose os_user "
               "is your login (anyone may ingest while there are no principals). --admin is "
               "refused once any principal exists. With --db postgresql://... (a libpq URI) or "
               "service=NAME it creates or migrates the schema on that PostgreSQL server "
               "instead (docs/postgresql.md); copy also reads a server, the other commands "
               "serve database files only, so far."_s;
    }
    void addOptions(QCommandLineParser &parser) const override
    {
        parser.addOption({u"admin"_s,
                          u"Make your login the first admin (a database without principals "
                          "only)."_s});
    }
    Database::Mode databaseMode(const QCommandLineParser &) const override
    {
        return Database::Mode::OpenOrCreate;
    }
    bool servesServers() const override { return true; }
    int run(CliContext &context, const QCommandLineParser &parser) override
    {
        if (!parser.positionalArguments().isEmpty())
            return context.usage(u"init: takes no arguments"_s);
        const bool makeAdmin = parser.isSet(u"admin"_s);
        if (makeAdmin && !context.options().asPrincipal.isEmpty())
            return context.usage(u"init: --admin makes your own login the first admin; it does "
                                 "not take --as"_s);
        if (ServerDatabase::isServerLocation(context.options().databasePath))
            return initServer(context, makeAdmin);
        auto db = context.database(Database::Mode::OpenOrCreate);
        if (!db)
            return context.refuse(db.error());
        std::optional<PrincipalRecord> admin;
        if (makeAdmin) {
            auto made = FirstAdmin(**db, context.clock()).make(Paths::osLoginName());
            if (!made)
                return context.refuse(made.refusal());
            admin = *made;
        }
        auto principals = (*db)->queryInt("SELECT count(*) FROM principals");
        if (!principals)
            return context.refuse(principals.error());
        if (context.json()) {
            QJsonObject json{{u"database"_s, (*db)->path()},
                             {u"schema_version"_s, (*db)->schemaVersion()},
                             {u"principals"_s, qint64(*principals)}};
            if (admin)
                json.insert(u"first_admin"_s, principalJson(*admin));
            return context.printJson(json);
        }
        QTextStream &out = context.out();
        out << "database " << escaped((*db)->path()) << " at schema version "
            << (*db)->schemaVersion() << Qt::endl;
        if (admin)
            out << "first admin: principal " << escaped(admin->id) << " (your login), audited; "
                << "ingest tenants and principals next" << Qt::endl;
        else if (*principals == 0)
            out << "no principals yet: 'curation-cli init --admin' makes your login ("
                << escaped(Paths::osLoginName())
                << ") the first admin, or ingest a principal record with your os_user" << Qt::endl;
        return ExitOk;
    }

private:
    // A PostgreSQL database: the schema, and what the server says about who
    // we are (docs/postgresql.md).
    static int initServer(CliContext &context, bool makeAdmin)
    {
        if (makeAdmin)
            return context.usage(u"init: --admin is not available on a server yet: give the "
                                 "admin's principal record your database role (db_role) in a "
                                 "database file and copy that file to the server (copy --to)"_s);
        auto server = ServerDatabase::connect(context.options().databasePath);
        if (!server)
            return context.refuse(ErrorKind::Io, server.error());
        auto version = (*server)->migrate();
        if (!version)
            return context.refuse(ErrorKind::Io, version.error());
        auto role = (*server)->sessionUser();
        auto principals = (*server)->principalCount();
        if (!role || !principals)
            return context.refuse(ErrorKind::Io, role ? principals.error() : role.error());
        if (context.json())
            return context.printJson({{u"database"_s, (*server)->displayLocation()},
                                      {u"schema_version"_s, *version},
                                      {u"db_role"_s, *role},
                                      {u"principals"_s, *principals}});
        context.out() << "server database " << escaped((*server)->displayLocation())
                      << " at schema version " << *version << " (PostgreSQL), connected as role "
                      << escaped(*role) << Qt::endl;
        return ExitOk;
    }

    static QJsonObject principalJson(const PrincipalRecord &p)
    {
        return {{u"id"_s, p.id},
                {u"name"_s, p.name},
                {u"os_user"_s, p.osUser},
                {u"roles"_s, QJsonArray::fromStringList(p.roles)},
                {u"tenants"_s, QJsonArray::fromStringList(p.tenants)},
                {u"domains"_s, QJsonArray::fromStringList(p.domains)}};
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
        if (context.json()) {
            QJsonObject answer{{u"database"_s, (*db)->path()},
                               {u"scenario_records"_s, report->scenarios.records},
                               {u"memory_files"_s, report->memory.imported},
                               {u"generated_records"_s, report->generatedRecords},
                               {u"seconds"_s, seconds}};
            if (report->querySet)
                answer[u"query_set"_s] = QJsonObject{{u"id"_s, report->querySet->id},
                                                     {u"queries"_s, report->querySet->queries}};
            return context.printJson(answer);
        }
        context.out() << "demo database created at " << escaped((*db)->path()) << ": "
                      << counted(report->scenarios.records, u"scenario record") << ", "
                      << counted(report->memory.imported, u"memory file");
        if (scale > 0)
            context.out() << ", " << counted(report->generatedRecords, u"generated record")
                          << " for " << counted(scale, u"case") << " in "
                          << QString::number(seconds, 'f', 1) << " s";
        if (report->querySet)
            context.out() << "; query set " << escaped(report->querySet->id) << " ("
                          << counted(report->querySet->queries, u"query", u"queries")
                          << "): eval run " << escaped(report->querySet->id);
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
