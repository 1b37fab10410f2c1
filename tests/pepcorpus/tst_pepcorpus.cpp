// The PEP corpus (736 real decision records, 16 MB; see PepCorpus.h for where
// it comes from and when this suite is skipped) through the memory import,
// the projector and memory search: the scale and the real documents that the
// repository's small corpus (tests/data/memory) cannot give. Imported and
// projected once; every test reads that database. Memory-search answers are
// compared to the references in tests/golden/pep-corpus/memory-search,
// checked by hand (see the README there); CW_REGENERATE_GOLDEN=1 rewrites
// them.

#include "Clock.h"
#include "Database.h"
#include "MemoryImport.h"
#include "MemorySearchGolden.h"
#include "PepCorpus.h"
#include "ProjectionVerify.h"
#include "Projector.h"
#include "Statement.h"
#include "TestPaths.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTimeZone>

#include <memory>

using namespace cw;
using namespace cw::test;
using namespace Qt::StringLiterals;

class PepCorpusTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();

    void importsTheWholeCorpusWithoutProblems();
    void keepsTheStatusAsWrittenAndMapsItToRevisionStates();
    void keepsTheSupersessionChainOfThePackagingMetadataDecisions();
    void acceptsSupersedesWrittenAsAScalarOrAList();
    void keepsTitleDomainLevelTagsRelatedToSourcePathAndDates();
    void recordsEveryDecisionMentionedInTheBodyExceptItself();
    void publishesOneEventAndAuditRowPerRecord();
    void reimportingTheUnchangedCorpusWritesNothing();
    void incrementalProjectionEqualsRebuild();
    void memorySearchAnswersMatchTheReviewedGoldens_data();
    void memorySearchAnswersMatchTheReviewedGoldens();

private:
    qint64 count(const char *sql, const QString &arg = {});
    QString text(const char *sql, const QString &arg);
    QStringList links(const QString &ref, const char *kind);

    QTemporaryDir m_dir;
    std::unique_ptr<Database> m_db;
    FixedClock m_clock{QDateTime(QDate(2026, 3, 1), QTime(9, 0), QTimeZone::utc())};
    MemoryImportReport m_report;
};

void PepCorpusTest::initTestCase()
{
    if (!pepCorpusExists())
        QSKIP(qPrintable(pepCorpusMissing()));
    QVERIFY(m_dir.isValid());
    auto db = Database::open(m_dir.filePath(u"pep.db"_s));
    QVERIFY2(db, qPrintable(db.error()));
    m_db = std::move(*db);
    QElapsedTimer timer;
    timer.start();
    auto report = MemoryImport(*m_db, m_clock).importTree(PepCorpusDir);
    QVERIFY2(report, qPrintable(report.error()));
    m_report = *report;
    qInfo("imported the PEP corpus in %lld ms", timer.elapsed());
    timer.restart();
    auto run = Projector(*m_db, m_clock).run(100);
    QVERIFY2(run, qPrintable(run.error()));
    QCOMPARE(run->events, 736);
    QCOMPARE(run->deadLettered, 0);
    qInfo("projected %lld PEP events in %lld ms", run->events, timer.elapsed());
}

qint64 PepCorpusTest::count(const char *sql, const QString &arg)
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

QString PepCorpusTest::text(const char *sql, const QString &arg)
{
    Statement s = m_db->prepare(sql);
    s.bind(1, arg);
    auto row = s.step();
    return row && *row ? s.text(0) : QStringLiteral("<no row>");
}

// The links of revision 1 of `ref` (every record here has one revision).
QStringList PepCorpusTest::links(const QString &ref, const char *kind)
{
    Statement s = m_db->prepare(
        "SELECT l.target_ref FROM revision_links l JOIN revisions r ON r.id = l.revision_id "
        "JOIN articles a ON a.id = r.article_id WHERE a.ref = ?1 AND r.revision = 1 "
        "AND l.kind = ?2 ORDER BY l.target_ref");
    s.bind(1, ref).bind(2, kind);
    QStringList refs;
    for (auto row = s.step(); row && *row; row = s.step())
        refs.append(s.text(0));
    return refs;
}

