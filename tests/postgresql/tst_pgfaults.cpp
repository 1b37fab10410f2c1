// The fault run (issue #15): the server stops as a crash stops it (pg_ctl
// stop -m immediate) while a projector batch or a decision is half written
// and other clients are waiting for their turn to write. After a restart
// nothing of the cut transactions is left (every decision is whole or
// absent: its review, its audit row and, when it activates, its outbox
// event), every client that was cut off said so plainly (the server named,
// no password, exit 1, no crash), the projector resumes to the outbox head
// and its projection is what a rebuild makes.
//
// The test kills the server, so it runs a cluster of its own
// (scripts/pg-cluster.sh into CW_PG_FAULT_STATE), not the suite's shared one;
// it stops the cluster at the end, and CTest's postgresql/faults_stop stops
// it too should the test itself be killed. To hold a transaction open at a
// known point, a trigger of the test's own sleeps in it (a lock would give
// up after the writers' 5 s lock_timeout); the kill ends the sleep.

#include "CliProcess.h"
#include "PgConnection.h"
#include "PgTestServer.h"
#include "TestPaths.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QUrl>

#include <memory>

using namespace cw;
using namespace cw::test;
using namespace Qt::StringLiterals;

namespace {

constexpr int Queued = 12;    // proposals activated before the faults: the projector's backlog
constexpr int Proposals = 20; // PR-F0 ... PR-F19
constexpr int WaitMs = 30000; // bound on every wait for a condition

// Runs scripts/pg-cluster.sh VERB STATE; its stderr on failure.
bool cluster(const QString &verb, QString *error = nullptr)
{
    QProcess script;
    script.start(u"bash"_s, {TestPaths::source("scripts/pg-cluster.sh"), verb,
                             qEnvironmentVariable("CW_PG_FAULT_STATE")});
    const bool done = script.waitForFinished(60000);
    if (error)
        *error = QString::fromUtf8(script.readAllStandardError());
    return done && script.exitStatus() == QProcess::NormalExit && script.exitCode() == 0;
}

// Stops the test's cluster when the test object goes, whatever failed.
struct ClusterGuard
{
    ~ClusterGuard()
    {
        if (started)
            cluster(u"stop"_s);
    }
    bool started = false;
};

} // namespace

class TestPgFaults : public QObject
{
    Q_OBJECT

private:
    ClusterGuard m_cluster;
    QTemporaryDir m_dir;
    QString m_ownerUri; // postgresql://cw_owner@127.0.0.1:PORT/postgres
    QString m_database = u"cw_faults"_s;

    // The test database as role; with a password, which the trust
    // authentication ignores and no message may repeat.
    QString uri(const QString &role = u"cw_owner"_s) const
    {
        QUrl url(m_ownerUri);
        url.setPath(u"/"_s + m_database);
        url.setUserName(role);
        url.setPassword(u"s3cret-pw"_s);
        return url.toString();
    }
    QString serverName() const
    {
        const QUrl url(m_ownerUri);
        return u"%1:%2"_s.arg(url.host()).arg(url.port());
    }
    static QString role(const QString &principal) { return principal + u"_faults"_s; }

    std::unique_ptr<PgConnection> owner() const
    {
        auto connection = PgConnection::connect(uri());
        if (!connection) {
            qWarning("%s", qPrintable(connection.error()));
            return {};
        }
        return std::move(*connection);
    }

    qint64 scalar(const char *sql) const
    {
        auto connection = owner();
        auto rows = connection ? connection->query(sql) : Result<PgRows>(fail(u"no connection"_s));
        return rows && rows->count() == 1 ? rows->text(0, 0).toLongLong() : -1;
    }

    bool exec(const QByteArray &sql) const
    {
        auto connection = owner();
        if (!connection)
            return false;
        auto done = connection->execScript(sql);
        if (!done)
            qWarning("%s", qPrintable(done.error()));
        return done.ok();
    }

    // Polls sql (one count) until it gives at least `atLeast`, within WaitMs.
    bool waitFor(const char *sql, qint64 atLeast) const
    {
        QElapsedTimer waited;
        waited.start();
        while (waited.elapsed() < WaitMs) {
            if (scalar(sql) >= atLeast)
                return true;
            QThread::msleep(50);
        }
        return false;
    }

