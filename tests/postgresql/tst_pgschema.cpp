// The PostgreSQL schema on a real server (the postgresql/server_start
// fixture): created and migrated by curation-cli init, versioned, refused
// when newer, applied once when two programs migrate at once, and errors
// that name the server without its password; the demo made there in one
// command.

#include "CliRunner.h"
#include "PgSchema.h"
#include "PgTestServer.h"
#include "ServerDatabase.h"

#include <QFileInfo>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <future>

using namespace cw;
using namespace cw::test;
using namespace Qt::StringLiterals;

class TestPgSchema : public QObject
{
    Q_OBJECT

private:
    QString m_database;
    QString m_uri;

    int tableCount(const PgConnection &db)
    {
        auto rows = db.query("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'");
        return rows ? rows->text(0, 0).toInt() : -1;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(!PgTestServer::ownerUri().isEmpty(), "the fixture started no server");
    }

    void init()
    {
        m_database = PgTestServer::unique(u"cw_schema"_s);
        QVERIFY(PgTestServer::createDatabase(m_database));
        m_uri = PgTestServer::uri(m_database);
    }

    void cleanup() { QVERIFY(PgTestServer::dropDatabase(m_database)); }

    void initCreatesTheSchemaAndAgainChangesNothing()
    {
        const CliRun first = runCli(m_uri, {u"--json"_s, u"init"_s});
        QVERIFY2(first.ok(), qPrintable(first.describe()));
        QCOMPARE(first.json().value(u"schema_version"_s).toInt(), PgSchema::currentVersion());
        QCOMPARE(first.json().value(u"db_role"_s).toString(), u"cw_owner"_s);
        QCOMPARE(first.json().value(u"principals"_s).toInt(), 0);

        auto db = PgTestServer::connect(m_uri);
        QVERIFY(db);
        const int tables = tableCount(*db);
        QVERIFY2(tables > 20, qPrintable(QString::number(tables)));
        for (const char *table : {"cases", "arrivals", "proof_records", "proposals", "revisions",
                                  "memory_use", "outbox", "projection"}) {
            auto found =
                db->query("SELECT to_regclass($1) IS NOT NULL", {QString::fromLatin1(table)});
            QVERIFY(found);
            QVERIFY2(found->text(0, 0) == u"t"_s, table);
        }

        const CliRun again = runCli(m_uri, {u"init"_s});
        QVERIFY2(again.ok(), qPrintable(again.describe()));
        QVERIFY2(again.out.contains(QByteArray("at schema version " +
                                               QByteArray::number(PgSchema::currentVersion()))),
                 again.out.constData());
        QCOMPARE(tableCount(*db), tables);
    }

    // Step 10's cw_words (a regexp) makes of every text what step 1's
    // (translate) made, so the documents indexed before it stay valid: every
    // character from U+0001 to U+2FFF, one at a time and all together.
    void theWordsOfATextAreWhatTheyWereBeforeStepTen()
    {
        QVERIFY(runCli(m_uri, {u"init"_s}).ok());
        auto db = PgTestServer::connect(m_uri);
        QVERIFY(db);
        auto differing = db->query(
            "WITH c AS (SELECT chr(n) AS t FROM generate_series(1, 12287) n "
            "UNION ALL SELECT string_agg(chr(n), '' ORDER BY n) FROM generate_series(1, 12287) n) "
            "SELECT count(*) FROM c WHERE cw_words(t) IS DISTINCT FROM "
            "translate(t, '!\"#$%&''()*+,-./:;<=>?@[\\]^_`{|}~', repeat(' ', 32))");
        QVERIFY2(differing, qPrintable(differing.error()));
        QCOMPARE(differing->text(0, 0), u"0"_s);
        auto spaces = db->query("SELECT length(replace(cw_words(string_agg(chr(n), '')), ' ', '')) "
                                "FROM generate_series(33, 126) n");
        QVERIFY(spaces);
        QCOMPARE(spaces->text(0, 0), u"62"_s); // 94 printable ASCII less 32 punctuation
    }

