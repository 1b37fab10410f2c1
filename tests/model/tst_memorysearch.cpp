// Memory search Modes A, B and C over a small tree written here (exact
// rankings), and golden files over the PEP corpus (tests/golden/memory-search,
// reviewed by hand: see its README.md). CW_REGENERATE_GOLDEN=1 rewrites them.

#include "Clock.h"
#include "Database.h"
#include "MemoryExcerpt.h"
#include "MemoryImport.h"
#include "MemorySearch.h"
#include "MemorySearchBudget.h"
#include "MemorySearchFormat.h"
#include "ProjectionRebuild.h"
#include "Projector.h"

#include <QTimeZone>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

const QString CorpusDir = QStringLiteral(CW_SHARED_DIR "/corpus/pep-memory");
const QString GoldenDir = QStringLiteral(CW_SOURCE_DIR "/tests/golden/memory-search");

QByteArray decision(int number, const QByteArray &fields, const QByteArray &body)
{
    return "---\nid: DEC-" + QByteArray::number(number) + "\n" + fields + "---\n" + body;
}

QStringList paths(const MemorySearchResult &result)
{
    QStringList out;
    for (const MemorySearchHit &hit : result.hits)
        out.append(hit.filePath.section(u'/', -1).chopped(3)); // "DEC-4", "pooling-notes"
    return out;
}

QStringList relevances(const MemorySearchResult &result)
{
    QStringList out;
    for (const MemorySearchHit &hit : result.hits)
        out.append(relevanceName(hit.relevance));
    return out;
}

} // namespace

class MemorySearchTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();

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
    void modeCRanksInboundOverOutboundOverMentionsAndDeduplicates();
    void modeCRespectsWordBoundariesSoDec4IsNotDec42();
    void modeCFindsAMentionOnlyTheTitleCarries();
    void modeCReportsATargetWithoutAFileInANote();
    void aRebuiltProjectionAnswersModeBTheSame();
    void excerptCutsAroundTheMatchAtWordBoundaries();
    void yamlQuotesTitlesAndPrintsAnEmptyList();

    void pepCorpusGoldens_data();
    void pepCorpusGoldens();

private:
    void write(const QString &relative, const QByteArray &content);
    static Result<std::unique_ptr<Database>> importAndProject(const QString &dbPath,
                                                              const QString &tree);

    QTemporaryDir m_dir;
    std::unique_ptr<Database> m_db;
    std::unique_ptr<Database> m_pep;
    FixedClock m_clock{QDateTime(QDate(2026, 3, 1), QTime(9, 0), QTimeZone::utc())};
};

void MemorySearchTest::write(const QString &relative, const QByteArray &content)
{
    const QString path = m_dir.filePath(u"tree/contexts/memory/"_s + relative);
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(content);
}

Result<std::unique_ptr<Database>> MemorySearchTest::importAndProject(const QString &dbPath,
                                                                     const QString &tree)
{
    static FixedClock clock(QDateTime(QDate(2026, 3, 1), QTime(9, 0), QTimeZone::utc()));
    auto db = Database::open(dbPath);
    if (!db)
        return fail(db.error());
    auto imported = MemoryImport(**db, clock).importTree(tree);
    if (!imported)
        return fail(imported.error());
    if (!imported->problems.isEmpty())
        return fail(imported->problems.join(u"; "_s));
    if (auto projected = Projector(**db, clock).run(); !projected)
        return fail(projected.error());
    return std::move(*db);
}