    // The test's sleeping trigger, BEFORE `event` ON `table`: it holds the
    // writing transaction open at that point until the server is killed.
    bool holdBefore(const char *event, const char *table) const
    {
        return exec(QByteArray("CREATE OR REPLACE FUNCTION cw_fault_hold() RETURNS trigger "
                               "LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(") +
                    QByteArray::number(WaitMs / 1000) +
                    "); RETURN NEW; END $$; CREATE TRIGGER cw_fault_hold BEFORE " + event + " ON " +
                    table + " FOR EACH ROW EXECUTE FUNCTION cw_fault_hold()");
    }
    bool release(const char *table) const
    {
        return exec(QByteArray("DROP TRIGGER IF EXISTS cw_fault_hold ON ") + table);
    }

    // A cut-off client: exit 1 with one plain message that names the server
    // and not the password; no crash, no timeout.
    void verifyCutOff(const CliRun &run, const char *what) const
    {
        const QString err = QString::fromUtf8(run.err);
        const QString all = QString::fromLatin1(what) + u": "_s + run.describe();
        qInfo("%s", qPrintable(all.trimmed())); // what the person at the terminal read
        QVERIFY2(run.exitCode == 1, qPrintable(all));
        QVERIFY2(err.contains(serverName()), qPrintable(all));
        QVERIFY2(!run.err.contains("s3cret-pw") && !run.out.contains("s3cret-pw"), qPrintable(all));
        for (const char *crash : {"Segmentation", "Aborted", "terminate called", "ASSERT"})
            QVERIFY2(!run.err.contains(crash), qPrintable(all));
    }

    // Every decision on PR-F* is whole or absent: the revision's version
    // counts its reviews, each review has its audit row, and an article has
    // an activation event exactly when its proposal is published.
    void verifyNoPartialDecision() const
    {
        auto connection = owner();
        QVERIFY(connection);
        auto rows = connection->query(
            "SELECT p.id, p.status, r.version, r.state, "
            "(SELECT count(*) FROM reviews v WHERE v.revision_id = r.id), "
            "(SELECT count(*) FROM audit u WHERE u.subject = p.id AND u.action IN "
            "('approve', 'reject', 'return')), "
            "(SELECT count(*) FROM outbox o WHERE o.ref = a.ref AND o.revision = r.revision "
            "AND o.event = 'revision-activated') "
            "FROM proposals p JOIN revisions r ON r.id = p.revision_id JOIN articles a ON a.id = "
            "r.article_id WHERE p.id LIKE 'PR-F%' ORDER BY p.id");
        QVERIFY2(rows, qPrintable(rows.error()));
        QCOMPARE(rows->count(), Proposals);
        for (int i = 0; i < rows->count(); ++i) {
            const QString row =
                QStringList{rows->text(i, 0), rows->text(i, 1), rows->text(i, 2), rows->text(i, 3),
                            rows->text(i, 4), rows->text(i, 5), rows->text(i, 6)}
                    .join(u' ');
            const int reviews = rows->text(i, 4).toInt();
            QVERIFY2(rows->text(i, 2).toInt() == 1 + reviews, qPrintable(row));
            QVERIFY2(rows->text(i, 5).toInt() == reviews, qPrintable(row));
            const bool published = rows->text(i, 1) == u"published";
            QVERIFY2(rows->text(i, 6).toInt() == (published ? 1 : 0), qPrintable(row));
            QVERIFY2(published == (rows->text(i, 3) == u"active"), qPrintable(row));
        }
    }

    // project after the restart reaches the outbox head, and the projection
    // is what a rebuild makes of the canonical rows (copied to a file).
    void verifyProjectorResumes(const QString &copyName)
    {
        const CliRun project = runCli(uri(role(u"admin"_s)), {u"--json"_s, u"project"_s});
        QVERIFY2(project.ok(), qPrintable(project.describe()));
        QCOMPARE(scalar("SELECT watermark FROM projector_state"),
                 scalar("SELECT max(seq) FROM outbox"));
        QCOMPARE(scalar("SELECT count(*) FROM projector_dead_letters"), 0);
        const QString copy = m_dir.filePath(copyName);
        const CliRun back = runCli(uri(), {u"copy"_s, u"--to"_s, copy});
        QVERIFY2(back.ok(), qPrintable(back.describe()));
        const CliRun verify = runCli(copy, {u"rebuild"_s, u"--verify"_s});
        QVERIFY2(verify.ok() && verify.out.startsWith("identical"), qPrintable(verify.describe()));
    }

    void decide(const QString &principal, const QString &verb, const QString &proposal, int version)
    {
        const CliRun run = runCli(uri(role(principal)), decision(verb, proposal, version));
        QVERIFY2(run.ok(), qPrintable(run.describe()));
    }

