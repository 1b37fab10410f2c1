// Memory import, a first import: what the records of the repository's memory
// corpus (tests/data/memory: 44 decisions, 7 other Markdown files; counts
// below were taken from the files with grep) and other Markdown files keep
// (fields, states, links, events, audit).

#include "MemoryImportFixture.h"
#include "MemoryImportReader.h"
#include "Statement.h"

#include <QJsonDocument>
#include <QJsonObject>

using namespace cw;
using namespace cw::test;
using namespace Qt::StringLiterals;

class MemoryImportTest : public QObject, public MemoryImportFixture
{
    Q_OBJECT

private Q_SLOTS:
    void init() { MemoryImportFixture::init(); }
    void cleanup() { MemoryImportFixture::cleanup(); }

    void importsTheWholeCorpusWithoutProblems();
    void keepsTheStatusAsWrittenAndMapsItToRevisionStates();
    void keepsTheSupersessionChainOfTheConnectionPoolingDecisions();
    void acceptsSupersedesWrittenAsAScalarOrAList();
    void keepsTitleDomainLevelTagsRelatedToSourcePathAndDates();
    void recordsEveryDecisionMentionedInTheBodyExceptItself();
    void publishesOneActivationEventAndAuditRowPerCurrentArticle();
    void importsTheCorpusRunbooksAndNotesAsDomainArticles();
    void importsOtherMarkdownFilesAsDomainArticles();
    void aTreeOfSeveralReadChunksIsWrittenInListingOrderWithEachProblemInPlace();
};

void MemoryImportTest::importsTheWholeCorpusWithoutProblems()
{
    const MemoryImportReport report = importTree(CorpusDir);
    QCOMPARE(report.problems, QStringList());
    QCOMPARE(report.imported, 51);
    QCOMPARE(report.revised, 0);
    QCOMPARE(report.unchanged, 0);
    QCOMPARE(count("SELECT count(*) FROM articles WHERE kind = 'decision'"), 44);
    QCOMPARE(count("SELECT count(*) FROM articles WHERE kind = 'domain-article'"), 7);
    QCOMPARE(count("SELECT count(*) FROM revisions WHERE revision = 1"), 51);
    QCOMPARE(count("SELECT count(*) FROM articles WHERE domain = 'infrastructure'"), 10);
    QCOMPARE(count("SELECT count(*) FROM articles WHERE domain = 'data'"), 11);
    // tests/data/memory/README.md lies outside contexts/memory: not memory.
    QCOMPARE(count("SELECT count(*) FROM articles WHERE source_path LIKE '%README.md'"), 1);
}

void MemoryImportTest::keepsTheStatusAsWrittenAndMapsItToRevisionStates()
{
    QVERIFY(importTree(CorpusDir).problems.isEmpty());
    const std::pair<const char *, int> written[] = {
        {"final", 25}, {"superseded", 5}, {"active", 5},  {"rejected", 3}, {"retired", 2},
        {"draft", 2},  {"withdrawn", 1},  {"on hold", 1}, {"deferred", 1}, {"accepted", 1}};
    for (const auto &[status, expected] : written)
        QCOMPARE(count("SELECT count(*) FROM revisions WHERE source_status = ?1",
                       QString::fromUtf8(status)),
                 expected);
    // Five notes say no status at all: they are current.
    QCOMPARE(count("SELECT count(*) FROM revisions WHERE source_status IS NULL AND "
                   "state = 'active'"),
             5);
    // Not current: superseded, rejected, withdrawn and retired; draft,
    // deferred, accepted and "on hold" are current as written.
    const std::pair<const char *, int> states[] = {
        {"active", 40}, {"rejected", 3}, {"retired", 3}, {"superseded", 5}};
    for (const auto &[state, expected] : states)
        QCOMPARE(count("SELECT count(*) FROM revisions WHERE state = ?1", QString::fromUtf8(state)),
                 expected);
    const char *stateOf = "SELECT r.state FROM revisions r JOIN articles a ON a.id = r.article_id "
                          "WHERE a.ref = ?1";
    QCOMPARE(text(stateOf, u"DEC-30"_s), u"retired"_s);  // withdrawn
    QCOMPARE(text(stateOf, u"DEC-44"_s), u"active"_s);   // on hold
    QCOMPARE(text(stateOf, u"DEC-19"_s), u"rejected"_s); // a rejected route stays labelled
}

