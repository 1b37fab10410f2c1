// The workbench's daily corruption check (docs/storage.md, "Corruption"):
// opening no longer scans the file, so the first open of a file each day runs
// quick_check off the GUI thread and a damaged file gets a non-modal notice.

#include "Database.h"
#include "IntegrityWatch.h"

#include <QApplication>
#include <QFile>
#include <QMessageBox>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QWidget>

using namespace cw;
using namespace Qt::StringLiterals;

class IntegrityWatchTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init();

    void aSoundFileIsCheckedOnceADayWithoutANotice();
    void aDamagedFileGetsANonModalNoticeAndIsCheckedAgainNextOpen();

private:
    QString makeDatabase(const QString &name, bool damaged);
    QTemporaryDir m_dir;
};

void IntegrityWatchTest::init()
{
    QSettings().remove(u"integrity"_s);
}

QString IntegrityWatchTest::makeDatabase(const QString &name, bool damaged)
{
    const QString path = m_dir.filePath(name);
    qint64 rootPage = 0;
    qint64 pageSize = 0;
    {
        auto db = Database::open(path);
        if (!db)
            return {};
        rootPage =
            (*db)->queryInt("SELECT rootpage FROM sqlite_schema WHERE name = 'audit'").value();
        pageSize = (*db)->queryInt("PRAGMA page_size").value();
    }
    if (damaged) {
        QFile file(path);
        if (!file.open(QIODevice::ReadWrite) || !file.seek((rootPage - 1) * pageSize))
            return {};
        file.write("\x5a", 1);
    }
    return path;
}

void IntegrityWatchTest::aSoundFileIsCheckedOnceADayWithoutANotice()
{
    const QString path = makeDatabase(u"sound.db"_s, false);
    QVERIFY(!path.isEmpty());
    QWidget window;
    auto *watch = new IntegrityWatch(path, &window);
    QSignalSpy checked(watch, &IntegrityWatch::checked);
    const QDate today(2026, 12, 1);
    QVERIFY(watch->startIfDue(today));
    QVERIFY(checked.wait(10000));
    QVERIFY(checked.first().first().toStringList().isEmpty());
    QVERIFY(!window.findChild<QMessageBox *>(u"integrityNotice"_s));
    // The same day, a new window on the same file does not scan again.
    auto *again = new IntegrityWatch(path, &window);
    QVERIFY(!again->startIfDue(today));
    QVERIFY(again->startIfDue(today.addDays(1)));
}

void IntegrityWatchTest::aDamagedFileGetsANonModalNoticeAndIsCheckedAgainNextOpen()
{
    const QString path = makeDatabase(u"damaged.db"_s, true);
    QVERIFY(!path.isEmpty());
    QWidget window;
    auto *watch = new IntegrityWatch(path, &window);
    QSignalSpy checked(watch, &IntegrityWatch::checked);
    const QDate today(2026, 12, 1);
    QVERIFY(watch->startIfDue(today));
    QVERIFY(checked.wait(10000));
    QVERIFY(!checked.first().first().toStringList().isEmpty());
    auto *notice = window.findChild<QMessageBox *>(u"integrityNotice"_s);
    QVERIFY(notice);
    QVERIFY(!notice->isModal());
    QVERIFY(notice->text().contains(u"damage"_s));
    // A damaged file is not marked as checked: the next open checks again.
    QVERIFY((new IntegrityWatch(path, &window))->startIfDue(today));
}

QTEST_MAIN(IntegrityWatchTest)
#include "tst_integritywatch.moc"