    // Step 11: projection keeps the indexes its statements use, by ref and
    // by rowid; filters by status, kind and domain read projection_keys.
    void theProjectionKeepsOnlyTheIndexesItIsReadBy()
    {
        QVERIFY(runCli(m_uri, {u"init"_s}).ok());
        auto db = PgTestServer::connect(m_uri);
        QVERIFY(db);
        auto indexes = db->query("SELECT string_agg(indexname, ' ' ORDER BY indexname) "
                                 "FROM pg_indexes WHERE tablename = 'projection'");
        QVERIFY2(indexes, qPrintable(indexes.error()));
        QCOMPARE(indexes->text(0, 0), u"projection_pkey projection_rowid_key"_s);
    }

    void aNewerSchemaIsRefusedAndLeftAlone()
    {
        auto db = PgTestServer::connect(m_uri);
        QVERIFY(db);
        QVERIFY(PgSchema::migrate(*db));
        QVERIFY(db->query("UPDATE schema_version SET version = 99"));
        const CliRun run = runCli(m_uri, {u"init"_s});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("schema version 99, newer than this program"),
                 run.err.constData());
        QVERIFY2(run.err.contains(m_database.toUtf8()), run.err.constData());
        QCOMPARE(PgSchema::version(*db).value(), 99);
    }

    // Two programs migrating one new database at once: the advisory lock
    // lets one apply the steps and the other find them applied.
    void twoMigrationsAtOnceApplyEachStepOnce()
    {
        auto migrate = [uri = m_uri] {
            auto db = PgConnection::connect(uri);
            if (!db)
                return db.error();
            auto version = PgSchema::migrate(**db);
            return version ? QString::number(*version) : version.error();
        };
        auto a = std::async(std::launch::async, migrate);
        auto b = std::async(std::launch::async, migrate);
        const QString current = QString::number(PgSchema::currentVersion());
        QCOMPARE(a.get(), current);
        QCOMPARE(b.get(), current);
        auto db = PgTestServer::connect(m_uri);
        QVERIFY(db);
        auto rows = db->query("SELECT count(*), max(version) FROM schema_version");
        QVERIFY(rows);
        QCOMPARE(rows->text(0, 0), u"1"_s);
        QCOMPARE(rows->text(0, 1), current);
    }

    // A failed step leaves the database as it was: nothing half-made.
    void aFailedMigrationLeavesNothing()
    {
        auto db = PgTestServer::connect(m_uri);
        QVERIFY(db);
        // A table in the way of step 1.
        QVERIFY(db->execScript("CREATE TABLE cases (id integer)"));
        auto version = PgSchema::migrate(*db);
        QVERIFY(!version);
        QVERIFY2(version.error().contains(u"001_initial.sql"_s), qPrintable(version.error()));
        QCOMPARE(PgSchema::version(*db).value(), 0);
        QCOMPARE(tableCount(*db), 1);
    }

    void anUnreachableServerIsNamedWithoutItsPassword()
    {
        QUrl url(PgTestServer::uri(m_database));
        url.setPassword(u"s3cret-word"_s);
        url.setPort(1); // nothing listens there
        const CliRun run = runCli(url.toString(), {u"init"_s});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("cannot connect to the PostgreSQL server postgresql://cw_owner@"),
                 run.err.constData());
        QVERIFY2(!run.err.contains("s3cret-word"), run.err.constData());
        QVERIFY(!PgConnection::withoutPassword(u"service=team password=s3cret-word"_s)
                     .contains(u"s3cret-word"_s));
        QCOMPARE(PgConnection::withoutPassword(
                     u"postgresql://ana:s3cret-word@db1:5432,db2:5433/team?sslmode=require"_s),
                 u"postgresql://ana@db1:5432,db2:5433/team?sslmode=require"_s);
        QCOMPARE(PgConnection::withoutPassword(u"postgresql://db1/team?password=s3cret-word"_s),
                 u"postgresql://db1/team?password=***"_s);
    }

    // The demo in one command on a server: the file's demo, its admin the
    // connection's role; after project, the admin's queue is the file's. A
    // second demo finds data there and changes nothing.
    void theDemoGoesOntoAServerDatabaseWithoutData()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString file = dir.filePath(u"demo.db"_s);
        const CliRun onFile = runCli(file, {u"--json"_s, u"demo"_s});
        QVERIFY2(onFile.ok(), qPrintable(onFile.describe()));
        const CliRun onServer = runCli(m_uri, {u"--json"_s, u"demo"_s});
        QVERIFY2(onServer.ok(), qPrintable(onServer.describe()));
        const auto made = [](QJsonObject answer) {
            answer.remove(u"database"_s);
            answer.remove(u"seconds"_s);
            return answer;
        };
        QCOMPARE(made(onServer.json()), made(onFile.json()));
        QVERIFY(onServer.json()[u"scenario_records"_s].toInt() > 20);
        for (const QString &db : {file, m_uri})
            QVERIFY(runCli(db, {u"project"_s}).ok());
        const QStringList queue{u"--json"_s, u"proposals"_s, u"--limit"_s, u"1000"_s};
        QCOMPARE(runCli(m_uri, queue).json(), runCli(file, queue).json());
        QCOMPARE(runCli(m_uri, queue, u"cora"_s).json(), runCli(file, queue, u"cora"_s).json());

        const CliRun again = runCli(m_uri, {u"--json"_s, u"demo"_s});
        QCOMPARE(again.exitCode, 1);
        QCOMPARE(again.json()[u"error"_s][u"kind"_s].toString(), u"conflict"_s);
        QVERIFY2(again.out.contains("already holds records (principals: 7 rows)"),
                 again.out.constData());
    }

    // Every command serves a server: none treats the URI as a file name.
    // (init --admin there: cli/tst_firstadmin on the server.)
    void noCommandTakesTheUriForAFileName()
    {
        QVERIFY(runCli(m_uri, {u"init"_s}).ok());
        const CliRun check = runCli(m_uri, {u"--json"_s, u"check"_s, u"--quick"_s});
        QVERIFY2(check.ok(), qPrintable(check.describe()));
        QCOMPARE(check.json()[u"scan"_s].toString(), u"quick"_s);
        QVERIFY(!QFileInfo::exists(m_uri));
    }

    // The wrong person: a member role that does not own the tables cannot
    // make itself the first admin of a database without principals (the
    // server's policy on principals), and nothing is written; the owner's
    // role then can.
    void onlyTheOwningRoleMakesTheFirstAdminOnAServer()
    {
        QVERIFY(runCli(m_uri, {u"init"_s}).ok());
        const QString member = PgTestServer::unique(u"cw_first"_s);
        auto server = PgTestServer::connect(PgTestServer::ownerUri());
        QVERIFY(server);
        QVERIFY(server->execScript("DROP ROLE IF EXISTS " + member.toUtf8() + "; CREATE ROLE " +
                                   member.toUtf8() + " LOGIN IN ROLE cw_member"));
        const CliRun refused =
            runCli(PgTestServer::uri(m_database, member), {u"--json"_s, u"init"_s, u"--admin"_s});
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.out.contains("nothing was written"), refused.out.constData());
        auto owner = PgTestServer::connect(m_uri);
        QVERIFY(owner);
        auto rows = owner->query("SELECT count(*) FROM principals");
        QVERIFY2(rows && rows->text(0, 0) == u"0"_s, "no principal was made");

        const CliRun made = runCli(m_uri, {u"--json"_s, u"init"_s, u"--admin"_s});
        QVERIFY2(made.ok(), qPrintable(made.describe()));
        QCOMPARE(made.json()[u"first_admin"_s][u"db_role"_s].toString(), u"cw_owner"_s);
        owner.reset();
        QVERIFY(server->execScript("DROP ROLE " + member.toUtf8()));
    }
};

QTEST_GUILESS_MAIN(TestPgSchema)
#include "tst_pgschema.moc"
