// Twenty clients on one server at once, each on a connection and a thread
// of its own, for CW_LOAD_SECONDS (default 15; the run is 60, see
// docs/postgresql.md "Load and faults"): six curators and four domain owners
// deciding one shared queue, nine agents querying the engine, one projector
// following. Deciders take the version they expect, so that two on one
// proposal race: the loser must get a clean conflict, and nothing else may
// go wrong. Afterwards every agent's index watermarks never went back, each
// decided proposal has one review per version it moved through, and once the
// projector has caught up the projection is what a rebuild makes of the
// canonical rows (the server copied to a file, `rebuild --verify`).

#include "BackendCopy.h"
#include "BenchProposals.h"
#include "CliRunner.h"
#include "Clock.h"
#include "Database.h"
#include "DemoBuilder.h"
#include "IdentityStore.h"
#include "Ingest.h"
#include "Paths.h"
#include "PgTestServer.h"
#include "Projector.h"
#include "RetrievalEngine.h"
#include "ReviewWorkflow.h"
#include "ServerDatabase.h"

#include <QBuffer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <atomic>
#include <random>

using namespace cw;
using namespace cw::test;
using namespace Qt::StringLiterals;

namespace {

constexpr int Proposals = 600;

// What the clients saw, summed at the end.
struct Tally
{
    QMutex mutex;
    QStringList errors; // anything but a clean conflict
    int decisions = 0;
    int conflicts = 0;
    int queries = 0;
    int wentBack = 0; // an agent's watermark lower than its last
    int batches = 0;

    void error(const QString &who, const QString &what)
    {
        QMutexLocker lock(&mutex);
        if (errors.size() < 20)
            errors << who + u": "_s + what;
    }
};

Actor actorOf(const Database &db, const QString &id)
{
    auto p = IdentityStore(db).principal(id);
    return p && *p ? Actor{**p, **p} : Actor{};
}

// A curator approves at version 1, a domain owner at version 2 (the second
// sign-off, which publishes); the proposals are taken in an order of the
// client's own, so clients meet on some of them.
void decide(const QString &uri, const QString &principal, int version, int seed,
            const std::atomic<bool> &stop, Tally &tally)
{
    const QString who = u"%1#%2"_s.arg(principal).arg(seed);
    auto db = Database::open(uri, Database::Mode::OpenExisting);
    if (!db)
        return tally.error(who, db.error());
    const Clock clock;
    ReviewWorkflow workflow(**db, clock);
    const Actor actor = actorOf(**db, principal);
    std::mt19937 random(seed);
    int decisions = 0, conflicts = 0;
    while (!stop) {
        const QString id = u"PR-L%1"_s.arg(random() % Proposals);
        auto done = workflow.approve(actor, id, version, u"load"_s);
        if (done)
            ++decisions;
        else if (done.refusal().kind == Refusal::Conflict)
            ++conflicts;
        else
            tally.error(who, id + u": "_s + done.refusal().message);
    }
    QMutexLocker lock(&tally.mutex);
    tally.decisions += decisions;
    tally.conflicts += conflicts;
}

void query(const QString &uri, const QString &principal, int seed, const std::atomic<bool> &stop,
           Tally &tally)
{
    const QString who = u"%1#%2"_s.arg(principal).arg(seed);
    auto db = Database::open(uri, Database::Mode::OpenExisting);
    if (!db)
        return tally.error(who, db.error());
    const Clock clock;
    RetrievalEngine engine(**db, clock);
    const Actor actor = actorOf(**db, principal);
    const QStringList strategies{u"root-classification"_s, u"data-investigation"_s,
                                 u"effort-assessment"_s};
    const QStringList texts{u"register row missing after period close"_s, u"load proposal"_s,
                            u"renewal family members"_s, u"endorsement lock"_s};
    std::mt19937 random(seed);
    qint64 last = -1;
    int queries = 0, wentBack = 0;
    while (!stop) {
        RetrievalRequest request;
        request.strategy = strategies[qsizetype(random() % strategies.size())];
        request.text = texts[qsizetype(random() % texts.size())];
        request.limit = 10;
        auto result = engine.run(actor, request);
        if (!result) {
            tally.error(who, result.error());
            continue;
        }
        ++queries;
        if (result->watermark < last)
            ++wentBack;
        last = result->watermark;
    }
    QMutexLocker lock(&tally.mutex);
    tally.queries += queries;
    tally.wentBack += wentBack;
}

void follow(const QString &uri, const std::atomic<bool> &stop, Tally &tally)
{
    auto db = Database::open(uri, Database::Mode::OpenExisting);
    if (!db)
        return tally.error(u"projector"_s, db.error());
    const Clock clock;
    Projector projector(**db, clock);
    int batches = 0;
    while (!stop) {
        auto run = projector.run(Projector::DefaultBatch, -1, {});
        if (!run) {
            tally.error(u"projector"_s, run.error());
            QThread::msleep(50);
            continue;
        }
        batches += int(run->batches);
        if (run->events == 0)
            QThread::msleep(20);
    }
    QMutexLocker lock(&tally.mutex);
    tally.batches += batches;
}

} // namespace

