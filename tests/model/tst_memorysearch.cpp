// Memory search Modes A (frontmatter fields) and B (content) over a small
// tree written here (exact rankings, counted by hand) and the repository's
// memory corpus (tests/data/memory).

#include "MemoryExcerpt.h"
#include "MemorySearchBudget.h"
#include "MemorySearchFixture.h"
#include "MemorySearchFormat.h"

#include <algorithm>

using namespace cw;
using namespace cw::test;
using namespace Qt::StringLiterals;

class MemorySearchTest : public QObject, public MemorySearchFixture
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { MemorySearchFixture::initTestCase(); }

    void modeAMatchesOnlyFilesWhereEveryGivenFieldMatches();
    void modeARanksAnExactTagSetFirstThenFewerExtraTagsThenDecisionNumber();
    void modeAReturnsTheTopTenByDecisionNumberNotByText();
    void modeAReadsDecisionsOnlyAndReportsNonCurrentRecords();
    void modeARequiresAtLeastOneField();
    void modeBRanksByKeywordOccurrencesThenRecency();
    void modeBIsCaseInsensitiveAndMatchesTokenPrefixesLikeGrep();
    void modeBTakesTheTitleFromTheFirstHeadingAndExcerptsTheMatchingLine();
    void modeBKeepsExcerptsWithinFiftyTokens();
    void modeBNeverTreatsKeywordsAsFtsSyntax();
    void modeBRefusesZeroOrMoreThanThreeKeywords();
    void modeBStaysUnderTwoThousandTokensAndSaysWhatItLeftOut();
};

void MemorySearchTest::modeAMatchesOnlyFilesWhereEveryGivenFieldMatches()
{
    MemorySearch search(*m_db, nullptr);
    MemoryFieldQuery q;
    q.domain = u"infrastructure"_s;
    q.level = u"operational"_s;
    q.status = u"final"_s;
    auto r = search.byFields(q);
    QVERIFY2(r, qPrintable(r.error()));
    QCOMPARE(paths(*r), QStringList({u"DEC-1"_s, u"DEC-42"_s}));
    QCOMPARE(relevances(*r), QStringList(2, u"frontmatter_match"_s));
    q.tags = {u"limits"_s};
    r = search.byFields(q);
    QCOMPARE(paths(*r), QStringList({u"DEC-42"_s}));
    MemoryFieldQuery related;
    related.relatedTo = {u"DEC-1"_s};
    r = search.byFields(related);
    QCOMPARE(paths(*r), QStringList({u"DEC-3"_s, u"DEC-4"_s}));
    related.domain = u"nowhere"_s;
    QVERIFY(search.byFields(related)->hits.isEmpty());
}

void MemorySearchTest::modeARanksAnExactTagSetFirstThenFewerExtraTagsThenDecisionNumber()
{
    MemoryFieldQuery q;
    q.domain = u"infrastructure"_s;
    q.tags = {u"database"_s};
    auto r = MemorySearch(*m_db, nullptr).byFields(q);
    QVERIFY2(r, qPrintable(r.error()));
    // DEC-2 and DEC-3 carry exactly [database]; DEC-1 one more tag, DEC-42 two.
    QCOMPARE(paths(*r), QStringList({u"DEC-2"_s, u"DEC-3"_s, u"DEC-1"_s, u"DEC-42"_s}));
    q.tags = {u"connection-pooling"_s, u"database"_s};
    QCOMPARE(paths(*MemorySearch(*m_db, nullptr).byFields(q)),
             QStringList({u"DEC-1"_s, u"DEC-42"_s}));
}

void MemorySearchTest::modeAReturnsTheTopTenByDecisionNumberNotByText()
{
    MemoryFieldQuery q;
    q.domain = u"bulk"_s;
    auto r = MemorySearch(*m_db, nullptr).byFields(q);
    QVERIFY2(r, qPrintable(r.error()));
    QStringList expected{u"DEC-99"_s};
    for (int n = 100; n <= 108; ++n)
        expected.append(u"DEC-%1"_s.arg(n));
    QCOMPARE(paths(*r), expected);
}

