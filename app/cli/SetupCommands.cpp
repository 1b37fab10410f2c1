// init: creates a database (and, with init --admin, the first admin).

#include "Command.h"
#include "DatabaseFile.h"
#include "FirstAdmin.h"
#include "Paths.h"
#include "ServerDatabase.h"
#include "TextEscape.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>

namespace cw::cli {

using namespace Qt::StringLiterals;

class InitCommand : public Command
{
public:
    QString name() const override { return u"init"_s; }
    QString usage() const override { return u"init [--admin] [--group GROUP]"_s; }
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
               "instead (docs/postgresql.md), where who you are is the connection's database "
               "role: --admin makes that role the first admin, and a principal record names "
               "it as its db_role. A new database file is readable by your login only "
               "(0600, its -wal and -shm files too): it holds every tenant's cases. --group "
               "GROUP shares a new file with a group's members instead (0660), who open it with "
               "their own logins (docs/storage.md, \"Who may read the file\")."_s;
    }
    void addOptions(QCommandLineParser &parser) const override
    {
        parser.addOption({u"admin"_s,
                          u"Make your login the first admin (a database without principals "
                          "only)."_s});
        parser.addOption({u"group"_s,
                          u"Create the database file for GROUP's members (0660) instead of "
                          "your login alone (0600)."_s,
                          u"GROUP"_s});
    }
    Database::Mode databaseMode(const QCommandLineParser &) const override
    {
        return Database::Mode::OpenOrCreate;
    }
    int run(CliContext &context, const QCommandLineParser &parser) override
    {
        if (!parser.positionalArguments().isEmpty())
            return context.usage(u"init: takes no arguments"_s);
        const bool makeAdmin = parser.isSet(u"admin"_s);
        if (makeAdmin && !context.options().asPrincipal.isEmpty())
            return context.usage(u"init: --admin makes your own login the first admin; it does "
                                 "not take --as"_s);
        const QString &path = context.options().databasePath;
        if (ServerDatabase::isServerLocation(path)) {
            if (parser.isSet(u"group"_s))
                return context.usage(u"init: --group is for a database file; on a server, "
                                     "roles and grants decide who connects"_s);
            return initServer(context, makeAdmin);
        }
        if (parser.isSet(u"group"_s))
            if (auto shared = createForGroup(path, parser.value(u"group"_s)); !shared)
                return context.refuse(shared.error());
        auto db = context.database(Database::Mode::OpenOrCreate);
        if (!db)
            return context.refuse(db.error());
        std::optional<PrincipalRecord> admin;
        if (makeAdmin) {
            auto made = FirstAdmin(**db, context.clock())
                            .make(Paths::osLoginName(), FirstAdmin::Login::OsUser);
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
        for (const QString &warning : DatabaseFile::exposure(path))
            context.warn(u"warning: "_s + warning);
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
    // A new file is made for the group before anything opens it; an existing
    // one is accepted only if it is shared already, since init changes no
    // file's owner or mode behind its owner's back.
    static Status createForGroup(const QString &path, const QString &group)
    {
        if (!QFileInfo::exists(path)) {
            if (path == Paths::defaultDatabase())
                QDir().mkpath(QFileInfo(path).absolutePath());
            return DatabaseFile::createForGroup(path, group);
        }
        const QFileInfo file(path);
        const QFile::Permissions shared = QFile::ReadGroup | QFile::WriteGroup;
        if (file.group() == group && (file.permissions() & shared) == shared)
            return {};
        return fail(u"%1 exists already: init --group shares a new database file; share this "
                    "one with chgrp %2 %1 && chmod 660 %1"_s.arg(path, group));
    }

    // A PostgreSQL database: the schema, and what the server says about who
    // we are (docs/postgresql.md). With --admin the connection's role
    // becomes the first admin, through the same FirstAdmin as a file's login.
    static int initServer(CliContext &context, bool makeAdmin)
    {
        auto server = ServerDatabase::connect(context.options().databasePath);
        if (!server)
            return context.refuse(ErrorKind::Io, server.error());
        auto version = (*server)->migrate();
        if (!version)
            return context.refuse(ErrorKind::Io, version.error());
        auto role = (*server)->sessionUser();
        if (!role)
            return context.refuse(ErrorKind::Io, role.error());
        std::optional<PrincipalRecord> admin;
        if (makeAdmin) {
            auto db = context.database(Database::Mode::OpenExisting);
            if (!db)
                return context.refuse(db.error());
            auto made = FirstAdmin(**db, context.clock()).make(*role, FirstAdmin::Login::DbRole);
            if (!made)
                return context.refuse(made.refusal());
            admin = *made;
        }
        auto principals = (*server)->principalCount();
        if (!principals)
            return context.refuse(ErrorKind::Io, principals.error());
        if (context.json()) {
            QJsonObject json{{u"database"_s, (*server)->displayLocation()},
                             {u"schema_version"_s, *version},
                             {u"db_role"_s, *role},
                             {u"principals"_s, *principals}};
            if (admin)
                json.insert(u"first_admin"_s, principalJson(*admin));
            return context.printJson(json);
        }
        QTextStream &out = context.out();
        out << "server database " << escaped((*server)->displayLocation()) << " at schema version "
            << *version << " (PostgreSQL), connected as role " << escaped(*role) << Qt::endl;
        if (admin)
            out << "first admin: principal " << escaped(admin->id)
                << " (your database role), audited; ingest tenants and principals next" << Qt::endl;
        else if (*principals == 0)
            out << "no principals yet: 'curation-cli init --admin' makes your database role ("
                << escaped(*role) << ") the first admin, or ingest a principal record with your "
                << "db_role" << Qt::endl;
        return ExitOk;
    }

    // db_role only for a principal that has one (a server's first admin,
    // whose os_user is null).
    static QJsonObject principalJson(const PrincipalRecord &p)
    {
        QJsonObject json{{u"id"_s, p.id},
                         {u"name"_s, p.name},
                         {u"os_user"_s, p.osUser.isEmpty() ? QJsonValue() : QJsonValue(p.osUser)},
                         {u"roles"_s, QJsonArray::fromStringList(p.roles)},
                         {u"tenants"_s, QJsonArray::fromStringList(p.tenants)},
                         {u"domains"_s, QJsonArray::fromStringList(p.domains)}};
        if (!p.dbRole.isEmpty())
            json.insert(u"db_role"_s, p.dbRole);
        return json;
    }
};

std::unique_ptr<Command> makeInitCommand()
{
    return std::make_unique<InitCommand>();
}

} // namespace cw::cli