class TestPgLoad : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_database;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(!PgTestServer::ownerUri().isEmpty(), "the fixture started no server");
        QVERIFY(m_dir.isValid());
        // The demo with a long queue, copied to a server database of its own.
        auto file = Database::open(m_dir.filePath(u"load.db"_s));
        QVERIFY2(file, qPrintable(file.error()));
        const Clock clock;
        auto built = DemoBuilder(**file, clock, u"load"_s).build(0);
        QVERIFY2(built, qPrintable(built.error()));
        // The admin is the role that owns the tables (and this login, on the
        // file copied back), so that the CLI runs that check the end
        // (project, lag, copy, rebuild --verify) know who it is.
        QByteArray lines =
            QJsonDocument(QJsonObject{{u"type"_s, u"principal"_s},
                                      {u"id"_s, u"admin"_s},
                                      {u"name"_s, u"admin"_s},
                                      {u"os_user"_s, Paths::osLoginName()},
                                      {u"db_role"_s, u"cw_owner"_s},
                                      {u"roles"_s, QJsonArray{u"admin"_s, u"analyst"_s}},
                                      {u"tenants"_s, QJsonArray{u"northwind"_s, u"studio"_s}},
                                      {u"domains"_s, QJsonArray{}}})
                .toJson(QJsonDocument::Compact) +
            '\n';
        lines += bench::proposalLines(Proposals, u"PR-L"_s, u"Load proposal "_s);
        QBuffer buffer(&lines);
        QVERIFY(buffer.open(QIODevice::ReadOnly));
        auto ingested = Ingest(**file, clock).ingestJsonLines(buffer, u"load.jsonl"_s);
        QVERIFY2(ingested, qPrintable(ingested.error()));
        m_database = PgTestServer::unique(u"cw_load"_s);
        QVERIFY(PgTestServer::createDatabase(m_database));
        auto target = ServerDatabase::connect(PgTestServer::uri(m_database));
        QVERIFY2(target, qPrintable(target.error()));
        auto copied = BackendCopy::toServer(**file, **target);
        QVERIFY2(copied, qPrintable(copied.error()));
    }

    void cleanupTestCase() { QVERIFY(PgTestServer::dropDatabase(m_database)); }

    void twentyClientsAtOnceLeaveOneConsistentDatabase()
    {
        const QString uri = PgTestServer::uri(m_database);
        const int seconds = qMax(1, qEnvironmentVariableIntValue("CW_LOAD_SECONDS"));
        const int runFor = qEnvironmentVariableIsSet("CW_LOAD_SECONDS") ? seconds : 15;
        Tally tally;
        std::atomic<bool> stop = false;
        QList<QThread *> clients;
        for (int n = 0; n < 6; ++n)
            clients << QThread::create(decide, uri, u"cora"_s, 1, 100 + n, std::cref(stop),
                                       std::ref(tally));
        for (int n = 0; n < 4; ++n)
            clients << QThread::create(decide, uri, u"dora"_s, 2, 200 + n, std::cref(stop),
                                       std::ref(tally));
        for (int n = 0; n < 9; ++n)
            clients << QThread::create(query, uri, n % 2 ? u"ana"_s : u"agent-data"_s, 300 + n,
                                       std::cref(stop), std::ref(tally));
        clients << QThread::create(follow, uri, std::cref(stop), std::ref(tally));
        QCOMPARE(clients.size(), 20);
        for (QThread *client : std::as_const(clients))
            client->start();
        QThread::sleep(runFor);
        stop = true;
        for (QThread *client : std::as_const(clients)) {
            QVERIFY(client->wait(60000));
            delete client;
        }
        qInfo("%d s, 20 clients: %d decisions, %d clean conflicts, %d queries, %d projector "
              "batches",
              runFor, tally.decisions, tally.conflicts, tally.queries, tally.batches);
        QVERIFY2(tally.errors.isEmpty(), qPrintable(tally.errors.join(u'\n')));
        QVERIFY(tally.decisions > 0 && tally.queries > 0 && tally.batches > 0);
        QCOMPARE(tally.wentBack, 0);

        // One review a version: a decided proposal moved 1 -> 2 (curator) and
        // 2 -> 3 (owner), never twice from one version.
        auto owner = PgTestServer::connect(uri);
        QVERIFY(owner);
        auto twice = owner->query("SELECT count(*) FROM (SELECT revision_id, on_version FROM "
                                  "reviews GROUP BY revision_id, on_version "
                                  "HAVING count(*) > 1) x");
        QVERIFY2(twice, qPrintable(twice.error()));
        QCOMPARE(twice->text(0, 0), u"0"_s);
        auto published = owner->query("SELECT count(*) FROM proposals WHERE id LIKE 'PR-L%' AND "
                                      "status = 'published'");
        QVERIFY(published);
        QVERIFY2(published->text(0, 0).toInt() > 0, "some proposal went through both sign-offs");

        // Caught up, the projection is what a rebuild makes of the rows.
        const CliRun project = runCli(uri, {u"project"_s});
        QVERIFY2(project.ok(), qPrintable(project.describe()));
        const CliRun lag = runCli(uri, {u"--json"_s, u"lag"_s});
        QCOMPARE(lag.json()[u"lag_events"_s].toInt(-1), 0);
        const QString copy = m_dir.filePath(u"after-load.db"_s);
        const CliRun back = runCli(uri, {u"copy"_s, u"--to"_s, copy});
        QVERIFY2(back.ok(), qPrintable(back.describe()));
        const CliRun verify = runCli(copy, {u"rebuild"_s, u"--verify"_s});
        QVERIFY2(verify.ok() && verify.out.startsWith("identical"), qPrintable(verify.describe()));
    }
};

QTEST_GUILESS_MAIN(TestPgLoad)
#include "tst_pgload.moc"