void MemorySearchTest::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QByteArray infra = "domain: infrastructure\n";
    write(u"decisions/DEC-1.md"_s,
          decision(1,
                   infra + "title: Use connection pooling\nlevel: operational\nstatus: final\n"
                           "tags: [database, connection-pooling]\nrelated_to: [DEC-2]\n"
                           "updated_at: 2026-01-05\n",
                   "# Use connection pooling\n\nA pool per service.\nThe pool is sized by load.\n"
                   "Pool exhaustion is rare.\n"));
    write(u"decisions/DEC-2.md"_s,
          decision(2,
                   infra + "title: Database access\nlevel: strategic\nstatus: final\n"
                           "tags: [database]\nupdated_at: 2026-01-02\n",
                   "# Database access layer\n\nReplaces the ad-hoc access of DEC-42.\n"
                   "one pool\ntwo pool\n\nthe third line mentions a pool\nfourth\n"));
    write(u"decisions/DEC-3.md"_s,
          decision(3,
                   infra + "title: Pool metrics\nlevel: operational\nstatus: draft\n"
                           "tags: [database]\nrelated_to: [DEC-1]\nupdated_at: 2026-01-09\n",
                   "# Pool metrics\n\nBuilds on DEC-1. Measures the pool twice: pool, pool.\n"));
    write(u"decisions/DEC-4.md"_s,
          decision(4,
                   "domain: data\ntitle: Old pooling\nlevel: operational\nstatus: superseded\n"
                   "tags: [connection-pooling]\nrelated_to: [DEC-1]\nsuperseded_by: DEC-5\n"
                   "updated_at: 2025-06-01\n",
                   "# Old pooling\n\npool pool pool pool pool\n"));
    write(u"decisions/DEC-5.md"_s,
          decision(5,
                   infra + "title: Pool per tenant\nlevel: operational\nstatus: rejected\n"
                           "supersedes: DEC-4\nupdated_at: 2025-07-01\n",
                   "# Pool per tenant\n\nSee DEC-4 for the earlier approach.\n"));
    write(u"decisions/DEC-6.md"_s,
          decision(6, "domain: misc\ntitle: Follow-up to DEC-7\nstatus: final\n",
                   "Nothing else here.\n"));
    write(u"decisions/DEC-42.md"_s,
          decision(42,
                   infra + "title: Pool limits\nlevel: operational\nstatus: final\n"
                           "tags: [database, connection-pooling, limits]\nrelated_to: [DEC-4]\n"
                           "updated_at: 2026-01-05\n",
                   "# Pool limits\n\nLimits per pool, per DEC-1; see also DEC-40.\nPOOL pool\n"));
    write(u"domains/data/pooling-notes.md"_s,
          "# Pooling notes\n\nWe saw pool exhaustion twice. DEC-4 described it.\n");
    write(u"domains/data/other.md"_s, "# Other\n\nMentions DEC-42 only, and DEC-40, DEC-4x.\n");
    // Twelve decisions of one domain: DEC-99 must come before DEC-100.
    for (int n = 99; n <= 110; ++n)
        write(u"decisions/DEC-%1.md"_s.arg(n),
              decision(n, "domain: bulk\ntitle: Bulk\nlevel: operational\nstatus: final\n",
                       "# Bulk\n\nfiller\n"));
    // Ten files whose titles alone blow the token budget.
    const QByteArray longTitle = QByteArray("Zebra ").repeated(200);
    for (int n = 200; n < 210; ++n)
        write(u"decisions/DEC-%1.md"_s.arg(n), decision(n, "domain: long\nstatus: final\n",
                                                        "# " + longTitle + "\n\nzebra crossing\n"));
    auto db = importAndProject(m_dir.filePath(u"small.db"_s), m_dir.filePath(u"tree"_s));
    QVERIFY2(db, qPrintable(db.error()));
    m_db = std::move(*db);
    auto pep = importAndProject(m_dir.filePath(u"pep.db"_s), CorpusDir);
    QVERIFY2(pep, qPrintable(pep.error()));
    m_pep = std::move(*pep);
}

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
    auto r = MemorySearch(*m_pep, nullptr).byContent({u"asyncio"_s});
    QVERIFY2(r, qPrintable(r.error()));
    QCOMPARE(r->hits.size(), 10);
    for (const MemorySearchHit &hit : r->hits) {
        QVERIFY2(hit.excerpt.toUtf8().size() <= MemoryExcerpt::MaxBytes, qPrintable(hit.excerpt));
        QVERIFY2((hit.excerpt.toUtf8().size() + 2) / 3 <= 50, qPrintable(hit.excerpt));
        QVERIFY2(hit.excerpt.contains(u"asyncio"_s, Qt::CaseInsensitive), qPrintable(hit.excerpt));
    }
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

void MemorySearchTest::modeCRanksInboundOverOutboundOverMentionsAndDeduplicates()
{
    auto r = MemorySearch(*m_db, nullptr).byReference(u"DEC-1"_s);
    QVERIFY2(r, qPrintable(r.error()));
    // DEC-3 lists DEC-1 in related_to and mentions it: inbound wins.
    QCOMPARE(paths(*r), QStringList({u"DEC-3"_s, u"DEC-4"_s, u"DEC-2"_s, u"DEC-42"_s}));
    QCOMPARE(relevances(*r), QStringList({u"related_to_inbound"_s, u"related_to_inbound"_s,
                                          u"related_to_outbound"_s, u"direct_mention"_s}));
    QVERIFY(r->notes.isEmpty());
}

