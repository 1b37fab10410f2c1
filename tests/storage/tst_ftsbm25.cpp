#include "Database.h"
#include "Statement.h"

#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace cw;
using namespace Qt::StringLiterals;

// cw_bm25 is the content stage's ranking: it must score every match exactly
// as FTS5's bm25() does when it is given the true record counts, and count
// for itself when it is not given them, so retrieval order never depends on
// which of the two ran.
class FtsBm25Test : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void scoresLikeBm25GivenTheTrueCounts_data();
    void scoresLikeBm25GivenTheTrueCounts();
    void countsForItselfWhenACountIsMissing();
    void aRarerWordScoresHigherThanACommonOne();

private:
    QList<double> scores(const char *rankExpression, const QString &match,
                         const QString &counts = {});
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Database> m_db;
};

void FtsBm25Test::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    auto db = Database::open(m_dir->filePath(u"bm25.db"_s));
    QVERIFY2(db, qPrintable(db ? QString() : db.error()));
    m_db = std::move(*db);
    QVERIFY(m_db->execScript("CREATE VIRTUAL TABLE t USING fts5(ref, title, synopsis, body)"));
    const QStringList bodies = {
        u"ledger restore failed after the backup"_s,
        u"restore the ledger from the nightly backup, then restore the register"_s,
        u"premium tariff factor cover"_s,
        u"ledger ledger ledger"_s,
        u"register row missing after period close; restore did not help"_s,
        u"an unrelated text about printing letterheads"_s,
    };
    for (int i = 0; i < bodies.size(); ++i) {
        Statement s = m_db->prepare("INSERT INTO t (ref, title, synopsis, body) "
                                    "VALUES (?1, ?2, ?3, ?4)");
        s.bind(1, u"A-%1"_s.arg(i)).bind(2, i % 2 ? u"ledger"_s : u"title"_s);
        s.bind(3, u"synopsis restore"_s.left(i + 8)).bind(4, bodies[i]);
        QVERIFY(s.exec());
    }
}

QList<double> FtsBm25Test::scores(const char *rankExpression, const QString &match,
                                  const QString &counts)
{
    const QByteArray sql =
        QByteArray("SELECT ") + rankExpression + " FROM t WHERE t MATCH ?1 ORDER BY rowid";
    Statement s = m_db->prepare(sql.constData());
    s.bind(1, match);
    if (sql.contains("?2"))
        s.bind(2, counts);
    QList<double> values;
    (void)s.forEachRow([&] { values.append(s.real(0)); });
    return values;
}

void FtsBm25Test::scoresLikeBm25GivenTheTrueCounts_data()
{
    QTest::addColumn<QString>("match");
    // The true counts are read from fts5vocab in the test.
    QTest::newRow("one word") << u"\"ledger\""_s;
    QTest::newRow("two words, either") << u"\"ledger\" OR \"restore\""_s;
    QTest::newRow("two words, both") << u"\"ledger\" AND \"backup\""_s;
}

void FtsBm25Test::scoresLikeBm25GivenTheTrueCounts()
{
    QFETCH(QString, match);
    QVERIFY(m_db->execScript("CREATE VIRTUAL TABLE temp.v USING fts5vocab(main, t, row)"));
    QStringList counts;
    for (const QString &word : match.split(u' ')) {
        if (word == u"OR"_s || word == u"AND"_s)
            continue;
        Statement s = m_db->prepare("SELECT coalesce((SELECT doc FROM temp.v WHERE term = ?1), 0)");
        s.bind(1, QString(word).remove(u'"'));
        QVERIFY(*s.step());
        counts.append(QString::number(s.int64(0)));
    }
    const auto expected = scores("bm25(t, 0.0, 4.0, 2.0, 1.0)", match);
    const auto actual = scores("cw_bm25(t, ?2, 0.0, 4.0, 2.0, 1.0)", match, counts.join(u','));
    QVERIFY(!expected.isEmpty());
    QCOMPARE(actual.size(), expected.size());
    for (qsizetype i = 0; i < expected.size(); ++i)
        QVERIFY2(
            qAbs(actual[i] - expected[i]) < 1e-9,
            qPrintable(u"match %1: %2 against bm25's %3"_s.arg(i).arg(actual[i]).arg(expected[i])));
}

void FtsBm25Test::countsForItselfWhenACountIsMissing()
{
    const QString match = u"\"ledger\" OR \"restore\""_s;
    const auto expected = scores("bm25(t, 0.0, 4.0, 2.0, 1.0)", match);
    for (const QString &counts : {u""_s, u"-1,-1"_s, u"x"_s}) {
        const auto actual = scores("cw_bm25(t, ?2, 0.0, 4.0, 2.0, 1.0)", match, counts);
        QCOMPARE(actual.size(), expected.size());
        for (qsizetype i = 0; i < expected.size(); ++i)
            QVERIFY(qAbs(actual[i] - expected[i]) < 1e-9);
    }
}

void FtsBm25Test::aRarerWordScoresHigherThanACommonOne()
{
    // Same text, one word said to be in 5 of 6 records, the other in 1:
    // the rare word's match must rank first (lower is better).
    const auto common = scores("cw_bm25(t, ?2)", u"\"tariff\""_s, u"5"_s);
    const auto rare = scores("cw_bm25(t, ?2)", u"\"tariff\""_s, u"1"_s);
    QCOMPARE(common.size(), 1);
    QCOMPARE(rare.size(), 1);
    QVERIFY(rare[0] < common[0]);
}

QTEST_GUILESS_MAIN(FtsBm25Test)
#include "tst_ftsbm25.moc"
