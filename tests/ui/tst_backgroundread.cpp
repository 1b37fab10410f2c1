// BackgroundRead: reads on their own thread and read-only connection, the
// newest one delivered on the GUI thread, an older running one interrupted.

#include "BackgroundRead.h"
#include "Database.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

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
        BackgroundRead read(QStringLiteral("test"), m_path);
        QThread *readOn = nullptr;
        QThread *deliveredOn = nullptr;
        qint64 value = -1;
        read.submit([&](const Database &db) -> BackgroundRead::Delivery {
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
        BackgroundRead read(QStringLiteral("test"), m_path);
        QSignalSpy busy(&read, &BackgroundRead::busyChanged);
        std::atomic_bool endlessStarted = false;
        QString endlessError;
        bool endlessDelivered = false;
        read.submit([&](const Database &db) -> BackgroundRead::Delivery {
            endlessStarted = true;
            auto counted = db.queryInt(EndlessCount);
            endlessError = counted ? QString() : counted.error();
            return [&] { endlessDelivered = true; };
        });
        QTRY_VERIFY(endlessStarted.load());
        bool quickDelivered = false;
        read.submit([&](const Database &) -> BackgroundRead::Delivery {
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
            BackgroundRead read(QStringLiteral("test"), m_path);
            std::atomic_bool started = false;
            read.submit([&](const Database &db) -> BackgroundRead::Delivery {
                started = true;
                (void)db.queryInt(EndlessCount);
                return [&] { delivered = true; };
            });
            QTRY_VERIFY(started.load());
            read.cancel();
            QTRY_VERIFY(!read.isBusy());
            read.submit([&](const Database &db) -> BackgroundRead::Delivery {
                (void)db.queryInt(EndlessCount);
                return [&] { delivered = true; };
            });
            QTest::qWait(50);
        } // the destructor interrupts the second endless read
        QVERIFY(!delivered);
    }

    void aFileThatCannotBeReadIsReported()
    {
        BackgroundRead read(QStringLiteral("test"), m_dir.filePath(QStringLiteral("none.db")));
        QSignalSpy failed(&read, &BackgroundRead::failed);
        read.submit([](const Database &) -> BackgroundRead::Delivery { return {}; });
        QTRY_COMPARE(failed.count(), 1);
        QVERIFY(failed.at(0).at(0).toString().contains(QStringLiteral("no such database")));
        QTRY_VERIFY(!read.isBusy());
    }
};

QTEST_GUILESS_MAIN(BackgroundReadTest)
#include "tst_backgroundread.moc"
