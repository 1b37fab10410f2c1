// The content stage on a server. It searches the newest rows first when its
// plan expects many more matches than it scores (ContentSearch::windowFor):
// the answer must be the one the whole index gives, the newest
// ScoredMatchBudget matches ranked, whether the first window holds enough
// of them or the search has to widen it. 20,000 projected records, written
// straight into the projection (its triggers index them), with two words
// in a quarter of them each: "alpha" evenly, "beta" seldom among the newest
// rows, so that the first window misses. And on a large index its plan
// takes the common words' counts from the planner's statistics
// (ContentPlanner::MinRowsToEstimate), the rarer ones it counts. Excerpts
// of several records come in one statement.

#include "Clock.h"
#include "ContentPlan.h"
#include "ContentSearch.h"
#include "Database.h"
#include "PgTestServer.h"
#include "RetrievalEngine.h"
#include "Transaction.h"

#include <QTest>

using namespace cw;
using namespace cw::test;
using namespace Qt::StringLiterals;

namespace {

constexpr int Rows = 20000;

// Every record the same but for its ref and its words, so that every match
// of one word scores the same and the ranking falls back to the ref.
constexpr const char *Records =
    "INSERT INTO projection (ref, revision, kind, domain, status, title, body, projected_seq) "
    "SELECT 'R-' || lpad(n::text, 5, '0'), 1, 'experience', 'data', 'active', 'record', "
    "'filler' || CASE WHEN n % 4 = 0 THEN ' alpha' ELSE '' END "
    "|| CASE WHEN (n <= 14000 AND n % 3 = 0) OR (n > 14000 AND n % 20 = 0) THEN ' beta' "
    "ELSE '' END, n "
    "FROM generate_series(1, 20000) AS n";

// The newest budget's matches of `word`, ranked: all score the same, so the
// first 40 refs among them.
constexpr const char *Expected =
    "SELECT k.ref FROM (SELECT rowid FROM projection_fts "
    "WHERE document @@ to_tsquery('cw_text', $1) ORDER BY rowid DESC LIMIT $2) AS m "
    "JOIN projection_keys k ON k.id = m.rowid ORDER BY k.ref LIMIT 40";

// A larger index of its own for the statistics: "gamma" in 40% of the
// records, "delta" in 10%, "rare" in 0.5%.
constexpr const char *LargeIndex =
    "INSERT INTO projection (ref, revision, kind, domain, status, title, body, projected_seq) "
    "SELECT 'L-' || lpad(n::text, 6, '0'), 1, 'experience', 'data', 'active', 'record', "
    "'filler' || CASE WHEN n % 5 < 2 THEN ' gamma' ELSE '' END "
    "|| CASE WHEN n % 10 = 0 THEN ' delta' ELSE '' END "
    "|| CASE WHEN n % 200 = 0 THEN ' rare' ELSE '' END, n "
    "FROM generate_series(1, 20000) AS n";

// 4,000 records more, all with "delta", after the statistics were taken.
constexpr const char *MoreDelta =
    "INSERT INTO projection (ref, revision, kind, domain, status, title, body, projected_seq) "
    "SELECT 'M-' || lpad(n::text, 6, '0'), 1, 'experience', 'data', 'active', 'record', "
    "'filler delta', 20000 + n FROM generate_series(1, 4000) AS n";

} // namespace

class TestPgContentSearch : public QObject
{
    Q_OBJECT

private:
    QString m_database = PgTestServer::unique(u"cw_window"_s);
    std::unique_ptr<Database> m_db;

    QStringList expected(const QString &word) const
    {
        auto owner = PgTestServer::connect(PgTestServer::uri(m_database));
        if (!owner)
            return {};
        auto rows =
            owner->query(Expected, {word, QString::number(ContentPlanner::ScoredMatchBudget)});
        if (!rows)
            return {u"error: "_s + rows.error()};
        QStringList refs;
        for (int i = 0; i < rows->count(); ++i)
            refs << rows->text(i, 0);
        return refs;
    }

    void compareWithTheWholeIndex(const QString &word, qint64 records)
    {
        TermCounts counts;
        const ContentSearch search(*m_db, counts);
        auto answer = search.current(word, {{u"active"_s}, {u"experience"_s}, u"data"_s});
        QVERIFY2(answer, qPrintable(answer.error()));
        QCOMPARE(answer->plan.expectedMatches, records);
        QVERIFY2(answer->plan.capped, "more matches than the budget: the newest are scored");
        QStringList refs;
        for (const ContentMatch &match : std::as_const(answer->matches)) {
            refs << match.ref;
            QCOMPARE(match.score, answer->matches.first().score);
        }
        QCOMPARE(refs, expected(word));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(PgTestServer::createDatabase(m_database));
        auto db = Database::open(PgTestServer::uri(m_database));
        QVERIFY2(db, qPrintable(db.error()));
        m_db = std::move(*db);
        // Without statistics every word is counted, so the plans' figures
        // are exact.
        QVERIFY(m_db->execScript("ALTER TABLE projection_fts SET (autovacuum_enabled = false)"));
        QVERIFY2(m_db->execScript(Records), "the records are written");
        auto indexed = m_db->queryInt("SELECT rows FROM projection_size WHERE id = 1");
        QVERIFY2(indexed, qPrintable(indexed.error()));
        QCOMPARE(*indexed, qint64(Rows));
    }

