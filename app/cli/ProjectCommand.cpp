// project: run the projector once (until caught up or --max-events), or keep
// following the outbox with --follow until SIGINT/SIGTERM.

#include "Command.h"
#include "Plural.h"
#include "ProjectionAccess.h"
#include "Projector.h"
#include "ServerConnection.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTimer>

#include <atomic>
#include <csignal>

namespace cw::cli {

using namespace Qt::StringLiterals;

namespace {

// Set by the signal handler, read by the follow loop's timer: the only thing
// a handler may safely do is store to a lock-free atomic.
std::atomic<bool> stopRequested{false};
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void requestStop(int)
{
    stopRequested.store(true);
}

constexpr int PollMs = 200;
// After a failed batch, try again after this many polls even if nothing new
// was committed (the failure may have been a busy database).
constexpr int RetryPolls = 25;
// How often a follower that lost its server tries a new connection.
constexpr int ReconnectMs = 2000;

// The database once the acting principal may project; or nullptr, the
// refusal printed and its exit code in `refused`.
Database *authorisedDatabase(CliContext &context, int &refused)
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
    if (auto allowed = ProjectionAccess::mayProject(**db, *actor ? &**actor : nullptr); !allowed) {
        refused = context.refuse(CliContext::deniedKind(allowed.error()), allowed.error());
        return nullptr;
    }
    return *db;
}

QJsonObject runJson(const ProjectorRun &run, bool follow)
{
    return {{u"events"_s, run.events},
            {u"dead_lettered"_s, run.deadLettered},
            {u"batches"_s, run.batches},
            {u"watermark"_s, qint64(run.watermark)},
            {u"elapsed_ms"_s, run.elapsedMs},
            {u"caught_up"_s, run.caughtUp},
            {u"follow"_s, follow}};
}

} // namespace

class ProjectCommand : public Command
{
public:
    QString name() const override { return u"project"_s; }
    QString usage() const override { return u"project [--follow] [--batch N] [--max-events N]"_s; }
    QString summary() const override
    {
        return u"run the projector (once caught up, it merges the text index)"_s;
    }
    QString description() const override
    {
        return u"Applies committed outbox events to the retrieval projection in batches, each "
               "batch in one transaction with the watermark; once caught up, merges the text "
               "index. Stops when caught up (or after --max-events); with --follow it keeps "
               "applying new events until SIGINT or SIGTERM.\n"
               "With --json it prints one JSON document when it stops. With --follow --json it "
               "prints JSON Lines instead, one compact object a line, written as it happens:\n"
               "  {\"type\":\"batch\",\"events\":N,\"dead_lettered\":N,\"watermark\":N,"
               "\"ms\":X} as each batch commits;\n"
               "  {\"type\":\"stopped\", and the fields of project --json} when it stops.\n"
               "A problem that does not stop it (a busy database, retried) goes to stderr only."_s;
    }
    void addOptions(QCommandLineParser &parser) const override
    {
        parser.addOption({u"follow"_s, u"Keep running; apply new events as they are committed, "
                                       "and merge the text index while idle."_s});
        parser.addOption({u"batch"_s, u"Events per transaction (default 1000)."_s, u"N"_s});
        parser.addOption({u"max-events"_s, u"Stop after N events (not with --follow)."_s, u"N"_s});
    }

    int run(CliContext &context, const QCommandLineParser &parser) override
    {
        // --follow --json is a stream (JSON Lines): every document, a refusal
        // included, is one line.
        context.setJsonLines(context.json() && parser.isSet(u"follow"_s));
        if (!parser.positionalArguments().isEmpty())
            return context.usage(u"project: takes no arguments"_s);
        bool ok = true;
        const int batch = parser.isSet(u"batch"_s) ? parser.value(u"batch"_s).toInt(&ok)
                                                   : Projector::DefaultBatch;
        if (!ok || batch < 1)
            return context.usage(u"project: --batch needs a positive number"_s);
        const qint64 maxEvents =
            parser.isSet(u"max-events"_s) ? parser.value(u"max-events"_s).toLongLong(&ok) : -1;
        if (!ok || (parser.isSet(u"max-events"_s) && maxEvents < 0))
            return context.usage(u"project: --max-events needs a number >= 0"_s);
        const bool follow = parser.isSet(u"follow"_s);
        if (follow && maxEvents >= 0)
            return context.usage(u"project: --follow and --max-events exclude each other"_s);

        int refused = ExitOk;
        Database *db = authorisedDatabase(context, refused);
        if (!db)
            return refused;
        m_projector = std::make_unique<Projector>(*db, context.clock());
        if (follow)
            return runFollow(context, *db, batch);
        auto run = m_projector->run(batch, maxEvents, printer(context, false));
        if (!run)
            return context.refuse(run.error());
        // Caught up: the text index is merged to one segment before leaving
        // (in short steps; a followed projector does it between polls).
        for (bool more = run->caughtUp; more;) {
            auto tidied = m_projector->tidyIndex();
            if (!tidied)
                return context.refuse(tidied.error());
            more = *tidied;
        }
        if (context.json())
            return context.printJson(runJson(*run, false));
        context.out() << "projected " << counted(run->events, u"event") << " (" << run->deadLettered
                      << " dead-lettered) in " << counted(run->batches, u"batch", u"batches")
                      << ", " << run->elapsedMs << " ms; watermark " << run->watermark
                      << (run->caughtUp ? ", caught up" : ", more events pending") << Qt::endl;
        return ExitOk;
    }

private:
    // What each committed batch prints: a text line, a JSON Lines object
    // (--follow --json), or nothing (--json: one document at the end).
    static std::function<void(const ProjectorBatch &)> printer(CliContext &context, bool follow)
    {
        if (context.json() && !follow)
            return {};
        if (context.json())
            return [&context](const ProjectorBatch &b) {
                context.printJson({{u"type"_s, u"batch"_s},
                                   {u"events"_s, b.events},
                                   {u"dead_lettered"_s, b.deadLettered},
                                   {u"watermark"_s, qint64(b.watermark)},
                                   {u"ms"_s, b.ms}});
            };
        return [&context](const ProjectorBatch &b) {
            context.out() << "batch: " << counted(b.events, u"event") << " (" << b.deadLettered
                          << " dead-lettered), watermark " << b.watermark << ", "
                          << QString::number(b.ms, 'f', 1) << " ms" << Qt::endl;
        };
    }