void MemorySearchTest::modeAReadsDecisionsOnlyAndReportsNonCurrentRecords()
{
    MemoryFieldQuery q;
    q.domain = u"data"_s; // domains/data/*.md have this domain too, from their folder
    auto r = MemorySearch(*m_db, nullptr).byFields(q);
    QCOMPARE(paths(*r), QStringList({u"DEC-4"_s}));
    QCOMPARE(r->hits[0].status, u"superseded"_s);
    QCOMPARE(r->hits[0].filePath, u"decisions/DEC-4.md"_s);
    QCOMPARE(r->hits[0].id, u"DEC-4"_s);
    QCOMPARE(r->hits[0].title, u"Old pooling"_s);
    QVERIFY(r->hits[0].excerpt.isNull());
    q = {};
    q.status = u"rejected"_s;
    QCOMPARE(paths(*MemorySearch(*m_db, nullptr).byFields(q)), QStringList({u"DEC-5"_s}));
}

void MemorySearchTest::modeARequiresAtLeastOneField()
{
    MemoryFieldQuery q;
    q.tags = {u" "_s};
    QVERIFY(!MemorySearch(*m_db, nullptr).byFields(q));
}

void MemorySearchTest::modeBRanksByKeywordOccurrencesThenRecency()
{
    auto r = MemorySearch(*m_db, nullptr).byContent({u"pool"_s});
    QVERIFY2(r, qPrintable(r.error()));
    // Tokens starting with "pool", frontmatter title + body, counted by hand:
    // DEC-4 1 + 1 + 5 = 7; DEC-3 1 + 1 + 3 = 5 (updated 01-09); DEC-1 1 + 1 + 3
    // = 5 and DEC-42 1 + 1 + 3 = 5 (both 01-05: DEC number decides);
    // pooling-notes 1 + 1 + 1 = 3 (no updated_at: the import time, 03-01) and
    // DEC-2 0 + 3 = 3 (01-02); DEC-5 1 + 1 = 2.
    QCOMPARE(paths(*r), QStringList({u"DEC-4"_s, u"DEC-3"_s, u"DEC-1"_s, u"DEC-42"_s,
                                     u"pooling-notes"_s, u"DEC-2"_s, u"DEC-5"_s}));
    QList<int> counts;
    for (const MemorySearchHit &hit : r->hits)
        counts.append(hit.matches);
    QCOMPARE(counts, QList<int>({7, 5, 5, 5, 3, 3, 2}));
    QCOMPARE(r->hits[0].status, u"superseded"_s); // non-current, reported and labelled
}

void MemorySearchTest::modeBIsCaseInsensitiveAndMatchesTokenPrefixesLikeGrep()
{
    MemorySearch search(*m_db, nullptr);
    QCOMPARE(paths(*search.byContent({u"POOL"_s})), paths(*search.byContent({u"pool"_s})));
    // "exhaust" is a prefix of "exhaustion" (grep finds it; so does FTS5).
    QCOMPARE(paths(*search.byContent({u"exhaust"_s})),
             QStringList({u"pooling-notes"_s, u"DEC-1"_s}));
    // Two keywords: a file matching either; counts add up.
    auto both = search.byContent({u"exhaustion"_s, u"tenant"_s});
    QCOMPARE(paths(*both), QStringList({u"DEC-5"_s, u"pooling-notes"_s, u"DEC-1"_s}));
}

void MemorySearchTest::modeBTakesTheTitleFromTheFirstHeadingAndExcerptsTheMatchingLine()
{
    auto r = MemorySearch(*m_db, nullptr).byContent({u"third"_s});
    QVERIFY2(r, qPrintable(r.error()));
    QCOMPARE(r->hits.size(), 1);
    const MemorySearchHit &hit = r->hits[0];
    QCOMPARE(hit.filePath, u"decisions/DEC-2.md"_s);
    QCOMPARE(hit.title, u"Database access layer"_s); // heading, not frontmatter title
    QCOMPARE(hit.relevance, MemoryRelevance::ContentMatch);
    // The matching line and one line either side (here an empty line, then "fourth").
    QCOMPARE(hit.excerpt, u"the third line mentions a pool fourth"_s);
    auto first = MemorySearch(*m_db, nullptr).byContent({u"two"_s});
    QCOMPARE(first->hits[0].excerpt, u"one pool two pool"_s);
}

