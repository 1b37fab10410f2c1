// First run (issue 14): after `init` every command refuses until a principal
// is mapped to the login; `init --admin` makes the login the first admin of a
// database without principals, audited, and is refused (changing nothing)
// once any principal exists. Real processes, real database files; on the
// test server (CW_TEST_BACKEND) the login is the connection's database role.
#include "CliRunner.h"
#include "Database.h"
#include "OutboxStore.h"
#include "Paths.h"
#include "TestDatabase.h"

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace cw;
using namespace cw::test;
using namespace Qt::Literals::StringLiterals;

class FirstAdminTest : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    TestDatabases m_databases{m_dir.path()};
    const bool m_onServer = TestDatabase::onServer();
    // Who the CLI takes us for, and the principal record's member naming it.
    const QString m_login = m_onServer ? TestDatabase::adminDbRole() : Paths::osLoginName();
    const QString m_loginField = m_onServer ? u"db_role"_s : u"os_user"_s;

    QString writeFile(const QString &name, const QByteArray &content)
    {
        const QString path = m_dir.filePath(name);
        QFile file(path);
        if (file.open(QIODevice::WriteOnly))
            file.write(content);
        return path;
    }

    static qint64 count(const QString &db, const char *sql)
    {
        auto opened = Database::open(db, Database::Mode::OpenExisting);
        if (!opened)
            return -1;
        auto value = (*opened)->queryInt(sql);
        return value ? *value : -1;
    }

    static QList<AuditRecord> auditOf(const QString &db, const QString &subject)
    {
        auto opened = Database::open(db, Database::Mode::OpenExisting);
        if (!opened)
            return {};
        auto rows = AuditStore(**opened).forSubject(subject);
        return rows ? *rows : QList<AuditRecord>();
    }

    // A new database whose only principal belongs to somebody else's login.
    QString databaseOfSomebodyElse(const QString &name)
    {
        const QString db = m_databases.location(name);
        const QString file = writeFile(
            name + u".jsonl"_s,
            R"({"type":"principal","id":"zoe","name":"Zoe Admin","os_user":"zoe-at-another-desk","roles":["admin"],"tenants":[],"domains":[]})"
            "\n");
        const CliRun ingested = runCli(db, {u"ingest"_s, file});
        return ingested.ok() ? db : QString();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(!m_login.isEmpty());
    }

    void afterInitEveryCommandRefusesAndInitSaysHowToGetIn()
    {
        const QString db = m_databases.location(u"new.db"_s);
        const CliRun init = runCli(db, {u"init"_s});
        QVERIFY2(init.ok(), qPrintable(init.describe()));
        QVERIFY2(init.out.contains("curation-cli init --admin"), init.out.constData());
        QVERIFY2(init.out.contains(m_login.toUtf8()), init.out.constData());
        const CliRun list = runCli(db, {u"proposals"_s});
        QCOMPARE(list.exitCode, 1);
        const char *makes =
            m_onServer ? "'curation-cli init --admin' makes your database role its first admin"
                       : "'curation-cli init --admin' makes your login its first admin";
        QVERIFY2(list.err.contains(makes), list.err.constData());
        QCOMPARE(runCli(db, {u"init"_s, u"--json"_s}).json().value(u"principals"_s).toInt(), 0);
    }

    void initAdminMakesTheLoginTheFirstAdminAndAuditsIt()
    {
        const QString db = m_databases.location(u"first.db"_s);
        const CliRun init = runCli(db, {u"init"_s, u"--admin"_s, u"--json"_s});
        QVERIFY2(init.ok(), qPrintable(init.describe()));
        const QJsonObject admin = init.json().value(u"first_admin"_s).toObject();
        QCOMPARE(admin.value(u"id"_s).toString(), m_login);
        QCOMPARE(admin.value(m_loginField).toString(), m_login);
        if (m_onServer) // the OS login plays no part there
            QVERIFY(admin.value(u"os_user"_s).isNull());
        QCOMPARE(admin.value(u"roles"_s).toArray(), QJsonArray{u"admin"_s});
        QCOMPARE(init.json().value(u"principals"_s).toInt(), 1);

        const QList<AuditRecord> audit = auditOf(db, m_login);
        QCOMPARE(audit.size(), 1);
        QCOMPARE(audit[0].action, u"init-admin"_s);
        QCOMPARE(audit[0].principal, m_login);
        QVERIFY2(audit[0].details.contains(u"\"before\":null"_s), qPrintable(audit[0].details));

        // Let in: the commands that refused before now answer.
        const CliRun list = runCli(db, {u"proposals"_s, u"--json"_s});
        QVERIFY2(list.ok(), qPrintable(list.describe()));
    }

    void initAdminWithoutAFileCreatesTheDatabaseToo()
    {
        const QString db = m_databases.location(u"fresh.db"_s);
        QVERIFY(!QFile::exists(db));
        const CliRun init = runCli(db, {u"init"_s, u"--admin"_s});
        QVERIFY2(init.ok(), qPrintable(init.describe()));
        QCOMPARE(count(db, "SELECT count(*) FROM principals"), 1);
    }

    void initAdminASecondTimeIsRefusedAndChangesNothing()
    {
        const QString db = m_databases.location(u"twice.db"_s);
        QVERIFY(runCli(db, {u"init"_s, u"--admin"_s}).ok());
        const CliRun again = runCli(db, {u"init"_s, u"--admin"_s, u"--json"_s});
        QCOMPARE(again.exitCode, 1);
        const QJsonObject error = again.json().value(u"error"_s).toObject();
        QCOMPARE(error.value(u"kind"_s).toString(), u"conflict"_s);
        const QString message = error.value(u"message"_s).toString();
        QVERIFY2(message.contains(u"already principal "_s + m_login), qPrintable(message));
        QCOMPARE(count(db, "SELECT count(*) FROM principals"), 1);
        QCOMPARE(auditOf(db, m_login).size(), 1);
    }

    // The wrong person: someone else administers the database already. The
    // login gets nothing and is told whom to ask.
    void initAdminOnADatabaseThatHasAnAdminIsRefusedNamingIt()
    {
        const QString db = databaseOfSomebodyElse(u"zoe.db"_s);
        QVERIFY(!db.isEmpty());
        const CliRun run = runCli(db, {u"init"_s, u"--admin"_s});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("admins: zoe"), run.err.constData());
        const QByteArray mapping = '"' + m_loginField.toUtf8() + "\": \"" + m_login.toUtf8() + '"';
        QVERIFY2(run.err.contains(mapping), run.err.constData());
        QCOMPARE(count(db, "SELECT count(*) FROM principals"), 1);
        QCOMPARE(count(db, "SELECT count(*) FROM audit WHERE action = 'init-admin'"), 0);
        const CliRun list = runCli(db, {u"proposals"_s});
        QCOMPARE(list.exitCode, 1); // still not let in, and not sent to init --admin
        QVERIFY2(!list.err.contains("init --admin"), list.err.constData());
    }

    void initAdminDoesNotTakeAs()
    {
        const QString db = m_databases.location(u"as.db"_s);
        const CliRun run = runCli(db, {u"init"_s, u"--admin"_s}, u"zoe"_s);
        QCOMPARE(run.exitCode, 2);
        QVERIFY(!QFile::exists(db));
    }

    // The README's first run: init --admin, then the admin ingests tenants
    // and principals, its own record with tenants and roles (audited as a
    // change of principal).
    void theReadmesFirstRunLetsTheAdminIngestAndWork()
    {
        const QString db = m_databases.location(u"readme.db"_s);
        QVERIFY(runCli(db, {u"init"_s, u"--admin"_s}).ok());
        const QByteArray me = m_login.toUtf8();
        const QString file = writeFile(
            u"people.jsonl"_s,
            R"({"type":"tenant","id":"studio","name":"Studio Ltd"})"
            "\n"
            R"({"type":"principal","id":")" +
                me + R"(","name":"First Admin",")" + m_loginField.toUtf8() + R"(":")" + me +
                R"(","roles":["admin","curator"],"tenants":["studio"],"domains":[]})"
                "\n"
                R"({"type":"principal","id":"dora","name":"Dora Quist","os_user":"dora","roles":["domain_owner"],"tenants":["studio"],"domains":["data"]})"
                "\n");
        const CliRun ingested = runCli(db, {u"ingest"_s, file, u"--json"_s});
        QVERIFY2(ingested.ok(), qPrintable(ingested.describe()));
        const QList<AuditRecord> audit = auditOf(db, m_login);
        QCOMPARE(audit.size(), 2);
        QCOMPARE(audit[1].action, u"ingest-principal"_s);
        const CliRun list = runCli(db, {u"proposals"_s});
        QVERIFY2(list.ok(), qPrintable(list.describe()));
    }

    // Issue #36, item 10: the only admin who can sign in re-mapped to no
    // login, or to one nobody has, would lock everyone out for good (init
    // --admin is refused once principals exist). Refused, naming why, and
    // nothing changes; another admin who can sign in makes it allowed.
    void aRecordThatLeavesNoAdminWhoCanSignInIsRefused()
    {
        const QString db = m_databases.location(u"lockout.db"_s);
        QVERIFY(runCli(db, {u"init"_s, u"--admin"_s}).ok());
        const QByteArray me = m_login.toUtf8();
        const QByteArray field = m_loginField.toUtf8();
        // A second admin whose login exists nowhere does not count.
        const QString stranger = writeFile(
            u"stranger.jsonl"_s,
            R"({"type":"principal","id":"zoe","name":"Zoe","os_user":"zoe-nowhere","db_role":"zoe_nowhere","roles":["admin"],"tenants":[],"domains":[]})"
            "\n");
        QVERIFY(runCli(db, {u"ingest"_s, stranger}).ok());
        for (const QByteArray &login : {QByteArray("null"), QByteArray("\"cw_no_such_login\"")}) {
            const QString file = writeFile(
                u"unmap.jsonl"_s, R"({"type":"principal","id":")" + me +
                                      R"(","name":"First Admin",")" + field + R"(":)" + login +
                                      R"(,"roles":["admin"],"tenants":[],"domains":[]})" + "\n");
            const CliRun run = runCli(db, {u"ingest"_s, file});
            QCOMPARE(run.exitCode, 1);
            QVERIFY2(run.err.contains("is the last admin who can sign in") &&
                         run.err.contains(m_onServer ? "no database role the server has"
                                                     : "no login this machine knows"),
                     run.err.constData());
            QCOMPARE(runCli(db, {u"proposals"_s}).exitCode, 0); // still let in
        }
        // Taking the role away is the same lock-out.
        const QString demote = writeFile(
            u"demote.jsonl"_s, R"({"type":"principal","id":")" + me +
                                   R"(","name":"First Admin",")" + field + R"(":")" + me +
                                   R"(","roles":["curator"],"tenants":[],"domains":[]})" + "\n");
        const CliRun demoted = runCli(db, {u"ingest"_s, demote});
        QCOMPARE(demoted.exitCode, 1);
        QVERIFY2(demoted.err.contains("would take the admin role away"), demoted.err.constData());
        QCOMPARE(count(db, "SELECT count(*) FROM principal_roles WHERE role = 'admin'"), 2);
    }
};

QTEST_GUILESS_MAIN(FirstAdminTest)
#include "tst_firstadmin.moc"
