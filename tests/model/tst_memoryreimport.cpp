// Memory import, importing again (unchanged, revised, withdrawn) and what an
// import refuses (broken files, a ref of another kind, folders that are no
// memory tree).

#include "ArticleStore.h"
#include "MemoryImportFixture.h"
#include "Transaction.h"

using namespace cw;
using namespace cw::test;
using namespace Qt::StringLiterals;

class MemoryReimportTest : public QObject, public MemoryImportFixture
{
    Q_OBJECT

private Q_SLOTS:
    void init() { MemoryImportFixture::init(); }
    void cleanup() { MemoryImportFixture::cleanup(); }

    void reimportingTheUnchangedCorpusWritesNothing();
    void aChangedFileBecomesRevisionTwoAndSupersedesRevisionOne();
    void aFileThatNowSaysWithdrawnRetiresTheArticle();
    void reportsBrokenFilesWithPathAndReasonAndImportsTheRest();
    void reportsARefAlreadyUsedByAnotherKindOfArticle();
    void acceptsTheMemoryFolderItselfAndRefusesOtherFolders();
};

void MemoryReimportTest::reimportingTheUnchangedCorpusWritesNothing()
{
    QCOMPARE(importTree(CorpusDir).imported, 51);
    const qint64 changesBefore = count("SELECT total_changes()");
    m_clock->advance(3600);

    // The contexts/memory folder itself, this time: the same files.
    const MemoryImportReport again = importTree(CorpusDir + QStringLiteral("/contexts/memory"));
    QCOMPARE(again.problems, QStringList());
    QCOMPARE(again.unchanged, 51);
    QCOMPARE(again.imported, 0);
    QCOMPARE(again.revised, 0);
    QCOMPARE(count("SELECT total_changes()"), changesBefore);
    QCOMPARE(count("SELECT count(*) FROM revisions"), 51);
    QCOMPARE(count("SELECT count(*) FROM outbox"), 51);
    QCOMPARE(count("SELECT count(*) FROM audit"), 51);
}

void MemoryReimportTest::aChangedFileBecomesRevisionTwoAndSupersedesRevisionOne()
{
    writeFile(QStringLiteral("decisions/DEC-42.md"),
              "---\nid: DEC-42\ntitle: Pool connections\ndomain: infrastructure\nstatus: final\n"
              "tags: [database]\ncreated_at: 2025-01-10\n---\n# Pool connections\nOld text.\n");
    writeFile(QStringLiteral("decisions/DEC-43.md"), "---\nid: DEC-43\ntitle: Other\n---\n");
    QCOMPARE(importTree(m_tree->path()).imported, 2);

    m_clock->advance(86400);
    writeFile(QStringLiteral("decisions/DEC-42.md"),
              "---\nid: DEC-42\ntitle: Pool connections\ndomain: infrastructure\nstatus: final\n"
              "tags: [database, pooling]\ncreated_at: 2025-01-10\n---\n# Pool connections\n"
              "New text, see DEC-43.\n");
    const MemoryImportReport report = importTree(m_tree->path());
    QCOMPARE(report.problems, QStringList());
    QCOMPARE(report.revised, 1);
    QCOMPARE(report.unchanged, 1);

    Statement s = m_db->prepare("SELECT r.revision, r.state, r.valid_from, r.valid_to, r.version, "
                                "r.body FROM revisions r JOIN articles a ON a.id = r.article_id "
                                "WHERE a.ref = 'DEC-42' ORDER BY r.revision");
    QVERIFY(s.step().value());
    QCOMPARE(s.integer(0), 1);
    QCOMPARE(s.text(1), QStringLiteral("superseded"));
    QCOMPARE(s.text(2), QStringLiteral("2025-01-10T00:00:00Z"));
    QCOMPARE(s.text(3), QStringLiteral("2026-03-02T09:00:00Z"));
    QCOMPARE(s.integer(4), 2); // the state change bumped its version
    QVERIFY(s.step().value());
    QCOMPARE(s.integer(0), 2);
    QCOMPARE(s.text(1), QStringLiteral("active"));
    QCOMPARE(s.text(2), QStringLiteral("2026-03-02T09:00:00Z"));
    QVERIFY(s.isNull(3));
    QVERIFY(s.text(5).contains(u"New text"));
    QVERIFY(!s.step().value());
    QCOMPARE(links(QStringLiteral("DEC-42"), 2, "mentions"), QStringList{u"DEC-43"_s});
    QCOMPARE(count("SELECT count(*) FROM revision_tags t JOIN revisions r ON r.id = t.revision_id "
                   "WHERE r.revision = 2"),
             2);
    QCOMPARE(text("SELECT group_concat(event || ':' || revision, ' ') FROM outbox WHERE ref = ?1",
                  u"DEC-42"_s),
             QStringLiteral("revision-activated:1 revision-superseded:1 revision-activated:2"));
    QCOMPARE(count("SELECT count(*) FROM audit WHERE subject = ?1", u"DEC-42"_s), 2);

    // And once more unchanged: nothing new.
    QCOMPARE(importTree(m_tree->path()).unchanged, 2);
    QCOMPARE(count("SELECT count(*) FROM revisions"), 3);
}

