// `curation-cli check`: the full scan for corruption that opening a database
// no longer runs (issue #16). A sound file exits 0; a damaged one exits 1
// with every problem SQLite reports; the file is never changed.

#include "CliRunner.h"
#include "Database.h"
#include "TestDatabase.h"

#include <QCryptographicHash>
#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

using namespace cw;
using namespace cw::test;
using namespace Qt::StringLiterals;

class CheckCliTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup()
    {
        m_databases.reset();
        m_dir.reset();
    }

    void aSoundDatabaseIsReportedSoundAndExitsZero();
    void aDamagedTableIsReportedWithExitOneAndLeftUntouched();
    void anAnalystMayCheckAndAnUnknownPrincipalMayNot();
    void aForeignTriggerStopsEveryCommandUntilAnAdminRepairs();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<TestDatabases> m_databases;
    QString m_db;
};

void CheckCliTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_databases = std::make_unique<TestDatabases>(m_dir->path());
    m_db = m_databases->location(u"demo.db"_s);
    const CliRun demo = runCli(m_db, {u"demo"_s});
    QVERIFY2(demo.exitCode == 0, demo.err.constData());
}

void CheckCliTest::aSoundDatabaseIsReportedSoundAndExitsZero()
{
    const CliRun text = runCli(m_db, {u"check"_s});
    QVERIFY2(text.exitCode == 0, qPrintable(text.describe()));
    // A server says first what it could not check (no checksums, no amcheck).
    QVERIFY2(
        text.out.startsWith("sound: full scan found no damage") ||
            (TestDatabase::onServer() && text.out.contains("\nsound: full scan found no damage")),
        text.out.constData());
    const CliRun json = runCli(m_db, {u"check"_s, u"--quick"_s, u"--json"_s});
    QVERIFY2(json.exitCode == 0, qPrintable(json.describe()));
    QCOMPARE(json.json().value(u"sound"_s).toBool(), true);
    QCOMPARE(json.json().value(u"scan"_s).toString(), u"quick"_s);
    QCOMPARE(json.json().value(u"problems"_s).toArray().size(), 0);
    QCOMPARE(json.json().value(u"unclean_shutdown"_s).toBool(), false);
}

void CheckCliTest::aDamagedTableIsReportedWithExitOneAndLeftUntouched()
{
    if (TestDatabase::onServer())
        QSKIP("damages a file's page; a server's damage: postgresql/tst_pgmaintenance");
    qint64 rootPage = 0;
    qint64 pageSize = 0;
    {
        auto db = Database::open(m_db, Database::Mode::OpenExisting);
        QVERIFY2(db, qPrintable(db.error()));
        rootPage =
            (*db)->queryInt("SELECT rootpage FROM sqlite_schema WHERE name = 'audit'").value();
        pageSize = (*db)->queryInt("PRAGMA page_size").value();
    }
    QVERIFY(rootPage > 1);
    QFile file(m_db);
    QVERIFY(file.open(QIODevice::ReadWrite));
    QVERIFY(file.seek((rootPage - 1) * pageSize));
    file.write("\x5a", 1); // an impossible b-tree page type
    file.close();
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray before = QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256);
    file.close();

    const CliRun text = runCli(m_db, {u"check"_s});
    QCOMPARE(text.exitCode, 1);
    QVERIFY2(text.err.contains("the database is corrupt"), qPrintable(text.describe()));
    QVERIFY2(!text.out.isEmpty(), "the problems are listed");
    const CliRun json = runCli(m_db, {u"check"_s, u"--json"_s});
    QCOMPARE(json.exitCode, 1);
    QCOMPARE(json.json().value(u"sound"_s).toBool(), false);
    QVERIFY(!json.json().value(u"problems"_s).toArray().isEmpty());
    QCOMPARE(json.json().value(u"error"_s).toObject().value(u"kind"_s).toString(), u"io"_s);

    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256), before);
}

