#include "ArticleStore.h"
#include "Database.h"
#include "TestDatabase.h"
#include "Transaction.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <memory>
#include <thread>

using namespace cw;
using namespace Qt::StringLiterals;

// Write transactions: all or nothing (on both backends: CW_TEST_BACKEND),
// waiting for other writers within the busy timeout, and how much each one
// waits for the disk (a file's: busy_timeout and synchronous are SQLite's;
// a server's writers and a kill mid-write: postgresql/tst_pgcommands and
// tst_pgfaults).
class TransactionTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void rollsBackATransactionThatWasNotCommitted();
    void keepsWhatACommittedTransactionWrote();
    void waitsForAnotherWriterWithinTheBusyTimeout();
    void reportsBusyWhenAnotherWriterHoldsTheLockTooLong();
    void relaxedDurabilityLastsOnlyForItsTransaction();
    void relaxedCommitsSurviveReopening();

private:
    QString path(const QString &name) { return m_databases->location(name); }

    std::unique_ptr<Database> open(const QString &file);
    static std::int64_t insertArticle(Database &db, const QString &ref);
    static std::int64_t synchronous(const Database &db);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<cw::test::TestDatabases> m_databases;
};

void TransactionTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_databases = std::make_unique<cw::test::TestDatabases>(m_dir->path());
}

void TransactionTest::cleanup()
{
    m_databases.reset();
    m_dir.reset();
}

std::unique_ptr<Database> TransactionTest::open(const QString &file)
{
    auto db = Database::open(file);
    if (!db) {
        qWarning("%s", qPrintable(db.error()));
        return nullptr;
    }
    return std::move(*db);
}

std::int64_t TransactionTest::insertArticle(Database &db, const QString &ref)
{
    ArticleRecord article;
    article.ref = ref;
    article.kind = u"decision"_s;
    article.domain = u"data"_s;
    article.createdAt = u"2026-03-01T09:00:00Z"_s;
    auto id = ArticleStore(db).insertArticle(article);
    return id ? *id : -1;
}

// PRAGMA synchronous: 1 is NORMAL, 2 is FULL.
std::int64_t TransactionTest::synchronous(const Database &db)
{
    return db.queryInt("PRAGMA synchronous").value();
}

void TransactionTest::rollsBackATransactionThatWasNotCommitted()
{
    auto db = open(path(u"t.db"_s));
    QVERIFY(db);
    {
        Transaction transaction(*db);
        QVERIFY2(transaction.isActive(), qPrintable(transaction.beginError()));
        QVERIFY(insertArticle(*db, u"DEC-1"_s) > 0);
        QCOMPARE(db->queryInt("SELECT count(*) FROM articles").value(), 1);
    }
    QCOMPARE(db->queryInt("SELECT count(*) FROM articles").value(), 0);
    // The connection is usable again: the destructor really ended the transaction.
    Transaction again(*db);
    QVERIFY2(again.isActive(), qPrintable(again.beginError()));
}

void TransactionTest::keepsWhatACommittedTransactionWrote()
{
    {
        auto db = open(path(u"t.db"_s));
        QVERIFY(db);
        Transaction transaction(*db);
        QVERIFY(insertArticle(*db, u"DEC-1"_s) > 0);
        QVERIFY(transaction.commit());
        QVERIFY(!transaction.isActive());
        QVERIFY(!transaction.commit()); // committing twice is refused, not a crash
    }
    auto reopened = open(path(u"t.db"_s));
    QVERIFY(reopened);
    QCOMPARE(reopened->queryInt("SELECT count(*) FROM articles").value(), 1);
}

