// lag and rebuild: how far the projection trails the outbox, and rebuilding
// (or verifying) it from canonical state.

#include "Command.h"
#include "LagMonitor.h"
#include "Plural.h"
#include "ProjectionAccess.h"
#include "ProjectionRebuild.h"
#include "ProjectionVerify.h"
#include "TextEscape.h"

#include <QJsonArray>

namespace cw::cli {

using namespace Qt::StringLiterals;

namespace {

using Check = Status (*)(const Database &, const Actor *);

// The database once `check` lets the acting principal in; or nullptr, the
// refusal printed and its exit code in `refused`.
Database *authorisedDatabase(CliContext &context, Check check, int &refused)
{
    auto db = context.database();
    if (!db) {
        refused = context.refuse(db.error());
        return nullptr;
    }
    auto actor = context.actorIfAny();
    if (!actor) {
        refused = context.refuse(actor.error());
        return nullptr;
    }
    if (auto allowed = check(**db, *actor ? &**actor : nullptr); !allowed) {
        refused = context.refuse(CliContext::deniedKind(allowed.error()), allowed.error());
        return nullptr;
    }
    return *db;
}

} // namespace

class LagCommand : public Command
{
public:
    QString name() const override { return u"lag"_s; }
    QString usage() const override { return u"lag"_s; }
    QString summary() const override { return u"projection lag behind the canonical outbox"_s; }
    QString description() const override
    {
        return u"Shows how far the projection trails the canonical outbox: the outbox head, the "
               "watermark, pending events by domain, dead letters and the projector's recent "
               "throughput."_s;
    }
    Database::Mode databaseMode(const QCommandLineParser &) const override
    {
        return Database::Mode::ReadOnlyChecked;
    }

    int run(CliContext &context, const QCommandLineParser &parser) override
    {
        if (!parser.positionalArguments().isEmpty())
            return context.usage(u"lag: takes no arguments"_s);
        int refused = ExitOk;
        Database *db = authorisedDatabase(context, &ProjectionAccess::mayReadLag, refused);
        if (!db)
            return refused;
        auto report = LagMonitor(*db, context.clock()).report();
        if (!report)
            return context.refuse(report.error());
        const LagReport &r = *report;
        if (context.json()) {
            QJsonObject byDomain;
            for (auto it = r.pendingByDomain.cbegin(); it != r.pendingByDomain.cend(); ++it)
                byDomain.insert(it.key(), it.value());
            // INTERFACES.md §4 names first; the rest are additions.
            return context.printJson(
                {{u"canonical_head"_s, qint64(r.canonicalHead)},
                 {u"watermark"_s, qint64(r.watermark)},
                 {u"lag_events"_s, r.lagEvents},
                 {u"oldest_pending_age_s"_s, r.oldestPendingAgeS},
                 {u"pending_by_domain"_s, byDomain},
                 {u"dead_letters"_s, r.deadLetters},
                 {u"recent_events_per_s"_s, r.recentEventsPerSecond},
                 {u"recent_runs"_s, r.recentRuns},
                 {u"last_run_at"_s, r.lastRunAt.isEmpty() ? QJsonValue() : r.lastRunAt}});
        }
        QTextStream &out = context.out();
        out << "canonical head " << r.canonicalHead << ", watermark " << r.watermark << ": "
            << counted(r.lagEvents, u"event") << " pending";
        if (r.lagEvents)
            out << ", oldest " << QString::number(r.oldestPendingAgeS, 'f', 1) << " s";
        out << '\n';
        for (auto it = r.pendingByDomain.cbegin(); it != r.pendingByDomain.cend(); ++it)
            out << "  " << escaped(it.key()) << ": " << it.value() << '\n';
        out << "dead letters: " << r.deadLetters << '\n';
        if (r.recentRuns)
            out << "recent throughput: " << QString::number(r.recentEventsPerSecond, 'f', 0)
                << " events/s over " << counted(r.recentRuns, u"batch", u"batches") << "; last run "
                << escaped(r.lastRunAt) << '\n';
        else
            out << "the projector has not run yet\n";
        out.flush();
        return ExitOk;
    }
};

class RebuildCommand : public Command
{
public:
    QString name() const override { return u"rebuild"_s; }
    QString usage() const override { return u"rebuild [--verify]"_s; }
    QString summary() const override
    {
        return u"rebuild the projection from canonical state (--verify: diff only)"_s;
    }
    QString description() const override
    {
        return u"Rebuilds the projection from canonical state and swaps it in, applying events "
               "committed meanwhile. With --verify it builds aside instead, prints every "
               "difference from the live projection and changes nothing (exit 1 if there is "
               "any). On a PostgreSQL server the rebuild is one write transaction (other "
               "writers wait for it) and --verify reads the rebuilt rows in the live ones' "
               "snapshot, comparing the content index's documents with what the rebuilt text "
               "gives."_s;
    }
    void addOptions(QCommandLineParser &parser) const override
    {
        parser.addOption({u"verify"_s, u"Build aside and print every difference from the live "
                                       "projection; exit 1 if there is any."_s});
    }
    // --verify builds aside in TEMP tables: it reads the file only.
    Database::Mode databaseMode(const QCommandLineParser &parser) const override
    {
        return parser.isSet(u"verify"_s) ? Database::Mode::ReadOnlyChecked
                                         : Database::Mode::OpenExisting;
    }