void CheckCliTest::anAnalystMayCheckAndAnUnknownPrincipalMayNot()
{
    QCOMPARE(runCli(m_db, {u"check"_s}, u"ana"_s).exitCode, 0);
    const CliRun nobody = runCli(m_db, {u"check"_s}, u"nobody-here"_s);
    QCOMPARE(nobody.exitCode, 1);
}

// Issue #36, item 11, as the issue found it: a trigger added with sqlite3
// that makes mall an admin whenever a retrieval is recorded.
void CheckCliTest::aForeignTriggerStopsEveryCommandUntilAnAdminRepairs()
{
    if (TestDatabase::onServer())
        QSKIP("the schema catalogue is a file's: a server's schema has no trigger a member can add "
              "(docs/storage.md, \"Objects the program did not create\")");
    {
        sqlite3 *raw = nullptr;
        QCOMPARE(sqlite3_open(m_db.toUtf8().constData(), &raw), SQLITE_OK);
        QCOMPARE(sqlite3_exec(raw,
                              "CREATE TRIGGER memory_use_hook AFTER INSERT ON memory_use BEGIN "
                              "INSERT OR IGNORE INTO principal_roles(principal, role) "
                              "VALUES ('mall', 'admin'); END",
                              nullptr, nullptr, nullptr),
                 SQLITE_OK);
        sqlite3_close(raw);
    }
    const CliRun query = runCli(
        m_db,
        {u"query"_s, u"--strategy"_s, u"root-classification"_s, u"--text"_s, u"register row"_s},
        u"cora"_s);
    QCOMPARE(query.exitCode, 1);
    QVERIFY2(query.err.contains("trigger memory_use_hook, not created by this program"),
             query.err.constData());

    const CliRun listed = runCli(m_db, {u"check"_s, u"--json"_s});
    QCOMPARE(listed.exitCode, 1);
    const QJsonArray foreign = listed.json().value(u"foreign_schema"_s).toArray();
    QCOMPARE(foreign.size(), 1);
    QVERIFY(foreign.first().toString().startsWith(u"trigger memory_use_hook"_s));
    QCOMPARE(listed.json().value(u"error"_s).toObject().value(u"kind"_s).toString(), u"io"_s);

    // The wrong people: the admin acting as a curator, and as an analyst.
    for (const QString &as : {u"cora"_s, u"ana"_s}) {
        const CliRun refused = runCli(m_db, {u"check"_s, u"--repair"_s, u"--yes"_s}, as);
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.err.contains("only admins may repair"), refused.err.constData());
    }
    // Not on a terminal and not confirmed: nothing changes.
    const CliRun unconfirmed = runCli(m_db, {u"check"_s, u"--repair"_s});
    QCOMPARE(unconfirmed.exitCode, 1);
    QVERIFY2(unconfirmed.err.contains("not confirmed"), unconfirmed.err.constData());
    QCOMPARE(runCli(m_db, {u"check"_s}).exitCode, 1);

    const CliRun repaired = runCli(m_db, {u"check"_s, u"--repair"_s, u"--yes"_s});
    QVERIFY2(repaired.ok(), qPrintable(repaired.describe()));
    QVERIFY2(repaired.out.contains("repaired: dropped trigger memory_use_hook"),
             repaired.out.constData());
    const CliRun after = runCli(
        m_db,
        {u"query"_s, u"--strategy"_s, u"root-classification"_s, u"--text"_s, u"register row"_s},
        u"cora"_s);
    QVERIFY2(after.ok(), qPrintable(after.describe()));
    auto db = Database::open(m_db, Database::Mode::OpenExisting);
    QVERIFY2(db, qPrintable(db.error()));
    QCOMPARE(
        (*db)->queryInt("SELECT count(*) FROM principal_roles WHERE principal = 'mall'").value(),
        0);
}

QTEST_GUILESS_MAIN(CheckCliTest)
#include "tst_checkcli.moc"