void MemoryImportTest::keepsTheSupersessionChainOfTheConnectionPoolingDecisions()
{
    QVERIFY(importTree(CorpusDir).problems.isEmpty());
    // PgBouncer (DEC-2) -> a pool per instance (DEC-14) -> measured sizes
    // (DEC-31) -> one budget per database (DEC-58).
    const char *stateOf = "SELECT r.state FROM revisions r JOIN articles a ON a.id = r.article_id "
                          "WHERE a.ref = ?1";
    QCOMPARE(text(stateOf, QStringLiteral("DEC-2")), QStringLiteral("superseded"));
    QCOMPARE(links(QStringLiteral("DEC-2"), 1, "superseded_by"), QStringList{u"DEC-14"_s});
    QCOMPARE(links(QStringLiteral("DEC-2"), 1, "supersedes"), QStringList());
    QCOMPARE(text(stateOf, QStringLiteral("DEC-14")), QStringLiteral("superseded"));
    QCOMPARE(links(QStringLiteral("DEC-14"), 1, "supersedes"), QStringList{u"DEC-2"_s});
    QCOMPARE(links(QStringLiteral("DEC-14"), 1, "superseded_by"), QStringList{u"DEC-31"_s});
    QCOMPARE(text(stateOf, QStringLiteral("DEC-31")), QStringLiteral("superseded"));
    QCOMPARE(links(QStringLiteral("DEC-31"), 1, "supersedes"), QStringList{u"DEC-14"_s});
    QCOMPARE(links(QStringLiteral("DEC-31"), 1, "superseded_by"), QStringList{u"DEC-58"_s});
    QCOMPARE(text(stateOf, QStringLiteral("DEC-58")), QStringLiteral("active"));
    QCOMPARE(links(QStringLiteral("DEC-58"), 1, "supersedes"), QStringList{u"DEC-31"_s});
    QCOMPARE(links(QStringLiteral("DEC-58"), 1, "superseded_by"), QStringList());
    // Superseded records are not current, so their interval is closed: at
    // their updated_at when they have one, else at created_at.
    const char *validTo = "SELECT r.valid_to FROM revisions r JOIN articles a ON "
                          "a.id = r.article_id WHERE a.ref = ?1";
    QCOMPARE(text(validTo, QStringLiteral("DEC-2")), QStringLiteral("2021-03-02T00:00:00Z"));
    QCOMPARE(text(validTo, QStringLiteral("DEC-31")), QStringLiteral("2022-07-04T00:00:00Z"));
    QCOMPARE(count("SELECT count(*) FROM revisions r JOIN articles a ON a.id = r.article_id "
                   "WHERE a.ref = 'DEC-58' AND r.valid_to IS NULL"),
             1);
    QCOMPARE(count("SELECT count(*) FROM revision_links WHERE kind = 'superseded_by'"), 5);
    QCOMPARE(count("SELECT count(*) FROM revision_links WHERE kind = 'supersedes'"), 5);
}

void MemoryImportTest::acceptsSupersedesWrittenAsAScalarOrAList()
{
    QVERIFY(importTree(CorpusDir).problems.isEmpty());
    // DEC-14 writes "supersedes: DEC-2", DEC-41 "superseded_by: DEC-70",
    // DEC-43 "superseded_by: [DEC-70]", DEC-70 "supersedes: [DEC-41, DEC-43]".
    QCOMPARE(links(QStringLiteral("DEC-14"), 1, "supersedes"), QStringList{u"DEC-2"_s});
    QCOMPARE(links(QStringLiteral("DEC-41"), 1, "superseded_by"), QStringList{u"DEC-70"_s});
    QCOMPARE(links(QStringLiteral("DEC-43"), 1, "superseded_by"), QStringList{u"DEC-70"_s});
    QCOMPARE(links(QStringLiteral("DEC-70"), 1, "supersedes"),
             (QStringList{u"DEC-41"_s, u"DEC-43"_s}));

    // The corpus has no DEC-90001 (its highest number is DEC-120).
    writeFile(QStringLiteral("decisions/DEC-90001.md"),
              "---\nid: DEC-90001\ntitle: One\nsupersedes: DEC-2\nsuperseded_by: [DEC-3, DEC-4]\n"
              "related_to: DEC-2\n---\n# One\n");
    QCOMPARE(importTree(m_tree->path()).imported, 1);
    QCOMPARE(links(QStringLiteral("DEC-90001"), 1, "supersedes"), QStringList{u"DEC-2"_s});
    QCOMPARE(links(QStringLiteral("DEC-90001"), 1, "superseded_by"),
             (QStringList{u"DEC-3"_s, u"DEC-4"_s}));
    QCOMPARE(links(QStringLiteral("DEC-90001"), 1, "related_to"), QStringList{u"DEC-2"_s});
}

