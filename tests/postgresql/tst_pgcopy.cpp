// curation-cli copy --to a PostgreSQL server: the demo database, projected,
// goes over whole (every table's row count compared, the content index
// built, identity sequences past the copied ids); a non-admin, a server
// database with data and a failing table are refused and keep nothing.

#include "CliRunner.h"
#include "PgTestServer.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace cw;
using namespace cw::test;
using namespace Qt::StringLiterals;

class TestPgCopy : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_file;
    QString m_database;
    QString m_uri;

    static QString one(const PgConnection &db, const char *sql)
    {
        auto rows = db.query(sql);
        return rows ? rows->text(0, 0) : rows.error();
    }

    static QString fileAnswer(const QString &file, const QString &sql)
    {
        QProcess sqlite;
        sqlite.start(u"sqlite3"_s, {u"-readonly"_s, file, sql});
        sqlite.waitForFinished(30000);
        return QString::fromUtf8(sqlite.readAllStandardOutput()).trimmed();
    }

    // Every row of a table, sorted, SQLite's implicit row id first where the
    // table has one.
    static QStringList rowsOf(const QString &file, const QString &table)
    {
        QString rows = fileAnswer(file, u"SELECT rowid, * FROM \"%1\""_s.arg(table));
        if (rows.isEmpty())
            rows = fileAnswer(file, u"SELECT * FROM \"%1\""_s.arg(table));
        QStringList lines = rows.split(u'\n');
        lines.sort();
        return lines;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(!PgTestServer::ownerUri().isEmpty(), "the fixture started no server");
        QVERIFY(m_dir.isValid());
        m_file = m_dir.filePath(u"demo.db"_s);
        const CliRun demo = runCli(m_file, {u"demo"_s});
        QVERIFY2(demo.ok(), qPrintable(demo.describe()));
        const CliRun project = runCli(m_file, {u"project"_s});
        QVERIFY2(project.ok(), qPrintable(project.describe()));
    }

    void init()
    {
        m_database = PgTestServer::unique(u"cw_copy"_s);
        QVERIFY(PgTestServer::createDatabase(m_database));
        m_uri = PgTestServer::uri(m_database);
    }

    void cleanup() { QVERIFY(PgTestServer::dropDatabase(m_database)); }

    void theDemoGoesOverWhole()
    {
        const CliRun copy = runCli(m_file, {u"--json"_s, u"copy"_s, u"--to"_s, m_uri});
        QVERIFY2(copy.ok(), qPrintable(copy.describe()));
        const QJsonObject answer = copy.json();
        QCOMPARE(answer.value(u"counts_match"_s).toBool(), true);
        QCOMPARE(answer.value(u"to"_s).toString(), m_uri);
        qint64 sum = 0;
        QStringList tables;
        for (const QJsonValue &t : answer.value(u"tables"_s).toArray()) {
            sum += t[u"rows"_s].toInteger();
            tables << t[u"table"_s].toString();
        }
        QCOMPARE(answer.value(u"rows"_s).toInteger(), sum);
        for (const char *table : {"cases", "proposals", "revisions", "outbox", "projection",
                                  "projection_keys", "audit", "principals"})
            QVERIFY2(tables.contains(QString::fromLatin1(table)), table);

        auto db = PgTestServer::connect(m_uri);
        QVERIFY(db);
        QCOMPARE(one(*db, "SELECT count(*) FROM cases"),
                 fileAnswer(m_file, u"SELECT count(*) FROM cases"_s));
        QCOMPARE(one(*db, "SELECT string_agg(id || ':' || status, ',' ORDER BY id) FROM proposals"),
                 fileAnswer(m_file, u"SELECT group_concat(id || ':' || status, ',') FROM "
                                    "(SELECT id, status FROM proposals ORDER BY id)"_s));
        // Content search finds the same articles on both sides.
        QCOMPARE(one(*db, "SELECT string_agg(p.ref, ',' ORDER BY p.ref) FROM projection_fts f "
                          "JOIN projection p ON p.rowid = f.rowid "
                          "WHERE f.document @@ plainto_tsquery('cw_text', "
                          "cw_words('renewal register'))"),
                 fileAnswer(m_file, u"SELECT group_concat(ref, ',') FROM (SELECT p.ref FROM "
                                    "projection_fts JOIN projection p ON p.rowid = "
                                    "projection_fts.rowid WHERE projection_fts MATCH 'renewal "
                                    "register' ORDER BY p.ref)"_s));
        QVERIFY(one(*db, "SELECT count(*) FROM projection_fts").toInt() > 0);
        // A new row draws an id past the copied ones.
        QVERIFY(db->query("INSERT INTO tenants VALUES ('new', 'New')"));
        auto next = db->query("INSERT INTO cases (tenant, source_system, source_request, title, "
                              "latest_revision, opened_at, updated_at) VALUES ('new', 'desk', "
                              "'N-1', 'after the copy', 'r1', '2026-12-02T00:00:00Z', "
                              "'2026-12-02T00:00:00Z') RETURNING id");
        QVERIFY2(next, qPrintable(next.error()));
        QVERIFY(next->text(0, 0).toLongLong() >
                fileAnswer(m_file, u"SELECT max(id) FROM cases"_s).toLongLong());
    }

    void onlyAnAdminMayCopy()
    {
        const CliRun copy = runCli(m_file, {u"--json"_s, u"copy"_s, u"--to"_s, m_uri}, u"cora"_s);
        QCOMPARE(copy.exitCode, 1);
        QCOMPARE(copy.json()[u"error"_s][u"kind"_s].toString(), u"forbidden"_s);
        QVERIFY2(copy.out.contains("only admins may copy"), copy.out.constData());
        auto db = PgTestServer::connect(m_uri);
        QVERIFY(db);
        QCOMPARE(one(*db, "SELECT to_regclass('cases') IS NULL"), u"t"_s);
    }

    void aServerDatabaseWithDataIsNotOverwritten()
    {
        QVERIFY(runCli(m_file, {u"copy"_s, u"--to"_s, m_uri}).ok());
        auto db = PgTestServer::connect(m_uri);
        QVERIFY(db);
        QVERIFY(
            db->query("UPDATE cases SET title = 'kept' WHERE id = (SELECT min(id) FROM cases)"));
        const CliRun again = runCli(m_file, {u"--json"_s, u"copy"_s, u"--to"_s, m_uri});
        QCOMPARE(again.exitCode, 1);
        QCOMPARE(again.json()[u"error"_s][u"kind"_s].toString(), u"conflict"_s);
        QVERIFY2(again.out.contains("holds data already"), again.out.constData());
        QCOMPARE(one(*db, "SELECT title FROM cases WHERE id = (SELECT min(id) FROM cases)"),
                 u"kept"_s);
    }

    // A table the server refuses midway: the copy stops there and the rows
    // copied before it are gone too.
    void aFailedCopyKeepsNothing()
    {
        QVERIFY(runCli(m_uri, {u"init"_s}).ok());
        auto db = PgTestServer::connect(m_uri);
        QVERIFY(db);
        QVERIFY(db->execScript("ALTER TABLE proof_records ADD CONSTRAINT no_proofs CHECK (false)"));
        const CliRun copy = runCli(m_file, {u"copy"_s, u"--to"_s, m_uri});
        QCOMPARE(copy.exitCode, 1);
        QVERIFY2(copy.err.contains("copying proof_records"), copy.err.constData());
        QVERIFY2(copy.err.contains("no_proofs"), copy.err.constData());
        for (const char *table : {"principals", "tenants", "cases", "articles", "outbox"}) {
            const QByteArray count = "SELECT count(*) FROM " + QByteArray(table);
            QCOMPARE(one(*db, count.constData()), u"0"_s);
        }
        QCOMPARE(one(*db, "SELECT count(*) FROM projector_state"), u"1"_s);
    }

    // File -> server -> file: every row of every table the same, the
    // implicit row ids too, and the projection equal to a rebuild.
    void aCopyRoundTrips()
    {
        QVERIFY(runCli(m_file, {u"copy"_s, u"--to"_s, m_uri}).ok());
        const QString back = m_dir.filePath(u"back.db"_s);
        const CliRun copy = runCli(m_uri, {u"--json"_s, u"copy"_s, u"--to"_s, back});
        QVERIFY2(copy.ok(), qPrintable(copy.describe()));
        QCOMPARE(copy.json().value(u"from"_s).toString(), m_uri);
        const QStringList tables =
            fileAnswer(m_file, u"SELECT name FROM sqlite_schema WHERE type = 'table' AND name "
                               "NOT LIKE 'sqlite_%' AND name NOT LIKE 'projection_fts%'"_s)
                .split(u'\n');
        QVERIFY(tables.size() > 30);
        for (const QString &table : tables)
            QVERIFY2(rowsOf(m_file, table) == rowsOf(back, table), qPrintable(table));
        const CliRun verify = runCli(back, {u"rebuild"_s, u"--verify"_s});
        QVERIFY2(verify.ok() && verify.out.startsWith("identical"), qPrintable(verify.describe()));
        const QString search = u"SELECT group_concat(rowid, ',') FROM (SELECT rowid FROM "
                               "projection_fts WHERE projection_fts MATCH 'renewal register' "
                               "ORDER BY rowid)"_s;
        QCOMPARE(fileAnswer(back, search), fileAnswer(m_file, search));
        QVERIFY(!fileAnswer(back, search).isEmpty());
    }

    // Identity on a server: a principal given its database role in the file
    // (ingest's db_role) connects as that role after the copy, and the
    // server shows it the cases of its tenants only.
    void aCopiedPrincipalConnectsAsItsRole()
    {
        const QString file = m_dir.filePath(u"roles.db"_s);
        QVERIFY(fileAnswer(m_file, u".backup '%1'"_s.arg(file)).isEmpty());
        const QString role = PgTestServer::unique(u"ana"_s);
        const QString record = fileAnswer(
            file, u"SELECT json_object('type', 'principal', 'id', id, 'name', name, 'os_user', "
                  "os_user, 'db_role', '%1', 'roles', (SELECT json_group_array(role) FROM "
                  "principal_roles WHERE principal = id), 'tenants', (SELECT "
                  "json_group_array(tenant) FROM principal_tenants WHERE principal = id), "
                  "'domains', (SELECT json_group_array(domain) FROM principal_domains WHERE "
                  "principal = id)) FROM principals WHERE id = 'ana'"_s.arg(role));
        QFile lines(m_dir.filePath(u"ana.jsonl"_s));
        QVERIFY(lines.open(QIODevice::WriteOnly));
        lines.write(record.toUtf8() + '\n');
        lines.close();
        const CliRun ingest = runCli(file, {u"ingest"_s, lines.fileName()});
        QVERIFY2(ingest.ok(), qPrintable(ingest.describe()));
        QVERIFY(runCli(file, {u"copy"_s, u"--to"_s, m_uri}).ok());

        auto owner = PgTestServer::connect(m_uri);
        QVERIFY(owner);
        QVERIFY(owner->execScript("CREATE ROLE " + role.toUtf8() + " LOGIN IN ROLE cw_member"));
        QString seen;
        {
            auto ana = PgTestServer::connect(PgTestServer::uri(m_database, role));
            QVERIFY(ana);
            seen = one(*ana, "SELECT string_agg(id::text, ',' ORDER BY id) FROM cases");
        }
        QVERIFY(
            owner->execScript("DROP OWNED BY " + role.toUtf8() + "; DROP ROLE " + role.toUtf8()));
        const QString readable = fileAnswer(
            file, u"SELECT group_concat(id, ',') FROM (SELECT c.id FROM cases c WHERE c.tenant "
                  "IN (SELECT tenant FROM principal_tenants WHERE principal = 'ana') OR c.id IN "
                  "(SELECT case_id FROM grants WHERE principal = 'ana') ORDER BY c.id)"_s);
        QVERIFY(!readable.isEmpty());
        QCOMPARE(seen, readable);
        QVERIFY(readable != fileAnswer(file, u"SELECT group_concat(id, ',') FROM cases"_s));
    }

    // From a server only the owner of the tables copies: any other role
    // sees only its own rows through row-level security.
    void onlyTheOwnerCopiesAServer()
    {
        QVERIFY(runCli(m_file, {u"copy"_s, u"--to"_s, m_uri}).ok());
        const QString role = PgTestServer::unique(u"member"_s);
        auto owner = PgTestServer::connect(m_uri);
        QVERIFY(owner);
        QVERIFY(owner->execScript("CREATE ROLE " + role.toUtf8() + " LOGIN IN ROLE cw_member"));
        const QString back = m_dir.filePath(u"member.db"_s);
        const CliRun copy =
            runCli(PgTestServer::uri(m_database, role), {u"--json"_s, u"copy"_s, u"--to"_s, back});
        QVERIFY(owner->execScript("DROP ROLE " + role.toUtf8()));
        QCOMPARE(copy.exitCode, 1);
        QCOMPARE(copy.json()[u"error"_s][u"kind"_s].toString(), u"forbidden"_s);
        QVERIFY2(copy.out.contains("does not own the tables"), copy.out.constData());
        QVERIFY(!QFileInfo::exists(back));

        const CliRun existing = runCli(m_uri, {u"copy"_s, u"--to"_s, m_file});
        QCOMPARE(existing.exitCode, 1);
        QVERIFY2(existing.err.contains("exists already"), existing.err.constData());
    }

    void copiesGoBetweenAFileAndAServer()
    {
        const CliRun toFile = runCli(m_file, {u"copy"_s, u"--to"_s, m_dir.filePath(u"other.db"_s)});
        QCOMPARE(toFile.exitCode, 2);
        QVERIFY2(toFile.err.contains("a file's copy goes to a PostgreSQL server"),
                 toFile.err.constData());
        const CliRun toServer = runCli(m_uri, {u"copy"_s, u"--to"_s, m_uri});
        QCOMPARE(toServer.exitCode, 2);
        QVERIFY2(toServer.err.contains("between two servers, use pg_dump"),
                 toServer.err.constData());
        const CliRun none = runCli(m_file, {u"copy"_s});
        QCOMPARE(none.exitCode, 2);
        QVERIFY2(none.err.contains("--to DB is required"), none.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestPgCopy)
#include "tst_pgcopy.moc"
