// One database, several memory trees: each imported article is tied to the
// tree it came from (articles.source_tree), and a re-import retires only
// articles of its own tree whose file is gone. Importing a user's folder into
// the demo database must not take the demo's decisions away.

#include "DemoBuilder.h"
#include "MemoryImportFixture.h"
#include "MemoryTree.h"
#include "Statement.h"

#include <QFile>

using namespace cw;
using namespace cw::test;
using namespace Qt::StringLiterals;

namespace {

QByteArray decision(int number)
{
    return "---\nid: DEC-" + QByteArray::number(number) + "\ntitle: Decision " +
           QByteArray::number(number) +
           "\nstatus: final\ndomain: infrastructure\n---\n# Decision\n\nBody.\n";
}

QString memoryOf(const QString &root)
{
    return QFileInfo(root + u"/contexts/memory"_s).canonicalFilePath();
}

QStringList refs(const QList<RemovedMemoryFile> &retired)
{
    QStringList list;
    for (const RemovedMemoryFile &r : retired)
        list.append(r.ref);
    return list;
}

} // namespace

class MemoryImportTreesTest : public QObject, public MemoryImportFixture
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        MemoryImportFixture::init();
        m_a = m_dir->filePath(u"a"_s);
        m_b = m_dir->filePath(u"b"_s);
        for (int n : {1, 2, 3})
            QVERIFY(writeMemoryFile(m_a, u"decisions/DEC-%1.md"_s.arg(n), decision(n)));
        QVERIFY(writeMemoryFile(m_a, u"domains/infra/a-notes.md"_s, "# A notes\n"));
        QVERIFY(writeMemoryFile(m_b, u"decisions/DEC-7.md"_s, decision(7)));
        QVERIFY(writeMemoryFile(m_b, u"domains/infra/b-notes.md"_s, "# B notes\n"));
    }
    void cleanup() { MemoryImportFixture::cleanup(); }

    void everyImportedArticleNamesItsCanonicalTree();
    void importingAnotherTreeRetiresNothingOfTheFirstAndDoesNotMentionIt();
    void aFileRemovedFromATreeRetiresExactlyItsArticle();
    void aMovedTreeRetiresNothingAndIsStampedWithItsNewPath();
    void articlesWithNoTreeRecordedAreNeverRetiredAndAreStampedWhenFound();
    void aRefSharedByTwoTreesBelongsToTheTreeThatImportedItLastAndIsReported();
    void importingAUsersTreeIntoTheDemoRetiresNoneOfTheDemosDecisions();

private:
    QString tree(const QString &ref)
    {
        return text("SELECT source_tree FROM articles WHERE ref = ?1", ref);
    }
    QString latestState(const QString &ref)
    {
        return text("SELECT r.state FROM revisions r JOIN articles a ON a.id = r.article_id "
                    "WHERE a.ref = ?1 ORDER BY r.revision DESC LIMIT 1",
                    ref);
    }
    // ref, source path, tree and state of the latest revision of every
    // article: what a harmless import leaves as it was.
    QStringList articles()
    {
        Statement s = m_db->prepare(
            "SELECT a.ref || ' ' || coalesce(a.source_path, '-') || ' ' || "
            "coalesce(a.source_tree, '-') || ' ' || r.state || ' ' || r.revision FROM articles a "
            "JOIN revisions r ON r.id = (SELECT id FROM revisions WHERE article_id = a.id "
            "ORDER BY revision DESC LIMIT 1) ORDER BY a.ref");
        QStringList rows;
        for (auto row = s.step(); row && *row; row = s.step())
            rows.append(s.text(0));
        return rows;
    }

    QString m_a;
    QString m_b;
};