    int run(CliContext &context, const QCommandLineParser &parser) override
    {
        if (!parser.positionalArguments().isEmpty())
            return context.usage(u"rebuild: takes no arguments"_s);
        int refused = ExitOk;
        Database *db = authorisedDatabase(context, &ProjectionAccess::mayProject, refused);
        if (!db)
            return refused;
        if (parser.isSet(u"verify"_s))
            return verify(context, *db);
        auto report = ProjectionRebuild(*db, context.clock()).rebuild();
        if (!report)
            return context.refuse(u"rebuild: "_s + report.error() +
                                  u" (the live projection is unchanged)"_s);
        if (context.json())
            return context.printJson({{u"rows"_s, report->rows},
                                      {u"built_at"_s, qint64(report->builtAt)},
                                      {u"watermark"_s, qint64(report->watermark)},
                                      {u"caught_up_events"_s, report->caughtUpEvents},
                                      {u"elapsed_ms"_s, report->elapsedMs}});
        context.out() << "rebuilt " << counted(report->rows, u"row")
                      << " from canonical state at seq " << report->builtAt << " (+"
                      << counted(report->caughtUpEvents, u"event")
                      << " applied during the swap); watermark " << report->watermark << ", "
                      << report->elapsedMs << " ms" << Qt::endl;
        return ExitOk;
    }

private:
    static int verify(CliContext &context, const Database &db)
    {
        auto report = ProjectionVerify(db).verify();
        if (!report)
            return context.refuse(u"rebuild --verify: "_s + report.error());
        const VerifyReport &r = *report;
        QJsonObject json;
        if (context.json()) {
            QJsonArray differences;
            for (const ProjectionDifference &d : r.differences)
                differences.append(QJsonObject{{u"ref"_s, d.ref},
                                               {u"kind"_s, d.kindName()},
                                               {u"field"_s, d.field},
                                               {u"live"_s, d.live},
                                               {u"rebuilt"_s, d.rebuilt},
                                               {u"text"_s, d.toText()}});
            json = {{u"identical"_s, r.identical()},
                    {u"watermark"_s, qint64(r.watermark)},
                    {u"canonical_head"_s, qint64(r.canonicalHead)},
                    {u"live_rows"_s, r.liveRows},
                    {u"rebuilt_rows"_s, r.rebuiltRows},
                    {u"differences"_s, differences}};
            if (r.identical())
                return context.printJson(json);
        } else {
            for (const ProjectionDifference &d : r.differences)
                context.out() << escaped(d.toText()) << '\n';
            context.out() << (r.identical() ? "identical: " : "different: ")
                          << counted(r.liveRows, u"live row") << ", " << r.rebuiltRows
                          << " rebuilt at watermark " << r.watermark << " (canonical head "
                          << r.canonicalHead << ")" << Qt::endl;
            if (r.identical())
                return ExitOk;
        }
        // With --json the report and the error are one document.
        return context.refuse(
            ErrorKind::Conflict,
            QStringLiteral("the live projection differs from a rebuild in %1%2")
                .arg(counted(r.differences.size(), u"place"))
                .arg(r.watermark < r.canonicalHead
                         ? QStringLiteral(" (it is %1 behind; verify compares at its "
                                          "watermark, against today's canonical state)")
                               .arg(counted(r.canonicalHead - r.watermark, u"event"))
                         : QString()),
            json);
    }
};

std::unique_ptr<Command> makeLagCommand()
{
    return std::make_unique<LagCommand>();
}
std::unique_ptr<Command> makeRebuildCommand()
{
    return std::make_unique<RebuildCommand>();
}

} // namespace cw::cli
