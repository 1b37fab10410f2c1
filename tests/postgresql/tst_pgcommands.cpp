// The commands that serve a server answer there as they answer on the file
// it was copied from: the demo, every principal given a database role,
// copied to a server; each principal runs the same command line on both,
// on the file as the admin acting for it (--as; the demo maps only the OS
// login, to its admin) and on the server as its own role, and the JSON
// answers are identical. Who one is on a server is the connection's role:
// a role that names no principal is refused, --as stays an admin's act.

#include "CliProcess.h"
#include "McpSession.h"
#include "PgDemo.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace cw;
using namespace cw::test;
using namespace Qt::StringLiterals;

class TestPgCommands : public QObject, protected PgDemo
{
    Q_OBJECT

private:
    // The same command line on the file (the admin acting as p) and on the
    // server (p's role): both succeed with the same answer.
    void compareAnswers(const Principal &p, const QStringList &arguments)
    {
        const CliRun onFile = runCli(m_file, QStringList{u"--json"_s} + arguments, p.id);
        QVERIFY2(onFile.ok(), qPrintable(onFile.describe()));
        const CliRun onServer = runCli(serverAs(p), QStringList{u"--json"_s} + arguments);
        QVERIFY2(onServer.ok(), qPrintable(onServer.describe()));
        QCOMPARE(onServer.json(), onFile.json());
    }

    // Each step {principal, verb, proposal, version}, as that principal's role.
    void decideOnServer(const QString &database, const QList<QStringList> &steps)
    {
        for (const QStringList &step : steps) {
            const CliRun run = runCli(PgTestServer::uri(database, byId(step[0])->role),
                                      decision(step[1], step[2], step[3].toInt()));
            QVERIFY2(run.ok(), qPrintable(run.describe()));
        }
    }

private Q_SLOTS:
    void initTestCase() { setUpDemo(u"cw_commands"_s); }

    void cleanupTestCase() { tearDownDemo(); }

    // The review queue, each proposal and article in it, and the projection
    // lag as each principal sees them: the same rows, the same cases
    // redacted (the model decides on the file; on the server the policies
    // hide the case rows too), the same totals.
    void readingCommandsAnswerAsOnTheFile()
    {
        int compared = 0;
        int shown = 0;
        for (const Principal &p : std::as_const(m_principals)) {
            compareAnswers(p, {u"proposals"_s, u"--limit"_s, u"1000"_s});
            compareAnswers(p, {u"lag"_s});
            const CliRun queue = runCli(serverAs(p), {u"--json"_s, u"proposals"_s});
            QVERIFY(queue.ok());
            // Every proposal and article shown: one MCP session a side, whose
            // show is the command's (tst_mcp), rather than a process a ref.
            McpSession onFile(m_file, p.id);
            McpSession onServer(serverAs(p));
            onFile.initialize();
            onServer.initialize();
            for (const QJsonValue &row : queue.json()[u"proposals"_s].toArray()) {
                for (const QString &ref : {row[u"id"_s].toString(), row[u"article"_s].toString()}) {
                    const QJsonObject answer = onServer.call(u"show"_s, {{u"ref"_s, ref}});
                    QVERIFY2(!answer.isEmpty() && !answer[u"isError"_s].toBool(),
                             qPrintable(p.id + u" show "_s + ref));
                    QCOMPARE(answer, onFile.call(u"show"_s, {{u"ref"_s, ref}}));
                    ++shown;
                }
            }
            QVERIFY2(onFile.finish().ok() && onServer.finish().ok(), qPrintable(p.id));
            compareAnswers(p, {u"proposals"_s, u"--status"_s, u"pending"_s});
            compareAnswers(p, {u"proposals"_s, u"--limit"_s, u"5"_s});
            for (const QString &domain : m_domains)
                compareAnswers(p, {u"proposals"_s, u"--domain"_s, domain});
            for (const QString &tenant : p.tenants)
                compareAnswers(p, {u"proposals"_s, u"--tenant"_s, tenant});
            ++compared;
        }
        QVERIFY(compared >= 5);
        QVERIFY2(shown >= 50, qPrintable(u"only %1 refs shown"_s.arg(shown)));
        // Not every answer is everything: someone sees a case redacted.
        bool redacted = false;
        for (const Principal &p : std::as_const(m_principals)) {
            const CliRun run = runCli(serverAs(p), {u"--json"_s, u"proposals"_s});
            QVERIFY(run.ok());
            for (const QJsonValue &row : run.json()[u"proposals"_s].toArray())
                redacted = redacted || row[u"case_redacted"_s].toBool();
        }
        QVERIFY(redacted);
    }

