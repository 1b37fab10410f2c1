#include "ContentPlan.h"
#include "ContentSearch.h"
#include "Database.h"
#include "Schema.h"
#include "Statement.h"
#include "Transaction.h"

#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <memory>

using namespace cw;
using namespace Qt::StringLiterals;

// The content stage's plan: at any index size a query scores a bounded number
// of matches, and the notes say what was left out, narrowed or capped.
class ContentPlanTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();

    void aSmallIndexIsSearchedWithEveryWordItContains();
    void wordsInAThirdOfALargeIndexAreLeftOutAndNamed();
    void rareWordsWithinTheBudgetAreRankedTogether();
    void wordsBeyondTheBudgetAreLeftOutAndNamed();
    void tooManyMatchesNarrowToRecordsWithAllOfTheRarestWords();
    void aNarrowedQueryThatStillMatchesTooMuchScoresOnlyTheNewestMatches();
    void aQueryMatchingExactlyTheBudgetIsScoredWhole();
    void requestTextIsNeverFtsSyntax();
    void wordCountsAreReadAgainOnceTheIndexSizeMoves();
    void commonWordCountsAreKeptForTheNextProcess();
    void keptCountsAreRefusedOnceTheIndexWasReprojected();
    void theKeysAndSizeTablesFollowTheProjection();
    void migratingAVersionOneDatabaseFillsTheKeysAndSize();

private:
    // Rows 1..count, each with the words `words(i)` returns in its body.
    void fill(int count, const std::function<QStringList(int)> &words);
    qint64 matches(const ContentPlan &plan);

    QTemporaryDir m_dir;
    std::unique_ptr<Database> m_db;
    TermCounts m_counts;
};

void ContentPlanTest::init()
{
    m_counts = TermCounts();
    m_db.reset();
    QFile::remove(m_dir.filePath(u"plan.db"_s));
    auto db = Database::open(m_dir.filePath(u"plan.db"_s));
    QVERIFY2(db, qPrintable(db.error()));
    m_db = std::move(*db);
}

void ContentPlanTest::fill(int count, const std::function<QStringList(int)> &words)
{
    Transaction transaction(*m_db);
    QVERIFY(transaction.isActive());
    Statement row = m_db->prepare(
        "INSERT INTO projection (ref, revision, kind, domain, status, title, body, projected_seq) "
        "VALUES (?1, 1, 'experience', 'data', 'active', ?2, ?3, 1)");
    Statement text = m_db->prepare("INSERT INTO projection_fts (rowid, ref, title, synopsis, body) "
                                   "VALUES (last_insert_rowid(), ?1, ?2, '', ?3)");
    for (int i = 1; i <= count; ++i) {
        const QString ref = u"EXP-%1"_s.arg(i);
        const QString body = words(i).join(u' ');
        row.bind(1, ref).bind(2, u"title"_s).bind(3, body);
        QVERIFY(row.exec());
        text.bind(1, ref).bind(2, u"title"_s).bind(3, body);
        QVERIFY(text.exec());
    }
    QVERIFY(transaction.commit());
}

qint64 ContentPlanTest::matches(const ContentPlan &plan)
{
    Statement s =
        m_db->prepare("SELECT count(*) FROM projection_fts WHERE projection_fts MATCH ?1");
    s.bind(1, plan.match);
    return s.step().value() ? s.int64(0) : -1;
}

void ContentPlanTest::aSmallIndexIsSearchedWithEveryWordItContains()
{
    fill(100, [](int) { return QStringList{u"ledger"_s, u"period"_s}; });
    auto plan = ContentPlanner(*m_db, m_counts).plan(u"Ledger period unknownword"_s);
    QVERIFY2(plan, qPrintable(plan.error()));
    // Below MinRowsToPrune even a word in every row is kept; a word in no row
    // cannot match and is dropped.
    QCOMPARE(plan->match, u"\"ledger\" OR \"period\""_s);
    QVERIFY(plan->notes().isEmpty());
    QCOMPARE(plan->indexedRows, 100);
}

void ContentPlanTest::wordsInAThirdOfALargeIndexAreLeftOutAndNamed()
{
    fill(3000, [](int i) {
        QStringList w{u"period"_s};
        if (i % 2 == 0)
            w.append(u"close"_s); // 50%
        if (i % 10 == 0)
            w.append(u"ledger"_s); // 10%
        return w;
    });
    auto plan = ContentPlanner(*m_db, m_counts).plan(u"period close ledger"_s);
    QVERIFY(plan);
    QCOMPARE(plan->match, u"\"ledger\""_s);
    QCOMPARE(plan->leftOut, (QStringList{u"close"_s, u"period"_s}));
    QCOMPARE(plan->notes().size(), 1);
    QVERIFY(plan->notes().first().contains(u"close, period"_s));
}

