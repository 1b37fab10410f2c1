// Memory search Mode B's ranking (INTERFACES.md §6, revised): files holding
// more of the distinct keywords first, then files holding the keywords as the
// phrase written, then keyword occurrences, then recency; and the lag note a
// search made while the projection lags carries. Each file below is written
// so that exactly one rule separates it from its neighbour.

#include "Clock.h"
#include "Database.h"
#include "DemoBuilder.h"
#include "LagMonitor.h"
#include "MemoryImport.h"
#include "MemorySearch.h"
#include "MemoryTree.h"
#include "ProjectionRebuild.h"
#include "Projector.h"
#include "Statement.h"

#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

QByteArray decision(int number, const QByteArray &updated, const QByteArray &body)
{
    return "---\nid: DEC-" + QByteArray::number(number) + "\ntitle: Decision " +
           QByteArray::number(number) + "\ndomain: cache\nstatus: final\nupdated_at: " + updated +
           "\n---\n" + body;
}

QStringList ids(const MemorySearchResult &result)
{
    QStringList out;
    for (const MemorySearchHit &hit : result.hits)
        out.append(hit.id);
    return out;
}

} // namespace

class MemorySearchRankingTest : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::unique_ptr<Database> m_db;
    FixedClock m_clock{QDateTime(QDate(2026, 3, 1), QTime(9, 0), QTimeZone::utc())};

    void write(const QString &relative, const QByteArray &content)
    {
        QVERIFY(cw::test::writeMemoryFile(m_dir.filePath(u"tree"_s), relative, content));
    }

    Result<MemorySearchResult> search(const QStringList &keywords) const
    {
        return MemorySearch(*m_db, nullptr).byContent(keywords);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // "spill" many times, never "eviction": most occurrences, one keyword.
        write(u"decisions/DEC-1.md"_s,
              decision(1, "2026-02-01", "spill spill spill spill spill spill spill spill\n"));
        // Both keywords once each, apart: two keywords beat eight occurrences.
        write(u"decisions/DEC-2.md"_s,
              decision(2, "2020-01-01", "An eviction here.\n\nLater a spill there.\n"));
        // Both keywords, as written ("eviction spill"), two occurrences only.
        write(u"decisions/DEC-3.md"_s, decision(3, "2020-01-01", "The eviction spill case.\n"));
        // Both keywords, in the other order only: not the phrase as written.
        write(
            u"decisions/DEC-4.md"_s,
            decision(4, "2025-01-01", "spill eviction, and spill eviction, and spill eviction\n"));
        // DEC-5 and DEC-6: equal in keywords, phrase and occurrences; DEC-6 is
        // newer, so recency puts it first.
        write(u"decisions/DEC-5.md"_s, decision(5, "2024-01-01", "eviction, then a spill\n"));
        write(u"decisions/DEC-6.md"_s, decision(6, "2024-06-01", "eviction, then a spill\n"));
        // A third keyword: "pressure" with both others, not as a phrase.
        write(u"decisions/DEC-7.md"_s,
              decision(7, "2019-01-01", "pressure. eviction. and spill.\n"));
        // "quota": eighteen files in heavy ties for the winners' order below:
        // equal keys and dates, files without a date, and files that are not
        // decisions (no number).
        for (int n = 20; n < 32; ++n)
            write(u"decisions/DEC-%1.md"_s.arg(n),
                  decision(n, n % 3 ? "2026-01-01" : "2025-01-01",
                           n % 4 ? "one quota\n" : "quota and quota\n"));
        write(u"decisions/DEC-40.md"_s,
              "---\nid: DEC-40\ntitle: Undated\ndomain: cache\nstatus: final\n---\nquota\n");
        write(u"decisions/DEC-41.md"_s,
              "---\nid: DEC-41\ntitle: Undated\ndomain: cache\nstatus: final\n---\nquota\n");
        for (const char *name : {"notes/quota-b.md", "notes/quota-a.md", "guides/quota.md"})
            write(QString::fromLatin1(name), "# Quota notes\n\nquota once\n");
        write(u"notes/quotas-many.md"_s, "# Quotas\n\nquota quota quota\n");
        auto db = Database::open(m_dir.filePath(u"ranking.db"_s));
        QVERIFY2(db, qPrintable(db.error()));
        m_db = std::move(*db);
        auto imported = MemoryImport(*m_db, m_clock).importTree(m_dir.filePath(u"tree"_s));
        QVERIFY2(imported, qPrintable(imported.error()));
        auto projected = Projector(*m_db, m_clock).run();
        QVERIFY2(projected, qPrintable(projected.error()));
    }

    void aFileWithMoreOfTheKeywordsComesBeforeOneWithMoreOccurrences()
    {
        auto r = search({u"eviction"_s, u"spill"_s});
        QVERIFY2(r, qPrintable(r.error()));
        // DEC-1 has eight occurrences of one keyword and comes after every
        // file holding both, however few times.
        QCOMPARE(ids(*r).constLast(), u"DEC-1"_s);
        QCOMPARE(r->hits.constLast().matches, 8);
        const QStringList both = ids(*r).mid(0, ids(*r).size() - 1);
        for (const QString &id : {u"DEC-2"_s, u"DEC-3"_s, u"DEC-4"_s, u"DEC-5"_s, u"DEC-6"_s})
            QVERIFY2(both.contains(id), qPrintable(id));
    }

    void thePhraseAsWrittenBreaksTiesBetweenFilesWithTheSameKeywords()
    {
        auto r = search({u"eviction"_s, u"spill"_s});
        QVERIFY2(r, qPrintable(r.error()));
        // DEC-3 holds "eviction spill" (2 occurrences) and comes before DEC-4
        // (6 occurrences, only ever "spill eviction") and every other file
        // with both words apart.
        QCOMPARE(ids(*r).constFirst(), u"DEC-3"_s);
        QVERIFY(ids(*r).indexOf(u"DEC-4"_s) > 0);
        // Written the other way round, DEC-4 holds the phrase and DEC-3 not.
        auto reversed = search({u"spill"_s, u"eviction"_s});
        QVERIFY2(reversed, qPrintable(reversed.error()));
        QCOMPARE(ids(*reversed).constFirst(), u"DEC-4"_s);
    }

    void occurrencesThenRecencyOrderTheRest()
    {
        auto r = search({u"eviction"_s, u"spill"_s});
        QVERIFY2(r, qPrintable(r.error()));
        // After the phrase: DEC-4 (6 occurrences); then DEC-2, 5, 6 and 7 with
        // 2 each, newest first: DEC-6 (2024-06), DEC-5 (2024-01), DEC-2
        // (2020), DEC-7 (2019); last DEC-1 with one keyword.
        QCOMPARE(ids(*r), QStringList({u"DEC-3"_s, u"DEC-4"_s, u"DEC-6"_s, u"DEC-5"_s, u"DEC-2"_s,
                                       u"DEC-7"_s, u"DEC-1"_s}));
    }

    // MemoryRanking looks up only the matches that can still win; its answer
    // must be the head of the full ordering, ties and all.
    static void expectTheFullOrdering(const Database &db, const QList<QStringList> &searches)
    {
        Statement every = db.prepare(
            "SELECT m.source_path FROM projection_fts JOIN projection_memory m "
            "ON m.id = projection_fts.rowid "
            "WHERE projection_fts MATCH ?1 ORDER BY cw_keyword_rank(projection_fts) DESC, "
            "m.updated_at DESC, m.is_other, m.number, m.source_path LIMIT 10");
        for (const QStringList &keywords : searches) {
            every.bind(1, MemorySearch::ftsExpression(keywords));
            QStringList expected;
            QVERIFY(every.forEachRow([&] { expected.append(every.text(0)); }));
            every.reset();
            auto r = MemorySearch(db, nullptr).byContent(keywords);
            QVERIFY2(r, qPrintable(r.error()));
            QStringList files;
            for (const MemorySearchHit &hit : r->hits)
                files.append(hit.filePath);
            QCOMPARE(files, expected);
        }
    }

    void theWinnersAreTheFirstTenOfOneOrderingOfEveryMatch()
    {
        expectTheFullOrdering(
            *m_db,
            {{u"quota"_s}, {u"quota"_s, u"one"_s}, {u"spill"_s}, {u"eviction"_s, u"spill"_s}});
    }

    void theWinnersAreRightWhereMostMatchesAreNotMemoryFiles()
    {
        // The demo: thousands of case experiences beside a few memory files,
        // so a word's matches are mostly not memory files at all.
        QTemporaryDir dir;
        auto db = Database::open(dir.filePath(u"demo.db"_s));
        QVERIFY2(db, qPrintable(db.error()));
        auto built = DemoBuilder(**db, m_clock, u"tester"_s).build(2000);
        QVERIFY2(built, qPrintable(built.error()));
        auto projected = Projector(**db, m_clock).run();
        QVERIFY2(projected, qPrintable(projected.error()));
        expectTheFullOrdering(
            **db, {{u"register"_s}, {u"data"_s}, {u"the"_s}, {u"decision"_s, u"data"_s}});
    }

    void threeKeywordsBeatTwo()
    {
        auto r = search({u"eviction"_s, u"spill"_s, u"pressure"_s});
        QVERIFY2(r, qPrintable(r.error()));
        // DEC-7, the only file with all three, though it is the oldest and
        // holds no phrase; then the files with two by occurrences: DEC-4 (6)
        // before DEC-3, whose "eviction spill" is only part of the phrase
        // written ("eviction spill pressure") and counts for nothing.
        QCOMPARE(ids(*r).mid(0, 2), QStringList({u"DEC-7"_s, u"DEC-4"_s}));
    }

    // Issue 16: Mode A reads projection_frontmatter (compact rows kept by
    // triggers on projection) instead of the wide projection rows. A
    // re-import that changes a file's frontmatter, and a rebuild (delete all,
    // insert all, new rowids), must leave it and its tag list in step.
    void modeAFollowsChangedFrontmatterAndARebuild()
    {
        QTemporaryDir tree;
        const QByteArray old = "---\nid: DEC-60\ntitle: Tagged\ndomain: tagged\nstatus: final\n"
                               "tags: [alpha, shared]\n---\nbody\n";
        QVERIFY(cw::test::writeMemoryFile(tree.path(), u"decisions/DEC-60.md"_s, old));
        QVERIFY(MemoryImport(*m_db, m_clock).importTree(tree.path()));
        QVERIFY(Projector(*m_db, m_clock).run());
        const MemorySearch search(*m_db, nullptr);
        auto tagged = [&](const QString &tag) {
            auto r = search.byFields(MemoryFieldQuery{u"tagged"_s, {}, {}, {tag}, {}});
            return r ? ids(*r) : QStringList{r.error()};
        };
        QCOMPARE(tagged(u"alpha"_s), QStringList{u"DEC-60"_s});
        QByteArray changed = old;
        changed.replace("[alpha, shared]", "[beta, shared]");
        QVERIFY(cw::test::writeMemoryFile(tree.path(), u"decisions/DEC-60.md"_s, changed));
        QVERIFY(MemoryImport(*m_db, m_clock).importTree(tree.path()));
        QVERIFY(Projector(*m_db, m_clock).run());
        QCOMPARE(tagged(u"alpha"_s), QStringList());
        QCOMPARE(tagged(u"beta"_s), QStringList{u"DEC-60"_s});

        auto rebuilt = ProjectionRebuild(*m_db, m_clock).rebuild();
        QVERIFY2(rebuilt, qPrintable(rebuilt.error()));
        QCOMPARE(tagged(u"beta"_s), QStringList{u"DEC-60"_s});
        QCOMPARE(tagged(u"shared"_s), QStringList{u"DEC-60"_s});
        QCOMPARE(m_db->queryInt("SELECT count(*) FROM projection_frontmatter").value(),
                 m_db->queryInt("SELECT count(*) FROM projection WHERE kind = 'decision' AND "
                                "source_path LIKE 'decisions/DEC-%'")
                     .value());
        QCOMPARE(m_db->queryInt("SELECT count(*) FROM projection_frontmatter_tags t LEFT JOIN "
                                "projection_frontmatter f ON f.id = t.id WHERE f.id IS NULL")
                     .value(),
                 0);
    }

    void aSearchWhileTheProjectionLagsSaysSoInItsNotes()
    {
        // A second tree imported but not projected: its events are pending.
        QTemporaryDir other;
        QVERIFY(cw::test::writeMemoryFile(other.path(), u"decisions/DEC-40.md"_s,
                                          decision(40, "2026-01-01", "eviction spill\n")));
        auto imported = MemoryImport(*m_db, m_clock).importTree(other.path());
        QVERIFY2(imported, qPrintable(imported.error()));
        auto lag = LagMonitor(*m_db, m_clock).report();
        QVERIFY2(lag, qPrintable(lag.error()));
        QVERIFY(lag->lagEvents > 0);
        const MemoryIndexLag lagging{lag->watermark, lag->lagEvents};
        const QString note = u"%1 event%2 pending: files imported after watermark %3 are not "
                             "searched yet"_s.arg(lag->lagEvents)
                                 .arg(lag->lagEvents == 1 ? u""_s : u"s"_s)
                                 .arg(lag->watermark);
        const MemorySearch search(*m_db, nullptr, lagging);
        auto b = search.byContent({u"eviction"_s});
        QVERIFY2(b, qPrintable(b.error()));
        QVERIFY(!ids(*b).contains(u"DEC-40"_s)); // not searched yet, and the note says so
        QCOMPARE(b->notes, QStringList{note});
        auto a = search.byFields(MemoryFieldQuery{u"cache"_s, {}, {}, {}, {}});
        QVERIFY2(a, qPrintable(a.error()));
        QCOMPARE(a->notes, QStringList{note});
        auto c = search.byReference(u"DEC-1"_s);
        QVERIFY2(c, qPrintable(c.error()));
        QCOMPARE(c->notes.constFirst(), note);

        // Projected, the file is found and no note is left.
        QVERIFY(Projector(*m_db, m_clock).run());
        auto caughtUp = LagMonitor(*m_db, m_clock).report();
        QVERIFY2(caughtUp, qPrintable(caughtUp.error()));
        QCOMPARE(caughtUp->lagEvents, 0);
        auto after = MemorySearch(*m_db, nullptr, {caughtUp->watermark, caughtUp->lagEvents})
                         .byContent({u"eviction"_s});
        QVERIFY2(after, qPrintable(after.error()));
        QVERIFY(ids(*after).contains(u"DEC-40"_s));
        QVERIFY(after->notes.isEmpty());
    }
};

QTEST_GUILESS_MAIN(MemorySearchRankingTest)
#include "tst_memorysearchranking.moc"