    void restart()
    {
        QString error;
        QVERIFY2(cluster(u"restart"_s, &error), qPrintable(error));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(!qEnvironmentVariableIsEmpty("CW_PG_FAULT_STATE"));
        cluster(u"stop"_s); // a cluster a killed run left behind
        QString error;
        QVERIFY2(cluster(u"start"_s, &error), qPrintable(error));
        m_cluster.started = true;
        QFile state(qEnvironmentVariable("CW_PG_FAULT_STATE"));
        QVERIFY(state.open(QIODevice::ReadOnly));
        m_ownerUri = QString::fromUtf8(state.readAll().split('\n').value(1));
        QVERIFY(!m_ownerUri.isEmpty());

        // The demo, each principal given a role of its own (ingest's
        // db_role), PR-F0 ... PR-F19 queued; copied to the server.
        const QString file = m_dir.filePath(u"demo.db"_s);
        const CliRun demo = runCli(file, {u"demo"_s});
        QVERIFY2(demo.ok(), qPrintable(demo.describe()));
        QByteArray lines =
            PgTestServer::principalsWithRoles(file, u"replace(lower(id), '-', '_') || '_faults'"_s);
        QVERIFY(lines.contains("cora_faults") && lines.contains("admin_faults"));
        for (int n = 0; n < Proposals; ++n)
            lines += QJsonDocument(QJsonObject{{u"type"_s, u"proposal"_s},
                                               {u"id"_s, u"PR-F%1"_s.arg(n)},
                                               {u"case"_s, u"studio/servicedesk/SD-1598"_s},
                                               {u"kind"_s, u"experience"_s},
                                               {u"domain"_s, u"data"_s},
                                               {u"title"_s, u"Fault run proposal %1"_s.arg(n)},
                                               {u"outcome"_s, u"row restored"_s},
                                               {u"proof_level"_s, u"verified"_s},
                                               {u"proof_refs"_s, QJsonArray{u"P-1"_s}},
                                               {u"proposed_by"_s, u"agent-data"_s},
                                               {u"proposed_at"_s, u"2026-04-01T08:00:00Z"_s}})
                         .toJson(QJsonDocument::Compact) +
                     '\n';
        QFile records(m_dir.filePath(u"records.jsonl"_s));
        QVERIFY(records.open(QIODevice::WriteOnly) && records.write(lines) == lines.size());
        records.close();
        const CliRun ingest = runCli(file, {u"ingest"_s, records.fileName()});
        QVERIFY2(ingest.ok(), qPrintable(ingest.describe()));
        const CliRun project = runCli(file, {u"project"_s});
        QVERIFY2(project.ok(), qPrintable(project.describe()));

        auto postgres = PgConnection::connect(m_ownerUri);
        QVERIFY2(postgres, qPrintable(postgres.error()));
        QVERIFY((*postgres)->execScript("CREATE DATABASE " + m_database.toUtf8()));
        const CliRun copy = runCli(file, {u"copy"_s, u"--to"_s, uri()});
        QVERIFY2(copy.ok(), qPrintable(copy.describe()));
        for (const char *name : {"admin", "cora", "dora"})
            QVERIFY(exec(QByteArray("CREATE ROLE ") + name + "_faults LOGIN IN ROLE cw_member"));

        // The projector's backlog: Queued proposals activated on the server.
        for (int n = 0; n < Queued; ++n) {
            decide(u"cora"_s, u"approve"_s, u"PR-F%1"_s.arg(n), 1);
            decide(u"dora"_s, u"approve"_s, u"PR-F%1"_s.arg(n), 2);
            if (QTest::currentTestFailed())
                return;
        }
        QVERIFY(scalar("SELECT max(seq) FROM outbox") >=
                scalar("SELECT watermark FROM projector_state") + Queued);
    }

    // The server dies while a projector batch has written its rows and is
    // moving the watermark, with two decisions waiting for the writers' turn.
    void aBatchCutOffByACrashLeavesNothingAndResumes()
    {
        const qint64 watermark = scalar("SELECT watermark FROM projector_state");
        QVERIFY(holdBefore("UPDATE", "projector_state"));
        auto projector = startCli(uri(role(u"admin"_s)), {u"project"_s});
        QVERIFY2(waitFor("SELECT count(*) FROM pg_stat_activity WHERE wait_event = 'PgSleep'", 1),
                 "the projector's batch never reached its watermark");
        auto first = startCli(uri(role(u"cora"_s)), decision(u"approve"_s, u"PR-F12"_s, 1));
        auto second = startCli(uri(role(u"cora"_s)), decision(u"reject"_s, u"PR-F13"_s, 1));
        QVERIFY2(waitFor("SELECT count(*) FROM pg_stat_activity WHERE wait_event = 'advisory'", 2),
                 "the decisions never waited for their turn");
        QString error;
        QVERIFY2(cluster(u"kill"_s, &error), qPrintable(error));

        verifyCutOff(finishCli(*projector, WaitMs), "project");
        verifyCutOff(finishCli(*first, WaitMs), "approve");
        verifyCutOff(finishCli(*second, WaitMs), "reject");
        restart();
        QVERIFY(release("projector_state"));
        QCOMPARE(scalar("SELECT watermark FROM projector_state"), watermark);
        verifyNoPartialDecision();
        QCOMPARE(scalar("SELECT count(*) FROM reviews v JOIN proposals p ON p.revision_id = "
                        "v.revision_id WHERE p.id IN ('PR-F12', 'PR-F13')"),
                 0);
        verifyProjectorResumes(u"after-batch.db"_s);
    }