    void aRoleThatIsNoPrincipalIsRefused()
    {
        const CliRun run =
            runCli(PgTestServer::uri(m_database, m_stranger), {u"--json"_s, u"proposals"_s});
        QCOMPARE(run.exitCode, 1);
        const QString out = QString::fromUtf8(run.out);
        QVERIFY2(out.contains(u"no principal is mapped to database role '%1'"_s.arg(m_stranger)),
                 run.out.constData());
        QVERIFY2(out.contains(u"\\\"db_role\\\":\\\"%1"_s.arg(m_stranger)), run.out.constData());
    }

    // --as is an admin's act on a server too; the OS login plays no part.
    void onlyAnAdminActsAsAnother()
    {
        const Principal *curator = find(false);
        const Principal *admin = find(true);
        QVERIFY(curator && admin);
        const CliRun refused =
            runCli(serverAs(*curator), {u"--json"_s, u"--as"_s, admin->id, u"proposals"_s});
        QCOMPARE(refused.exitCode, 1);
        QCOMPARE(refused.json()[u"error"_s][u"kind"_s].toString(), u"forbidden"_s);
        QVERIFY2(refused.out.contains("--as is allowed only for admins"), refused.out.constData());
        QVERIFY2(
            QString::fromUtf8(refused.out).contains(u"database role '%1'"_s.arg(curator->role)),
            refused.out.constData());

        const CliRun acting =
            runCli(serverAs(*admin), {u"--json"_s, u"--as"_s, curator->id, u"proposals"_s});
        QVERIFY2(acting.ok(), qPrintable(acting.describe()));
    }

    // Two clients decide one proposal's version at once: exactly one wins,
    // the other is told who changed it first (not that the database was
    // busy), and one review and one audit record stand, as on a file
    // (tst_processes). The test holds the writers' turn while both start,
    // so both certainly wait for it.
    void racingDecisionsOnOneVersionHaveOneWinner()
    {
        const QList<std::pair<QStringList, QStringList>> races{
            {{u"cora"_s, u"approve"_s}, {u"dora"_s, u"approve"_s}},
            {{u"cora"_s, u"approve"_s}, {u"cora"_s, u"reject"_s}},
            {{u"dora"_s, u"reject"_s}, {u"cora"_s, u"return"_s}}};
        for (qsizetype round = 0; round < races.size(); ++round) {
            const QString database = freshDatabase(u"cw_race%1"_s.arg(round));
            QVERIFY(!database.isEmpty());
            const auto &[first, second] = races[round];
            const Principal *a = byId(first[0]);
            const Principal *b = byId(second[0]);
            QVERIFY(a && b);
            auto holder = PgTestServer::connect(PgTestServer::uri(database));
            QVERIFY(holder);
            QVERIFY(holder->execScript("BEGIN; SELECT pg_advisory_xact_lock(7305003)"));
            auto ra =
                startCli(PgTestServer::uri(database, a->role), decision(first[1], u"PR-1"_s, 1));
            auto rb =
                startCli(PgTestServer::uri(database, b->role), decision(second[1], u"PR-1"_s, 1));
            QThread::msleep(400);
            QVERIFY(holder->execScript("ROLLBACK"));
            const CliRun runA = finishCli(*ra);
            const CliRun runB = finishCli(*rb);
            const QString both = runA.describe() + u" / "_s + runB.describe();
            QVERIFY2((runA.exitCode == 0) != (runB.exitCode == 0), qPrintable(both));
            const CliRun &loser = runA.exitCode == 0 ? runB : runA;
            const Principal *winner = runA.exitCode == 0 ? a : b;
            QVERIFY2(loser.exitCode == 1 && loser.err.count('\n') == 1, qPrintable(both));
            QVERIFY2(QString::fromUtf8(loser.err).contains(
                         u"PR-1 changed since version 1: %1"_s.arg(winner->id)),
                     qPrintable(both));
            QVERIFY2(!loser.err.contains("busy"), qPrintable(both));
            const auto count = [&](const char *sql) {
                auto rows = holder->query(sql);
                return rows ? rows->text(0, 0) : rows.error();
            };
            QCOMPARE(count("SELECT count(*) FROM reviews r JOIN proposals p ON p.revision_id = "
                           "r.revision_id WHERE p.id = 'PR-1' AND r.on_version = 1"),
                     u"1"_s);
            QCOMPARE(
                count("SELECT count(*) FROM audit WHERE subject = 'PR-1' AND from_version = 1"),
                u"1"_s);
            QCOMPARE(count("SELECT r.version FROM revisions r JOIN proposals p ON p.revision_id "
                           "= r.id WHERE p.id = 'PR-1'"),
                     u"2"_s);
            holder.reset();
            QVERIFY(PgTestServer::dropDatabase(database));
        }
    }