void MemoryImportTest::keepsTitleDomainLevelTagsRelatedToSourcePathAndDates()
{
    QVERIFY(importTree(CorpusDir).problems.isEmpty());
    Statement s = m_db->prepare(
        "SELECT a.kind, a.domain, a.source_path, a.created_at, r.title, r.level, r.valid_from, "
        "r.updated_at, r.body, r.updated_by, r.version FROM articles a JOIN revisions r ON "
        "r.article_id = a.id WHERE a.ref = ?1");
    s.bind(1, u"DEC-31"_s);
    auto row = s.step();
    QVERIFY(row && *row);
    QCOMPARE(s.text(0), QStringLiteral("decision"));
    QCOMPARE(s.text(1), QStringLiteral("infrastructure"));
    QCOMPARE(s.text(2), QStringLiteral("decisions/DEC-31.md"));
    QCOMPARE(s.text(3), QStringLiteral("2022-06-20T00:00:00Z"));
    QCOMPARE(s.text(4), QStringLiteral("Size connection pools from measured concurrency"));
    QCOMPARE(s.text(5), QStringLiteral("operational"));
    QCOMPARE(s.text(6), QStringLiteral("2022-06-20T00:00:00Z"));
    QCOMPARE(s.text(7), QStringLiteral("2022-07-04T00:00:00Z")); // updated_at as written
    QVERIFY(s.text(8).startsWith(u"\n# Size connection pools from measured concurrency\n"));
    QVERIFY(!s.text(8).contains(u"superseded_by:"));
    QCOMPARE(s.text(9), QStringLiteral("import"));
    QCOMPARE(s.integer(10), 1);
    s.reset();
    s.bind(1, u"DEC-34"_s); // a title with a colon, no updated_at
    row = s.step();
    QVERIFY(row && *row);
    QCOMPARE(s.text(4),
             QStringLiteral("Timeouts: 2 s to connect, 10 s per request, never infinite"));
    QCOMPARE(s.text(7), QStringLiteral("2022-10-10T00:00:00Z")); // no updated_at: created_at
    QCOMPARE(text("SELECT r.title FROM revisions r JOIN articles a ON a.id = r.article_id "
                  "WHERE a.ref = ?1",
                  u"DEC-26"_s),
             QStringLiteral("Store timestamps in UTC \u2014 never local time"));
    QCOMPARE(links(QStringLiteral("DEC-31"), 1, "related_to"), QStringList{u"DEC-14"_s});
    QCOMPARE(links(QStringLiteral("DEC-58"), 1, "related_to"),
             (QStringList{u"DEC-1"_s, u"DEC-31"_s}));
    QCOMPARE(text("SELECT group_concat(tag, ' ') FROM (SELECT t.tag FROM revision_tags t JOIN "
                  "revisions r ON r.id = t.revision_id JOIN articles a ON a.id = r.article_id "
                  "WHERE a.ref = ?1 AND t.kind = 'tag' ORDER BY t.tag)",
                  QStringLiteral("DEC-31")),
             QStringLiteral("capacity connection-pooling database"));
    QCOMPARE(count("SELECT count(*) FROM revision_tags WHERE kind = 'tag'"), 104);
    QCOMPARE(count("SELECT count(*) FROM revision_links WHERE kind = 'related_to'"), 33);
    QCOMPARE(
        count("SELECT count(*) FROM articles WHERE source_path = 'decisions/' || ref || '.md'"),
        44);
}

