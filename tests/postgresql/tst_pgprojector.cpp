// The projector's batches on a server (issue #15): a batch's rows go in one
// statement, so what a batch holds must not change what it writes. The
// demo's whole outbox (activations, supersessions, retirements, several
// events of one ref) is replayed on a server over the projection it already
// has (older revisions' events only move projected_seq) and over an emptied
// one, in batches of 1, 7 and 1000 events; each time the server, and its
// copy in a file, hold what a rebuild makes (rebuild --verify on both).

#include "CliRunner.h"
#include "PgTestServer.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace cw;
using namespace cw::test;
using namespace Qt::StringLiterals;

class TestPgProjector : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_database;

    qint64 scalar(const char *sql) const
    {
        auto owner = PgTestServer::connect(PgTestServer::uri(m_database));
        auto rows = owner ? owner->query(sql) : Result<PgRows>(fail(u"no connection"_s));
        return rows && rows->count() == 1 ? rows->text(0, 0).toLongLong() : -1;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(!PgTestServer::ownerUri().isEmpty(), "the fixture started no server");
        QVERIFY(m_dir.isValid());
        const QString file = m_dir.filePath(u"demo.db"_s);
        const CliRun demo = runCli(file, {u"demo"_s});
        QVERIFY2(demo.ok(), qPrintable(demo.describe()));
        // The demo's admin is the server's table owner: it may project there.
        const QByteArray admin =
            PgTestServer::principalsWithRoles(file, u"'cw_owner'"_s, u"id = 'admin'"_s);
        QVERIFY(admin.contains("cw_owner"));
        QFile record(m_dir.filePath(u"admin.jsonl"_s));
        QVERIFY(record.open(QIODevice::WriteOnly) && record.write(admin) == admin.size());
        record.close();
        const CliRun ingest = runCli(file, {u"ingest"_s, record.fileName()});
        QVERIFY2(ingest.ok(), qPrintable(ingest.describe()));
        const CliRun project = runCli(file, {u"project"_s});
        QVERIFY2(project.ok(), qPrintable(project.describe()));

        m_database = PgTestServer::unique(u"cw_projector"_s);
        QVERIFY(PgTestServer::createDatabase(m_database));
        const CliRun copy = runCli(file, {u"copy"_s, u"--to"_s, PgTestServer::uri(m_database)});
        QVERIFY2(copy.ok(), qPrintable(copy.describe()));
        QVERIFY(scalar("SELECT count(DISTINCT ref) FROM outbox") <
                scalar("SELECT count(*) FROM outbox")); // some ref has several events
        // The last event of a ref names an older revision than its row holds
        // (as a late event would): only its projected_seq moves.
        auto owner = PgTestServer::connect(PgTestServer::uri(m_database));
        QVERIFY(owner);
        QVERIFY(owner->execScript(
            "INSERT INTO outbox (at, event, ref, revision, domain) SELECT o.at, "
            "'revision-recorded', o.ref, o.revision, o.domain FROM outbox o JOIN projection p "
            "ON p.ref = o.ref WHERE o.revision < p.revision ORDER BY o.seq LIMIT 1"));
        owner.reset();
        QVERIFY(scalar("SELECT count(*) FROM outbox o JOIN projection p ON p.ref = o.ref WHERE "
                       "o.revision < p.revision") > 0);
    }

    void cleanupTestCase() { QVERIFY(PgTestServer::dropDatabase(m_database)); }

    void replayingTheOutboxGivesWhatARebuildGives_data()
    {
        QTest::addColumn<bool>("emptied");
        QTest::addColumn<int>("batch");
        for (const bool emptied : {false, true})
            for (const int batch : {1, 7, 1000})
                QTest::addRow("%s, batches of %d", emptied ? "emptied" : "kept", batch)
                    << emptied << batch;
    }

    void replayingTheOutboxGivesWhatARebuildGives()
    {
        QFETCH(bool, emptied);
        QFETCH(int, batch);
        auto owner = PgTestServer::connect(PgTestServer::uri(m_database));
        QVERIFY(owner);
        QVERIFY(owner->execScript(QByteArray("BEGIN; UPDATE projector_state SET watermark = 0; ") +
                                  (emptied ? "DELETE FROM projection; " : "") + "COMMIT"));
        owner.reset();
        const qint64 head = scalar("SELECT max(seq) FROM outbox");
        const CliRun project =
            runCli(PgTestServer::uri(m_database),
                   {u"--json"_s, u"project"_s, u"--batch"_s, QString::number(batch)});
        QVERIFY2(project.ok(), qPrintable(project.describe()));
        QCOMPARE(project.json()[u"events"_s].toInteger(), head);
        QCOMPARE(scalar("SELECT watermark FROM projector_state"), head);
        QCOMPARE(scalar("SELECT count(*) FROM projection_fts"),
                 scalar("SELECT count(*) FROM projection"));

        const CliRun onServer =
            runCli(PgTestServer::uri(m_database), {u"rebuild"_s, u"--verify"_s});
        QVERIFY2(onServer.ok() && onServer.out.startsWith("identical"),
                 qPrintable(onServer.describe()));
        const QString copy = m_dir.filePath(u"replayed-%1-%2.db"_s.arg(emptied).arg(batch));
        const CliRun back = runCli(PgTestServer::uri(m_database), {u"copy"_s, u"--to"_s, copy});
        QVERIFY2(back.ok(), qPrintable(back.describe()));
        const CliRun verify = runCli(copy, {u"rebuild"_s, u"--verify"_s});
        QVERIFY2(verify.ok() && verify.out.startsWith("identical"), qPrintable(verify.describe()));
    }
};

QTEST_GUILESS_MAIN(TestPgProjector)
#include "tst_pgprojector.moc"