    // Decisions on the server, then its projector: the projection is what a
    // rebuild from the canonical rows makes of them (the server copied to a
    // file, where rebuild --verify compares), and the server's content index
    // finds the newly active article.
    void theServerProjectsWhatARebuildWould()
    {
        const QString database = freshDatabase(u"cw_project"_s);
        QVERIFY(!database.isEmpty());
        const Principal *admin = find(true);
        QVERIFY(admin);
        const QList<QStringList> steps{{u"cora"_s, u"approve"_s, u"PR-1"_s, u"1"_s},
                                       {u"dora"_s, u"approve"_s, u"PR-1"_s, u"2"_s},
                                       {u"cora"_s, u"reject"_s, u"PR-2"_s, u"1"_s}};
        decideOnServer(database, steps);
        if (QTest::currentTestFailed())
            return;
        const QString server = PgTestServer::uri(database, admin->role);
        const CliRun project = runCli(server, {u"--json"_s, u"project"_s});
        QVERIFY2(project.ok(), qPrintable(project.describe()));
        QVERIFY(project.json()[u"events"_s].toInt() > 0);
        const CliRun lag = runCli(server, {u"--json"_s, u"lag"_s});
        QCOMPARE(lag.json()[u"lag_events"_s].toInt(-1), 0);

        const QString copy = m_dir.filePath(u"projected.db"_s);
        const CliRun back = runCli(PgTestServer::uri(database), {u"copy"_s, u"--to"_s, copy});
        QVERIFY2(back.ok(), qPrintable(back.describe()));
        const CliRun verify = runCli(copy, {u"rebuild"_s, u"--verify"_s});
        QVERIFY2(verify.ok() && verify.out.startsWith("identical"), qPrintable(verify.describe()));
        QCOMPARE(fileAnswer(copy, u"SELECT status FROM projection WHERE ref = 'EXP-3'"_s),
                 u"active"_s);

        auto owner = PgTestServer::connect(PgTestServer::uri(database));
        QVERIFY(owner);
        auto found = owner->query(
            "SELECT p.ref FROM projection_fts f JOIN projection p ON p.rowid = f.rowid WHERE "
            "f.document @@ plainto_tsquery('cw_text', cw_words('register row period close')) "
            "AND p.ref = 'EXP-3' AND p.status = 'active'");
        QVERIFY2(found && found->count() == 1,
                 found ? "EXP-3 not found" : qPrintable(found.error()));
        owner.reset();
        QVERIFY(PgTestServer::dropDatabase(database));
    }

