// How the stores' SQL reaches a PostgreSQL server (PgStatement::translate):
// SQLite's numbered parameters become $1, $2, ... numbered densely in the
// order they first appear, so that a statement binding ?1 and ?7 only still
// types every parameter; quoted text, quoted names and comments keep their
// question marks. No server needed.

#include "PgStatement.h"

#include <QTest>

using namespace cw;

class TestPgStatement : public QObject
{
    Q_OBJECT

private:
    static QByteArray translated(const char *sql, std::vector<int> *positions = nullptr)
    {
        std::vector<int> ignored;
        return PgStatement::translate(sql, positions ? *positions : ignored);
    }

private Q_SLOTS:
    void numberedParametersBecomeDenseDollarParameters()
    {
        std::vector<int> positions;
        QCOMPARE(translated("SELECT * FROM p WHERE a = ?1 AND b = ?7 AND c = ?1 LIMIT ?6",
                            &positions),
                 QByteArray("SELECT * FROM p WHERE a = $1 AND b = $2 AND c = $1 LIMIT $3"));
        // SQLite's number -> the server's position; 0 where the SQL has none.
        QCOMPARE(positions.size(), size_t(8));
        QCOMPARE(positions[1], 1);
        QCOMPARE(positions[7], 2);
        QCOMPARE(positions[6], 3);
        QCOMPARE(positions[2], 0);
    }

    void bareParametersCountOnFromTheHighest()
    {
        QCOMPARE(translated("VALUES (?, ?, ?5, ?)"), QByteArray("VALUES ($1, $2, $3, $4)"));
    }

    void quotesAndCommentsKeepTheirQuestionMarks()
    {
        QCOMPARE(translated("SELECT 'a?1''?' , \"odd?\" FROM t -- why ?2\nWHERE x = ?2"),
                 QByteArray("SELECT 'a?1''?' , \"odd?\" FROM t -- why ?2\nWHERE x = $1"));
        QCOMPARE(translated("SELECT 'unterminated ?1"), QByteArray("SELECT 'unterminated ?1"));
    }
};

QTEST_GUILESS_MAIN(TestPgStatement)
#include "tst_pgstatement.moc"
