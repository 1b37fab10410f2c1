#include "ArticleStore.h"
#include "Clock.h"
#include "Database.h"
#include "MemoryImport.h"
#include "Transaction.h"

#include <QTimeZone>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

const QString CorpusDir = QStringLiteral(CW_SHARED_DIR "/corpus/pep-memory");
const QDateTime Start(QDate(2026, 3, 1), QTime(9, 0), QTimeZone::utc());

} // namespace

class MemoryImportTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void importsTheWholePepCorpusWithoutProblems();
    void keepsTheStatusAsWrittenAndMapsItToRevisionStates();
    void keepsTheSupersessionChainOfThePackagingMetadataDecisions();
    void acceptsSupersedesWrittenAsAScalarOrAList();
    void keepsTitleDomainLevelTagsRelatedToSourcePathAndDates();
    void recordsEveryDecisionMentionedInTheBodyExceptItself();
    void publishesOneActivationEventAndAuditRowPerCurrentArticle();
    void importsOtherMarkdownFilesAsDomainArticles();
    void reportsBrokenFilesWithPathAndReasonAndImportsTheRest();
    void reportsARefAlreadyUsedByAnotherKindOfArticle();
    void reimportingTheUnchangedCorpusWritesNothing();
    void aChangedFileBecomesRevisionTwoAndSupersedesRevisionOne();
    void aFileThatNowSaysWithdrawnRetiresTheArticle();
    void acceptsTheMemoryFolderItselfAndRefusesOtherFolders();

private:
    MemoryImportReport importTree(const QString &dir);
    void writeFile(const QString &relative, const QByteArray &content);
    QString memoryDir() const { return m_tree->path() + QStringLiteral("/contexts/memory"); }
    qint64 count(const char *sql, const QString &arg = {});
    QString text(const char *sql, const QString &arg);
    QStringList links(const QString &ref, int revision, const char *kind);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QTemporaryDir> m_tree;
    std::unique_ptr<Database> m_db;
    std::unique_ptr<FixedClock> m_clock;
};

void MemoryImportTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_tree = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid() && m_tree->isValid());
    auto db = Database::open(m_dir->filePath(QStringLiteral("test.db")));
    QVERIFY2(db, qPrintable(db.error()));
    m_db = std::move(*db);
    m_clock = std::make_unique<FixedClock>(Start);
}

void MemoryImportTest::cleanup()
{
    m_db.reset();
    m_tree.reset();
    m_dir.reset();
}

MemoryImportReport MemoryImportTest::importTree(const QString &dir)
{
    MemoryImport importer(*m_db, *m_clock);
    auto report = importer.importTree(dir);
    if (!report) {
        qWarning("import failed: %s", qPrintable(report.error()));
        return {};
    }
    return *report;
}

void MemoryImportTest::writeFile(const QString &relative, const QByteArray &content)
{
    const QString path = memoryDir() + u'/' + relative;
    QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(file.write(content), content.size());
}

qint64 MemoryImportTest::count(const char *sql, const QString &arg)
{
    Statement s = m_db->prepare(sql);
    if (!arg.isNull())
        s.bind(1, arg);
    auto row = s.step();
    if (!row || !*row) {
        qWarning("%s: %s", sql, qPrintable(row ? s.prepareError() : row.error()));
        return -1;
    }
    return s.int64(0);
}

QString MemoryImportTest::text(const char *sql, const QString &arg)
{
    Statement s = m_db->prepare(sql);
    s.bind(1, arg);
    auto row = s.step();
    return row && *row ? s.text(0) : QStringLiteral("<no row>");
}

// Read straight from the tables: these are the facts later stages query.
QStringList MemoryImportTest::links(const QString &ref, int revision, const char *kind)
{
    Statement s = m_db->prepare(
        "SELECT l.target_ref FROM revision_links l JOIN revisions r ON r.id = l.revision_id "
        "JOIN articles a ON a.id = r.article_id WHERE a.ref = ?1 AND r.revision = ?2 "
        "AND l.kind = ?3 ORDER BY l.target_ref");
    s.bind(1, ref).bind(2, revision).bind(3, kind);
    QStringList refs;
    for (auto row = s.step(); row && *row; row = s.step())
        refs.append(s.text(0));
    return refs;
}

void MemoryImportTest::importsTheWholePepCorpusWithoutProblems()
{
    QElapsedTimer timer;
    timer.start();
    const MemoryImportReport report = importTree(CorpusDir);
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
    QVERIFY(importTree(CorpusDir).problems.isEmpty());
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
    QVERIFY(importTree(CorpusDir).problems.isEmpty());
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
    QVERIFY(importTree(CorpusDir).problems.isEmpty());
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
    QVERIFY(importTree(CorpusDir).problems.isEmpty());
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
    QVERIFY(importTree(CorpusDir).problems.isEmpty());
    QCOMPARE(links(QStringLiteral("DEC-8"), 1, "mentions"),
             (QStringList{u"DEC-20"_s, u"DEC-207"_s, u"DEC-257"_s, u"DEC-3131"_s, u"DEC-3151"_s,
                          u"DEC-484"_s, u"DEC-526"_s, u"DEC-7"_s}));
    QCOMPARE(count("SELECT count(*) FROM revision_links WHERE kind = 'mentions'"), 1628);
}

void MemoryImportTest::publishesOneActivationEventAndAuditRowPerCurrentArticle()
{
    QVERIFY(importTree(CorpusDir).problems.isEmpty());
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

void MemoryImportTest::reportsBrokenFilesWithPathAndReasonAndImportsTheRest()
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

void MemoryImportTest::reportsARefAlreadyUsedByAnotherKindOfArticle()
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

void MemoryImportTest::reimportingTheUnchangedCorpusWritesNothing()
{
    QCOMPARE(importTree(CorpusDir).imported, 736);
    const qint64 changesBefore = count("SELECT total_changes()");
    m_clock->advance(3600);

    QElapsedTimer timer;
    timer.start();
    const MemoryImportReport again = importTree(CorpusDir + QStringLiteral("/contexts/memory"));
    qInfo("re-imported the unchanged corpus in %lld ms", timer.elapsed());
    QCOMPARE(again.problems, QStringList());
    QCOMPARE(again.unchanged, 736);
    QCOMPARE(again.imported, 0);
    QCOMPARE(again.revised, 0);
    QCOMPARE(count("SELECT total_changes()"), changesBefore);
    QCOMPARE(count("SELECT count(*) FROM revisions"), 736);
    QCOMPARE(count("SELECT count(*) FROM outbox"), 736);
    QCOMPARE(count("SELECT count(*) FROM audit"), 736);
}

void MemoryImportTest::aChangedFileBecomesRevisionTwoAndSupersedesRevisionOne()
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

void MemoryImportTest::aFileThatNowSaysWithdrawnRetiresTheArticle()
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

void MemoryImportTest::acceptsTheMemoryFolderItselfAndRefusesOtherFolders()
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

QTEST_GUILESS_MAIN(MemoryImportTest)
#include "tst_memoryimport.moc"
