// BackgroundRunner: work on its own thread and connection, the newest
// request delivered on the GUI thread, an older running one interrupted, a
// cancelled write committing nothing.

#include "BackgroundRunner.h"
#include "Database.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <thread>

using namespace cw;

namespace {

// Counts for minutes unless interrupted.
const char EndlessCount[] = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
                            "WHERE i < 4000000000) SELECT count(*) FROM n";

} // namespace

class BackgroundReadTest : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_path;
    std::unique_ptr<Database> m_writer;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_path = m_dir.filePath(QStringLiteral("read.db"));
        auto db = Database::open(m_path);
        QVERIFY2(db, qPrintable(db.error()));
        m_writer = std::move(*db);
    }

    void deliversOnTheGuiThreadWhatTheReaderThreadRead()
    {
        BackgroundRunner read(QStringLiteral("test"), m_path);
        QThread *readOn = nullptr;
        QThread *deliveredOn = nullptr;
        qint64 value = -1;
        read.submit([&](const Database &db) -> BackgroundRunner::Delivery {
            readOn = QThread::currentThread();
            const qint64 answer = db.queryInt("SELECT 6 * 7").value();
            return [&, answer] {
                deliveredOn = QThread::currentThread();
                value = answer;
            };
        });
        QVERIFY(read.isBusy());
        QTRY_COMPARE(value, 42);
        QVERIFY(readOn && readOn != QThread::currentThread());
        QCOMPARE(deliveredOn, QThread::currentThread());
        QTRY_VERIFY(!read.isBusy());
    }

    void aNewerReadInterruptsARunningOneAndOnlyItIsDelivered()
    {
        BackgroundRunner read(QStringLiteral("test"), m_path);
        QSignalSpy busy(&read, &BackgroundRunner::busyChanged);
        std::atomic_bool endlessStarted = false;
        QString endlessError;
        bool endlessDelivered = false;
        read.submit([&](const Database &db) -> BackgroundRunner::Delivery {
            endlessStarted = true;
            auto counted = db.queryInt(EndlessCount);
            endlessError = counted ? QString() : counted.error();
            return [&] { endlessDelivered = true; };
        });
        QTRY_VERIFY(endlessStarted.load());
        bool quickDelivered = false;
        read.submit([&](const Database &) -> BackgroundRunner::Delivery {
            return [&] { quickDelivered = true; };
        });
        QTRY_VERIFY_WITH_TIMEOUT(quickDelivered, 3000);
        QVERIFY2(endlessError.contains(QStringLiteral("interrupt")), qPrintable(endlessError));
        QVERIFY(!endlessDelivered);
        QTRY_VERIFY(!read.isBusy());
        QCOMPARE(busy.count(), 2); // busy once, idle once
    }

    void cancelDropsWhatIsRunningAndDestructionDoesNotWaitForIt()
    {
        bool delivered = false;
        {
            BackgroundRunner read(QStringLiteral("test"), m_path);
            std::atomic_bool started = false;
            read.submit([&](const Database &db) -> BackgroundRunner::Delivery {
                started = true;
                (void)db.queryInt(EndlessCount);
                return [&] { delivered = true; };
            });
            QTRY_VERIFY(started.load());
            read.cancel();
            QTRY_VERIFY(!read.isBusy());
            read.submit([&](const Database &db) -> BackgroundRunner::Delivery {
                (void)db.queryInt(EndlessCount);
                return [&] { delivered = true; };
            });
            QTest::qWait(50);
        } // the destructor interrupts the second endless read
        QVERIFY(!delivered);
    }

    void interruptEndsAStatementRunningOnAnotherThread()
    {
        auto db = Database::open(m_path, Database::Mode::ReadOnly);
        QVERIFY2(db, qPrintable(db.error()));
        std::atomic_bool done = false;
        QString error;
        std::thread counter([&] {
            auto counted = (*db)->queryInt(EndlessCount);
            error = counted ? QString() : counted.error();
            done = true;
        });
        // A no-op until the count runs; then it ends it.
        QElapsedTimer waited;
        waited.start();
        while (!done.load() && waited.elapsed() < 5000) {
            (*db)->interrupt();
            QTest::qWait(10);
        }
        counter.join();
        QVERIFY2(error.contains(QStringLiteral("interrupt")), qPrintable(error));
    }

    void aWriteCancelledBeforeItCommitsLeavesNothing()
    {
        // A table of the program's own: a file with a table of the test's
        // would be refused as holding a foreign schema object.
        BackgroundRunner writer(QStringLiteral("test"), m_path, Database::Mode::OpenExisting);
        QString commitError = QStringLiteral("not run");
        bool delivered = false;
        writer.submit([&](const Database &db) -> BackgroundRunner::Delivery {
            (void)db.execScript(
                "BEGIN IMMEDIATE; INSERT INTO tenants(id, name) VALUES ('unwanted', 'U')");
            writer.cancel(); // the user cancels between the write and its commit
            auto committed = db.execScript("COMMIT");
            commitError = committed ? QString() : committed.error();
            (void)db.execScript("ROLLBACK");
            return [&] { delivered = true; };
        });
        QTRY_VERIFY(!writer.isBusy());
        QVERIFY2(!commitError.isEmpty(), "the commit went through");
        QCOMPARE(m_writer->queryInt("SELECT count(*) FROM tenants WHERE name = 'U'").value(), 0);
        QVERIFY(!delivered);

        // Not cancelled, the same write commits.
        writer.submit([&](const Database &db) -> BackgroundRunner::Delivery {
            auto done = db.execScript(
                "BEGIN IMMEDIATE; INSERT INTO tenants(id, name) VALUES ('wanted', 'U'); COMMIT");
            commitError = done ? QString() : done.error();
            return [&] { delivered = true; };
        });
        QTRY_VERIFY(delivered);
        QVERIFY2(commitError.isEmpty(), qPrintable(commitError));
        QCOMPARE(m_writer->queryInt("SELECT count(*) FROM tenants WHERE name = 'U'").value(), 1);
    }

    void aFileThatCannotBeReadIsReported()
    {
        BackgroundRunner read(QStringLiteral("test"), m_dir.filePath(QStringLiteral("none.db")));
        QSignalSpy failed(&read, &BackgroundRunner::failed);
        read.submit([](const Database &) -> BackgroundRunner::Delivery { return {}; });
        QTRY_COMPARE(failed.count(), 1);
        QVERIFY(failed.at(0).at(0).toString().contains(QStringLiteral("no such database")));
        QTRY_VERIFY(!read.isBusy());
    }
};

QTEST_GUILESS_MAIN(BackgroundReadTest)
#include "tst_backgroundread.moc"