void MemorySearchTest::modeCRespectsWordBoundariesSoDec4IsNotDec42()
{
    auto r = MemorySearch(*m_db, nullptr).byReference(u"DEC-4"_s);
    QVERIFY2(r, qPrintable(r.error()));
    // other.md says DEC-42, DEC-40 and DEC-4x: none of them is DEC-4.
    QCOMPARE(paths(*r), QStringList({u"DEC-42"_s, u"DEC-1"_s, u"DEC-5"_s, u"pooling-notes"_s}));
    QCOMPARE(relevances(*r), QStringList({u"related_to_inbound"_s, u"related_to_outbound"_s,
                                          u"direct_mention"_s, u"direct_mention"_s}));
    QVERIFY(r->hits[3].id.isNull()); // a file without frontmatter id
    QCOMPARE(r->hits[3].filePath, u"domains/data/pooling-notes.md"_s);
    auto r42 = MemorySearch(*m_db, nullptr).byReference(u"DEC-42"_s);
    QCOMPARE(paths(*r42), QStringList({u"DEC-4"_s, u"DEC-2"_s, u"other"_s}));
}

void MemorySearchTest::modeCFindsAMentionOnlyTheTitleCarries()
{
    auto r = MemorySearch(*m_db, nullptr).byReference(u"DEC-7"_s);
    QVERIFY2(r, qPrintable(r.error()));
    QCOMPARE(paths(*r), QStringList({u"DEC-6"_s}));
    QCOMPARE(r->hits[0].relevance, MemoryRelevance::DirectMention);
}

void MemorySearchTest::modeCReportsATargetWithoutAFileInANote()
{
    auto r = MemorySearch(*m_db, nullptr).byReference(u"DEC-40"_s);
    QVERIFY2(r, qPrintable(r.error()));
    QCOMPARE(paths(*r), QStringList({u"DEC-42"_s, u"other"_s}));
    QCOMPARE(r->notes.size(), 1);
    QVERIFY(r->notes[0].contains(u"DEC-40 has no file"_s));
    QVERIFY(!MemorySearch(*m_db, nullptr).byReference(u"dec-4"_s));
    QVERIFY(!MemorySearch(*m_db, nullptr).byReference(u"DEC-4 OR x"_s));
}

// Mode B ranks from projection_memory, kept by triggers on projection: the
// rebuild (delete all, insert all, new rowids) must leave it in step.
void MemorySearchTest::aRebuiltProjectionAnswersModeBTheSame()
{
    const QByteArray before =
        QJsonDocument(MemorySearchFormat::toJson(
                          *MemorySearch(*m_db, nullptr).byContent({u"pool"_s, u"zebra"_s})))
            .toJson();
    auto rebuilt = ProjectionRebuild(*m_db, m_clock).rebuild();
    QVERIFY2(rebuilt, qPrintable(rebuilt.error()));
    QCOMPARE(
        m_db->queryInt("SELECT count(*) FROM projection_memory").value(),
        m_db->queryInt("SELECT count(*) FROM projection WHERE source_path IS NOT NULL").value());
    QCOMPARE(m_db->queryInt("SELECT count(*) FROM projection_memory m JOIN projection p ON "
                            "p.rowid = m.id AND p.updated_at IS m.updated_at")
                 .value(),
             m_db->queryInt("SELECT count(*) FROM projection_memory").value());
    const QByteArray after =
        QJsonDocument(MemorySearchFormat::toJson(
                          *MemorySearch(*m_db, nullptr).byContent({u"pool"_s, u"zebra"_s})))
            .toJson();
    QCOMPARE(after, before);
}

void MemorySearchTest::excerptCutsAroundTheMatchAtWordBoundaries()
{
    const QString text = QStringList(40, u"word"_s).join(u' ') + u" target "_s +
                         QStringList(40, u"more"_s).join(u' ');
    const qsizetype at = text.indexOf(u"target"_s);
    const QString cut = MemoryExcerpt::around(text, at, 6, MemoryExcerpt::MaxBytes);
    QVERIFY(cut.toUtf8().size() <= MemoryExcerpt::MaxBytes);
    QVERIFY(cut.startsWith(QChar(0x2026) + u"word"_s));
    QVERIFY(cut.endsWith(u"more"_s + QChar(0x2026)));
    QVERIFY(cut.contains(u" target "_s));
    QCOMPARE(MemoryExcerpt::around(u"short"_s, 0, 5, 150), u"short"_s);
}