    // A follower whose server went away (restarted, network cut) hears no
    // more notifications: it would wait for ever. It opens a new connection
    // instead, every ReconnectMs, and projects from the watermark the server
    // kept (a batch that was cut off left nothing behind).
    enum class Link
    {
        Up,
        Down,
        Again // reconnected just now
    };
    Link reconnectIfLost(CliContext &context, const Database *&db,
                         std::unique_ptr<Database> &reopened, qint64 &lastTry,
                         const QElapsedTimer &clock)
    {
        if (!db->isServer() || ServerConnection::notificationSocket(*db) >= 0)
            return Link::Up;
        if (lastTry >= 0 && clock.elapsed() - lastTry < ReconnectMs)
            return Link::Down;
        if (lastTry < 0)
            context.warn(u"project: the connection to %1 was lost; reconnecting every %2 s"_s.arg(
                db->path(), QString::number(ReconnectMs / 1000)));
        lastTry = clock.elapsed();
        auto opened = Database::open(context.options().databasePath, Database::Mode::OpenExisting);
        if (!opened)
            return Link::Down;
        m_projector.reset(); // it refers to the connection that goes now
        reopened = std::move(*opened);
        db = reopened.get();
        m_projector = std::make_unique<Projector>(*db, context.clock());
        lastTry = -1;
        context.warn(u"project: connected to %1 again"_s.arg(db->path()));
        return Link::Again;
    }

    int runFollow(CliContext &context, const Database &db, int batch)
    {
        const Database *current = &db;
        std::unique_ptr<Database> reopened; // after a lost connection
        qint64 lastTry = -1;
        stopRequested.store(false);
        std::signal(SIGINT, requestStop);
        std::signal(SIGTERM, requestStop);
        ProjectorRun total;
        total.watermark = m_projector->watermark().ok() ? *m_projector->watermark() : 0;
        std::int64_t seenVersion = -1;
        int retryIn = 0;
        QElapsedTimer timer;
        timer.start();
        if (!context.json())
            context.out() << "following the outbox from watermark " << total.watermark
                          << (db.isServer() ? u", told of commits by the server"_s
                                            : u", polling every %1 ms"_s.arg(PollMs))
                          << " (SIGINT/SIGTERM to stop)" << Qt::endl;

        QTimer poll;
        poll.setInterval(PollMs);
        auto tick = [&] {
            if (stopRequested.load()) {
                QCoreApplication::exit(ExitOk);
                return;
            }
            const Link link = reconnectIfLost(context, current, reopened, lastTry, timer);
            if (link == Link::Down)
                return;
            if (link == Link::Again)
                seenVersion = -1; // a new connection counts from nothing: project now
            // data_version moves when another connection commits (on a
            // server: when it notifies this one of a commit, read from the
            // socket without a query); read it before projecting so commits
            // made meanwhile trigger the next run.
            const std::int64_t version = current->dataVersion();
            if (version == seenVersion && (retryIn == 0 || --retryIn > 0)) {
                tidyWhileIdle(context);
                return;
            }
            seenVersion = version;
            retryIn = 0;
            auto run = m_projector->run(batch, -1, printer(context, true));
            if (!run) {
                context.warn(u"project: "_s + run.error() + u" (will retry)"_s);
                retryIn = RetryPolls;
                return;
            }
            total.events += run->events;
            total.deadLettered += run->deadLettered;
            total.batches += run->batches;
            total.watermark = run->watermark;
            total.caughtUp = run->caughtUp;
            m_untidy = m_untidy || run->events > 0;
        };
        QObject::connect(&poll, &QTimer::timeout, &poll, tick);
        poll.start();
        QTimer::singleShot(0, &poll, tick);
        const int code = QCoreApplication::exec();
        std::signal(SIGINT, SIG_DFL);
        std::signal(SIGTERM, SIG_DFL);
        total.elapsedMs = timer.elapsed();
        if (context.json()) {
            QJsonObject stopped = runJson(total, true);
            stopped.insert(u"type"_s, u"stopped"_s);
            context.printJson(stopped);
        } else {
            context.out() << "stopped: " << counted(total.events, u"event")
                          << " projected, watermark " << total.watermark << Qt::endl;
        }
        return code;
    }

    // Nothing new to project: one short step of merging the text index, so
    // queries look each word up in one segment (Projector::tidyIndex).
    void tidyWhileIdle(CliContext &context)
    {
        if (!m_untidy)
            return;
        auto tidied = m_projector->tidyIndex();
        if (!tidied)
            context.warn(u"project: "_s + tidied.error() + u" (will retry)"_s);
        m_untidy = !tidied || *tidied;
    }

    std::unique_ptr<Projector> m_projector;
    bool m_untidy = true; // the index may have segments to merge
};

std::unique_ptr<Command> makeProjectCommand()
{
    return std::make_unique<ProjectCommand>();
}

} // namespace cw::cli