void ContentPlanTest::rareWordsWithinTheBudgetAreRankedTogether()
{
    fill(3000, [](int i) {
        QStringList w{u"filler"_s};
        if (i % 10 == 0)
            w.append(u"register"_s); // 300
        if (i % 5 == 1)
            w.append(u"renewal"_s); // 600
        return w;
    });
    auto plan = ContentPlanner(*m_db, m_counts).plan(u"renewal register"_s);
    QVERIFY(plan);
    // 900 matches in all fit the budget: ORed, rarest first, nothing capped.
    QCOMPARE(plan->match, u"\"register\" OR \"renewal\""_s);
    QVERIFY(plan->required.isEmpty());
    QCOMPARE(matches(*plan), 900);
}

void ContentPlanTest::wordsBeyondTheBudgetAreLeftOutAndNamed()
{
    fill(9000, [](int i) {
        QStringList w{u"filler"_s};
        if (i % 180 == 0)
            w.append(u"letterhead"_s); // 50
        if (i % 5 == 0)
            w.append(u"template"_s); // 1800: alone more than the budget
        return w;
    });
    auto plan = ContentPlanner(*m_db, m_counts).plan(u"template letterhead"_s);
    QVERIFY(plan);
    QCOMPARE(plan->match, u"\"letterhead\""_s);
    QCOMPARE(plan->tooFrequent, QStringList{u"template"_s});
    QVERIFY(plan->notes().join(u'\n').contains(u"rarest words only; template match"_s));
}

void ContentPlanTest::tooManyMatchesNarrowToRecordsWithAllOfTheRarestWords()
{
    fill(6000, [](int i) {
        QStringList w{u"filler"_s};
        if (i % 5 == 0)
            w.append(u"batch"_s); // 1200
        if (i % 4 == 0)
            w.append(u"family"_s); // 1500
        if (i % 3 == 0)
            w.append(u"member"_s); // 2000, a third: left out
        return w;
    });
    auto plan = ContentPlanner(*m_db, m_counts).plan(u"member family batch"_s);
    QVERIFY(plan);
    QVERIFY(plan->match.contains(u" AND "_s));
    QCOMPARE(plan->required, (QStringList{u"batch"_s, u"family"_s}));
    QCOMPARE(plan->leftOut, QStringList{u"member"_s});
    QCOMPARE(matches(*plan), 300); // every 20th row has both
    QVERIFY(plan->notes().join(u'\n').contains(u"containing all of: batch, family"_s));
}

void ContentPlanTest::aNarrowedQueryThatStillMatchesTooMuchScoresOnlyTheNewestMatches()
{
    // Two words that always occur together: the independence estimate
    // (6000 x 0.25 x 0.25 = 375) is wrong, the real overlap is 1500.
    fill(6000, [](int i) {
        return i <= 1500 ? QStringList{u"premium"_s, u"tariff"_s} : QStringList{u"filler"_s};
    });
    const ContentFilter anyActive{{u"active"_s}, {u"experience"_s}, {}};
    auto answer = ContentSearch(*m_db, m_counts).current(u"premium tariff"_s, anyActive);
    QVERIFY2(answer, qPrintable(answer.error()));
    QCOMPARE(answer->plan.required, (QStringList{u"premium"_s, u"tariff"_s}));
    QVERIFY(answer->plan.capped);
    QCOMPARE(answer->matches.size(), ContentSearch::Limit);
    // Only the newest ScoredMatchBudget matches (rows 501..1500) were scored.
    for (const ContentMatch &match : std::as_const(answer->matches))
        QVERIFY2(match.ref.mid(4).toInt() > 1500 - ContentPlanner::ScoredMatchBudget,
                 qPrintable(match.ref));
    QVERIFY(answer->plan.notes().join(u'\n').contains(u"most recently indexed"_s));
    // When the filters keep none of them, the answer still says it was capped
    // (no hits among the newest matches is not no hits at all).
    const ContentFilter articlesOnly{{u"active"_s}, {u"article"_s}, {}};
    auto none = ContentSearch(*m_db, m_counts).current(u"premium tariff"_s, articlesOnly);
    QVERIFY2(none, qPrintable(none.error()));
    QVERIFY(none->matches.isEmpty());
    QVERIFY(none->plan.capped);
}