void MemorySearchTest::yamlQuotesTitlesAndPrintsAnEmptyList()
{
    QCOMPARE(MemorySearchFormat::toYaml({}), u"search_results: []\n"_s);
    MemorySearchResult result;
    MemorySearchHit hit;
    hit.filePath = u"decisions/DEC-42.md"_s;
    hit.id = u"DEC-42"_s;
    hit.title = u"Use \"pooling\": yes\\no"_s;
    hit.relevance = MemoryRelevance::RelatedToInbound;
    result.hits.append(hit);
    hit.filePath = u"notes/a: b.md"_s;
    hit.id = QString();
    hit.title = u"x"_s;
    hit.excerpt = u"line\nnext"_s;
    result.hits.append(hit);
    QCOMPARE(MemorySearchFormat::toYaml(result),
             u"search_results:\n"
             "- file_path: decisions/DEC-42.md\n  id: DEC-42\n"
             "  title: \"Use \\\"pooling\\\": yes\\\\no\"\n  relevance: related_to_inbound\n"
             "- file_path: \"notes/a: b.md\"\n  id: null\n  title: \"x\"\n"
             "  relevance: related_to_inbound\n  excerpt: \"line\\nnext\"\n"_s);
}

void MemorySearchTest::pepCorpusGoldens_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<QStringList>("args");
    auto add = [](const char *name, const QString &mode, const QStringList &args) {
        QTest::newRow(name) << mode << args;
    };
    add("a-final-standards-python-3.5", u"A"_s,
        {u"status=final"_s, u"domain=standards-track"_s, u"tag=python-3.5"_s});
    add("a-typing-tag", u"A"_s, {u"tag=typing"_s});
    add("a-level-process-active", u"A"_s, {u"level=process"_s, u"status=active"_s});
    add("a-related-to-dec-345", u"A"_s, {u"related_to=DEC-345"_s});
    add("a-related-to-dec-484", u"A"_s, {u"related_to=DEC-484"_s});
    add("b-asyncio", u"B"_s, {u"asyncio"_s});
    add("b-pattern-matching", u"B"_s, {u"pattern matching"_s});
    add("b-gil", u"B"_s, {u"GIL"_s});
    add("b-walrus-assignment-expression", u"B"_s, {u"walrus"_s, u"assignment expression"_s});
    add("c-dec-8", u"C"_s, {u"DEC-8"_s});
    add("c-dec-345", u"C"_s, {u"DEC-345"_s});
    add("c-dec-484", u"C"_s, {u"DEC-484"_s});
    add("c-dec-3000", u"C"_s, {u"DEC-3000"_s});
}

void MemorySearchTest::pepCorpusGoldens()
{
    QFETCH(QString, mode);
    QFETCH(QStringList, args);
    MemorySearch search(*m_pep, nullptr);
    Result<MemorySearchResult> r = fail(u"no mode"_s);
    if (mode == u"A") {
        MemoryFieldQuery q;
        for (const QString &arg : args) {
            const QString key = arg.section(u'=', 0, 0);
            const QString value = arg.section(u'=', 1);
            if (key == u"status")
                q.status = value;
            else if (key == u"domain")
                q.domain = value;
            else if (key == u"level")
                q.level = value;
            else if (key == u"tag")
                q.tags.append(value);
            else if (key == u"related_to")
                q.relatedTo.append(value);
        }
        r = search.byFields(q);
    } else if (mode == u"B") {
        r = search.byContent(args);
    } else {
        r = search.byReference(args.constFirst());
    }
    QVERIFY2(r, qPrintable(r.error()));
    QVERIFY(MemorySearchBudget::estimate(*r) <= MemorySearch::TokenLimit);
    const QByteArray actual =
        QJsonDocument(MemorySearchFormat::toJson(*r)).toJson(QJsonDocument::Indented);
    const QString path =
        GoldenDir + u'/' + QString::fromLatin1(QTest::currentDataTag()) + u".json"_s;
    QFile file(path);
    if (qEnvironmentVariableIntValue("CW_REGENERATE_GOLDEN") == 1) {
        QDir().mkpath(GoldenDir);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(actual);
        return;
    }
    QVERIFY2(file.open(QIODevice::ReadOnly),
             qPrintable(path + u": missing (run with CW_REGENERATE_GOLDEN=1, then review)"_s));
    const QByteArray expected = file.readAll();
    QCOMPARE(QJsonDocument::fromJson(actual), QJsonDocument::fromJson(expected));
}

QTEST_GUILESS_MAIN(MemorySearchTest)
#include "tst_memorysearch.moc"