void PepCorpusTest::importsTheWholeCorpusWithoutProblems()
{
    QCOMPARE(m_report.problems, QStringList());
    QCOMPARE(m_report.imported, 736);
    QCOMPARE(m_report.revised, 0);
    QCOMPARE(m_report.unchanged, 0);
    QCOMPARE(count("SELECT count(*) FROM articles WHERE kind = 'decision'"), 736);
    QCOMPARE(count("SELECT count(*) FROM revisions WHERE revision = 1"), 736);
    QCOMPARE(count("SELECT count(*) FROM articles WHERE domain = 'packaging'"), 100);
    QCOMPARE(count("SELECT count(*) FROM articles WHERE domain = 'typing'"), 45);
}

void PepCorpusTest::keepsTheStatusAsWrittenAndMapsItToRevisionStates()
{
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

void PepCorpusTest::keepsTheSupersessionChainOfThePackagingMetadataDecisions()
{
    // Metadata 1.0 (DEC-241) -> 1.1 (DEC-314) -> 1.2 (DEC-345) -> 2.1 (DEC-566).
    const char *stateOf = "SELECT r.state FROM revisions r JOIN articles a ON a.id = r.article_id "
                          "WHERE a.ref = ?1";
    QCOMPARE(text(stateOf, u"DEC-241"_s), u"superseded"_s);
    QCOMPARE(links(u"DEC-241"_s, "superseded_by"), QStringList{u"DEC-314"_s});
    QCOMPARE(links(u"DEC-241"_s, "supersedes"), QStringList());
    QCOMPARE(text(stateOf, u"DEC-314"_s), u"superseded"_s);
    QCOMPARE(links(u"DEC-314"_s, "supersedes"), QStringList{u"DEC-241"_s});
    QCOMPARE(links(u"DEC-314"_s, "superseded_by"), QStringList{u"DEC-345"_s});
    QCOMPARE(text(stateOf, u"DEC-345"_s), u"superseded"_s);
    QCOMPARE(links(u"DEC-345"_s, "supersedes"), QStringList{u"DEC-314"_s});
    QCOMPARE(links(u"DEC-345"_s, "superseded_by"), QStringList{u"DEC-566"_s});
    QCOMPARE(text(stateOf, u"DEC-566"_s), u"active"_s);
    QCOMPARE(links(u"DEC-566"_s, "supersedes"), QStringList{u"DEC-345"_s});
    QCOMPARE(links(u"DEC-566"_s, "superseded_by"), QStringList());
    // Superseded records are not current, so their interval is closed.
    QCOMPARE(text("SELECT r.valid_to FROM revisions r JOIN articles a ON a.id = r.article_id "
                  "WHERE a.ref = ?1",
                  u"DEC-241"_s),
             u"2001-03-12T00:00:00Z"_s);
    QCOMPARE(count("SELECT count(*) FROM revision_links WHERE kind = 'superseded_by'"), 31);
}

void PepCorpusTest::acceptsSupersedesWrittenAsAScalarOrAList()
{
    // DEC-102 writes "superseded_by: DEC-101", DEC-600 "supersedes: [DEC-513, DEC-571, DEC-599]".
    QCOMPARE(links(u"DEC-102"_s, "superseded_by"), QStringList{u"DEC-101"_s});
    QCOMPARE(links(u"DEC-600"_s, "supersedes"),
             (QStringList{u"DEC-513"_s, u"DEC-571"_s, u"DEC-599"_s}));
}

void PepCorpusTest::keepsTitleDomainLevelTagsRelatedToSourcePathAndDates()
{
    Statement s = m_db->prepare(
        "SELECT a.kind, a.domain, a.source_path, a.created_at, r.title, r.level, r.valid_from, "
        "r.updated_at, r.body, r.updated_by, r.version FROM articles a JOIN revisions r ON "
        "r.article_id = a.id WHERE a.ref = 'DEC-314'");
    auto row = s.step();
    QVERIFY(row && *row);
    QCOMPARE(s.text(0), u"decision"_s);
    QCOMPARE(s.text(1), u"packaging"_s);
    QCOMPARE(s.text(2), u"decisions/DEC-314.md"_s);
    QCOMPARE(s.text(3), u"2003-04-12T00:00:00Z"_s);
    QCOMPARE(s.text(4), u"Metadata for Python Software Packages 1.1"_s);
    QCOMPARE(s.text(5), u"standards-track"_s);
    QCOMPARE(s.text(6), u"2003-04-12T00:00:00Z"_s);
    QCOMPARE(s.text(7), u"2003-04-12T00:00:00Z"_s); // no updated_at: created_at
    QVERIFY(s.text(8).startsWith(u"\n# Metadata for Python Software Packages 1.1\n"));
    QVERIFY(!s.text(8).contains(u"source: \"python/peps"));
    QCOMPARE(s.text(9), u"import"_s);
    QCOMPARE(s.integer(10), 1);
    QCOMPARE(links(u"DEC-314"_s, "related_to"), (QStringList{u"DEC-241"_s, u"DEC-345"_s}));
    QCOMPARE(text("SELECT t.tag FROM revision_tags t JOIN revisions r ON r.id = t.revision_id "
                  "JOIN articles a ON a.id = r.article_id WHERE a.ref = ?1 AND t.kind = 'tag'",
                  u"DEC-314"_s),
             u"python-2.5"_s);
    QCOMPARE(count("SELECT count(*) FROM revision_tags WHERE kind = 'tag'"), 525);
    QCOMPARE(count("SELECT count(*) FROM revision_links WHERE kind = 'related_to'"), 113);
    QCOMPARE(
        count("SELECT count(*) FROM articles WHERE source_path = 'decisions/' || ref || '.md'"),
        736);
}

void PepCorpusTest::recordsEveryDecisionMentionedInTheBodyExceptItself()
{
    QCOMPARE(links(u"DEC-8"_s, "mentions"),
             (QStringList{u"DEC-20"_s, u"DEC-207"_s, u"DEC-257"_s, u"DEC-3131"_s, u"DEC-3151"_s,
                          u"DEC-484"_s, u"DEC-526"_s, u"DEC-7"_s}));
    QCOMPARE(count("SELECT count(*) FROM revision_links WHERE kind = 'mentions'"), 1628);
}

void PepCorpusTest::publishesOneEventAndAuditRowPerRecord()
{
    QCOMPARE(count("SELECT count(*) FROM outbox"), 736);
    QCOMPARE(count("SELECT count(*) FROM outbox WHERE event = 'revision-recorded'"), 736 - 509);
    QCOMPARE(count("SELECT count(*) FROM outbox WHERE event = 'revision-activated'"), 509);
    const QJsonObject payload =
        QJsonDocument::fromJson(
            text("SELECT payload FROM outbox WHERE ref = ?1", u"DEC-8"_s).toUtf8())
            .object();
    QCOMPARE(payload.value(u"source_path").toString(), u"decisions/DEC-8.md"_s);
    QCOMPARE(text("SELECT group_concat(event) FROM outbox WHERE ref = ?1", u"DEC-241"_s),
             u"revision-recorded"_s);
    QCOMPARE(count("SELECT count(*) FROM audit WHERE action = 'import-memory'"), 736);
}

void PepCorpusTest::reimportingTheUnchangedCorpusWritesNothing()
{
    const qint64 changesBefore = count("SELECT total_changes()");
    m_clock.advance(3600);
    QElapsedTimer timer;
    timer.start();
    auto again = MemoryImport(*m_db, m_clock).importTree(PepCorpusDir + u"/contexts/memory"_s);
    qInfo("re-imported the unchanged corpus in %lld ms", timer.elapsed());
    QVERIFY2(again, qPrintable(again.error()));
    QCOMPARE(again->problems, QStringList());
    QCOMPARE(again->unchanged, 736);
    QCOMPARE(again->imported, 0);
    QCOMPARE(again->revised, 0);
    QCOMPARE(count("SELECT total_changes()"), changesBefore);
    QCOMPARE(count("SELECT count(*) FROM revisions"), 736);
    QCOMPARE(count("SELECT count(*) FROM outbox"), 736);
}

// Projected in batches of 100 in initTestCase: a rebuild from canonical
// state must give exactly the same rows.
void PepCorpusTest::incrementalProjectionEqualsRebuild()
{
    QCOMPARE(count("SELECT count(*) FROM projection"), 736);
    auto verified = ProjectionVerify(*m_db).verify();
    QVERIFY2(verified, qPrintable(verified.error()));
    QStringList texts;
    for (const auto &d : verified->differences)
        texts.append(d.toText());
    QVERIFY2(verified->identical(), qPrintable(texts.join(u'\n')));
}

void PepCorpusTest::memorySearchAnswersMatchTheReviewedGoldens_data()
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

void PepCorpusTest::memorySearchAnswersMatchTheReviewedGoldens()
{
    QFETCH(QString, mode);
    QFETCH(QStringList, args);
    compareMemorySearchGolden(MemorySearch(*m_db, nullptr), mode, args,
                              TestPaths::source("tests/golden/pep-corpus/memory-search"));
}

QTEST_GUILESS_MAIN(PepCorpusTest)
#include "tst_pepcorpus.moc"
