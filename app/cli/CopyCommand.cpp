// copy: a whole database to the other backend (docs/postgresql.md).

#include "Access.h"
#include "BackendCopy.h"
#include "Command.h"
#include "Plural.h"
#include "ProjectionVerify.h"
#include "ServerDatabase.h"
#include "TextEscape.h"

#include <QJsonArray>
#include <QJsonObject>

namespace cw::cli {

using namespace Qt::StringLiterals;

class CopyCommand : public Command
{
public:
    QString name() const override { return u"copy"_s; }
    QString usage() const override { return u"copy --to DB"_s; }
    QString summary() const override
    {
        return u"copy a whole database between a file and a PostgreSQL server, and verify it"_s;
    }
    QString description() const override
    {
        return u"Copies every row of the database file (--db) into a database on a PostgreSQL "
               "server (--to postgresql://... or service=NAME) that holds no data yet: the "
               "schema is created there first, the rows go over in one transaction with their "
               "ids, the server's content index is built from the projection, and the row "
               "counts of every table are compared on both sides; a difference keeps nothing. "
               "Then the copy's projection is compared with a rebuild of its canonical state "
               "there (rebuild --verify); a difference is reported (exit 1) and the copy kept: "
               "rebuild mends it. "
               "Connect to the server as the role that is to own the tables. Admins only. "
               "With --db naming a server and --to a new file, the other way round: every row "
               "of the server database, from one snapshot, into the new file, its content "
               "index rebuilt and every table's row count compared; only the role that owns "
               "the tables may (row-level security shows any other role only its own rows). "
               "pg_dump backs up a server."_s;
    }
    void addOptions(QCommandLineParser &parser) const override
    {
        parser.addOption({u"to"_s,
                          u"The PostgreSQL database to copy into (a libpq URI or "
                          "service=NAME)."_s,
                          u"DB"_s});
    }
    Database::Mode databaseMode(const QCommandLineParser &) const override
    {
        return Database::Mode::ReadOnlyChecked;
    }
    int run(CliContext &context, const QCommandLineParser &parser) override
    {
        if (!parser.positionalArguments().isEmpty())
            return context.usage(u"copy: takes no arguments, only --to DB"_s);
        const QString to = parser.value(u"to"_s);
        if (to.isEmpty())
            return context.usage(u"copy: --to DB is required"_s);
        const QString from = context.options().databasePath;
        if (ServerDatabase::isServerLocation(from))
            return toFile(context, from, to);
        if (!ServerDatabase::isServerLocation(to))
            return context.usage(u"copy --to %1: a file's copy goes to a PostgreSQL server "
                                 "(postgresql://... or service=NAME); to copy a file, copy the "
                                 "file"_s.arg(to));
        auto db = context.database();
        if (!db)
            return context.refuse(db.error());
        auto actor = context.actor();
        if (!actor)
            return context.refuse(actor.error());
        if (auto no = Access(**db, *actor).mayCopyDatabase())
            return context.refuse(*no);
        auto server = ServerDatabase::connect(to);
        if (!server)
            return context.refuse(ErrorKind::Io, server.error());
        auto report = BackendCopy::toServer(**db, **server);
        if (!report)
            return context.refuse(report.error().contains(u"holds data already"_s)
                                      ? ErrorKind::Conflict
                                      : ErrorKind::Io,
                                  report.error());
        return print(context, (*db)->path(), (*server)->displayLocation(), *report, to);
    }

private:
    // From a server: the server decides who reads every row, by the role
    // that owns the tables (BackendCopy::toFile); no principal of the file
    // is involved.
    static int toFile(CliContext &context, const QString &from, const QString &to)
    {
        if (ServerDatabase::isServerLocation(to))
            return context.usage(
                u"copy --to %1: a server's copy goes to a new database file; "
                "between two servers, use pg_dump"_s.arg(ServerDatabase::connectionDisplay(to)));
        auto server = ServerDatabase::connect(from);
        if (!server)
            return context.refuse(ErrorKind::Io, server.error());
        auto report = BackendCopy::toFile(**server, to);
        if (!report) {
            const QString &error = report.error();
            const ErrorKind kind = error.contains(u"does not own the tables"_s)
                                       ? ErrorKind::Forbidden
                                   : error.contains(u"exists already"_s) ? ErrorKind::Conflict
                                                                         : ErrorKind::Io;
            return context.refuse(kind, error);
        }
        return print(context, (*server)->displayLocation(), to, *report, to);
    }

    // The copy's projection against a rebuild of the canonical state copied
    // with it, on the target (where: its location, with any password).
    static Result<VerifyReport> verifyProjection(const QString &where)
    {
        auto target = Database::open(where, Database::Mode::ReadOnlyChecked);
        if (!target)
            return fail(target.error());
        return ProjectionVerify(**target).verify();
    }

    static int print(CliContext &context, const QString &from, const QString &to,
                     const CopyReport &report, const QString &target)
    {
        auto verified = verifyProjection(target);
        if (!verified)
            return context.refuse(ErrorKind::Io,
                                  u"copy: the rows were copied and counted, but the copy's "
                                  "projection could not be verified: "_s +
                                      verified.error());
        const qsizetype differences = verified->differences.size();
        QJsonObject json;
        if (context.json()) {
            QJsonArray tables;
            for (const TableCopy &t : report.tables)
                tables.append(QJsonObject{{u"table"_s, t.table}, {u"rows"_s, t.targetRows}});
            json = {{u"from"_s, from},
                    {u"to"_s, to},
                    {u"rows"_s, report.rows()},
                    {u"tables"_s, tables},
                    {u"counts_match"_s, report.countsMatch()},
                    {u"projection_identical"_s, verified->identical()},
                    {u"projection_differences"_s, differences}};
            if (verified->identical())
                return context.printJson(json);
        } else {
            QTextStream &out = context.out();
            out << "copied " << escaped(from) << " to " << escaped(to) << ": " << report.rows()
                << " rows in " << report.tables.size() << " tables; every table's row count "
                << "matches on both sides" << Qt::endl;
            for (const TableCopy &t : report.tables)
                out << "  " << escaped(t.table).leftJustified(28) << ' ' << t.targetRows
                    << Qt::endl;
            if (verified->identical()) {
                out << "the copy's projection is what a rebuild makes of its canonical state ("
                    << counted(verified->liveRows, u"row") << " at watermark "
                    << verified->watermark << ")" << Qt::endl;
                return ExitOk;
            }
        }
        return context.refuse(
            ErrorKind::Conflict,
            u"copy: the copy is kept, but its projection differs from a rebuild of its canonical "
            "state in %1 ('rebuild --verify' on the source tells whether the source's did too; "
            "'rebuild' on the copy mends it)"_s.arg(counted(differences, u"place")),
            json);
    }
};

std::unique_ptr<Command> makeCopyCommand()
{
    return std::make_unique<CopyCommand>();
}

} // namespace cw::cli
