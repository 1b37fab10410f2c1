#include "ArticleStore.h"
#include "Database.h"
#include "Schema.h"
#include "Statement.h"
#include "Transaction.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <sqlite3.h>

using namespace cw;
using namespace Qt::StringLiterals;

class DatabaseTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void bindsValuesOfEveryType();
    void refusesSqlWithMoreThanOneStatement();
    void reportsWhyAStatementCouldNotBePrepared();
    void reportsABindingToAParameterThatDoesNotExist();
    void migratesAnEmptyFileToTheCurrentSchema();
    void setsThePragmasItPromises();
    void refusesAFileOfGarbageAndLeavesItUntouched();
    void refusesATruncatedDatabaseAndLeavesItUntouched();
    void refusesAnotherApplicationsDatabaseAndLeavesItUntouched_data();
    void refusesAnotherApplicationsDatabaseAndLeavesItUntouched();
    void refusesADatabaseWithANewerSchemaVersion();
    void refusesToCreateAMissingFileWhenAskedToOpenAnExistingOne();
    void backsUpToACopyThatOpensWithTheSameRows();
    void aReadOnlyConnectionSeesCommitsAndRefusesWrites();
    void aReadOnlyConnectionRefusesAnUnmigratedFile();
    void aCheckedReadOnlyOpenReadsAReadOnlyFolderAndWritesNothing();
    void aCheckedReadOnlyOpenRefusesAnOlderSchemaAndSaysHowToMigrate();
    void aDamagedPageIsFoundByTheIntegrityCheckNotByOpen();
    void aCleanOpenDoesNotScanTheFile();
    void aFileLeftByAProcessThatDiedIsScannedOnOpen();
    void aDamagedFileLeftByAProcessThatDiedIsRefusedOnOpen();
    void aFileNamedLikeAnSqliteUriIsThatFile();
    void aFullDiskIsCalledAFullDisk();
    void theInterruptCheckEndsARunningStatement();
    void enforcesOneActiveRevisionPerArticle();
    void enforcesForeignKeys();

private:
    QString path(const QString &name) const { return m_dir->filePath(name); }
    std::unique_ptr<Database> open(const QString &file);
    static QByteArray bytes(const QString &file);
    static void writeBytes(const QString &file, const QByteArray &data);
    // A database file written by someone else, straight through SQLite.
    static void createForeign(const QString &file, const char *sql);
    std::int64_t insertArticle(Database &db, const QString &ref);
    static Status insertRevision(Database &db, std::int64_t articleId, int revision,
                                 const char *state);

    std::unique_ptr<QTemporaryDir> m_dir;
};

void DatabaseTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

void DatabaseTest::cleanup()
{
    m_dir.reset();
}

std::unique_ptr<Database> DatabaseTest::open(const QString &file)
{
    auto db = Database::open(file);
    if (!db) {
        qWarning("%s", qPrintable(db.error()));
        return nullptr;
    }
    return std::move(*db);
}

