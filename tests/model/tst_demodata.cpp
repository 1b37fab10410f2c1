// DemoBuilder only fills a new database, and moves the demo in all at once:
// whatever goes wrong on the way, the target keeps nothing of it (issue 10,
// item 1).
#include "Clock.h"
#include "Database.h"
#include "DemoBuilder.h"

#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

using namespace cw;
using namespace Qt::Literals::StringLiterals;

class TestDemoData : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    FixedClock m_clock{QDateTime(QDate(2026, 4, 10), QTime(9, 0), QTimeZone::utc())};

    std::unique_ptr<Database> open(const QString &name)
    {
        auto db = Database::open(m_dir.filePath(name));
        if (!db)
            qFatal("%s", qPrintable(db.error()));
        return std::move(*db);
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void aNewDatabaseHoldsNoRecords()
    {
        auto db = open(u"new.db"_s);
        auto filled = DemoBuilder::tablesWithRecords(*db);
        QVERIFY2(filled, qPrintable(filled.error()));
        QCOMPARE(*filled, QStringList());
    }

    void aDatabaseWithAnyRecordIsRefusedUntouched()
    {
        auto db = open(u"used.db"_s);
        QVERIFY(db->execScript("INSERT INTO principals (id, name, os_user) VALUES "
                               "('admin', 'Real admin', 'someone-else')"));
        const qint64 changes = db->totalChanges();
        auto built = DemoBuilder(*db, m_clock, u"intruder"_s).build(0);
        QVERIFY(!built);
        QVERIFY2(built.error().contains(u"already holds records (principals)"_s),
                 qPrintable(built.error()));
        QCOMPARE(db->totalChanges(), changes);
        QCOMPARE(db->queryText("SELECT os_user FROM principals").value(), u"someone-else"_s);
    }

    // A record arriving while the demo is built (in its scratch database)
    // makes the move refuse: the target keeps only that record.
    void aRecordArrivingMidwayLeavesNothingOfTheDemo()
    {
        auto db = open(u"raced.db"_s);
        bool wrote = false;
        auto built = DemoBuilder(*db, m_clock, u"tester"_s).build(20, [&](qint64, qint64) {
            if (!wrote)
                wrote = db->execScript("INSERT INTO tenants (id, name) VALUES ('t', 'T')").ok();
        });
        QVERIFY(wrote);
        QVERIFY(!built);
        QVERIFY2(built.error().contains(u"received records (tenants) while the demo was built; "
                                        u"nothing was changed"_s),
                 qPrintable(built.error()));
        auto filled = DemoBuilder::tablesWithRecords(*db);
        QCOMPARE(filled.value(), QStringList{u"tenants"_s});
        QCOMPARE(db->queryInt("SELECT count(*) FROM tenants").value(), 1);
        // The scratch database is gone with its folder.
        QCOMPARE(QDir(m_dir.path()).entryList({u".demo-*"_s}, QDir::Dirs | QDir::Hidden),
                 QStringList());
    }

    void theDemoArrivesWhole()
    {
        auto db = open(u"whole.db"_s);
        DemoBuilder builder(*db, m_clock, u"tester"_s);
        builder.setWithDecisions(true);
        auto built = builder.build(0);
        QVERIFY2(built, qPrintable(built.error()));
        QCOMPARE(db->queryText("SELECT os_user FROM principals WHERE id = 'admin'").value(),
                 u"tester"_s);
        // PR-0 to PR-11, and PR-12 to PR-15 for the demo query set
        // (resources/eval/README.md).
        QCOMPARE(db->queryInt("SELECT count(*) FROM proposals").value(), 16);
        // Foreign keys hold after the move.
        QCOMPARE(db->queryInt("SELECT count(*) FROM pragma_foreign_key_check").value(), 0);
    }
};

QTEST_GUILESS_MAIN(TestDemoData)
#include "tst_demodata.moc"
