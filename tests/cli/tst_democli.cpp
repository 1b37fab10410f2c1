// `curation-cli demo` only creates a new database (issue 10, item 1), and a
// stored version scope nobody can read is flagged, never taken as "every
// version" (item 12). Real processes, real database files.
#include "CliRunner.h"
#include "Database.h"
#include "TestDatabase.h"

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace cw;
using namespace cw::test;
using namespace Qt::Literals::StringLiterals;

class DemoCliTest : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    TestDatabases m_databases{m_dir.path()};

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

    static QString text(const QString &db, const char *sql)
    {
        auto opened = Database::open(db, Database::Mode::OpenExisting);
        if (!opened)
            return opened.error();
        auto value = (*opened)->queryText(sql);
        return value ? *value : value.error();
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void demoFillsAnEmptyDatabase()
    {
        const QString db = m_databases.location(u"empty.db"_s);
        QVERIFY(runCli(db, {u"init"_s}).ok());
        const CliRun run = runCli(db, {u"demo"_s, u"--json"_s});
        QVERIFY2(run.ok(), qPrintable(run.describe()));
        QCOMPARE(count(db, "SELECT count(*) FROM principals WHERE id = 'admin'"), 1);
        // EXP-2 is published through review: a curator and a domain owner, each as itself.
        QCOMPARE(count(db, "SELECT count(*) FROM reviews v JOIN proposals p ON "
                           "p.revision_id = v.revision_id WHERE p.id = 'PR-0'"),
                 2);
        QCOMPARE(count(db, "SELECT count(DISTINCT principal) FROM reviews v JOIN proposals p ON "
                           "p.revision_id = v.revision_id WHERE p.id = 'PR-0' AND principal = "
                           "effective_principal AND principal IN ('cora', 'owen')"),
                 2);
        QCOMPARE(text(db, "SELECT r.state FROM revisions r JOIN articles a ON a.id = r.article_id "
                          "WHERE a.ref = 'EXP-2' AND r.revision = 1"),
                 u"superseded"_s); // PR-10 superseded it in the demo's decisions
    }

    // The reproduction: a database with principals but no tenants, whose
    // admin belongs to somebody else. demo must not make the caller admin.
    void demoOnADatabaseWithAPrincipalIsRefusedAndWritesNothing()
    {
        const QString db = m_databases.location(u"existing.db"_s);
        const QString file = writeFile(
            u"admin.jsonl"_s,
            R"({"type":"principal","id":"admin","name":"Real admin","os_user":"real-admin-login","roles":["admin"],"tenants":[],"domains":[]})"
            "\n");
        const CliRun ingested = runCli(db, {u"ingest"_s, file});
        QVERIFY2(ingested.ok(), qPrintable(ingested.describe()));
        QCOMPARE(count(db, "SELECT count(*) FROM tenants"), 0);

        const CliRun demo = runCli(db, {u"demo"_s});
        QCOMPARE(demo.exitCode, 1);
        QVERIFY2(demo.err.contains("already holds records (principals"), demo.err.constData());
        QVERIFY2(demo.err.contains("only creates a new database"), demo.err.constData());
        QVERIFY2(demo.err.contains(TestDatabase::onServer() ? "CREATE DATABASE" : "--db NEW.db"),
                 demo.err.constData());
        QCOMPARE(text(db, "SELECT os_user FROM principals WHERE id = 'admin'"),
                 u"real-admin-login"_s);
        QCOMPARE(count(db, "SELECT count(*) FROM principals"), 1);
        for (const char *sql : {"SELECT count(*) FROM tenants", "SELECT count(*) FROM cases",
                                "SELECT count(*) FROM articles", "SELECT count(*) FROM audit",
                                "SELECT count(*) FROM outbox"})
            QVERIFY2(count(db, sql) == 0, sql);
    }

    void demoTwiceIsRefusedTheSecondTime()
    {
        const QString db = m_databases.location(u"twice.db"_s);
        QVERIFY(runCli(db, {u"demo"_s}).ok());
        const qint64 revisions = count(db, "SELECT count(*) FROM revisions");
        const CliRun again = runCli(db, {u"demo"_s, u"--scale"_s, u"10"_s});
        QCOMPARE(again.exitCode, 1);
        QVERIFY2(again.err.contains("already holds records"), again.err.constData());
        QCOMPARE(count(db, "SELECT count(*) FROM revisions"), revisions);
    }

    void aStoredScopeNobodyCanReadIsFlaggedRevalidate()
    {
        const QString db = m_databases.location(u"scope.db"_s);
        QVERIFY(runCli(db, {u"demo"_s}).ok());
        QVERIFY(runCli(db, {u"project"_s}).ok());
        {
            // Planted directly: input paths refuse such a scope.
            auto opened = Database::open(db, Database::Mode::OpenExisting);
            QVERIFY2(opened, qPrintable(opened.error()));
            QVERIFY((*opened)->execScript(
                "UPDATE revisions SET product_versions = 'banana >>= <<' WHERE article_id = "
                "(SELECT id FROM articles WHERE ref = 'EXP-2');"
                "UPDATE projection SET product_versions = 'banana >>= <<' WHERE ref = 'EXP-2'"));
        }
        const CliRun run =
            runCli(db, {u"query"_s, u"--strategy"_s, u"configuration"_s, u"--text"_s, u"template"_s,
                        u"--product"_s, u"lifeline"_s, u"--version"_s, u"99.0"_s, u"--json"_s});
        QVERIFY2(run.ok(), qPrintable(run.describe()));
        QJsonObject found;
        for (const QJsonValue &candidate : run.json().value(u"candidates"_s).toArray()) {
            if (candidate.toObject().value(u"ref"_s).toString() == u"EXP-2"_s)
                found = candidate.toObject();
        }
        QVERIFY2(!found.isEmpty(), run.out.constData());
        const QJsonArray flags =
            found.value(u"applicability"_s).toObject().value(u"flags"_s).toArray();
        QVERIFY2(flags.contains(u"revalidate"_s), run.out.constData());
        QVERIFY2(run.out.contains("scope unreadable ('banana >>= <<')"), run.out.constData());
    }

    void editRefusesAScopeNobodyCanRead()
    {
        const QString db = m_databases.location(u"edit.db"_s);
        QVERIFY(runCli(db, {u"demo"_s}).ok());
        const CliRun run = runCli(db,
                                  {u"edit"_s, u"PR-1"_s, u"--version"_s, u"1"_s, u"--versions"_s,
                                   u"banana >>= <<"_s, u"--reason"_s, u"scope"_s},
                                  u"cora"_s);
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("\"banana\" is not a version clause"), run.err.constData());
        QCOMPARE(text(db, "SELECT r.product_versions FROM proposals p JOIN revisions r ON r.id = "
                          "p.revision_id WHERE p.id = 'PR-1'"),
                 u">=4.0 <5.0"_s);
    }
};

QTEST_GUILESS_MAIN(DemoCliTest)
#include "tst_democli.moc"
