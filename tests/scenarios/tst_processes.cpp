// Several processes, one database (issue 3): real curation-cli processes
// racing for one proposal, a `project --follow` process projecting while
// other processes decide, and processes killed with SIGKILL in the middle of
// a decision or a projector batch. Every scenario works on fresh copies of
// one demo database; every wait is bounded.

#include "CliProcess.h"
#include "Clock.h"
#include "DecisionChild.h"
#include "DecisionInvariants.h"
#include "DecisionScript.h"
#include "Statement.h"
#include "Transaction.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <optional>

using namespace cw;
using namespace cw::test;
using namespace Qt::StringLiterals;

namespace {

// The projector backlog: `demo --scale` cases, projected in batches of Batch.
constexpr int BacklogScale = 2000;
constexpr int Batch = 100;

std::unique_ptr<Database> openExisting(const QString &path, QString &error)
{
    auto db = Database::open(path, Database::Mode::OpenExisting);
    if (!db) {
        error = db.error();
        return nullptr;
    }
    return std::move(*db);
}

// Every row of the projection and its FTS index, as text, in ref order.
QStringList projectionDump(const Database &db)
{
    QStringList rows;
    for (const char *sql : {"SELECT * FROM projection ORDER BY ref",
                            "SELECT ref, title, synopsis, body FROM projection_fts ORDER BY ref"}) {
        Statement s = db.prepare(sql);
        while (auto row = s.step()) {
            if (!*row)
                break;
            QStringList columns;
            for (int c = 0; c < s.columnCount(); ++c)
                columns << (s.isNull(c) ? u"<null>"_s : s.text(c));
            rows << columns.join(u'|');
        }
    }
    return rows;
}

} // namespace

class TestProcesses : public QObject
{
    Q_OBJECT

private:
    // Made by the parent only: the children it kills would leave theirs behind.
    std::optional<QTemporaryDir> m_dir;
    QString m_demo;
    Baseline m_base;
    quint32 m_seed = QRandomGenerator::global()->generate();
    QRandomGenerator m_random{m_seed};

    QString copyOfDemo(const QString &name)
    {
        const QString path = m_dir->filePath(name);
        return copyDatabase(m_demo, path) ? path : QString();
    }

    // Some of the script's steps (1-based, on different subjects) through
    // concurrent CLI processes, each on the version current before they
    // start. Returns what went wrong, or an empty string.
    QString runScriptWave(const QString &db, const Database &reader, const QList<int> &steps)
    {
        std::vector<std::unique_ptr<QProcess>> running;
        for (int n : steps) {
            const ScriptStep &step = decisionScript[size_t(n - 1)];
            const int version = versionFor(reader, step);
            running.push_back(runsThroughCli(reader, step)
                                  ? startCli(db, cliArgumentsFor(step, version, n),
                                             QString::fromLatin1(step.as))
                                  : startStepChild(db, n));
        }
        QString problems;
        for (size_t i = 0; i < running.size(); ++i) {
            const CliRun run = finishCli(*running[i]);
            if (run.exitCode != 0)
                problems += u"step %1: %2\n"_s.arg(steps[qsizetype(i)]).arg(run.describe());
        }
        return problems;
    }

