// project, lag and rebuild end to end: real processes on a real database file.

#include "CliRunner.h"
#include "Database.h"
#include "TestDatabase.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace cw::test;
using namespace Qt::StringLiterals;

class ProjectCliTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup()
    {
        m_databases.reset();
        m_dir.reset();
    }

    void lagJsonHasExactlyTheContractFieldsBeforeProjecting();
    void projectCatchesUpAndLagReturnsToZero();
    void projectHonoursBatchAndMaxEvents();
    void rebuildVerifyExitsOneOnADifferenceAndZeroAfterARebuild();
    void analystsReadLagButMayNotProject();
    void followAppliesEventsFromAnotherProcessAndStopsCleanlyOnSigterm();

private:
    CliRun cli(const QStringList &arguments);
    QString writeFile(const QString &name, const QByteArray &content);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<TestDatabases> m_databases;
    QString m_db;
};

void ProjectCliTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_databases = std::make_unique<TestDatabases>(m_dir->path());
    m_db = m_databases->location(u"demo.db"_s);
    const CliRun demo = cli({u"demo"_s});
    QVERIFY2(demo.exitCode == 0, demo.err.constData());
}

CliRun ProjectCliTest::cli(const QStringList &arguments)
{
    return runCli(m_db, arguments);
}

QString ProjectCliTest::writeFile(const QString &name, const QByteArray &content)
{
    const QString path = m_dir->filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(content);
    return path;
}

void ProjectCliTest::lagJsonHasExactlyTheContractFieldsBeforeProjecting()
{
    const CliRun lag = cli({u"lag"_s, u"--json"_s});
    QVERIFY2(lag.exitCode == 0, lag.err.constData());
    const QJsonObject json = lag.json();
    QCOMPARE(json.value(u"canonical_head"_s).toInteger(), 19);
    QCOMPARE(json.value(u"watermark"_s).toInteger(), 0);
    QCOMPARE(json.value(u"lag_events"_s).toInteger(), 19);
    QVERIFY(json.value(u"oldest_pending_age_s"_s).isDouble());
    QVERIFY(json.value(u"oldest_pending_age_s"_s).toDouble() >= 0);
    QCOMPARE(json.value(u"pending_by_domain"_s).toObject(), (QJsonObject{{u"assessment"_s, 1},
                                                                         {u"case-registry"_s, 2},
                                                                         {u"configuration"_s, 4},
                                                                         {u"data"_s, 8},
                                                                         {u"development"_s, 1},
                                                                         {u"infrastructure"_s, 2},
                                                                         {u"retrieval"_s, 1}}));
    QCOMPARE(json.value(u"dead_letters"_s).toInteger(), 0);
}

void ProjectCliTest::projectCatchesUpAndLagReturnsToZero()
{
    const CliRun project = cli({u"project"_s, u"--batch"_s, u"4"_s});
    QVERIFY2(project.exitCode == 0, project.err.constData());
    QCOMPARE(project.out.count("batch: "), 5);
    QVERIFY(project.out.contains("watermark 19, caught up"));
    const QJsonObject lag = cli({u"lag"_s, u"--json"_s}).json();
    QCOMPARE(lag.value(u"watermark"_s).toInteger(), 19);
    QCOMPARE(lag.value(u"lag_events"_s).toInteger(), 0);
    QCOMPARE(lag.value(u"oldest_pending_age_s"_s).toDouble(), 0.0);
    QCOMPARE(lag.value(u"pending_by_domain"_s).toObject(), QJsonObject());
    QCOMPARE(lag.value(u"recent_runs"_s).toInteger(), 5);
    const CliRun text = cli({u"lag"_s});
    QVERIFY(text.out.contains("canonical head 19, watermark 19: 0 events pending"));
    // Four batches, four index segments: merged into one before leaving (a
    // file's FTS5 index; a server's GIN index has no segments).
    if (TestDatabase::onServer())
        return;
    auto db = cw::Database::open(m_db);
    QVERIFY2(db, qPrintable(db.error()));
    QCOMPARE((*db)->queryInt("SELECT count(DISTINCT segid) FROM projection_fts_idx").value(), 1);
}

void ProjectCliTest::projectHonoursBatchAndMaxEvents()
{
    const CliRun first =
        cli({u"project"_s, u"--batch"_s, u"2"_s, u"--max-events"_s, u"5"_s, u"--json"_s});
    QVERIFY2(first.exitCode == 0, first.err.constData());
    QCOMPARE(first.json().value(u"events"_s).toInteger(), 5);
    QCOMPARE(first.json().value(u"batches"_s).toInteger(), 3);
    QCOMPARE(first.json().value(u"caught_up"_s).toBool(), false);
    QCOMPARE(cli({u"lag"_s, u"--json"_s}).json().value(u"lag_events"_s).toInteger(), 14);
    QCOMPARE(cli({u"project"_s, u"--batch"_s, u"0"_s}).exitCode, 2);
    QCOMPARE(cli({u"project"_s, u"--follow"_s, u"--max-events"_s, u"1"_s}).exitCode, 2);
}