void MemoryImportTreesTest::everyImportedArticleNamesItsCanonicalTree()
{
    // Named through a symlinked parent and with "..": stamped canonical, so
    // the same folder is the same tree however it is named.
    QVERIFY(QFile::link(m_dir->path(), m_dir->filePath(u"via"_s)));
    const MemoryImportReport report = importTree(m_dir->filePath(u"via/b/../a"_s));
    QCOMPARE(report.imported, 4);
    QCOMPARE(report.tree, memoryOf(m_a));
    QVERIFY(report.adopted.isEmpty());
    QCOMPARE(count("SELECT count(*) FROM articles WHERE source_tree = ?1", memoryOf(m_a)), 4);
    QCOMPARE(count("SELECT count(*) FROM audit WHERE action = 'import-memory' AND "
                   "json_extract(details, '$.source_tree') = ?1",
                   memoryOf(m_a)),
             4);
}

void MemoryImportTreesTest::importingAnotherTreeRetiresNothingOfTheFirstAndDoesNotMentionIt()
{
    importTree(m_a);
    const QStringList before = articles();
    const MemoryImportReport report = importTree(m_b);
    QCOMPARE(report.imported, 2);
    QVERIFY(report.retired.isEmpty());
    QVERIFY(report.adopted.isEmpty());
    QVERIFY(report.problems.isEmpty());
    const QStringList after = articles();
    for (const QString &row : before)
        QVERIFY2(after.contains(row), qPrintable(row));
    QCOMPARE(latestState(u"DEC-1"_s), u"active"_s);
    QCOMPARE(tree(u"DEC-1"_s), memoryOf(m_a));
    QCOMPARE(tree(u"DEC-7"_s), memoryOf(m_b));
    QCOMPARE(count("SELECT count(*) FROM audit WHERE action = 'retire'"), 0);
}

void MemoryImportTreesTest::aFileRemovedFromATreeRetiresExactlyItsArticle()
{
    importTree(m_a);
    importTree(m_b);
    QVERIFY(QFile::remove(memoryOf(m_a) + u"/decisions/DEC-2.md"_s));
    const MemoryImportReport report = importTree(m_a);
    QCOMPARE(refs(report.retired), QStringList{u"DEC-2"_s});
    QCOMPARE(report.unchanged, 3);
    QCOMPARE(latestState(u"DEC-2"_s), u"retired"_s);
    for (const QString &ref : {u"DEC-1"_s, u"DEC-3"_s, u"DEC-7"_s, u"domains/infra/b-notes.md"_s})
        QVERIFY2(latestState(ref) == u"active"_s, qPrintable(ref));

    // Tree B, re-imported, has nothing of A's to retire either.
    const MemoryImportReport again = importTree(m_b);
    QVERIFY(again.retired.isEmpty());
    QCOMPARE(again.unchanged, 2);
}

void MemoryImportTreesTest::aMovedTreeRetiresNothingAndIsStampedWithItsNewPath()
{
    importTree(m_a);
    const QString old = memoryOf(m_a);
    const QString moved = m_dir->filePath(u"moved/a"_s);
    QVERIFY(QDir().mkpath(m_dir->filePath(u"moved"_s)));
    QVERIFY(QDir().rename(m_a, moved));

    const MemoryImportReport report = importTree(moved);
    QVERIFY(report.retired.isEmpty());
    QCOMPARE(report.unchanged, 4);
    QCOMPARE(report.imported + report.revised + report.restored, 0);
    QCOMPARE(report.adopted.size(), 4);
    for (const AdoptedMemoryFile &a : report.adopted)
        QCOMPARE(a.fromTree, old);
    QCOMPARE(count("SELECT count(*) FROM articles WHERE source_tree = ?1", memoryOf(moved)), 4);
    QCOMPARE(count("SELECT count(*) FROM revisions WHERE state = 'active'"), 4);
    QCOMPARE(count("SELECT count(*) FROM audit WHERE json_extract(details, "
                   "'$.previous_source_tree') = ?1",
                   old),
             4);

    // Stamped with the new path: removing a file there retires it.
    QVERIFY(QFile::remove(memoryOf(moved) + u"/decisions/DEC-3.md"_s));
    const MemoryImportReport after = importTree(moved);
    QCOMPARE(refs(after.retired), QStringList{u"DEC-3"_s});
    QVERIFY(after.adopted.isEmpty());
}