void MemoryReimportTest::aFileThatNowSaysWithdrawnRetiresTheArticle()
{
    writeFile(QStringLiteral("decisions/DEC-7.md"),
              "---\nid: DEC-7\ntitle: Seven\nstatus: draft\ncreated_at: 2026-01-01\n---\nText\n");
    QCOMPARE(importTree(m_tree->path()).imported, 1);
    writeFile(QStringLiteral("decisions/DEC-7.md"),
              "---\nid: DEC-7\ntitle: Seven\nstatus: withdrawn\ncreated_at: 2026-01-01\n"
              "updated_at: 2026-02-01T10:00:00+01:00\n"
              "---\nText\n");
    QCOMPARE(importTree(m_tree->path()).revised, 1);
    QCOMPARE(text("SELECT group_concat(state || '@' || coalesce(valid_to, '-'), ' ') FROM "
                  "(SELECT state, valid_to FROM revisions r JOIN articles a ON a.id = r.article_id "
                  "WHERE a.ref = ?1 ORDER BY revision)",
                  u"DEC-7"_s),
             QStringLiteral("superseded@2026-02-01T09:00:00Z retired@2026-02-01T09:00:00Z"));
    // No revision of DEC-7 is current any more, and the projector is told so.
    QCOMPARE(count("SELECT count(*) FROM revisions WHERE state = 'active'"), 0);
    QCOMPARE(text("SELECT group_concat(event, ' ') FROM outbox WHERE ref = ?1", u"DEC-7"_s),
             QStringLiteral("revision-activated revision-superseded revision-recorded"));
}

void MemoryReimportTest::reportsBrokenFilesWithPathAndReasonAndImportsTheRest()
{
    writeFile(QStringLiteral("decisions/DEC-1.md"), "---\nid: DEC-1\ntitle: Fine\n---\nbody\n");
    writeFile(QStringLiteral("decisions/DEC-2.md"),
              "---\nid: DEC-2\ntitle: Broken\ntags: [a, b\nstatus: final\n---\nbody\n");
    writeFile(QStringLiteral("decisions/DEC-3.md"), "---\ntitle: No id\n---\nbody\n");
    writeFile(QStringLiteral("decisions/DEC-4.md"), "---\nid: DEC-44\ntitle: Wrong\n---\n");
    writeFile(QStringLiteral("decisions/DEC-5.md"), "---\n- id\n- DEC-5\n---\nbody\n");
    writeFile(QStringLiteral("decisions/DEC-6.md"), "---\nid: DEC-6\ntitle: caf\xe9\n---\n");
    writeFile(QStringLiteral("decisions/DEC-7.md"), "---\nid: DEC-7\ntitle: never closed\n");
    writeFile(QStringLiteral("decisions/DEC-8.md"), "# No frontmatter at all\n");
    writeFile(QStringLiteral("decisions/DEC-9.md"), "---\nid: DEC-9\ntitle: {a: b}\n---\n");
    writeFile(QStringLiteral("domains/ok.md"), "# Still imported\n");
    const MemoryImportReport report = importTree(m_tree->path());

    QCOMPARE(report.imported, 2);
    const QStringList expected = {
        u"decisions/DEC-2.md: invalid YAML frontmatter at line 5"_s,
        u"decisions/DEC-3.md: the frontmatter has no id"_s,
        u"decisions/DEC-4.md: id DEC-44 does not match the file name DEC-4.md"_s,
        u"decisions/DEC-5.md: the frontmatter is not a YAML mapping of fields"_s,
        u"decisions/DEC-6.md: not valid UTF-8 text"_s,
        u"decisions/DEC-7.md: the frontmatter is not closed (no second --- line)"_s,
        u"decisions/DEC-8.md: no YAML frontmatter (a decision record needs an id)"_s,
        u"decisions/DEC-9.md: line 3: title must be a single value"_s,
    };
    QCOMPARE(report.problems.size(), expected.size());
    for (int i = 0; i < expected.size(); ++i)
        QVERIFY2(report.problems[i].startsWith(expected[i]), qPrintable(report.problems[i]));
    QCOMPARE(count("SELECT count(*) FROM articles"), 2);
    QCOMPARE(count("SELECT count(*) FROM articles WHERE ref IN ('DEC-1', 'domains/ok.md')"), 2);
}

void MemoryReimportTest::reportsARefAlreadyUsedByAnotherKindOfArticle()
{
    {
        Transaction transaction(*m_db);
        ArticleStore articles(*m_db);
        ArticleRecord article;
        article.ref = QStringLiteral("DEC-9");
        article.kind = QStringLiteral("experience");
        article.domain = QStringLiteral("data");
        article.createdAt = QStringLiteral("2026-01-01T00:00:00Z");
        auto inserted = articles.insertArticle(article);
        QVERIFY2(inserted, qPrintable(inserted.error()));
        QVERIFY(transaction.commit());
    }
    writeFile(QStringLiteral("decisions/DEC-9.md"), "---\nid: DEC-9\ntitle: Nine\n---\n");
    const MemoryImportReport report = importTree(m_tree->path());
    QCOMPARE(report.imported, 0);
    QCOMPARE(
        report.problems,
        QStringList{
            u"decisions/DEC-9.md: DEC-9 is already an article of kind experience, not decision"_s});
    QCOMPARE(count("SELECT count(*) FROM revisions"), 0);
}

void MemoryReimportTest::acceptsTheMemoryFolderItselfAndRefusesOtherFolders()
{
    writeFile(QStringLiteral("decisions/DEC-1.md"), "---\nid: DEC-1\ntitle: One\n---\n");
    QCOMPARE(importTree(memoryDir()).imported, 1);

    MemoryImport importer(*m_db, *m_clock);
    auto missing = importer.importTree(m_tree->filePath(QStringLiteral("nowhere")));
    QVERIFY(!missing);
    QVERIFY2(missing.error().contains(u"no such folder"), qPrintable(missing.error()));
    QTemporaryDir empty;
    auto notATree = importer.importTree(empty.path());
    QVERIFY(!notATree);
    QVERIFY2(notATree.error().contains(u"not a memory tree"), qPrintable(notATree.error()));
    QCOMPARE(count("SELECT count(*) FROM articles"), 1);
}

QTEST_GUILESS_MAIN(MemoryReimportTest)
#include "tst_memoryreimport.moc"
