// Memory import, a first import: what the records of the pep-memory corpus
// and other Markdown files keep (fields, states, links, events, audit).

#include "MemoryImportFixture.h"
#include "Statement.h"

#include <QElapsedTimer>
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

    void importsTheWholePepCorpusWithoutProblems();
    void keepsTheStatusAsWrittenAndMapsItToRevisionStates();
    void keepsTheSupersessionChainOfThePackagingMetadataDecisions();
    void acceptsSupersedesWrittenAsAScalarOrAList();
    void keepsTitleDomainLevelTagsRelatedToSourcePathAndDates();
    void recordsEveryDecisionMentionedInTheBodyExceptItself();
    void publishesOneActivationEventAndAuditRowPerCurrentArticle();
    void importsOtherMarkdownFilesAsDomainArticles();
};

void MemoryImportTest::importsTheWholePepCorpusWithoutProblems()
{
    QElapsedTimer timer;
    timer.start();
    const MemoryImportReport report = importTree(PepCorpusDir);
    qInfo("imported the pep-memory corpus in %lld ms", timer.elapsed());

    QCOMPARE(report.problems, QStringList());
    QCOMPARE(report.imported, 736);
    QCOMPARE(report.revised, 0);
    QCOMPARE(report.unchanged, 0);
    QCOMPARE(count("SELECT count(*) FROM articles WHERE kind = 'decision'"), 736);
    QCOMPARE(count("SELECT count(*) FROM revisions WHERE revision = 1"), 736);
    QCOMPARE(count("SELECT count(*) FROM articles WHERE domain = 'packaging'"), 100);
    QCOMPARE(count("SELECT count(*) FROM articles WHERE domain = 'typing'"), 45);
}

void MemoryImportTest::keepsTheStatusAsWrittenAndMapsItToRevisionStates()
{
    QVERIFY(importTree(PepCorpusDir).problems.isEmpty());
    const std::pair<const char *, int> written[] = {
        {"final", 374},   {"rejected", 131},  {"withdrawn", 71}, {"draft", 49},     {"active", 38},
        {"deferred", 36}, {"superseded", 25}, {"accepted", 11},  {"april fool!", 1}};
    for (const auto &[status, expected] : written)
        QCOMPARE(count("SELECT count(*) FROM revisions WHERE source_status = ?1",
                       QString::fromUtf8(status)),
                 expected);
    const std::pair<const char *, int> states[] = {
        {"active", 509}, {"rejected", 131}, {"retired", 71}, {"superseded", 25}};
    for (const auto &[state, expected] : states)
        QCOMPARE(count("SELECT count(*) FROM revisions WHERE state = ?1", QString::fromUtf8(state)),
                 expected);
}

void MemoryImportTest::keepsTheSupersessionChainOfThePackagingMetadataDecisions()
{
    QVERIFY(importTree(PepCorpusDir).problems.isEmpty());
    // Metadata 1.0 (DEC-241) -> 1.1 (DEC-314) -> 1.2 (DEC-345) -> 2.1 (DEC-566).
    const char *stateOf = "SELECT r.state FROM revisions r JOIN articles a ON a.id = r.article_id "
                          "WHERE a.ref = ?1";
    QCOMPARE(text(stateOf, QStringLiteral("DEC-241")), QStringLiteral("superseded"));
    QCOMPARE(links(QStringLiteral("DEC-241"), 1, "superseded_by"), QStringList{u"DEC-314"_s});
    QCOMPARE(links(QStringLiteral("DEC-241"), 1, "supersedes"), QStringList());
    QCOMPARE(text(stateOf, QStringLiteral("DEC-314")), QStringLiteral("superseded"));
    QCOMPARE(links(QStringLiteral("DEC-314"), 1, "supersedes"), QStringList{u"DEC-241"_s});
    QCOMPARE(links(QStringLiteral("DEC-314"), 1, "superseded_by"), QStringList{u"DEC-345"_s});
    QCOMPARE(text(stateOf, QStringLiteral("DEC-345")), QStringLiteral("superseded"));
    QCOMPARE(links(QStringLiteral("DEC-345"), 1, "supersedes"), QStringList{u"DEC-314"_s});
    QCOMPARE(links(QStringLiteral("DEC-345"), 1, "superseded_by"), QStringList{u"DEC-566"_s});
    QCOMPARE(text(stateOf, QStringLiteral("DEC-566")), QStringLiteral("active"));
    QCOMPARE(links(QStringLiteral("DEC-566"), 1, "supersedes"), QStringList{u"DEC-345"_s});
    QCOMPARE(links(QStringLiteral("DEC-566"), 1, "superseded_by"), QStringList());
    // Superseded records are not current, so their interval is closed.
    QCOMPARE(text("SELECT r.valid_to FROM revisions r JOIN articles a ON a.id = r.article_id "
                  "WHERE a.ref = ?1",
                  QStringLiteral("DEC-241")),
             QStringLiteral("2001-03-12T00:00:00Z"));
    QCOMPARE(count("SELECT count(*) FROM revision_links WHERE kind = 'superseded_by'"), 31);
}