    // Two projectors follow one server (as on two hosts) while decisions
    // commit: woken by the server's notifications (they never query for
    // news), together they apply every event exactly once.
    void twoFollowersApplyEachEventOnce()
    {
        const QString database = freshDatabase(u"cw_follow"_s);
        QVERIFY(!database.isEmpty());
        const Principal *admin = find(true);
        QVERIFY(admin);
        const QString server = PgTestServer::uri(database, admin->role);
        const CliRun first = runCli(server, {u"project"_s});
        QVERIFY2(first.ok(), qPrintable(first.describe()));
        auto owner = PgTestServer::connect(PgTestServer::uri(database));
        QVERIFY(owner);
        const auto scalar = [&](const char *sql) {
            auto rows = owner->query(sql);
            return rows ? rows->text(0, 0).toLongLong() : -1;
        };
        const qint64 from = scalar("SELECT watermark FROM projector_state");

        QList<std::shared_ptr<QProcess>> followers;
        for (int i = 0; i < 2; ++i)
            followers << std::shared_ptr<QProcess>(
                startCli(server, {u"--json"_s, u"project"_s, u"--follow"_s, u"--batch"_s, u"1"_s}));
        for (const auto &follower : std::as_const(followers))
            QVERIFY(follower->waitForStarted());
        QThread::msleep(500); // both connected and listening
        const QList<QStringList> steps{{u"cora"_s, u"approve"_s, u"PR-1"_s, u"1"_s},
                                       {u"dora"_s, u"approve"_s, u"PR-1"_s, u"2"_s},
                                       {u"cora"_s, u"reject"_s, u"PR-2"_s, u"1"_s}};
        decideOnServer(database, steps);
        if (QTest::currentTestFailed())
            return;
        const qint64 head = scalar("SELECT max(seq) FROM outbox");
        QVERIFY(head > from);
        QElapsedTimer waited;
        waited.start();
        while (scalar("SELECT watermark FROM projector_state") < head && waited.elapsed() < 20000)
            QThread::msleep(100);
        QCOMPARE(scalar("SELECT watermark FROM projector_state"), head);
        qint64 applied = 0;
        int busy = 0;
        for (const auto &follower : std::as_const(followers)) {
            follower->terminate();
            QVERIFY(follower->waitForFinished(10000));
            const QList<QByteArray> lines = follower->readAllStandardOutput().split('\n');
            int batches = 0;
            for (const QByteArray &line : lines) {
                const QJsonObject batch = QJsonDocument::fromJson(line).object();
                if (batch[u"type"_s] == u"batch"_s) {
                    applied += batch[u"events"_s].toInteger();
                    ++batches;
                }
            }
            busy += batches > 0;
        }
        QCOMPARE(applied, head - from);
        QVERIFY(busy >= 1);
        QCOMPARE(scalar("SELECT count(*) FROM projector_dead_letters"), 0);
        owner.reset();
        QVERIFY(PgTestServer::dropDatabase(database));
    }