void MemoryImportTreesTest::articlesWithNoTreeRecordedAreNeverRetiredAndAreStampedWhenFound()
{
    // As a database imported before schema step 6 has them.
    importTree(m_a);
    QVERIFY(m_db->execScript("UPDATE articles SET source_tree = NULL"));

    const MemoryImportReport other = importTree(m_b);
    QVERIFY(other.retired.isEmpty());
    QVERIFY(other.adopted.isEmpty());

    QVERIFY(QFile::remove(memoryOf(m_a) + u"/decisions/DEC-2.md"_s));
    const MemoryImportReport report = importTree(m_a);
    QVERIFY(report.retired.isEmpty()); // DEC-2's file is gone, but its tree is unknown
    QCOMPARE(latestState(u"DEC-2"_s), u"active"_s);
    QCOMPARE(report.adopted.size(), 3);
    for (const AdoptedMemoryFile &a : report.adopted)
        QVERIFY2(a.fromTree.isEmpty(), qPrintable(a.fromTree));
    QCOMPARE(tree(u"DEC-1"_s), memoryOf(m_a));
    QCOMPARE(tree(u"DEC-2"_s), QString()); // still unknown, still not retired
    QCOMPARE(count("SELECT count(*) FROM audit WHERE reason LIKE '%no tree was recorded%'"), 3);

    // From now on they are A's like any other.
    QVERIFY(QFile::remove(memoryOf(m_a) + u"/decisions/DEC-1.md"_s));
    QCOMPARE(refs(importTree(m_a).retired), QStringList{u"DEC-1"_s});
}

void MemoryImportTreesTest::aRefSharedByTwoTreesBelongsToTheTreeThatImportedItLastAndIsReported()
{
    importTree(m_a);
    QVERIFY(writeMemoryFile(m_b, u"decisions/DEC-1.md"_s, decision(1)));
    const MemoryImportReport report = importTree(m_b);
    QCOMPARE(report.adopted.size(), 1);
    QCOMPARE(report.adopted.first().ref, u"DEC-1"_s);
    QCOMPARE(report.adopted.first().sourcePath, u"decisions/DEC-1.md"_s);
    QCOMPARE(report.adopted.first().fromTree, memoryOf(m_a));
    QCOMPARE(tree(u"DEC-1"_s), memoryOf(m_b));
    // A, re-imported without DEC-1, does not retire what is now B's.
    QVERIFY(QFile::remove(memoryOf(m_a) + u"/decisions/DEC-1.md"_s));
    QVERIFY(importTree(m_a).retired.isEmpty());
    QCOMPARE(latestState(u"DEC-1"_s), u"active"_s);
}

void MemoryImportTreesTest::importingAUsersTreeIntoTheDemoRetiresNoneOfTheDemosDecisions()
{
    auto built = DemoBuilder(*m_db, *m_clock, u"tester"_s).build(0);
    QVERIFY2(built, qPrintable(built ? QString() : built.error()));
    QCOMPARE(built->memory.imported, 6);
    const QStringList demo = articles();
    QCOMPARE(count("SELECT count(*) FROM articles WHERE kind = 'decision' AND "
                   "source_tree IS NOT NULL"),
             5);

    // The user's own folder: other files, none of the demo's.
    const MemoryImportReport report = importTree(m_b);
    QCOMPARE(report.imported, 2);
    QVERIFY(report.retired.isEmpty());
    QVERIFY(report.adopted.isEmpty());
    QStringList after = articles();
    for (const QString &row : demo)
        QVERIFY2(after.contains(row), qPrintable(row));

    // And a file removed from the user's folder retires only that file.
    QVERIFY(QFile::remove(memoryOf(m_b) + u"/domains/infra/b-notes.md"_s));
    QCOMPARE(refs(importTree(m_b).retired), QStringList{u"domains/infra/b-notes.md"_s});
    after = articles();
    for (const QString &row : demo)
        QVERIFY2(after.contains(row), qPrintable(row));
}

QTEST_GUILESS_MAIN(MemoryImportTreesTest)
#include "tst_memoryimporttrees.moc"