void MemoryImportTest::recordsEveryDecisionMentionedInTheBodyExceptItself()
{
    QVERIFY(importTree(CorpusDir).problems.isEmpty());
    // DEC-58's body names DEC-31, DEC-34, DEC-35 and DEC-58 itself.
    QCOMPARE(links(QStringLiteral("DEC-58"), 1, "mentions"),
             (QStringList{u"DEC-31"_s, u"DEC-34"_s, u"DEC-35"_s}));
    // A mention of a decision that has no file is kept all the same.
    QCOMPARE(links(QStringLiteral("DEC-26"), 1, "mentions"), QStringList{u"DEC-99"_s});
    QCOMPARE(links(QStringLiteral("README.md"), 1, "mentions"),
             (QStringList{u"DEC-14"_s, u"DEC-2"_s, u"DEC-31"_s, u"DEC-58"_s}));
    QCOMPARE(count("SELECT count(*) FROM revision_links WHERE kind = 'mentions'"), 49);
}

void MemoryImportTest::publishesOneActivationEventAndAuditRowPerCurrentArticle()
{
    QVERIFY(importTree(CorpusDir).problems.isEmpty());
    // Every record is published once: current ones activated, the rest
    // recorded with their label.
    QCOMPARE(count("SELECT count(*) FROM outbox"), 51);
    QCOMPARE(count("SELECT count(*) FROM outbox WHERE event = 'revision-recorded'"), 51 - 40);
    QCOMPARE(count("SELECT count(*) FROM outbox WHERE event = 'revision-activated'"), 40);
    QCOMPARE(count("SELECT count(*) FROM outbox o JOIN articles a ON a.ref = o.ref JOIN "
                   "revisions r ON r.article_id = a.id AND r.revision = o.revision "
                   "WHERE r.state = 'active' AND o.domain = a.domain"),
             40);
    const QJsonObject payload =
        QJsonDocument::fromJson(
            text("SELECT payload FROM outbox WHERE ref = ?1", u"DEC-58"_s).toUtf8())
            .object();
    QCOMPARE(payload.value(u"kind").toString(), QStringLiteral("decision"));
    QCOMPARE(payload.value(u"source_path").toString(), QStringLiteral("decisions/DEC-58.md"));
    QCOMPARE(text("SELECT at FROM outbox WHERE ref = ?1", u"DEC-58"_s),
             QStringLiteral("2026-03-01T09:00:00Z"));
    // Not current: published labelled, never activated.
    QCOMPARE(text("SELECT group_concat(event) FROM outbox WHERE ref = ?1", u"DEC-2"_s),
             QStringLiteral("revision-recorded"));
    QCOMPARE(text("SELECT group_concat(event) FROM outbox WHERE ref = ?1", u"DEC-19"_s),
             QStringLiteral("revision-recorded"));
    QCOMPARE(count("SELECT count(*) FROM audit WHERE action = 'import-memory'"), 51);
    QCOMPARE(text("SELECT principal || ' ' || revision || ' ' || reason FROM audit "
                  "WHERE subject = ?1",
                  u"DEC-58"_s),
             QStringLiteral("import 1 imported from decisions/DEC-58.md"));
}

void MemoryImportTest::importsTheCorpusRunbooksAndNotesAsDomainArticles()
{
    QVERIFY(importTree(CorpusDir).problems.isEmpty());
    const char *row = "SELECT a.kind || '|' || a.domain || '|' || r.title || '|' || r.state || '|' "
                      "|| r.updated_at FROM articles a JOIN revisions r ON r.article_id = a.id "
                      "WHERE a.ref = ?1";
    // The domain from the folder; the title from the first heading.
    QCOMPARE(text(row, u"domains/data/register-repair.md"_s),
             QStringLiteral("domain-article|data|Repairing missing register rows|active|"
                            "2026-03-01T09:00:00Z"));
    // Frontmatter wins over the heading, and its updated_at is kept.
    QCOMPARE(text(row, u"domains/security/token-lifetimes.md"_s),
             QStringLiteral("domain-article|security|Token lifetimes at a glance|active|"
                            "2025-02-03T00:00:00Z"));
    // A note that says it is retired is not current.
    QCOMPARE(text(row, u"patterns/outbox-relay.md"_s),
             QStringLiteral("domain-article|development|The outbox relay|retired|"
                            "2026-03-01T09:00:00Z"));
    QCOMPARE(text(row, u"README.md"_s),
             QStringLiteral("domain-article|general|Lifeline engineering memory|active|"
                            "2026-03-01T09:00:00Z"));
    QCOMPARE(count("SELECT count(*) FROM revision_tags t JOIN revisions r ON r.id = t.revision_id "
                   "JOIN articles a ON a.id = r.article_id WHERE a.ref = ?1 AND t.kind = 'tag'",
                   u"patterns/retry-and-timeout.md"_s),
             3);
}