    void cleanupTestCase()
    {
        m_db.reset();
        QVERIFY(PgTestServer::dropDatabase(m_database));
    }

    // The statistics say "delta" is in a tenth of the records, and a tenth
    // of the 24,000 is what the plan takes (the records written since are
    // not in them: counting would find 6,000). "gamma", in 40%, is left
    // out; "rare", in 100 records, is counted.
    void aLargeIndexTakesTheCommonWordsCountsFromTheStatistics()
    {
        const QString name = PgTestServer::unique(u"cw_statistics"_s);
        QVERIFY(PgTestServer::createDatabase(name));
        {
            auto db = Database::open(PgTestServer::uri(name));
            QVERIFY2(db, qPrintable(db.error()));
            // Nothing but the test analyses the index.
            QVERIFY(
                (*db)->execScript("ALTER TABLE projection_fts SET (autovacuum_enabled = false)"));
            QVERIFY((*db)->execScript(LargeIndex));
            QVERIFY((*db)->execScript("ANALYZE projection_fts"));
            QVERIFY((*db)->execScript(MoreDelta));
            TermCounts counts;
            auto plan = ContentPlanner(**db, counts).plan(u"gamma delta rare"_s);
            QVERIFY2(plan, qPrintable(plan.error()));
            QCOMPARE(plan->indexedRows, 24000);
            QCOMPARE(plan->leftOut, QStringList{u"gamma"_s});
            QCOMPARE(plan->matchWords, QStringList{u"rare"_s});
            QCOMPARE(plan->matchRecords, QList<qint64>{100});
            const qint64 delta = counts.find(u"delta"_s).value_or(0);
            QVERIFY2(delta > 2200 && delta < 2600, qPrintable(QString::number(delta)));
        }
        QVERIFY(PgTestServer::dropDatabase(name));
    }

    // 5,000 matches, evenly spread: the newest 8,008 rows hold about 2,000.
    void aWindowThatHoldsEnoughAnswersAsTheWholeIndex()
    {
        compareWithTheWholeIndex(u"alpha"_s, 5000);
    }

    // 4,966 matches, only 300 among the newest 6,000 rows: the first window
    // (8,062 rows) holds about 987, fewer than the budget, and the search
    // widens it.
    void aWindowThatHoldsTooFewIsWidened() { compareWithTheWholeIndex(u"beta"_s, 4666 + 300); }

    // The engine's file settings (the map, the checkpoints) are a file's: on
    // a server they would be statements it cannot parse, and the first
    // error aborts the transaction the engine was made in.
    void anEngineMadeInATransactionLeavesItUsable()
    {
        Transaction transaction(*m_db);
        QVERIFY2(transaction.isActive(), qPrintable(transaction.beginError()));
        const Clock clock;
        RetrievalEngine engine(*m_db, clock);
        QVERIFY(!engine.checkpointIfGrown());
        auto rows = m_db->queryInt("SELECT rows FROM projection_size WHERE id = 1");
        QVERIFY2(rows, qPrintable(rows.error()));
    }

    // The excerpts of several records in one statement: each from the column
    // its words rank best in (a title, a synopsis, the body's fragment around
    // them), none for a record that does not match or does not exist, and
    // each what it is when asked for alone.
    void excerptsOfSeveralRecordsComeTogetherEachFromItsBestColumn()
    {
        QVERIFY(m_db->execScript(
            "INSERT INTO projection (ref, revision, kind, domain, status, title, synopsis, body, "
            "projected_seq) VALUES "
            "('X-1', 1, 'experience', 'data', 'active', 'ledger close', '', 'filler', 30001), "
            "('X-2', 1, 'experience', 'data', 'active', 'other', 'a ledger restore run', "
            "'filler', 30002), "
            "('X-3', 1, 'experience', 'data', 'active', 'other', '', "
            "repeat('filler ', 60) || 'the ledger backup failed' || repeat(' filler', 30), "
            "30003)"));
        TermCounts counts;
        const ContentSearch search(*m_db, counts);
        const QString match = ContentPlanner::tsQuery({u"ledger"_s});
        const QStringList refs{u"X-1"_s, u"X-2"_s, u"X-3"_s, u"R-00001"_s, u"X-99"_s};
        auto excerpts = search.excerpts(match, refs);
        QVERIFY2(excerpts, qPrintable(excerpts.error()));
        QCOMPARE(excerpts->size(), refs.size());
        QCOMPARE(excerpts->value(u"X-1"_s), u"ledger close"_s);
        QCOMPARE(excerpts->value(u"X-2"_s), u"a ledger restore run"_s);
        const QString body = excerpts->value(u"X-3"_s);
        QVERIFY2(body.contains(u"ledger backup failed"_s) && body.size() < 300, qPrintable(body));
        QVERIFY2(excerpts->value(u"R-00001"_s).isEmpty(), "no match: no excerpt");
        QVERIFY2(excerpts->value(u"X-99"_s).isEmpty(), "no record: no excerpt");
        for (const QString &ref : refs) {
            auto alone = search.excerpts(match, {ref});
            QVERIFY2(alone, qPrintable(alone.error()));
            QCOMPARE(alone->value(ref), excerpts->value(ref));
        }
        QVERIFY(m_db->execScript("DELETE FROM projection WHERE ref LIKE 'X-%'"));
    }
};

QTEST_GUILESS_MAIN(TestPgContentSearch)
#include "tst_pgcontentsearch.moc"