QByteArray DatabaseTest::bytes(const QString &file)
{
    QFile f(file);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void DatabaseTest::writeBytes(const QString &file, const QByteArray &data)
{
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(f.write(data), data.size());
}

void DatabaseTest::createForeign(const QString &file, const char *sql)
{
    sqlite3 *raw = nullptr;
    QCOMPARE(sqlite3_open(file.toUtf8().constData(), &raw), SQLITE_OK);
    QCOMPARE(sqlite3_exec(raw, sql, nullptr, nullptr, nullptr), SQLITE_OK);
    QCOMPARE(sqlite3_close(raw), SQLITE_OK);
}

std::int64_t DatabaseTest::insertArticle(Database &db, const QString &ref)
{
    ArticleStore articles(db);
    ArticleRecord article;
    article.ref = ref;
    article.kind = QStringLiteral("decision");
    article.domain = QStringLiteral("data");
    article.createdAt = QStringLiteral("2026-03-01T09:00:00Z");
    auto id = articles.insertArticle(article);
    return id ? *id : -1;
}

Status DatabaseTest::insertRevision(Database &db, std::int64_t articleId, int revision,
                                    const char *state)
{
    Statement s = db.prepare("INSERT INTO revisions (article_id, revision, state, title, "
                             "created_at, updated_at) VALUES (?1, ?2, ?3, 'T', 'now', 'now')");
    s.bind(1, articleId).bind(2, revision).bind(3, state);
    return s.exec();
}

void DatabaseTest::bindsValuesOfEveryType()
{
    auto db = open(u":memory:"_s);
    QVERIFY(db);
    Statement s = db->prepare("SELECT ?1, ?2, ?3, ?4, ?5, typeof(?5), ?6, ?7, ?8, ?9, typeof(?10)");
    QVERIFY2(s.isValid(), qPrintable(s.prepareError()));
    s.bind(1, std::int64_t(1) << 40).bind(2, 2.5).bind(3, u"grüße ✓"_s).bind(4, 7);
    s.bind(5, QString()).bind(6, QByteArray("bytes")).bind(7, "utf8");
    s.bind(8, std::optional<std::int64_t>()).bind(9, std::optional<double>(0.25));
    s.bind(10, QString(u""_s)); // empty is text, only a null QString is NULL
    auto row = s.step();
    QVERIFY2(row, qPrintable(row.error()));
    QVERIFY(*row);
    QCOMPARE(s.int64(0), std::int64_t(1) << 40);
    QCOMPARE(s.real(1), 2.5);
    QCOMPARE(s.text(2), u"grüße ✓"_s);
    QCOMPARE(s.integer(3), 7);
    QVERIFY(s.isNull(4));
    QCOMPARE(s.text(5), u"null"_s);
    QCOMPARE(s.text(6), u"bytes"_s);
    QCOMPARE(s.text(7), u"utf8"_s);
    QVERIFY(!s.optionalInt64(8));
    QVERIFY(!s.isNull(7));
    QCOMPARE(s.optionalReal(9), std::optional<double>(0.25));
    QCOMPARE(s.text(10), u"text"_s);
    QVERIFY(!s.step().value());

    // After reset the bindings are cleared and the statement runs again.
    s.reset();
    QVERIFY(s.step().value());
    QVERIFY(s.isNull(0));
}

void DatabaseTest::refusesSqlWithMoreThanOneStatement()
{
    auto db = open(u":memory:"_s);
    QVERIFY(db);
    Statement twice = db->prepare("SELECT 1; DELETE FROM articles");
    QVERIFY(!twice.isValid());
    QVERIFY2(twice.prepareError().contains(u"more than one statement"),
             qPrintable(twice.prepareError()));
    auto stepped = twice.step();
    QVERIFY(!stepped);
    QCOMPARE(stepped.error(), twice.prepareError());

    Statement trailing = db->prepare("SELECT 1; \n\t ");
    QVERIFY2(trailing.isValid(), qPrintable(trailing.prepareError()));
}

void DatabaseTest::reportsWhyAStatementCouldNotBePrepared()
{
    auto db = open(u":memory:"_s);
    QVERIFY(db);
    Statement s = db->prepare("SELECT missing FROM nowhere");
    QVERIFY(!s.isValid());
    QVERIFY2(s.prepareError().contains(u"no such table: nowhere"), qPrintable(s.prepareError()));
    QVERIFY2(s.prepareError().contains(u"SELECT missing FROM nowhere"),
             qPrintable(s.prepareError()));
    QVERIFY(!s.exec());
}

void DatabaseTest::reportsABindingToAParameterThatDoesNotExist()
{
    auto db = open(u":memory:"_s);
    QVERIFY(db);
    Statement s = db->prepare("SELECT ?1");
    s.bind(1, 1).bind(3, 3);
    auto failed = s.exec();
    QVERIFY(!failed);
    QVERIFY2(failed.error().contains(u"cannot bind parameter 3"), qPrintable(failed.error()));
    // The failure does not stick to the statement: bound properly, it runs.
    s.bind(1, 5);
    QVERIFY(s.step().value());
    QCOMPARE(s.integer(0), 5);
}

void DatabaseTest::migratesAnEmptyFileToTheCurrentSchema()
{
    writeBytes(path(u"empty.db"_s), {});
    {
        auto db = open(path(u"empty.db"_s));
        QVERIFY(db);
        QCOMPARE(db->schemaVersion(), Schema::currentVersion());
        QCOMPARE(db->queryInt("PRAGMA user_version").value(), Schema::currentVersion());
        for (const char *table : {"articles", "revisions", "outbox", "audit", "cases",
                                  "projection_fts", "memory_use"}) {
            Statement s = db->prepare("SELECT count(*) FROM sqlite_schema WHERE name = ?1");
            s.bind(1, table);
            QVERIFY(s.step().value());
            QVERIFY2(s.integer(0) == 1, table);
        }
        QCOMPARE(db->queryInt("SELECT watermark FROM projector_state").value(), 0);
    }
    // Opening again migrates nothing and keeps the seeded row single.
    auto again = open(path(u"empty.db"_s));
    QVERIFY(again);
    QCOMPARE(again->queryInt("SELECT count(*) FROM projector_state").value(), 1);
}

void DatabaseTest::setsThePragmasItPromises()
{
    auto created = open(path(u"p.db"_s));
    QVERIFY(created);
    created.reset();
    auto db = open(path(u"p.db"_s)); // also on a connection that did not create the file
    QVERIFY(db);
    QCOMPARE(db->queryText("PRAGMA journal_mode").value(), u"wal"_s);
    QCOMPARE(db->queryInt("PRAGMA foreign_keys").value(), 1);
    QCOMPARE(db->queryInt("PRAGMA synchronous").value(), 2); // FULL
    QCOMPARE(db->queryInt("PRAGMA trusted_schema").value(), 0);
    QCOMPARE(db->queryInt("PRAGMA application_id").value(), Database::ApplicationId);
    QCOMPARE(db->queryInt("PRAGMA user_version").value(), Schema::currentVersion());
    QVERIFY(db->queryInt("PRAGMA busy_timeout").value() >= 1000);
}

void DatabaseTest::refusesAFileOfGarbageAndLeavesItUntouched()
{
    QByteArray garbage(16384, Qt::Uninitialized);
    QRandomGenerator generator(42);
    for (char &c : garbage)
        c = char(generator.bounded(256));
    writeBytes(path(u"garbage.db"_s), garbage);

    auto db = Database::open(path(u"garbage.db"_s));
    QVERIFY(!db);
    QVERIFY2(db.error().contains(u"not a Curation Workbench database"), qPrintable(db.error()));
    QVERIFY2(db.error().contains(u"untouched"), qPrintable(db.error()));
    QCOMPARE(bytes(path(u"garbage.db"_s)), garbage);
    QVERIFY(!QFile::exists(path(u"garbage.db-wal"_s)));
}

void DatabaseTest::refusesATruncatedDatabaseAndLeavesItUntouched()
{
    {
        auto db = open(path(u"real.db"_s));
        QVERIFY(db);
        Transaction transaction(*db);
        for (int i = 0; i < 2000; ++i)
            QVERIFY(insertArticle(*db, u"DEC-%1"_s.arg(i)) > 0);
        QVERIFY(transaction.commit());
    }
    QByteArray data = bytes(path(u"real.db"_s));
    QVERIFY(data.size() > 16 * 4096);
    data.truncate(data.size() / 2);
    writeBytes(path(u"real.db"_s), data);

    auto db = Database::open(path(u"real.db"_s));
    QVERIFY(!db);
    QVERIFY2(db.error().contains(u"corrupt"), qPrintable(db.error()));
    QCOMPARE(bytes(path(u"real.db"_s)), data);
}

void DatabaseTest::refusesAnotherApplicationsDatabaseAndLeavesItUntouched_data()
{
    QTest::addColumn<QByteArray>("sql");
    QTest::newRow("foreign tables") << QByteArray("CREATE TABLE notes (id INTEGER PRIMARY KEY, "
                                                  "text TEXT); INSERT INTO notes VALUES (1, 'x');");
    QTest::newRow("foreign application_id") << QByteArray("PRAGMA application_id = 1234;");
    QTest::newRow("foreign tables in WAL mode")
        << QByteArray("PRAGMA journal_mode = WAL; CREATE TABLE notes (id INTEGER PRIMARY KEY);");
}

void DatabaseTest::refusesAnotherApplicationsDatabaseAndLeavesItUntouched()
{
    QFETCH(QByteArray, sql);
    const QString file = path(u"foreign.db"_s);
    createForeign(file, sql.constData());
    const QByteArray before = bytes(file);
    QVERIFY(!before.isEmpty());

    auto db = Database::open(file);
    QVERIFY(!db);
    QVERIFY2(db.error().contains(u"not a Curation Workbench database"), qPrintable(db.error()));
    QCOMPARE(bytes(file), before);
    QVERIFY(!QFile::exists(file + u"-wal"_s));
}

void DatabaseTest::refusesADatabaseWithANewerSchemaVersion()
{
    {
        auto db = open(path(u"new.db"_s));
        QVERIFY(db);
        const QByteArray bump =
            "PRAGMA user_version = " + QByteArray::number(Schema::currentVersion() + 1);
        QVERIFY(db->execScript(bump.constData()));
    }
    const QByteArray before = bytes(path(u"new.db"_s));
    auto db = Database::open(path(u"new.db"_s));
    QVERIFY(!db);
    QVERIFY2(db.error().contains(u"newer than this program"), qPrintable(db.error()));
    QCOMPARE(bytes(path(u"new.db"_s)), before);
}

void DatabaseTest::refusesToCreateAMissingFileWhenAskedToOpenAnExistingOne()
{
    auto db = Database::open(path(u"missing.db"_s), Database::Mode::OpenExisting);
    QVERIFY(!db);
    QVERIFY2(db.error().contains(u"no such database"), qPrintable(db.error()));
    QVERIFY(!QFile::exists(path(u"missing.db"_s)));
}

void DatabaseTest::backsUpToACopyThatOpensWithTheSameRows()
{
    auto db = open(path(u"live.db"_s));
    QVERIFY(db);
    {
        Transaction transaction(*db);
        for (int i = 0; i < 500; ++i)
            QVERIFY(insertArticle(*db, u"DEC-%1"_s.arg(i)) > 0);
        QVERIFY(transaction.commit());
    }
    auto backedUp = db->backupTo(path(u"copy.db"_s));
    QVERIFY2(backedUp, qPrintable(backedUp.error()));

    auto copy = open(path(u"copy.db"_s));
    QVERIFY(copy);
    QCOMPARE(copy->queryInt("SELECT count(*) FROM articles").value(), 500);
    QCOMPARE(copy->queryText("SELECT group_concat(ref) FROM articles").value(),
             db->queryText("SELECT group_concat(ref) FROM articles").value());
    QCOMPARE(copy->queryInt("PRAGMA application_id").value(), Database::ApplicationId);
    QCOMPARE(copy->queryText("PRAGMA integrity_check").value(), u"ok"_s);
}

void DatabaseTest::aReadOnlyConnectionSeesCommitsAndRefusesWrites()
{
    auto writer = open(path(u"shared.db"_s));
    QVERIFY(writer);
    auto reader = Database::open(path(u"shared.db"_s), Database::Mode::ReadOnly);
    QVERIFY2(reader, qPrintable(reader.error()));
    QCOMPARE((*reader)->queryInt("SELECT count(*) FROM articles").value(), 0);
    QVERIFY(insertArticle(*writer, u"DEC-1"_s) > 0);
    QCOMPARE((*reader)->queryInt("SELECT count(*) FROM articles").value(), 1);
    auto write = (*reader)->execScript("DELETE FROM articles");
    QVERIFY(!write);
    QVERIFY2(write.error().contains(u"readonly"), qPrintable(write.error()));
    QCOMPARE(writer->queryInt("SELECT count(*) FROM articles").value(), 1);
}

void DatabaseTest::aReadOnlyConnectionRefusesAnUnmigratedFile()
{
    createForeign(path(u"old.db"_s), "PRAGMA application_id=1129796162; PRAGMA user_version=0;"
                                     "CREATE TABLE t(x)");
    const QByteArray before = bytes(path(u"old.db"_s));
    auto reader = Database::open(path(u"old.db"_s), Database::Mode::ReadOnly);
    QVERIFY(!reader);
    QVERIFY2(reader.error().contains(u"schema version 0"), qPrintable(reader.error()));
    QCOMPARE(bytes(path(u"old.db"_s)), before);
    QVERIFY(!Database::open(path(u"none.db"_s), Database::Mode::ReadOnly));
    QVERIFY(!QFile::exists(path(u"none.db"_s)));
}

// Commands that only read (proposals, show, lag, ...) open the file this way:
// on a read-only medium SQLite cannot create the -shm file a WAL database
// needs, so the file is opened immutable; nothing is ever written. Checked by
// bytes, modification time and folder listing (root ignores permissions).
void DatabaseTest::aCheckedReadOnlyOpenReadsAReadOnlyFolderAndWritesNothing()
{
    QVERIFY(QDir().mkpath(path(u"ro"_s)));
    const QString file = path(u"ro/kept.db"_s);
    {
        auto db = open(file);
        QVERIFY(db);
        QVERIFY(insertArticle(*db, u"DEC-1"_s) > 0);
    }
    QVERIFY(!QFile::exists(file + u"-wal"_s));
    const QByteArray before = bytes(file);
    const QDateTime modified = QFileInfo(file).lastModified();
    const auto readOnlyFolder = QFileDevice::ReadOwner | QFileDevice::ExeOwner;
    QVERIFY(QFile::setPermissions(file, QFileDevice::ReadOwner));
    QVERIFY(QFile::setPermissions(path(u"ro"_s), readOnlyFolder));
    QStringList entries;
    {
        auto reader = Database::open(file, Database::Mode::ReadOnlyChecked);
        QVERIFY2(reader, qPrintable(reader.error()));
        QCOMPARE((*reader)->queryInt("SELECT count(*) FROM articles").value(), 1);
        QVERIFY((*reader)->isReadOnly());
        QVERIFY(!(*reader)->execScript("DELETE FROM articles"));
        entries = QDir(path(u"ro"_s)).entryList(QDir::Files);
    }
    QVERIFY(QFile::setPermissions(path(u"ro"_s), readOnlyFolder | QFileDevice::WriteOwner));
    QVERIFY(QFile::setPermissions(file, QFileDevice::ReadOwner | QFileDevice::WriteOwner));
    QCOMPARE(entries, QStringList{u"kept.db"_s});
    QCOMPARE(bytes(file), before);
    QCOMPARE(QFileInfo(file).lastModified(), modified);
}

void DatabaseTest::aCheckedReadOnlyOpenRefusesAnOlderSchemaAndSaysHowToMigrate()
{
    createForeign(path(u"old.db"_s), "PRAGMA application_id=1129796162; PRAGMA user_version=1;"
                                     "CREATE TABLE t(x)");
    const QByteArray before = bytes(path(u"old.db"_s));
    auto reader = Database::open(path(u"old.db"_s), Database::Mode::ReadOnlyChecked);
    QVERIFY(!reader);
    QVERIFY2(reader.error().contains(u"older than this program"), qPrintable(reader.error()));
    QVERIFY2(reader.error().contains(u"init"), qPrintable(reader.error()));
    QCOMPARE(bytes(path(u"old.db"_s)), before);
    QVERIFY(!Database::open(path(u"none.db"_s), Database::Mode::ReadOnlyChecked));
    QVERIFY(!QFile::exists(path(u"none.db"_s)));
}

// A clean open reads no more than SQLite does (issue #16): a damaged page
// deep in the file is found by the scan that `curation-cli check` runs, and
// by SQLite the moment a read reaches it; the file is never changed.
void DatabaseTest::aDamagedPageIsFoundByTheIntegrityCheckNotByOpen()
{
    qint64 rootPage = 0;
    qint64 pageSize = 0;
    {
        auto db = open(path(u"damaged.db"_s));
        QVERIFY(db);
        Transaction transaction(*db);
        for (int i = 0; i < 300; ++i)
            QVERIFY(insertArticle(*db, u"DEC-%1"_s.arg(i)) > 0);
        QVERIFY(transaction.commit());
        rootPage =
            db->queryInt("SELECT rootpage FROM sqlite_schema WHERE name = 'articles'").value();
        pageSize = db->queryInt("PRAGMA page_size").value();
    }
    QByteArray damaged = bytes(path(u"damaged.db"_s));
    // The articles table's root page gets an impossible b-tree page type.
    damaged[(rootPage - 1) * pageSize] = char(0x5a);
    writeBytes(path(u"damaged.db"_s), damaged);
    auto reader = Database::open(path(u"damaged.db"_s), Database::Mode::ReadOnlyChecked);
    QVERIFY2(reader, qPrintable(reader.error()));
    QVERIFY(!(*reader)->checkedOnOpen());
    for (auto scan : {Database::IntegrityScan::Quick, Database::IntegrityScan::Full}) {
        auto problems = (*reader)->checkIntegrity(scan);
        QVERIFY2(!problems || !problems->isEmpty(), "the damaged page went unnoticed");
    }
    auto read = (*reader)->queryInt("SELECT count(*) FROM articles NOT INDEXED");
    QVERIFY(!read);
    QVERIFY2(read.error().contains(u"malformed"), qPrintable(read.error()));
    QCOMPARE(bytes(path(u"damaged.db"_s)), damaged);
}

void DatabaseTest::aCleanOpenDoesNotScanTheFile()
{
    {
        auto db = open(path(u"clean.db"_s));
        QVERIFY(db);
        QVERIFY(insertArticle(*db, u"DEC-1"_s) > 0);
    }
    QVERIFY(!QFile::exists(path(u"clean.db-wal"_s)));
    auto writer = Database::open(path(u"clean.db"_s), Database::Mode::OpenExisting);
    QVERIFY2(writer, qPrintable(writer.error()));
    QVERIFY(!(*writer)->uncleanShutdownFound());
    QVERIFY(!(*writer)->checkedOnOpen());
    QVERIFY(insertArticle(**writer, u"DEC-2"_s) > 0);
    // A second connection beside a live one finds a -wal file with frames:
    // it is the live writer's, not a dead process's.
    QVERIFY(QFileInfo(path(u"clean.db-wal"_s)).size() > 0);
    for (auto mode : {Database::Mode::OpenExisting, Database::Mode::ReadOnlyChecked}) {
        auto second = Database::open(path(u"clean.db"_s), mode);
        QVERIFY2(second, qPrintable(second.error()));
        QVERIFY(!(*second)->uncleanShutdownFound());
        QVERIFY(!(*second)->checkedOnOpen());
    }
    auto healthy = (*writer)->checkIntegrity(Database::IntegrityScan::Full);
    QVERIFY2(healthy, qPrintable(healthy.error()));
    QVERIFY(healthy->isEmpty());
}

// The files a process leaves when it is killed between commits: the
// database and a -wal file with committed frames, and no connection left.
// Copying both while the writer is alive makes exactly that image.
static void leaveAsIfKilled(const QString &live, const QString &image)
{
    QVERIFY(QFile::copy(live, image));
    QVERIFY(QFile::copy(live + u"-wal"_s, image + u"-wal"_s));
}

void DatabaseTest::aFileLeftByAProcessThatDiedIsScannedOnOpen()
{
    auto db = open(path(u"live.db"_s));
    QVERIFY(db);
    QVERIFY(insertArticle(*db, u"DEC-1"_s) > 0);
    leaveAsIfKilled(path(u"live.db"_s), path(u"crashed.db"_s));
    for (auto mode : {Database::Mode::ReadOnlyChecked, Database::Mode::OpenExisting}) {
        auto reopened = Database::open(path(u"crashed.db"_s), mode);
        QVERIFY2(reopened, qPrintable(reopened.error()));
        QVERIFY((*reopened)->uncleanShutdownFound());
        QVERIFY((*reopened)->checkedOnOpen());
        // The commit in the -wal file survived.
        QCOMPARE((*reopened)->queryInt("SELECT count(*) FROM articles").value(), 1);
    }
    // The writer closed cleanly, checkpointing and deleting the -wal file:
    // the next open is clean again.
    auto after = Database::open(path(u"crashed.db"_s), Database::Mode::OpenExisting);
    QVERIFY2(after, qPrintable(after.error()));
    QVERIFY(!(*after)->uncleanShutdownFound());
}

void DatabaseTest::aDamagedFileLeftByAProcessThatDiedIsRefusedOnOpen()
{
    auto db = open(path(u"live.db"_s));
    QVERIFY(db);
    {
        Transaction transaction(*db);
        for (int i = 0; i < 300; ++i)
            QVERIFY(insertArticle(*db, u"DEC-%1"_s.arg(i)) > 0);
        QVERIFY(transaction.commit());
    }
    QVERIFY(db->execScript("PRAGMA wal_checkpoint(TRUNCATE)"));
    // A commit that stays in the -wal file and does not touch the articles.
    QVERIFY(db->execScript("CREATE TABLE later_commit (x)"));
    const qint64 rootPage =
        db->queryInt("SELECT rootpage FROM sqlite_schema WHERE name = 'articles'").value();
    const qint64 pageSize = db->queryInt("PRAGMA page_size").value();
    leaveAsIfKilled(path(u"live.db"_s), path(u"crashed.db"_s));
    QByteArray damaged = bytes(path(u"crashed.db"_s));
    damaged[(rootPage - 1) * pageSize] = char(0x5a);
    writeBytes(path(u"crashed.db"_s), damaged);

    for (auto mode : {Database::Mode::ReadOnlyChecked, Database::Mode::OpenExisting}) {
        auto reopened = Database::open(path(u"crashed.db"_s), mode);
        QVERIFY(!reopened);
        QVERIFY2(reopened.error().contains(u"corrupt"), qPrintable(reopened.error()));
        QVERIFY2(reopened.error().contains(u"unclean shutdown"), qPrintable(reopened.error()));
        QCOMPARE(bytes(path(u"crashed.db"_s)), damaged);
    }
}

// SQLite is built with URI file names on: "file:..." would be parsed as a URI
// (":memory:", "mode=memory", "immutable=1"). Database opens paths only.
void DatabaseTest::aFileNamedLikeAnSqliteUriIsThatFile()
{
    QVERIFY(QDir::setCurrent(m_dir->path()));
    const QString name = u"file:odd?mode=memory&immutable=1#x.db"_s;
    {
        auto db = open(name);
        QVERIFY(db);
        QVERIFY(insertArticle(*db, u"DEC-1"_s) > 0);
    }
    QVERIFY(QFileInfo(path(name)).isFile());
    auto again = Database::open(name, Database::Mode::ReadOnlyChecked);
    QVERIFY2(again, qPrintable(again.error()));
    QCOMPARE((*again)->queryInt("SELECT count(*) FROM articles").value(), 1);
}

void DatabaseTest::aFullDiskIsCalledAFullDisk()
{
    auto db = open(path(u"any.db"_s));
    QVERIFY(db);
    const QString explained = db->explainFailure(u"database or disk is full"_s);
    QVERIFY2(explained.startsWith(u"the disk is full: nothing was written"), qPrintable(explained));
    QCOMPARE(db->explainFailure(u"UNIQUE constraint failed"_s), u"UNIQUE constraint failed"_s);
}

void DatabaseTest::theInterruptCheckEndsARunningStatement()
{
    auto db = open(path(u"t.db"_s));
    QVERIFY(db);
    std::atomic_bool stop = false;
    db->setInterruptCheck([&stop] { return stop.load(); });
    // Without the check this counts for minutes.
    Statement endless = db->prepare("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 "
                                    "FROM n WHERE i < 4000000000) SELECT count(*) FROM n");
    QElapsedTimer timer;
    timer.start();
    std::thread stopper([&stop] {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        stop = true;
    });
    auto row = endless.step();
    stopper.join();
    QVERIFY(!row);
    QVERIFY2(row.error().contains(u"interrupt"), qPrintable(row.error()));
    QVERIFY(timer.elapsed() < 5000);
    db->setInterruptCheck({});
    QCOMPARE(db->queryInt("SELECT 1").value(), 1);
}

void DatabaseTest::enforcesOneActiveRevisionPerArticle()
{
    auto db = open(path(u"t.db"_s));
    QVERIFY(db);
    const std::int64_t article = insertArticle(*db, u"EXP-1"_s);
    QVERIFY(insertRevision(*db, article, 1, "active"));
    QVERIFY(insertRevision(*db, article, 2, "proposed"));
    auto second = insertRevision(*db, article, 3, "active");
    QVERIFY(!second);
    QVERIFY2(second.error().contains(u"UNIQUE"), qPrintable(second.error()));
    // Superseding first, then activating, is the allowed order.
    QVERIFY(db->execScript("UPDATE revisions SET state = 'superseded' WHERE revision = 1"));
    QVERIFY(insertRevision(*db, article, 3, "active"));
    // Another article has its own active revision.
    QVERIFY(insertRevision(*db, insertArticle(*db, u"EXP-2"_s), 1, "active"));
}

void DatabaseTest::enforcesForeignKeys()
{
    auto db = open(path(u"t.db"_s));
    QVERIFY(db);
    auto orphan = insertRevision(*db, 999, 1, "active");
    QVERIFY(!orphan);
    QVERIFY2(orphan.error().contains(u"FOREIGN KEY"), qPrintable(orphan.error()));
}

QTEST_GUILESS_MAIN(DatabaseTest)
#include "tst_database.moc"
