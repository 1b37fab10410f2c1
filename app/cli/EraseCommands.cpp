// erase, retain and reverify: removing a case or a tenant and what was derived
// from it, the database's retention, and clearing a source-changed flag
// (issue 17; docs/cli.md).

#include "Command.h"
#include "Erasure.h"
#include "Retention.h"
#include "SourceChanges.h"
#include "TextEscape.h"

#include <QJsonArray>

namespace cw::cli {

using namespace Qt::StringLiterals;

namespace {

QJsonObject outcomeJson(const ErasureOutcome &outcome)
{
    QJsonObject json = outcome.report.toJson();
    json.insert(u"dry_run"_s, outcome.dryRun);
    if (!outcome.dryRun) {
        json.insert(u"audit_id"_s, qint64(outcome.auditId.value_or(0)));
        if (!outcome.onServer)
            json.insert(u"files"_s, QJsonObject{{u"secure_delete"_s, true},
                                                {u"index_rebuilt"_s, outcome.indexRebuilt},
                                                {u"wal_truncated"_s, outcome.checkpointed}});
    }
    return json;
}

int printOutcome(CliContext &context, const ErasureOutcome &outcome, const QString &what)
{
    if (context.json())
        return context.printJson(outcomeJson(outcome));
    QTextStream &out = context.out();
    out << (outcome.dryRun ? "dry run: erasing " : "erased ") << escaped(what)
        << (outcome.dryRun ? " would touch:\n" : ":\n");
    // Item by item: stored text never moves the terminal.
    for (const DependencySection &s : outcome.report.sections) {
        out << escaped(s.name) << ": " << s.count << " (" << escaped(s.action) << ")"
            << (s.available ? "" : " [tables not present]") << "\n";
        for (const QString &item : s.items)
            out << "  " << escaped(item) << "\n";
    }
    out << "total: " << outcome.report.total() << "\n";
    if (!outcome.dryRun && outcome.onServer) {
        out << "audit #" << outcome.auditId.value_or(0)
            << "; the server's VACUUM reclaims the deleted rows' space (backups and archived WAL "
               "made before still hold them)"
            << Qt::endl;
    } else if (!outcome.dryRun) {
        out << "audit #" << outcome.auditId.value_or(0) << "; secure_delete on"
            << (outcome.indexRebuilt ? "; content index rebuilt" : "")
            << (outcome.checkpointed ? "; WAL truncated"
                                     : "; WAL busy (another connection is reading): the erased "
                                       "pages leave the -wal file at its next checkpoint")
            << Qt::endl;
    }
    return ExitOk;
}

} // namespace

class EraseCommand : public Command
{
public:
    QString name() const override { return u"erase"_s; }
    QString usage() const override
    {
        return u"erase case REF|tenant T --reason TEXT [--dry-run]"_s;
    }
    QString summary() const override
    {
        return u"remove a case (or a tenant) and purge what was derived from it"_s;
    }
    QString description() const override
    {
        return u"Removes a case (tenant/source_system/source_request), or a tenant with all its "
               "cases, and everything derived from it: arrivals, proof records, grants and "
               "unpublished proposals are deleted; published articles keep their sanitised "
               "pattern, their source-case link reads erased and they are flagged "
               "source-changed; memory-use payloads naming the case are replaced by a marker; "
               "the projection is rewritten. One transaction; then the files are purged "
               "(secure_delete, content index rebuilt, WAL truncated). --dry-run prints the "
               "dependency report and changes nothing. Admins only, within their tenants."_s;
    }
    void addOptions(QCommandLineParser &parser) const override
    {
        parser.addPositionalArgument(u"case|tenant"_s, u"What to erase."_s);
        parser.addPositionalArgument(u"REF"_s, u"The case reference or the tenant id."_s);
        parser.addOptions({{u"reason"_s, u"Why (recorded in the audit)."_s, u"TEXT"_s},
                           {u"dry-run"_s, u"Print the dependency report; change nothing."_s}});
    }
    int run(CliContext &context, const QCommandLineParser &parser) override
    {
        const QStringList args = parser.positionalArguments();
        if (args.size() != 2 || (args[0] != u"case"_s && args[0] != u"tenant"_s))
            return context.usage(u"erase: expected `case REF` or `tenant T`"_s);
        const bool dryRun = parser.isSet(u"dry-run"_s);
        const QString reason = parser.value(u"reason"_s).trimmed();
        if (!dryRun && reason.isEmpty())
            return context.usage(u"erase: --reason is required"_s);
        auto db = context.database();
        if (!db)
            return context.refuse(db.error());
        auto actor = context.actor();
        if (!actor)
            return context.refuse(actor.error());
        Erasure erasure(**db, context.clock());
        auto outcome = args[0] == u"case"_s ? erasure.eraseCase(*actor, args[1], reason, dryRun)
                                            : erasure.eraseTenant(*actor, args[1], reason, dryRun);
        if (!outcome)
            return context.refuse(outcome.refusal());
        return printOutcome(context, *outcome, args[0] + u' ' + args[1]);
    }
};

class RetainCommand : public Command
{
public:
    QString name() const override { return u"retain"_s; }
    QString usage() const override
    {
        return u"retain [--dry-run] [--reason TEXT] [--set NAME=DAYS|off]... [--show]"_s;
    }
    QString summary() const override
    {
        return u"apply the database's retention settings, with the same dependency report"_s;
    }
    QString description() const override
    {
        return u"Applies the database's retention setting: memory-use payloads older than "
               "memory-use-days get the erasure marker; cases closed (completed or cancelled) "
               "for more than closed-case-days are erased as `erase case` does. --set "
               "memory-use-days=N or closed-case-days=N (or =off) changes the setting instead, "
               "--show prints it. Admins only."_s;
    }
    void addOptions(QCommandLineParser &parser) const override
    {
        parser.addOptions({{u"reason"_s, u"Why (recorded in the audit)."_s, u"TEXT"_s},
                           {u"dry-run"_s, u"Print the dependency report; change nothing."_s},
                           {u"set"_s,
                            u"Change a setting: memory-use-days=N, closed-case-days=N, "
                            "or NAME=off."_s,
                            u"NAME=DAYS"_s},
                           {u"show"_s, u"Print the retention setting."_s}});
    }
    int run(CliContext &context, const QCommandLineParser &parser) override
    {
        if (!parser.positionalArguments().isEmpty())
            return context.usage(u"retain: takes no arguments"_s);
        auto db = context.database();
        if (!db)
            return context.refuse(db.error());
        if (parser.isSet(u"show"_s)) {
            auto settings = RetentionSettings::read(**db);
            if (!settings)
                return context.refuse(settings.error());
            return printSettings(context, *settings);
        }
        auto actor = context.actor();
        if (!actor)
            return context.refuse(actor.error());
        Retention retention(**db, context.clock());
        const QString reason = parser.value(u"reason"_s).trimmed();
        if (parser.isSet(u"set"_s)) {
            auto changed = retention.change(*actor, parser.values(u"set"_s),
                                            reason.isEmpty() ? u"retention setting"_s : reason);
            if (!changed)
                return context.refuse(changed.refusal());
            return printSettings(context, *changed);
        }
        const bool dryRun = parser.isSet(u"dry-run"_s);
        auto outcome = retention.apply(*actor, reason.isEmpty() ? u"retention"_s : reason, dryRun);
        if (!outcome)
            return context.refuse(outcome.refusal());
        return printOutcome(context, *outcome, u"by retention"_s);
    }

private:
    static int printSettings(CliContext &context, const RetentionSettings &settings)
    {
        if (context.json())
            return context.printJson({{u"retention"_s, settings.toJson()}});
        auto days = [](const std::optional<int> &d) {
            return d ? u"%1 days"_s.arg(*d) : u"off (kept)"_s;
        };
        context.out() << "memory-use-days: " << days(settings.memoryUseDays) << "\n"
                      << "closed-case-days: " << days(settings.closedCaseDays) << Qt::endl;
        return ExitOk;
    }
};

class ReverifyCommand : public Command
{
public:
    QString name() const override { return u"reverify"_s; }
    QString usage() const override { return u"reverify ARTICLE --reason TEXT"_s; }
    QString summary() const override
    {
        return u"clear an article's source-changed flag after checking it"_s;
    }
    QString description() const override
    {
        return u"Says the active revision of an article still holds after its source case "
               "changed or was erased: clears its source-changed flag, with an audit row and an "
               "outbox event. The owners of the article's domain and admins. (Retiring the "
               "article is the other way back.)"_s;
    }
    void addOptions(QCommandLineParser &parser) const override
    {
        parser.addPositionalArgument(u"ARTICLE"_s, u"The article ref, e.g. EXP-1."_s);
        parser.addOption({u"reason"_s, u"What was checked."_s, u"TEXT"_s});
    }
    int run(CliContext &context, const QCommandLineParser &parser) override
    {
        const QStringList args = parser.positionalArguments();
        if (args.size() != 1)
            return context.usage(u"reverify: expected exactly one ARTICLE"_s);
        const QString reason = parser.value(u"reason"_s).trimmed();
        if (reason.isEmpty())
            return context.usage(u"reverify: --reason is required"_s);
        auto db = context.database();
        if (!db)
            return context.refuse(db.error());
        auto actor = context.actor();
        if (!actor)
            return context.refuse(actor.error());
        auto done = SourceChanges(**db, context.clock()).reverify(*actor, args[0], reason);
        if (!done)
            return context.refuse(done.refusal());
        QJsonArray cleared;
        for (const SourceChange &c : done->cleared)
            cleared.append(
                QJsonObject{{u"change"_s, c.change}, {u"detail"_s, c.detail}, {u"at"_s, c.at}});
        if (context.json())
            return context.printJson({{u"ref"_s, done->ref},
                                      {u"revision"_s, done->revision},
                                      {u"cleared"_s, cleared},
                                      {u"outbox_event"_s, qint64(done->outboxEvent)}});
        context.out() << escaped(done->ref) << " r" << done->revision << " re-verified; cleared "
                      << done->cleared.size() << " source change(s); outbox event "
                      << done->outboxEvent << Qt::endl;
        return ExitOk;
    }
};

std::unique_ptr<Command> makeEraseCommand()
{
    return std::make_unique<EraseCommand>();
}
std::unique_ptr<Command> makeRetainCommand()
{
    return std::make_unique<RetainCommand>();
}
std::unique_ptr<Command> makeReverifyCommand()
{
    return std::make_unique<ReverifyCommand>();
}

} // namespace cw::cli