void ContentPlanTest::aQueryMatchingExactlyTheBudgetIsScoredWhole()
{
    const int budget = int(ContentPlanner::ScoredMatchBudget);
    // The oldest match scores best (its words twice): it must come first,
    // which it would not were the walk cut one match short.
    fill(6000, [budget](int i) {
        if (i == 1)
            return QStringList{u"premium"_s, u"tariff"_s, u"premium"_s, u"tariff"_s};
        return i <= budget ? QStringList{u"premium"_s, u"tariff"_s} : QStringList{u"filler"_s};
    });
    const ContentFilter anyActive{{u"active"_s}, {u"experience"_s}, {}};
    auto answer = ContentSearch(*m_db, m_counts).current(u"premium tariff"_s, anyActive);
    QVERIFY2(answer, qPrintable(answer.error()));
    QVERIFY(!answer->plan.capped);
    QVERIFY(!answer->plan.notes().join(u'\n').contains(u"most recently indexed"_s));
    QVERIFY(!answer->matches.isEmpty());
    QCOMPARE(answer->matches.first().ref, u"EXP-1"_s);
}

void ContentPlanTest::requestTextIsNeverFtsSyntax()
{
    QCOMPARE(ContentPlanner::ftsQuery(u"Register row NEAR(missing) OR \"x\" -- DROP"_s),
             u"\"register\" OR \"row\" OR \"near\" OR \"missing\" OR \"or\" OR \"drop\""_s);
    QCOMPARE(ContentPlanner::ftsQuery(QStringList{u"a\"b"_s, u"c*"_s}, true),
             u"\"a\"\"b\" AND \"c*\""_s);
    QCOMPARE(ContentPlanner::ftsQuery(u"  ?! "_s), QString());
    // At most 16 words, each once.
    QCOMPARE(ContentPlanner::words(u"aa aa bb "_s.repeated(20)).size(), 2);
}

void ContentPlanTest::wordCountsAreReadAgainOnceTheIndexSizeMoves()
{
    fill(100, [](int i) { return i <= 10 ? QStringList{u"ledger"_s} : QStringList{u"x"_s}; });
    QVERIFY(ContentPlanner(*m_db, m_counts).plan(u"ledger"_s));
    QCOMPARE(m_counts.find(u"ledger"_s).value_or(-1), 10);
    // Within 1% of the size the counts were read at, they are kept.
    m_counts.checkIndex(100, 0);
    QCOMPARE(m_counts.find(u"ledger"_s).value_or(-1), 10);
    // 5 more rows (5%): the next plan counts again.
    {
        Transaction transaction(*m_db);
        Statement row = m_db->prepare(
            "INSERT INTO projection (ref, revision, kind, domain, status, title, projected_seq) "
            "VALUES ('EXP-' || ?1, 1, 'experience', 'data', 'active', 'ledger', 1)");
        Statement text = m_db->prepare("INSERT INTO projection_fts (rowid, ref, title) "
                                       "VALUES (last_insert_rowid(), 'EXP-' || ?1, 'ledger')");
        for (int i = 200; i < 205; ++i) {
            QVERIFY(row.bind(1, i).exec());
            QVERIFY(text.bind(1, i).exec());
        }
        QVERIFY(transaction.commit());
    }
    QVERIFY(ContentPlanner(*m_db, m_counts).plan(u"ledger"_s));
    QCOMPARE(m_counts.find(u"ledger"_s).value_or(-1), 15);
}

void ContentPlanTest::commonWordCountsAreKeptForTheNextProcess()
{
    fill(3000, [](int i) {
        QStringList w{u"filler"_s};
        if (i % 2 == 0)
            w.append(u"common"_s); // 1500: worth keeping
        if (i % 100 == 0)
            w.append(u"rare"_s); // 30: cheaper to count again
        return w;
    });
    QVERIFY(ContentPlanner(*m_db, m_counts).plan(u"common rare"_s));
    {
        Transaction transaction(*m_db);
        QVERIFY(m_counts.save(*m_db));
        QVERIFY(transaction.commit());
    }
    QCOMPARE(m_db->queryText("SELECT group_concat(word || ':' || records) FROM "
                             "projection_word_counts")
                 .value(),
             u"common:1500"_s);
    // A new engine (another process) takes the kept count instead of walking
    // the index: a doctored count shows which one it used.
    QVERIFY(m_db->execScript("UPDATE projection_word_counts SET records = 1234"));
    TermCounts next;
    QVERIFY(ContentPlanner(*m_db, next).plan(u"common rare"_s));
    QCOMPARE(next.find(u"common"_s).value_or(-1), 1234);
    QCOMPARE(next.find(u"rare"_s).value_or(-1), 30);
}