void ProjectCliTest::rebuildVerifyExitsOneOnADifferenceAndZeroAfterARebuild()
{
    QCOMPARE(cli({u"project"_s}).exitCode, 0);
    const CliRun same = cli({u"rebuild"_s, u"--verify"_s});
    QVERIFY2(same.exitCode == 0, same.err.constData());
    QVERIFY(same.out.contains("identical: 17 live rows"));
    {
        auto db = cw::Database::open(m_db);
        QVERIFY2(db, qPrintable(db.error()));
        QVERIFY((*db)->execScript("UPDATE projection SET title = 'Tampered' WHERE ref = 'KB-12'"));
    }
    const CliRun different = cli({u"rebuild"_s, u"--verify"_s});
    QCOMPARE(different.exitCode, 1);
    QVERIFY2(different.out.contains("KB-12: title differs: live \"Tampered\""),
             different.out.constData());
    QVERIFY(different.err.contains("differs from a rebuild in 1 place"));
    const CliRun json = cli({u"rebuild"_s, u"--verify"_s, u"--json"_s});
    QCOMPARE(json.exitCode, 1);
    QCOMPARE(json.json().value(u"identical"_s).toBool(), false);

    const CliRun rebuilt = cli({u"rebuild"_s, u"--json"_s});
    QVERIFY2(rebuilt.exitCode == 0, rebuilt.err.constData());
    QCOMPARE(rebuilt.json().value(u"rows"_s).toInteger(), 17);
    QCOMPARE(rebuilt.json().value(u"watermark"_s).toInteger(), 19);
    QCOMPARE(cli({u"rebuild"_s, u"--verify"_s}).exitCode, 0);
}

void ProjectCliTest::analystsReadLagButMayNotProject()
{
    QCOMPARE(cli({u"--as"_s, u"ana"_s, u"lag"_s}).exitCode, 0);
    const CliRun project = cli({u"--as"_s, u"ana"_s, u"project"_s});
    QCOMPARE(project.exitCode, 1);
    QVERIFY(project.err.contains("only curators, domain owners and admins"));
    QCOMPARE(cli({u"--as"_s, u"ana"_s, u"rebuild"_s}).exitCode, 1);
    QCOMPARE(cli({u"--as"_s, u"cora"_s, u"project"_s}).exitCode, 0);
}

void ProjectCliTest::followAppliesEventsFromAnotherProcessAndStopsCleanlyOnSigterm()
{
    const auto process = startCli(m_db, {u"project"_s, u"--follow"_s, u"--batch"_s, u"3"_s});
    QProcess &follow = *process;
    QVERIFY(follow.waitForStarted());
    // QTRY_* evaluates the expression once more at the end: accumulate.
    QByteArray output;
    QTRY_VERIFY_WITH_TIMEOUT(
        (output += follow.readAllStandardOutput()).contains("following the outbox"), 10000);
    QTRY_COMPARE_WITH_TIMEOUT(
        cli({u"lag"_s, u"--json"_s}).json().value(u"lag_events"_s).toInteger(), qint64(0), 10000);

    const QString file = writeFile(
        u"article.jsonl"_s,
        R"({"type":"article","ref":"KB-77","kind":"domain-article","domain":"data","title":"Register repair checklist","body":"Check the register row first.","status":"active"})"
        "\n");
    const CliRun ingest = cli({u"ingest"_s, file});
    QVERIFY2(ingest.exitCode == 0, ingest.err.constData());
    QElapsedTimer waited;
    waited.start();
    QTRY_COMPARE_WITH_TIMEOUT(cli({u"lag"_s, u"--json"_s}).json().value(u"watermark"_s).toInteger(),
                              qint64(20), 10000);
    const QJsonObject lag = cli({u"lag"_s, u"--json"_s}).json();
    QCOMPARE(lag.value(u"canonical_head"_s).toInteger(), 20);
    QCOMPARE(lag.value(u"lag_events"_s).toInteger(), 0);
    QCOMPARE(lag.value(u"dead_letters"_s).toInteger(), 0);
    qInfo("the follower applied the new event within %lld ms", waited.elapsed());

    follow.terminate(); // SIGTERM
    QVERIFY(follow.waitForFinished(5000));
    QCOMPARE(follow.exitStatus(), QProcess::NormalExit);
    QCOMPARE(follow.exitCode(), 0);
    output += follow.readAllStandardOutput();
    QVERIFY2(output.contains("batch: 1 event ("), output.constData());
    QVERIFY(output.contains("stopped: "));
    QCOMPARE(cli({u"rebuild"_s, u"--verify"_s}).exitCode, 0);
}

QTEST_GUILESS_MAIN(ProjectCliTest)
#include "tst_projectcli.moc"