void MemoryImportTest::acceptsSupersedesWrittenAsAScalarOrAList()
{
    QVERIFY(importTree(PepCorpusDir).problems.isEmpty());
    // DEC-102 writes "superseded_by: DEC-101", DEC-600 "supersedes: [DEC-513, DEC-571, DEC-599]".
    QCOMPARE(links(QStringLiteral("DEC-102"), 1, "superseded_by"), QStringList{u"DEC-101"_s});
    QCOMPARE(links(QStringLiteral("DEC-600"), 1, "supersedes"),
             (QStringList{u"DEC-513"_s, u"DEC-571"_s, u"DEC-599"_s}));

    // The corpus has no DEC-90001 (its highest number is DEC-8107).
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
    QVERIFY(importTree(PepCorpusDir).problems.isEmpty());
    Statement s = m_db->prepare(
        "SELECT a.kind, a.domain, a.source_path, a.created_at, r.title, r.level, r.valid_from, "
        "r.updated_at, r.body, r.updated_by, r.version FROM articles a JOIN revisions r ON "
        "r.article_id = a.id WHERE a.ref = 'DEC-314'");
    auto row = s.step();
    QVERIFY(row && *row);
    QCOMPARE(s.text(0), QStringLiteral("decision"));
    QCOMPARE(s.text(1), QStringLiteral("packaging"));
    QCOMPARE(s.text(2), QStringLiteral("decisions/DEC-314.md"));
    QCOMPARE(s.text(3), QStringLiteral("2003-04-12T00:00:00Z"));
    QCOMPARE(s.text(4), QStringLiteral("Metadata for Python Software Packages 1.1"));
    QCOMPARE(s.text(5), QStringLiteral("standards-track"));
    QCOMPARE(s.text(6), QStringLiteral("2003-04-12T00:00:00Z"));
    QCOMPARE(s.text(7), QStringLiteral("2003-04-12T00:00:00Z")); // no updated_at: created_at
    QVERIFY(s.text(8).startsWith(u"\n# Metadata for Python Software Packages 1.1\n"));
    QVERIFY(!s.text(8).contains(u"source: \"python/peps"));
    QCOMPARE(s.text(9), QStringLiteral("import"));
    QCOMPARE(s.integer(10), 1);
    QCOMPARE(links(QStringLiteral("DEC-314"), 1, "related_to"),
             (QStringList{u"DEC-241"_s, u"DEC-345"_s}));
    QCOMPARE(text("SELECT t.tag FROM revision_tags t JOIN revisions r ON r.id = t.revision_id "
                  "JOIN articles a ON a.id = r.article_id WHERE a.ref = ?1 AND t.kind = 'tag'",
                  QStringLiteral("DEC-314")),
             QStringLiteral("python-2.5"));
    QCOMPARE(count("SELECT count(*) FROM revision_tags WHERE kind = 'tag'"), 525);
    QCOMPARE(count("SELECT count(*) FROM revision_links WHERE kind = 'related_to'"), 113);
    QCOMPARE(
        count("SELECT count(*) FROM articles WHERE source_path = 'decisions/' || ref || '.md'"),
        736);
}

void MemoryImportTest::recordsEveryDecisionMentionedInTheBodyExceptItself()
{
    QVERIFY(importTree(PepCorpusDir).problems.isEmpty());
    QCOMPARE(links(QStringLiteral("DEC-8"), 1, "mentions"),
             (QStringList{u"DEC-20"_s, u"DEC-207"_s, u"DEC-257"_s, u"DEC-3131"_s, u"DEC-3151"_s,
                          u"DEC-484"_s, u"DEC-526"_s, u"DEC-7"_s}));
    QCOMPARE(count("SELECT count(*) FROM revision_links WHERE kind = 'mentions'"), 1628);
}

void MemoryImportTest::publishesOneActivationEventAndAuditRowPerCurrentArticle()
{
    QVERIFY(importTree(PepCorpusDir).problems.isEmpty());
    // Every record is published once: current ones activated, the rest
    // recorded with their label.
    QCOMPARE(count("SELECT count(*) FROM outbox"), 736);
    QCOMPARE(count("SELECT count(*) FROM outbox WHERE event = 'revision-recorded'"), 736 - 509);
    QCOMPARE(count("SELECT count(*) FROM outbox WHERE event = 'revision-activated'"), 509);
    QCOMPARE(count("SELECT count(*) FROM outbox o JOIN articles a ON a.ref = o.ref JOIN "
                   "revisions r ON r.article_id = a.id AND r.revision = o.revision "
                   "WHERE r.state = 'active' AND o.domain = a.domain"),
             509);
    const QJsonObject payload =
        QJsonDocument::fromJson(
            text("SELECT payload FROM outbox WHERE ref = ?1", u"DEC-8"_s).toUtf8())
            .object();
    QCOMPARE(payload.value(u"kind").toString(), QStringLiteral("decision"));
    QCOMPARE(payload.value(u"source_path").toString(), QStringLiteral("decisions/DEC-8.md"));
    QCOMPARE(text("SELECT at FROM outbox WHERE ref = ?1", u"DEC-8"_s),
             QStringLiteral("2026-03-01T09:00:00Z"));
    // Not current: published labelled, never activated.
    QCOMPARE(text("SELECT group_concat(event) FROM outbox WHERE ref = ?1", u"DEC-241"_s),
             QStringLiteral("revision-recorded"));
    QCOMPARE(count("SELECT count(*) FROM audit WHERE action = 'import-memory'"), 736);
    QCOMPARE(text("SELECT principal || ' ' || revision || ' ' || reason FROM audit "
                  "WHERE subject = ?1",
                  u"DEC-8"_s),
             QStringLiteral("import 1 imported from decisions/DEC-8.md"));
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

QTEST_GUILESS_MAIN(MemoryImportTest)
#include "tst_memoryimport.moc"