void ContentPlanTest::keptCountsAreRefusedOnceTheIndexWasReprojected()
{
    fill(3000, [](int i) { return i % 2 ? QStringList{u"common"_s} : QStringList{u"x"_s}; });
    QVERIFY(
        m_db->execScript("INSERT INTO projection_word_counts VALUES ('common', 1234, 3000, 0)"));
    // 30 projected events since the count: 1% of 3000 rows, still trusted.
    QVERIFY(m_db->execScript("UPDATE projector_state SET watermark = 30"));
    TermCounts within;
    QVERIFY(ContentPlanner(*m_db, within).plan(u"common"_s));
    QCOMPARE(within.find(u"common"_s).value_or(-1), 1234);
    // One more: counted again from the index.
    QVERIFY(m_db->execScript("UPDATE projector_state SET watermark = 31"));
    TermCounts beyond;
    QVERIFY(ContentPlanner(*m_db, beyond).plan(u"common"_s));
    QCOMPARE(beyond.find(u"common"_s).value_or(-1), 1500);
}

void ContentPlanTest::theKeysAndSizeTablesFollowTheProjection()
{
    fill(5, [](int) { return QStringList{u"x"_s}; });
    QVERIFY(m_db->execScript("UPDATE projection SET revision = 2, status = 'retired' "
                             "WHERE ref = 'EXP-2'; DELETE FROM projection WHERE ref = 'EXP-3'"));
    QCOMPARE(m_db->queryInt("SELECT rows FROM projection_size").value(), 4);
    QCOMPARE(m_db->queryInt("SELECT count(*) FROM projection_keys k JOIN projection p ON "
                            "p.rowid = k.id AND p.ref = k.ref AND p.revision = k.revision AND "
                            "p.status = k.status AND p.kind = k.kind AND p.domain = k.domain")
                 .value(),
             4);
    QCOMPARE(m_db->queryInt("SELECT count(*) FROM projection_keys").value(), 4);
}

void ContentPlanTest::migratingAVersionOneDatabaseFillsTheKeysAndSize()
{
    fill(7, [](int) { return QStringList{u"x"_s}; });
    // Back to schema version 1, with the rows already there.
    QVERIFY(m_db->execScript(
        "DROP TRIGGER projection_keys_insert; DROP TRIGGER projection_keys_update; "
        "DROP TRIGGER projection_keys_delete; DROP TABLE projection_keys; "
        "DROP TABLE projection_size; DROP TABLE projection_word_counts; "
        "ALTER TABLE memory_use_verdicts DROP COLUMN real_principal; "
        "DROP INDEX articles_by_source_tree; ALTER TABLE articles DROP COLUMN source_tree; "
        "DROP TRIGGER projection_frontmatter_insert; DROP TRIGGER projection_frontmatter_update; "
        "DROP TRIGGER projection_frontmatter_delete; DROP TABLE projection_frontmatter; "
        "DROP TABLE projection_frontmatter_tags; "
        "DROP TABLE eval_runs; DROP TABLE eval_sets; "
        "DROP TRIGGER source_change_proof_failed; DROP TRIGGER source_change_proof_replaced; "
        "DROP TRIGGER source_change_case_reopened; DROP TRIGGER source_change_disposition; "
        "DROP TABLE revision_source_changes; DROP TABLE settings; "
        "ALTER TABLE revisions DROP COLUMN source_case_erased; "
        "DROP INDEX principals_by_db_role; ALTER TABLE principals DROP COLUMN db_role; "
        "DROP INDEX reviews_by_login; ALTER TABLE reviews DROP COLUMN login; "
        "DROP TABLE projection_fts; DROP VIEW projection_text; "
        "CREATE VIRTUAL TABLE projection_fts USING fts5(ref UNINDEXED, title, synopsis, body, "
        "tokenize = 'unicode61 remove_diacritics 2'); "
        "PRAGMA user_version = 1"));
    m_db.reset();
    auto db = Database::open(m_dir.filePath(u"plan.db"_s));
    QVERIFY2(db, qPrintable(db.error()));
    QCOMPARE((*db)->schemaVersion(), Schema::currentVersion());
    QCOMPARE((*db)->queryInt("SELECT rows FROM projection_size").value(), 7);
    QCOMPARE((*db)->queryInt("SELECT count(*) FROM projection_keys").value(), 7);
}

QTEST_GUILESS_MAIN(ContentPlanTest)
#include "tst_contentplan.moc"