void MemoryImportTest::importsOtherMarkdownFilesAsDomainArticles()
{
    writeFile(QStringLiteral("domains/data/register.md"),
              "# Register rows\n\nA missing row is restored as in DEC-5, not DEC-5x.\n");
    writeFile(QStringLiteral("patterns/retry.md"),
              "---\ndomain: configuration\ntitle: Retry policy\nstatus: retired\ntags: [net]\n"
              "---\n# Heading that loses to the frontmatter title\n");
    writeFile(QStringLiteral("README.md"), "No heading here.\n");
    writeFile(QStringLiteral(".git/notes.md"), "# hidden\n");
    const MemoryImportReport report = importTree(m_tree->path());
    QCOMPARE(report.problems, QStringList());
    QCOMPARE(report.imported, 3);

    const char *row = "SELECT a.kind || '|' || a.domain || '|' || a.source_path || '|' || r.title "
                      "|| '|' || r.state FROM articles a JOIN revisions r ON r.article_id = a.id "
                      "WHERE a.ref = ?1";
    QCOMPARE(text(row, u"domains/data/register.md"_s),
             QStringLiteral("domain-article|data|domains/data/register.md|Register rows|active"));
    QCOMPARE(text(row, u"patterns/retry.md"_s),
             QStringLiteral("domain-article|configuration|patterns/retry.md|Retry policy|retired"));
    QCOMPARE(text(row, u"README.md"_s),
             QStringLiteral("domain-article|general|README.md|README|active"));
    QCOMPARE(links(QStringLiteral("domains/data/register.md"), 1, "mentions"),
             QStringList{u"DEC-5"_s});
    QCOMPARE(count("SELECT count(*) FROM outbox"), 3);
    QCOMPARE(count("SELECT count(*) FROM articles WHERE ref LIKE '.git%'"), 0);
}

// Files are read and parsed a chunk ahead of the writer (MemoryImportReader):
// across chunk seams the import keeps the listing's order, in the outbox and
// in the report, and a file that does not parse is reported where it falls.
void MemoryImportTest::aTreeOfSeveralReadChunksIsWrittenInListingOrderWithEachProblemInPlace()
{
    const int files = 2 * int(MemoryImportReader::ChunkSize) + 10;
    const QList<int> broken = {int(MemoryImportReader::ChunkSize), files};
    QStringList expected;
    for (int n = 1; n <= files; ++n) {
        const QByteArray id = "DEC-" + QByteArray::number(n);
        writeFile(u"decisions/%1.md"_s.arg(QString::fromLatin1(id)),
                  broken.contains(n) ? QByteArray("---\nid: [" + id + "\n---\n# Broken\n")
                                     : "---\nid: " + id + "\ntitle: Decision " + id +
                                           "\nstatus: final\ndomain: data\n---\nBody.\n");
        if (!broken.contains(n))
            expected.append(QString::fromLatin1(id));
    }
    const MemoryImportReport report = importTree(m_tree->path());
    QCOMPARE(report.imported, files - 2);
    QCOMPARE(report.problems.size(), 2);
    QVERIFY2(report.problems.at(0).startsWith(u"decisions/DEC-%1.md: "_s.arg(broken.at(0))),
             qPrintable(report.problems.at(0)));
    QVERIFY2(report.problems.at(1).startsWith(u"decisions/DEC-%1.md: "_s.arg(broken.at(1))),
             qPrintable(report.problems.at(1)));
    QCOMPARE(text("SELECT group_concat(ref, ' ') FROM (SELECT ref FROM outbox WHERE ?1 = ?1 "
                  "ORDER BY seq)",
                  u"x"_s),
             expected.join(u' '));
}

QTEST_GUILESS_MAIN(MemoryImportTest)
#include "tst_memoryimport.moc"