void MemorySearchTest::modeBKeepsExcerptsWithinFiftyTokens()
{
    // 20 files of the corpus say "database", many in paragraphs written as
    // one long line: the excerpt has to cut.
    auto r = MemorySearch(*m_corpus, nullptr).byContent({u"database"_s});
    QVERIFY2(r, qPrintable(r.error()));
    QCOMPARE(r->hits.size(), 10);
    for (const MemorySearchHit &hit : r->hits) {
        QVERIFY2(hit.excerpt.toUtf8().size() <= MemoryExcerpt::MaxBytes, qPrintable(hit.excerpt));
        QVERIFY2((hit.excerpt.toUtf8().size() + 2) / 3 <= 50, qPrintable(hit.excerpt));
        QVERIFY2(hit.excerpt.contains(u"database"_s, Qt::CaseInsensitive), qPrintable(hit.excerpt));
    }
    // Most of them were cut out of a longer paragraph (marked with an ellipsis).
    const auto cut = std::count_if(r->hits.cbegin(), r->hits.cend(), [](const MemorySearchHit &h) {
        return h.excerpt.contains(QChar(0x2026));
    });
    QVERIFY2(cut >= 5, "the corpus no longer makes the excerpt cut");
}

void MemorySearchTest::modeBNeverTreatsKeywordsAsFtsSyntax()
{
    MemorySearch search(*m_db, nullptr);
    for (const QString &keyword : {u"pool\" OR \"zebra"_s, u"NEAR(pool"_s, u"pool*"_s,
                                   u"title:pool"_s, u"AND"_s, u"-pool"_s}) {
        auto r = search.byContent({keyword});
        QVERIFY2(r, qPrintable(keyword + u": "_s + r.error()));
    }
    // As one FTS string these are the phrase "pool or zebra", found nowhere.
    QVERIFY(search.byContent({u"pool\" OR \"zebra"_s})->hits.isEmpty());
    QCOMPARE(MemorySearch::ftsExpression({u"a\"b"_s, u"c"_s}), u"\"a\"\"b\"* OR \"c\"*"_s);
    QVERIFY(!search.byContent({u"++"_s})); // nothing an index holds
}

void MemorySearchTest::modeBRefusesZeroOrMoreThanThreeKeywords()
{
    MemorySearch search(*m_db, nullptr);
    QVERIFY(!search.byContent({}));
    QVERIFY(!search.byContent({u"a"_s, u"b"_s, u"c"_s, u"d"_s}));
    QVERIFY(search.byContent({u"a"_s, u"b"_s, u"c"_s}));
}

void MemorySearchTest::modeBStaysUnderTwoThousandTokensAndSaysWhatItLeftOut()
{
    auto r = MemorySearch(*m_db, nullptr).byContent({u"zebra"_s});
    QVERIFY2(r, qPrintable(r.error()));
    QVERIFY(MemorySearchBudget::estimate(*r) <= MemorySearch::TokenLimit);
    // Each entry's title alone is ~400 tokens: four fit, the rest are noted.
    QVERIFY(r->hits.size() < 10);
    QVERIFY(!r->notes.isEmpty());
    QVERIFY(r->notes.join(u' ').contains(u"left out"_s));
    const QByteArray yaml = MemorySearchFormat::toYaml(*r).toUtf8();
    QVERIFY2(yaml.size() / 3 <= MemorySearch::TokenLimit, yaml.constData());
}

QTEST_GUILESS_MAIN(MemorySearchTest)
#include "tst_memorysearch.moc"
