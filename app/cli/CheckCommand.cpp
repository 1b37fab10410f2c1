// check: scans the whole file for corruption on demand. Opening a database
// no longer does (docs/storage.md, "Corruption"), so this is how a user or a
// script asks for the full answer.

#include "Command.h"
#include "DatabaseFile.h"
#include "IntegrityAccess.h"
#include "Plural.h"
#include "TextEscape.h"

#include <QElapsedTimer>
#include <QJsonArray>

#include <cstdio>
#include <unistd.h>

namespace cw::cli {

using namespace Qt::StringLiterals;

class CheckCommand : public Command
{
public:
    QString name() const override { return u"check"_s; }
    QString usage() const override { return u"check [--quick] [--repair [--yes]]"_s; }
    QString summary() const override { return u"scan the database for corruption"_s; }
    QString description() const override
    {
        return u"Reads every page of the database and reports what is damaged (SQLite's "
               "integrity_check: every b-tree, and every index against its table). --quick "
               "skips the index comparison (quick_check). Exit 0 when the file is sound, 1 "
               "when anything is damaged. Writes nothing. On a PostgreSQL server: the "
               "server's count of data checksum failures in the database, and with the "
               "amcheck extension every table page by page and (not --quick) every B-tree "
               "index against its table; without amcheck every row is read. What the scan "
               "could not check there is listed (\"not checked:\", --json: limits). A database "
               "file (or its -wal or -shm file) that users outside its owner and group may "
               "read or write is warned about (--json: warnings): it would show them every "
               "tenant's cases. Schema objects the program did not create (a trigger or view added "
               "with sqlite3, which every other command refuses to open a file for) are listed "
               "(--json: foreign_schema) and make the exit 1; --repair drops them, and gives "
               "the program's own triggers, views and indexes back their definitions, after "
               "asking on a terminal (--yes: without asking), then scans."_s;
    }
    void addOptions(QCommandLineParser &parser) const override
    {
        parser.addOption({u"quick"_s, u"Skip comparing indexes with their tables "
                                      "(quick_check: faster, finds page and b-tree damage)."_s});
        parser.addOption({u"repair"_s, u"Drop the schema objects this program did not create "
                                       "(after asking), then scan."_s});
        parser.addOption({u"yes"_s, u"With --repair: do not ask."_s});
    }
    Database::Mode databaseMode(const QCommandLineParser &parser) const override
    {
        return parser.isSet(u"repair"_s) ? Database::Mode::OpenExisting
                                         : Database::Mode::ReadOnlyChecked;
    }