    // One step of the script taken by a child process as its principal.
    static std::unique_ptr<QProcess> startStepChild(const QString &db, int step)
    {
        auto child = std::make_unique<QProcess>();
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QString::fromLatin1(child::DatabaseVariable), db);
        environment.insert(QString::fromLatin1(child::StepVariable), QString::number(step));
        child->setProcessEnvironment(environment);
        child->start(QCoreApplication::applicationFilePath(), {u"childMakesDecisions"_s});
        return child;
    }

    CliRun waitForZeroLag(const QString &db, qint64 &waitedMs)
    {
        QElapsedTimer timer;
        timer.start();
        for (;;) {
            CliRun lag = runCli(db, {u"lag"_s, u"--json"_s});
            const QJsonObject json = lag.json();
            if (lag.exitCode != 0 || timer.elapsed() > 10000 ||
                (json.value(u"lag_events"_s).toInteger(-1) == 0 &&
                 json.value(u"watermark"_s) == json.value(u"canonical_head"_s))) {
                waitedMs = timer.elapsed();
                return lag;
            }
            QThread::msleep(50);
        }
    }

    void checkProjectorResumesAndVerifies(const QString &db)
    {
        const CliRun resumed = runCli(db, {u"project"_s, u"--json"_s});
        QVERIFY2(resumed.exitCode == 0, qPrintable(resumed.describe()));
        QVERIFY(resumed.json().value(u"caught_up"_s).toBool());
        const CliRun verify = runCli(db, {u"rebuild"_s, u"--verify"_s});
        QVERIFY2(verify.exitCode == 0, qPrintable(verify.describe()));
    }

    void killDecisionChild(const QString &db, const QString &pauseAt, int step, QByteArray &seen)
    {
        QProcess child;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QString::fromLatin1(child::DatabaseVariable), db);
        environment.insert(QString::fromLatin1(child::PauseVariable), pauseAt);
        child.setProcessEnvironment(environment);
        child.start(QCoreApplication::applicationFilePath(), {u"childMakesDecisions"_s});
        const QByteArray line =
            (pauseAt.isEmpty() ? "@step " : "@paused ") + QByteArray::number(step) + '\n';
        const bool reached = waitForOutput(child, line, seen);
        if (pauseAt.isEmpty())
            QThread::usleep(m_random.bounded(3000)); // somewhere in or just after step N
        child.kill();
        child.waitForFinished(5000);
        seen += child.readAllStandardOutput();
        QVERIFY2(reached, seen.constData());
        QVERIFY2(!seen.contains("@refused"), seen.constData());
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (qEnvironmentVariableIsSet(child::DatabaseVariable))
            return;
        qInfo("random seed %u", m_seed);
        m_dir.emplace();
        QVERIFY(m_dir->isValid());
        m_demo = m_dir->filePath(u"demo.db"_s);
        const CliRun demo = runCli(m_demo, {u"demo"_s});
        QVERIFY2(demo.exitCode == 0, qPrintable(demo.describe()));
        QString error;
        auto db = openExisting(m_demo, error);
        QVERIFY2(db, qPrintable(error));
        m_base = Baseline::of(*db);
    }

    // The checks the scenarios rely on are not vacuous: half a decision
    // (its outbox event, audit row or review row gone) is reported.
    void invariantChecksReportHalfADecision_data()
    {
        QTest::addColumn<QByteArray>("tamper");
        QTest::addColumn<QString>("reported");
        QTest::newRow("no outbox event") << QByteArray("DELETE FROM outbox WHERE seq = (SELECT "
                                                       "max(seq) FROM outbox)")
                                         << u"revision-activated events"_s;
        QTest::newRow("no audit row") << QByteArray("DELETE FROM audit WHERE id = (SELECT max(id) "
                                                    "FROM audit)")
                                      << u"without exactly one audit row"_s;
        QTest::newRow("no review row") << QByteArray("DELETE FROM reviews WHERE id = (SELECT "
                                                     "max(id) FROM reviews)")
                                       << u"audited decisions"_s;
    }

    void invariantChecksReportHalfADecision()
    {
        QFETCH(QByteArray, tamper);
        QFETCH(QString, reported);
        const QString db = copyOfDemo(u"tampered.db"_s);
        QString error;
        {
            auto reader = openExisting(db, error);
            QVERIFY2(reader, qPrintable(error));
            for (int step : {1, 2}) { // cora's approval, then dora's activates EXP-3
                const QString problems = runScriptWave(db, *reader, {step});
                QVERIFY2(problems.isEmpty(), qPrintable(problems));
            }
            QCOMPARE(decisionsAgree(*reader, m_base), QString());
        }
        auto after = openExisting(db, error);
        QVERIFY2(after, qPrintable(error));
        QVERIFY(after->prepare(tamper.constData()).exec());
        const QString problems = decisionsAgree(*after, m_base);
        QVERIFY2(problems.contains(reported), qPrintable(problems));
    }

    void racingDecisionsOnOneVersionHaveOneWinner()
    {
        struct Contender
        {
            QString as;
            QString verb;
        };
        const QList<std::pair<Contender, Contender>> races{
            {{u"cora"_s, u"approve"_s}, {u"cora"_s, u"reject"_s}},
            {{u"cora"_s, u"approve"_s}, {u"dora"_s, u"approve"_s}},
            {{u"dora"_s, u"reject"_s}, {u"cora"_s, u"return"_s}},
            {{u"cora"_s, u"reject"_s}, {u"dora"_s, u"approve"_s}},
            {{u"dora"_s, u"approve"_s}, {u"cora"_s, u"approve"_s}},
            {{u"cora"_s, u"return"_s}, {u"cora"_s, u"approve"_s}}};
        for (qsizetype round = 0; round < races.size(); ++round) {
            const QString db = copyOfDemo(u"race-%1.db"_s.arg(round));
            QVERIFY(!db.isEmpty());
            // Every other round the test holds the write lock while both
            // start, so both are certainly waiting in BEGIN IMMEDIATE.
            QString error;
            auto holder = round % 2 ? openExisting(db, error) : nullptr;
            std::optional<Transaction> lock;
            if (holder)
                lock.emplace(*holder);
            const auto &[first, second] = races[round];
            auto a = startCli(db, decision(first.verb, u"PR-1"_s, 1), first.as);
            auto b = startCli(db, decision(second.verb, u"PR-1"_s, 1), second.as);
            if (lock) {
                QVERIFY(lock->isActive());
                QThread::msleep(400);
                lock->rollback();
            }
            const CliRun ra = finishCli(*a);
            const CliRun rb = finishCli(*b);
            const QString both = ra.describe() + u" / "_s + rb.describe();
            QVERIFY2((ra.exitCode == 0) != (rb.exitCode == 0), qPrintable(both));
            const CliRun &loser = ra.exitCode == 0 ? rb : ra;
            const Contender &winner = ra.exitCode == 0 ? first : second;
            QVERIFY2(loser.exitCode == 1 && loser.err.count('\n') == 1, qPrintable(both));
            const QString expected =
                u"PR-1 changed since version 1: %1 (via admin) "_s.arg(winner.as);
            QVERIFY2(QString::fromUtf8(loser.err).contains(expected) && loser.err.contains(" at "),
                     qPrintable(both));
            QVERIFY2(!loser.err.contains("locked") && !loser.err.contains("busy"),
                     qPrintable(both));

            auto after = openExisting(db, error);
            QVERIFY2(after, qPrintable(error));
            QCOMPARE(scalar(*after, "SELECT count(*) FROM reviews r JOIN proposals p ON "
                                    "p.revision_id = r.revision_id WHERE p.id = 'PR-1' AND "
                                    "r.on_version = 1"),
                     1);
            QCOMPARE(scalar(*after,
                            "SELECT count(*) FROM audit WHERE id > ?1 AND subject = "
                            "'PR-1' AND from_version = 1",
                            {m_base.lastAudit}),
                     1);
            const QString problems = decisionsAgree(*after, m_base);
            QVERIFY2(problems.isEmpty(), qPrintable(problems));
            const CliRun show = runCli(db, {u"show"_s, u"PR-1"_s, u"--json"_s});
            QCOMPARE(show.json().value(u"revision"_s).toObject().value(u"version"_s).toInt(), 2);
        }
    }

    void followerProjectsWhatOtherProcessesDecide()
    {
        QElapsedTimer timer;
        timer.start();
        const QString db = copyOfDemo(u"follow.db"_s);
        auto follower = startCli(db, {u"project"_s, u"--follow"_s, u"--batch"_s, u"50"_s});
        QByteArray seen;
        QVERIFY2(waitForOutput(*follower, "following the outbox", seen), seen.constData());
        QString error;
        auto reader = openExisting(db, error);
        QVERIFY2(reader, qPrintable(error));
        // Steps on different proposals run at the same time.
        const QList<QList<int>> waves{{1, 3}, {2, 4}, {5},      {6},  {7},
                                      {8, 9}, {10},   {11, 12}, {13}, {14}};
        for (const QList<int> &wave : waves) {
            const QString problems = runScriptWave(db, *reader, wave);
            QVERIFY2(problems.isEmpty(), qPrintable(problems));
        }
        qint64 waitedMs = 0;
        const CliRun lag = waitForZeroLag(db, waitedMs);
        QVERIFY2(lag.json().value(u"lag_events"_s).toInteger(-1) == 0, qPrintable(lag.describe()));
        const CliRun verify = runCli(db, {u"rebuild"_s, u"--verify"_s});
        QVERIFY2(verify.exitCode == 0, qPrintable(verify.describe()));
        const QString problems = decisionsAgree(*reader, m_base);
        QVERIFY2(problems.isEmpty(), qPrintable(problems));

        follower->terminate(); // SIGTERM
        const CliRun stopped = finishCli(*follower, 5000);
        QVERIFY2(stopped.exitCode == 0, qPrintable(stopped.describe()));
        QVERIFY2(stopped.err.isEmpty(), stopped.err.constData());
        qInfo("lag reached 0 %lld ms after the last decision; scenario %lld ms", waitedMs,
              timer.elapsed());
    }

    void killedDecisionsAreAllOrNothing()
    {
        QElapsedTimer timer;
        timer.start();
        const int steps = int(decisionScript.size());
        const QStringList pauses{u"commit"_s, u"wal"_s,  QString(), u"commit"_s,
                                 u"wal"_s,    QString(), QString()};
        for (qsizetype round = 0; round < pauses.size(); ++round) {
            const QString db = copyOfDemo(u"kill-decision-%1.db"_s.arg(round));
            const int step = 1 + int(m_random.bounded(steps));
            const QString pauseAt =
                pauses[round].isEmpty() ? QString() : pauses[round] + u':' + QString::number(step);
            QByteArray seen;
            killDecisionChild(db, pauseAt, step, seen);
            if (QTest::currentTestFailed())
                return;

            QString error;
            auto after = openExisting(db, error);
            QVERIFY2(after, qPrintable(error));
            const QString problems = decisionsAgree(*after, m_base);
            QVERIFY2(problems.isEmpty(), qPrintable(problems));
            const QSet<QString> committed = committedReasons(*after, m_base);
            int done = 0;
            while (committed.contains(reasonFor(done + 1)))
                ++done;
            QCOMPARE(committed.size(), done); // a prefix of the script, no holes
            if (pauses[round] == "commit"_L1)
                QCOMPARE(done, step - 1); // killed inside step's commit: none of it
            else if (pauses[round] == "wal"_L1)
                QCOMPARE(done, step); // killed right after it: all of it
            else
                QVERIFY2(done >= step - 1, qPrintable(u"%1 < %2"_s.arg(done).arg(step - 1)));
            qInfo("round %lld: killed at %s step %d; %d steps committed", round,
                  pauses[round].isEmpty() ? "random point after" : qPrintable(pauses[round]), step,
                  done);
            after.reset();
            checkProjectorResumesAndVerifies(db);
            if (QTest::currentTestFailed())
                return;
        }
        qInfo("scenario %lld ms", timer.elapsed());
    }

    void killedProjectorBatchKeepsRowsAndWatermarkTogether()
    {
        QElapsedTimer timer;
        timer.start();
        const QString backlog = m_dir->filePath(u"backlog.db"_s);
        const CliRun made =
            runCli(backlog, {u"demo"_s, u"--scale"_s, QString::number(BacklogScale)});
        QVERIFY2(made.exitCode == 0, qPrintable(made.describe()));
        QString error;
        auto source = openExisting(backlog, error);
        QVERIFY2(source, qPrintable(error));
        const std::int64_t from = scalar(*source, "SELECT watermark FROM projector_state");
        const std::int64_t head = scalar(*source, "SELECT max(seq) FROM outbox");
        QCOMPARE(scalar(*source, "SELECT count(*) FROM outbox WHERE seq > ?1", {from}),
                 head - from); // seqs without gaps: batch ends are from + k * Batch
        source.reset();
        const QStringList project{u"project"_s, u"--batch"_s, QString::number(Batch)};

        const QString whole = m_dir->filePath(u"project-whole.db"_s);
        QVERIFY(copyDatabase(backlog, whole));
        const CliRun wholeRun = runCli(whole, project + QStringList{u"--json"_s});
        QCOMPARE(wholeRun.exitCode, 0);
        const qint64 projectingMs = wholeRun.json().value(u"elapsed_ms"_s).toInteger();
        qInfo("backlog of %lld events; `project --batch %d` projects them in %lld ms",
              qint64(head - from), Batch, projectingMs);

        for (int round = 0; round < 4; ++round) {
            const QString db = m_dir->filePath(u"kill-project-%1.db"_s.arg(round));
            QVERIFY(copyDatabase(backlog, db));
            // Killed while it projects: after it has opened the database
            // (its first line), at a random point of the time projecting takes.
            auto projector = startCli(db, project);
            QByteArray seen;
            waitForOutput(*projector, "batch: ", seen, 5000);
            QThread::msleep(m_random.bounded(quint32(projectingMs) + 1));
            projector->kill();
            finishCli(*projector, 5000);

            auto after = openExisting(db, error);
            QVERIFY2(after, qPrintable(error));
            QCOMPARE(*after->queryText("PRAGMA integrity_check"), u"ok"_s);
            const std::int64_t watermark = scalar(*after, "SELECT watermark FROM projector_state");
            QVERIFY2((watermark - from) % Batch == 0 || watermark == head,
                     qPrintable(u"watermark %1 is not the end of a batch"_s.arg(watermark)));
            if (watermark > from)
                QCOMPARE(scalar(*after, "SELECT watermark FROM projector_runs ORDER BY id DESC "
                                        "LIMIT 1"),
                         watermark);
            // The rows are those a projector writes up to that watermark.
            const QString reference = m_dir->filePath(u"reference-%1.db"_s.arg(round));
            QVERIFY(copyDatabase(backlog, reference));
            const CliRun upTo =
                runCli(reference,
                       project + QStringList{u"--max-events"_s, QString::number(watermark - from)});
            QVERIFY2(upTo.exitCode == 0, qPrintable(upTo.describe()));
            auto expected = openExisting(reference, error);
            QVERIFY2(expected, qPrintable(error));
            QCOMPARE(scalar(*expected, "SELECT watermark FROM projector_state"), watermark);
            QCOMPARE(projectionDump(*after), projectionDump(*expected));
            qInfo("round %d: killed at watermark %lld of %lld", round, qint64(watermark),
                  qint64(head));
            after.reset();
            checkProjectorResumesAndVerifies(db);
            if (QTest::currentTestFailed())
                return;
        }
        qInfo("scenario %lld ms", timer.elapsed());
    }

    void childMakesDecisions()
    {
        const QString path = qEnvironmentVariable(child::DatabaseVariable);
        if (path.isEmpty())
            QSKIP("the child process of killedDecisionsAreAllOrNothing");
        QString error;
        auto db = openExisting(path, error);
        QVERIFY2(db, qPrintable(error));
        const Clock clock{};
        ReviewWorkflow workflow(*db, clock);
        if (const int only = qEnvironmentVariableIntValue(child::StepVariable); only > 0) {
            const ScriptStep &step = decisionScript[size_t(only - 1)];
            auto actor = actorFor(*db, step);
            QVERIFY2(actor, qPrintable(actor.error()));
            auto outcome = perform(workflow, *actor, step, versionFor(*db, step), only);
            QVERIFY2(outcome, qPrintable(outcome.error()));
            return;
        }
        child::installPauseHooks(*db, qEnvironmentVariable(child::PauseVariable));
        for (const ScriptStep &step : decisionScript) {
            const int n = child::beginStep();
            auto actor = actorFor(*db, step);
            QVERIFY2(actor, qPrintable(actor.error()));
            auto outcome = perform(workflow, *actor, step, versionFor(*db, step), n);
            if (!outcome)
                child::announce("@refused", n);
            QVERIFY2(outcome, qPrintable(outcome.error()));
        }
    }
};

QTEST_GUILESS_MAIN(TestProcesses)
#include "tst_processes.moc"
