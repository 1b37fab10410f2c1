// How the stores' SQL reaches a PostgreSQL server (PgStatement::translate):
// SQLite's numbered parameters become $1, $2, ... numbered densely in the
// order they first appear, so that a statement binding ?1 and ?7 only still
// types every parameter; quoted text, quoted names and comments keep their
// question marks; SQLite's json_each over a list becomes the server's
// cw_json_each, and no other name changes. No server needed.

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
        QCOMPARE(
            translated("SELECT * FROM p WHERE a = ?1 AND b = ?7 AND c = ?1 LIMIT ?6", &positions),
            QByteArray("SELECT * FROM p WHERE a = $1 AND b = $2 AND c = $1 LIMIT $3"));
        // SQLite's number -> the server's position; 0 where the SQL has none.
        QCOMPARE(positions.size(), size_t(8));
        QCOMPARE(positions[1], 1);
        QCOMPARE(positions[7], 2);
        QCOMPARE(positions[6], 3);
        QCOMPARE(positions[2], 0);
    }

    void jsonEachBecomesTheServersListFunction()
    {
        QCOMPARE(translated("SELECT value FROM json_each(?2) w, json_each(p.tags) t"),
                 QByteArray("SELECT value FROM cw_json_each($1) w, cw_json_each(p.tags) t"));
        // Only the whole name, never inside another or in quotes and comments.
        QCOMPARE(translated("SELECT my_json_each, json_each_x, \"json_each\", 'json_each' "
                            "-- json_each\n"),
                 QByteArray("SELECT my_json_each, json_each_x, \"json_each\", 'json_each' "
                            "-- json_each\n"));
        QCOMPARE(translated("SELECT JSON_EACH2(x), x1json_each FROM t9"),
                 QByteArray("SELECT JSON_EACH2(x), x1json_each FROM t9"));
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