    int run(CliContext &context, const QCommandLineParser &parser) override
    {
        if (!parser.positionalArguments().isEmpty())
            return context.usage(u"check: takes no arguments"_s);
        const bool repair = parser.isSet(u"repair"_s);
        if (parser.isSet(u"yes"_s) && !repair)
            return context.usage(u"check: --yes confirms --repair"_s);
        context.setForeignSchema(Database::ForeignSchema::Report);
        auto db = context.database();
        if (!db)
            return context.refuse(db.error());
        auto actor = context.actorIfAny();
        if (!actor)
            return context.refuse(actor.error());
        if (auto allowed = IntegrityAccess::mayCheck(**db, *actor ? &**actor : nullptr); !allowed)
            return context.refuse(CliContext::deniedKind(allowed.error()), allowed.error());

        if (repair && (*db)->isServer())
            return context.usage(u"check: --repair is for a database file; a server's schema is "
                                 "its owner's (docs/postgresql.md)"_s);
        if (repair)
            if (auto allowed = IntegrityAccess::mayRepair(**db, *actor ? &**actor : nullptr);
                !allowed)
                return context.refuse(CliContext::deniedKind(allowed.error()), allowed.error());
        QStringList repaired;
        if (repair && !(*db)->foreignSchema().isEmpty()) {
            if (!confirmed(context, (*db)->foreignSchema(), parser.isSet(u"yes"_s)))
                return context.refuse(ErrorKind::InvalidInput,
                                      u"check --repair: not confirmed, nothing was changed (on "
                                      "a terminal answer y; elsewhere give --yes)"_s);
            auto done = (*db)->repairSchema();
            if (!done)
                return context.refuse(done.error());
            repaired = *done;
        }
        const QStringList foreign = (*db)->foreignSchema();

        const bool quick = parser.isSet(u"quick"_s);
        QElapsedTimer timer;
        timer.start();
        QStringList limits;
        auto problems = (*db)->checkIntegrity(
            quick ? Database::IntegrityScan::Quick : Database::IntegrityScan::Full, 100, &limits);
        if (!problems)
            return context.refuse(ErrorKind::Io,
                                  u"check: the database is corrupt or unreadable: "_s +
                                      problems.error());
        const qint64 elapsedMs = timer.elapsed();
        const QString scan = quick ? u"quick"_s : u"full"_s;
        // Not damage, so not a reason to fail: but a file others can read
        // shows them every tenant's cases, whatever the program refuses.
        const QStringList exposure =
            (*db)->isServer() ? QStringList() : DatabaseFile::exposure((*db)->path());
        QJsonObject json;
        if (context.json()) {
            json = {{u"sound"_s, problems->isEmpty()},
                    {u"scan"_s, scan},
                    {u"problems"_s, QJsonArray::fromStringList(*problems)},
                    {u"limits"_s, QJsonArray::fromStringList(limits)},
                    {u"warnings"_s, QJsonArray::fromStringList(exposure)},
                    {u"foreign_schema"_s, QJsonArray::fromStringList(foreign)},
                    {u"repaired"_s, QJsonArray::fromStringList(repaired)},
                    {u"unclean_shutdown"_s, (*db)->uncleanShutdownFound()},
                    {u"elapsed_ms"_s, elapsedMs}};
            if (problems->isEmpty() && foreign.isEmpty())
                return context.printJson(json);
        } else {
            for (const QString &warning : exposure)
                context.warn(u"warning: "_s + warning);
            for (const QString &line : std::as_const(repaired))
                context.out() << "repaired: " << escaped(line) << '\n';
            for (const QString &object : foreign)
                context.out() << "foreign schema object: " << escaped(object) << '\n';
            for (const QString &problem : *problems)
                context.out() << escaped(problem) << '\n';
            for (const QString &limit : std::as_const(limits))
                context.out() << "not checked: " << escaped(limit) << '\n';
            if (problems->isEmpty() && foreign.isEmpty()) {
                context.out() << "sound: " << scan << " scan found no damage in " << elapsedMs
                              << " ms" << Qt::endl;
                return ExitOk;
            }
            context.out().flush();
        }
        if (problems->isEmpty())
            return context.refuse(
                ErrorKind::Io,
                QStringLiteral("the database holds %1 this program did not create, which every "
                               "other command refuses to open it for; `curation-cli check "
                               "--repair` removes them")
                    .arg(counted(foreign.size(), u"schema object")),
                json);
        return context.refuse(
            ErrorKind::Io,
            QStringLiteral("the database is corrupt: the %1 scan found %2%3; restore a backup")
                .arg(scan, counted(problems->size(), u"problem"),
                     problems->size() >= 100 ? u" (the first 100 are listed)"_s : QString()),
            json);
    }

private:
    // --yes, or a y typed at the terminal after the list of what goes.
    static bool confirmed(CliContext &context, const QStringList &objects, bool yes)
    {
        if (yes)
            return true;
        if (!isatty(fileno(stdin)))
            return false;
        QTextStream &out = context.out();
        for (const QString &object : objects)
            out << "foreign schema object: " << escaped(object) << '\n';
        out << "Drop or restore " << counted(objects.size(), u"schema object") << " in "
            << escaped(context.options().databasePath) << "? [y/N] " << Qt::flush;
        QTextStream in(stdin);
        const QString answer = in.readLine().trimmed();
        return answer.compare(u"y"_s, Qt::CaseInsensitive) == 0 ||
               answer.compare(u"yes"_s, Qt::CaseInsensitive) == 0;
    }
};

std::unique_ptr<Command> makeCheckCommand()
{
    return std::make_unique<CheckCommand>();
}

} // namespace cw::cli