    // JSON Lines ingest on a server: the same report as on the file, the
    // same case, article and proposal after it, the same report again for a
    // second delivery of the same lines (every record already there); a
    // curator is refused on both.
    void ingestAnswersAsOnTheFile()
    {
        const QString database = freshDatabase(u"cw_ingest"_s);
        QVERIFY(!database.isEmpty());
        const QString file = m_dir.filePath(u"ingest.db"_s);
        QVERIFY(QFile::copy(m_file, file));
        QFile lines(m_dir.filePath(u"batch.jsonl"_s));
        QVERIFY(lines.open(QIODevice::WriteOnly));
        lines.write(
            R"jsonl({"type":"arrival","tenant":"studio","source_system":"servicedesk","source_request":"SD-9001","source_revision":"1","delivery_id":"d-9001-1","received_at":"2026-04-01T09:00:00Z","title":"Server case","body":"A register row went missing after period close.","symptom_tags":["missing-register-row"]}
{"type":"arrival","tenant":"studio","source_system":"servicedesk","source_request":"SD-9001","source_revision":"1","delivery_id":"d-9001-2","received_at":"2026-04-01T09:05:00Z","title":"Server case"}
{"type":"case_update","case":"studio/servicedesk/SD-9001","status":"completed","at":"2026-04-02T10:00:00Z","route":"data-investigation","owner":"data","disposition":"repaired"}
{"type":"proof","case":"studio/servicedesk/SD-9001","id":"P-1","kind":"sql","title":"Insert the row","content_type":"text/x-sql","content":"INSERT INTO register VALUES (1)","result":"verified","captured_at":"2026-04-02T09:00:00Z"}
{"type":"proposal","id":"PR-900","title":"A proposal made on the server","proof_level":"verified","proposed_by":"agent-data","proposed_at":"2026-04-03T08:00:00Z","domain":"data","case":"studio/servicedesk/SD-9001","proof_refs":["P-1"],"synopsis":"Recreate the row.","route":"data-investigation","mechanism":"Skipped by close.","method":"Insert it.","outcome":"Reconciled.","limits":"Only when absent."}
)jsonl");
        lines.close();
        const Principal *admin = find(true);
        const Principal *curator = byId(u"cora"_s);
        QVERIFY(admin && curator);
        const QString server = PgTestServer::uri(database, admin->role);
        const QStringList ingest{u"--json"_s, u"ingest"_s, lines.fileName()};
        for (int delivery = 1; delivery <= 2; ++delivery) {
            const CliRun onFile = runCli(file, ingest);
            const CliRun onServer = runCli(server, ingest);
            QVERIFY2(onFile.ok() && onServer.ok(),
                     qPrintable(onFile.describe() + u" / "_s + onServer.describe()));
            QCOMPARE(onServer.json(), onFile.json());
            QCOMPARE(onServer.json()[u"already_recorded"_s].toInt(), delivery == 1 ? 0 : 5);
        }
        const CliRun created = runCli(server, {u"--json"_s, u"show"_s, u"PR-900"_s});
        const QString article = created.json()[u"article"_s][u"ref"_s].toString();
        QVERIFY2(article.startsWith(u"EXP-"_s), created.out.constData());
        for (const QString &ref : {u"studio/servicedesk/SD-9001"_s, article}) {
            const CliRun onFile = runCli(file, {u"--json"_s, u"show"_s, ref});
            const CliRun onServer = runCli(server, {u"--json"_s, u"show"_s, ref});
            QVERIFY2(onServer.ok(), qPrintable(onServer.describe()));
            QCOMPARE(onServer.json(), onFile.json());
        }
        const CliRun refused = runCli(PgTestServer::uri(database, curator->role), ingest);
        QCOMPARE(refused.exitCode, 1);
        QCOMPARE(refused.json()[u"error"_s][u"kind"_s].toString(), u"forbidden"_s);
        QCOMPARE(refused.json(), runCli(file, ingest, curator->id).json());
        QVERIFY(PgTestServer::dropDatabase(database));
    }