    // The server dies in the middle of an activating decision: its review
    // row, revision and proposal status are written, its outbox event is
    // being appended. None of it stands after the restart; made again, the
    // decision goes through and is projected.
    void aDecisionCutOffByACrashLeavesNothing()
    {
        decide(u"cora"_s, u"approve"_s, u"PR-F14"_s, 1);
        if (QTest::currentTestFailed())
            return;
        const qint64 head = scalar("SELECT max(seq) FROM outbox");
        QVERIFY(holdBefore("INSERT", "outbox"));
        auto activating = startCli(uri(role(u"dora"_s)), decision(u"approve"_s, u"PR-F14"_s, 2));
        QVERIFY2(waitFor("SELECT count(*) FROM pg_stat_activity WHERE wait_event = 'PgSleep'", 1),
                 "the decision never reached its outbox event");
        QString error;
        QVERIFY2(cluster(u"kill"_s, &error), qPrintable(error));
        verifyCutOff(finishCli(*activating, WaitMs), "approve");
        restart();
        QVERIFY(release("outbox"));
        QCOMPARE(scalar("SELECT max(seq) FROM outbox"), head);
        verifyNoPartialDecision();
        QCOMPARE(scalar("SELECT r.version FROM revisions r JOIN proposals p ON p.revision_id = "
                        "r.id WHERE p.id = 'PR-F14'"),
                 2);

        decide(u"dora"_s, u"approve"_s, u"PR-F14"_s, 2);
        QCOMPARE(scalar("SELECT count(*) FROM proposals WHERE id = 'PR-F14' AND status = "
                        "'published'"),
                 1);
        verifyNoPartialDecision();
        verifyProjectorResumes(u"after-decision.db"_s);
    }

    // A follower outlives its server: killed and restarted under it, it
    // connects again by itself and projects what is decided afterwards.
    void aFollowerConnectsAgainAfterTheServerRestarts()
    {
        const char *caughtUp = "SELECT CASE WHEN (SELECT watermark FROM projector_state) = "
                               "(SELECT max(seq) FROM outbox) THEN 1 ELSE 0 END";
        auto follower = startCli(uri(role(u"admin"_s)), {u"project"_s, u"--follow"_s});
        // Following: connected and told of commits (a slow start under a
        // sanitizer must not meet the kill before its first connection).
        QByteArray said;
        QVERIFY2(waitForOutput(*follower, "told of commits by the server", said, WaitMs),
                 said.constData());
        QVERIFY2(waitFor(caughtUp, 1), "the follower never caught up");
        QString error;
        QVERIFY2(cluster(u"kill"_s, &error), qPrintable(error));
        QThread::msleep(500); // the follower sees its connection go
        restart();
        decide(u"cora"_s, u"approve"_s, u"PR-F15"_s, 1);
        decide(u"dora"_s, u"approve"_s, u"PR-F15"_s, 2);
        const qint64 head = scalar("SELECT max(seq) FROM outbox");
        const bool resumed =
            waitFor(caughtUp, 1) && scalar("SELECT watermark FROM projector_state") == head;
        follower->terminate(); // SIGTERM: it stops and says where it got to
        const CliRun stopped = finishCli(*follower, WaitMs);
        QVERIFY2(resumed, qPrintable(u"the follower did not project after the restart: "_s +
                                     stopped.describe()));
        QVERIFY2(stopped.err.contains("was lost; reconnecting") &&
                     stopped.err.contains("connected to ") && !stopped.err.contains("s3cret-pw"),
                 stopped.err.constData());
        QCOMPARE(stopped.exitCode, 0);
        verifyProjectorResumes(u"after-follow.db"_s);
    }

    void cleanupTestCase()
    {
        QString error;
        QVERIFY2(cluster(u"stop"_s, &error), qPrintable(error));
        m_cluster.started = false;
    }
};

QTEST_GUILESS_MAIN(TestPgFaults)
#include "tst_pgfaults.moc"