void TransactionTest::waitsForAnotherWriterWithinTheBusyTimeout()
{
    if (cw::test::TestDatabase::onServer())
        QSKIP("SQLite's busy timeout and synchronous levels: a file's only");
    auto first = open(path(u"t.db"_s));
    auto second = open(path(u"t.db"_s));
    QVERIFY(first && second);
    std::atomic<bool> locked = false;
    // The first connection holds the write lock for a while on its own thread
    // (one connection is never used by two threads at once).
    std::thread writer([&] {
        Transaction transaction(*first);
        locked = transaction.isActive();
        (void)insertArticle(*first, u"DEC-1"_s);
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        (void)transaction.commit();
    });
    while (!locked)
        std::this_thread::yield();
    QElapsedTimer waited;
    waited.start();
    {
        Transaction transaction(*second);
        QVERIFY2(transaction.isActive(), qPrintable(transaction.beginError()));
        QVERIFY(waited.elapsed() >= 150);
        QCOMPARE(second->queryInt("SELECT count(*) FROM articles").value(), 1);
        QVERIFY(insertArticle(*second, u"DEC-2"_s) > 0);
        QVERIFY(transaction.commit());
    }
    writer.join();
    QCOMPARE(first->queryInt("SELECT count(*) FROM articles").value(), 2);
}

void TransactionTest::reportsBusyWhenAnotherWriterHoldsTheLockTooLong()
{
    if (cw::test::TestDatabase::onServer())
        QSKIP("SQLite's busy timeout and synchronous levels: a file's only");
    auto first = open(path(u"t.db"_s));
    auto second = open(path(u"t.db"_s));
    QVERIFY(first && second);
    QVERIFY(second->execScript("PRAGMA busy_timeout=200"));
    Transaction holding(*first);
    QVERIFY(holding.isActive());
    QElapsedTimer waited;
    waited.start();
    Transaction blocked(*second);
    QVERIFY(!blocked.isActive());
    QVERIFY(waited.elapsed() >= 150);
    QVERIFY2(blocked.beginError().contains(u"busy"), qPrintable(blocked.beginError()));
    QVERIFY(!blocked.commit());
}

void TransactionTest::relaxedDurabilityLastsOnlyForItsTransaction()
{
    if (cw::test::TestDatabase::onServer())
        QSKIP("SQLite's busy timeout and synchronous levels: a file's only");
    auto db = open(path(u"t.db"_s));
    QVERIFY(db);
    QCOMPARE(synchronous(*db), 2);
    {
        Transaction relaxed(*db, Transaction::Durability::Relaxed);
        QVERIFY(relaxed.isActive());
        QCOMPARE(synchronous(*db), 1);
        QVERIFY(insertArticle(*db, u"DEC-1"_s) > 0);
        QVERIFY(relaxed.commit());
        // The next canonical change on this connection waits for the disk again.
        QCOMPARE(synchronous(*db), 2);
    }
    {
        Transaction relaxed(*db, Transaction::Durability::Relaxed);
        QVERIFY(insertArticle(*db, u"DEC-2"_s) > 0);
    } // rolled back
    QCOMPARE(synchronous(*db), 2);
    QCOMPARE(db->queryInt("SELECT count(*) FROM articles").value(), 1);

    // Also when BEGIN itself fails because another writer holds the lock.
    auto other = open(path(u"t.db"_s));
    QVERIFY(other && other->execScript("PRAGMA busy_timeout=50"));
    Transaction holding(*db);
    QVERIFY(holding.isActive());
    Transaction blocked(*other, Transaction::Durability::Relaxed);
    QVERIFY(!blocked.isActive());
    QCOMPARE(synchronous(*other), 2);
}

void TransactionTest::relaxedCommitsSurviveReopening()
{
    if (cw::test::TestDatabase::onServer())
        QSKIP("SQLite's busy timeout and synchronous levels: a file's only");
    {
        auto db = open(path(u"t.db"_s));
        QVERIFY(db);
        Transaction relaxed(*db, Transaction::Durability::Relaxed);
        QVERIFY(insertArticle(*db, u"DEC-1"_s) > 0);
        QVERIFY(relaxed.commit());
    }
    auto reopened = open(path(u"t.db"_s));
    QVERIFY(reopened);
    QCOMPARE(reopened->queryInt("SELECT count(*) FROM articles").value(), 1);
}

QTEST_GUILESS_MAIN(TransactionTest)
#include "tst_transaction.moc"