    // A curator's edits on a server answer as on the file: after the first
    // sign-off a substantive edit outdates it, a cosmetic one keeps it, an
    // edit of a version read before is a conflict naming who changed it,
    // and a proposal whose case the curator may not read is refused; the
    // proposal then shows the same revision and approvals on both, and a
    // refused edit wrote nothing.
    void editsAnswerAsOnTheFile()
    {
        const QString database = freshDatabase(u"cw_edit"_s);
        QVERIFY(!database.isEmpty());
        const QString file = m_dir.filePath(u"edit.db"_s);
        QVERIFY(QFile::copy(m_file, file));
        const Principal *curator = byId(u"cora"_s);
        QVERIFY(curator);
        // On the file the OS login is the curator (not the admin acting for
        // her), so that both record her as the real principal.
        const QString os = fileAnswer(file, u"SELECT os_user FROM principals WHERE id = 'admin'"_s);
        QVERIFY(!os.isEmpty());
        QProcess login;
        login.start(u"sqlite3"_s,
                    {file, u"UPDATE principals SET os_user = NULL WHERE id = 'admin'; "
                           "UPDATE principals SET os_user = '%1' WHERE id = 'cora'"_s.arg(os)});
        QVERIFY(login.waitForFinished(30000) && login.exitCode() == 0);
        const QString server = PgTestServer::uri(database, curator->role);
        // The answer less the moments in it (when each edit was made).
        const auto comparable = [](const CliRun &run) { return withoutTimes(run.json()); };
        const QList<QStringList> edits{
            decision(u"approve"_s, u"PR-3"_s, 1),
            {u"edit"_s, u"PR-3"_s, u"--version"_s, u"2"_s, u"--reason"_s, u"wording"_s,
             u"--title"_s, u"Printing requests go to the template owner"_s, u"--tag"_s,
             u"printing"_s},
            {u"edit"_s, u"PR-3"_s, u"--version"_s, u"3"_s, u"--reason"_s, u"the method"_s,
             u"--method"_s, u"Route the request to the external template owner."_s},
            {u"edit"_s, u"PR-3"_s, u"--version"_s, u"3"_s, u"--reason"_s, u"stale"_s,
             u"--outcome"_s, u"read before the last edit"_s},
            {u"edit"_s, u"PR-6"_s, u"--version"_s, u"1"_s, u"--reason"_s, u"not mine"_s,
             u"--outcome"_s, u"another tenant's case"_s},
        };
        const QList<int> exits{0, 0, 0, 1, 1};
        for (qsizetype i = 0; i < edits.size(); ++i) {
            const CliRun onFile = runCli(file, QStringList{u"--json"_s} + edits[i]);
            const CliRun onServer = runCli(server, QStringList{u"--json"_s} + edits[i]);
            QCOMPARE(onFile.exitCode, exits[i]);
            QCOMPARE(onServer.exitCode, exits[i]);
            QCOMPARE(comparable(onServer), comparable(onFile));
        }
        const CliRun shown = runCli(server, {u"--json"_s, u"show"_s, u"PR-3"_s});
        QCOMPARE(shown.json()[u"revision"_s][u"method"_s].toString(),
                 u"Route the request to the external template owner."_s);
        QCOMPARE(shown.json()[u"approvals"_s].toArray().size(), 1);
        QCOMPARE(shown.json()[u"approvals"_s][0][u"current"_s].toBool(true), false);
        for (const QString &proposal : {u"PR-3"_s, u"PR-6"_s})
            QCOMPARE(comparable(runCli(server, {u"--json"_s, u"show"_s, proposal})),
                     comparable(runCli(file, {u"--json"_s, u"show"_s, proposal})));
        auto owner = PgTestServer::connect(PgTestServer::uri(database));
        QVERIFY(owner);
        auto audit = owner->query("SELECT count(*) FROM audit WHERE subject = 'PR-6' AND action "
                                  "= 'edit'");
        QVERIFY2(audit, qPrintable(audit.error()));
        QCOMPARE(audit->text(0, 0), u"0"_s);
        owner.reset();
        QVERIFY(PgTestServer::dropDatabase(database));
    }

    // A database the schema was never made in: said so, with the command
    // that makes it.
    void aServerDatabaseWithoutSchemaIsNamed()
    {
        const QString empty = PgTestServer::unique(u"cw_empty"_s);
        QVERIFY(PgTestServer::createDatabase(empty));
        const CliRun run = runCli(PgTestServer::uri(empty), {u"--json"_s, u"proposals"_s});
        QVERIFY(PgTestServer::dropDatabase(empty));
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.out.contains("has no Curation Workbench schema"), run.out.constData());
        QVERIFY2(run.out.contains("init"), run.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestPgCommands)
#include "tst_pgcommands.moc"
