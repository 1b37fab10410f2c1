#include "Database.h"
#include "Statement.h"
#include "StatementCache.h"

#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#include <memory>

using namespace cw;
using namespace Qt::StringLiterals;

// Prepared statements kept for reuse: a reused statement must behave exactly
// like a freshly prepared one — no bindings, no rows, no snapshot left over.
class StatementCacheTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void givesBackTheStatementPreparedFromTheSameSql();
    void aReusedStatementKeepsNoBindings();
    void aReusedStatementHoldsNoSnapshot();
    void keepsAtMostItsCapacityDroppingTheLongestIdle();
    void aStatementOutlivingItsConnectionFinalisesItself();

private:
    std::unique_ptr<Database> open();

    std::unique_ptr<QTemporaryDir> m_dir;
};

void StatementCacheTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

void StatementCacheTest::cleanup()
{
    m_dir.reset();
}

std::unique_ptr<Database> StatementCacheTest::open()
{
    auto db = Database::open(m_dir->filePath(u"cache.db"_s));
    if (!db)
        qWarning("%s", qPrintable(db.error()));
    return db ? std::move(*db) : nullptr;
}

void StatementCacheTest::givesBackTheStatementPreparedFromTheSameSql()
{
    auto db = open();
    QVERIFY(db);
    StatementCache cache;
    sqlite3_stmt *stmt = nullptr;
    const char *sql = "SELECT 1";
    QCOMPARE(sqlite3_prepare_v2(db->handle(), sql, -1, &stmt, nullptr), SQLITE_OK);
    QCOMPARE(cache.take(sql), nullptr);
    cache.give(stmt);
    QCOMPARE(cache.take("SELECT 2"), nullptr);
    QCOMPARE(cache.take(sql), stmt);
    QCOMPARE(cache.take(sql), nullptr); // taken: in use, not idle
    sqlite3_finalize(stmt);
}

void StatementCacheTest::aReusedStatementKeepsNoBindings()
{
    auto db = open();
    QVERIFY(db);
    const char *sql = "SELECT ?1 IS NULL, ?1";
    {
        Statement s = db->prepare(sql);
        s.bind(1, u"left over"_s);
        QVERIFY(*s.step());
        QCOMPARE(s.text(1), u"left over"_s);
    } // stopped on a row, with a binding: back to the cache
    Statement again = db->prepare(sql);
    auto row = again.step();
    QVERIFY(row && *row);
    QCOMPARE(again.int64(0), 1);
}

void StatementCacheTest::aReusedStatementHoldsNoSnapshot()
{
    auto writer = open();
    auto reader = open();
    QVERIFY(writer && reader);
    QVERIFY(writer->execScript("CREATE TABLE notes (text TEXT)"));
    const char *count = "SELECT count(*) FROM notes";
    {
        Statement s = reader->prepare(count);
        QVERIFY(*s.step()); // a read transaction is open while it stands on a row
        QCOMPARE(s.int64(0), 0);
    }
    // Were the idle statement still open, the reader would keep its old
    // snapshot and the writer's row would stay invisible to it.
    QVERIFY(writer->execScript("INSERT INTO notes VALUES ('new')"));
    QCOMPARE(*reader->queryInt(count), 1);
    Statement s = reader->prepare(count);
    QVERIFY(*s.step());
    QCOMPARE(s.int64(0), 1);
}

void StatementCacheTest::keepsAtMostItsCapacityDroppingTheLongestIdle()
{
    auto db = open();
    QVERIFY(db);
    StatementCache cache;
    QList<QByteArray> sqls;
    for (int i = 0; i < StatementCache::Capacity + 5; ++i) {
        sqls.append("SELECT " + QByteArray::number(i));
        sqlite3_stmt *stmt = nullptr;
        QCOMPARE(sqlite3_prepare_v2(db->handle(), sqls.last().constData(), -1, &stmt, nullptr),
                 SQLITE_OK);
        cache.give(stmt);
    }
    QCOMPARE(cache.idleCount(), StatementCache::Capacity);
    QCOMPARE(cache.take(sqls.first().constData()), nullptr); // idle longest: finalised
    sqlite3_stmt *newest = cache.take(sqls.last().constData());
    QVERIFY(newest);
    cache.give(newest);
}

void StatementCacheTest::aStatementOutlivingItsConnectionFinalisesItself()
{
    auto db = open();
    QVERIFY(db);
    Statement s = db->prepare("SELECT 42");
    QVERIFY(*s.step());
    QCOMPARE(s.int64(0), 42);
    db.reset(); // the cache is gone; the statement must not return to it (ASan checks)
}

QTEST_GUILESS_MAIN(StatementCacheTest)
#include "tst_statementcache.moc"
