// Memory search Mode C (cross-references) over a small tree written here; a
// rebuilt projection answering the same; excerpts and YAML; and golden files
// over the repository's memory corpus (tests/data/memory; the references in
// tests/golden/memory-search were checked by hand: see the README.md there).
// CW_REGENERATE_GOLDEN=1 rewrites them.

#include "MemoryExcerpt.h"
#include "MemorySearchBudget.h"
#include "MemorySearchFixture.h"
#include "MemorySearchFormat.h"
#include "MemorySearchGolden.h"
#include "ProjectionRebuild.h"
#include "TestPaths.h"

#include <QJsonDocument>

using namespace cw;
using namespace cw::test;
using namespace Qt::StringLiterals;

namespace {

const QString GoldenDir = TestPaths::source("tests/golden/memory-search");

} // namespace

class MemorySearchRefsTest : public QObject, public MemorySearchFixture
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { MemorySearchFixture::initTestCase(); }

    void modeCRanksInboundOverOutboundOverMentionsAndDeduplicates();
    void modeCRespectsWordBoundariesSoDec4IsNotDec42();
    void modeCFindsAMentionOnlyTheTitleCarries();
    void modeCReportsATargetWithoutAFileInANote();
    void aRebuiltProjectionAnswersModeBTheSame();
    void excerptCutsAroundTheMatchAtWordBoundaries();
    void yamlQuotesTitlesAndPrintsAnEmptyList();

    void corpusGoldens_data();
    void corpusGoldens();
};

void MemorySearchRefsTest::modeCRanksInboundOverOutboundOverMentionsAndDeduplicates()
{
    auto r = MemorySearch(*m_db, nullptr).byReference(u"DEC-1"_s);
    QVERIFY2(r, qPrintable(r.error()));
    // DEC-3 lists DEC-1 in related_to and mentions it: inbound wins.
    QCOMPARE(paths(*r), QStringList({u"DEC-3"_s, u"DEC-4"_s, u"DEC-2"_s, u"DEC-42"_s}));
    QCOMPARE(relevances(*r), QStringList({u"related_to_inbound"_s, u"related_to_inbound"_s,
                                          u"related_to_outbound"_s, u"direct_mention"_s}));
    QVERIFY(r->notes.isEmpty());
}

void MemorySearchRefsTest::modeCRespectsWordBoundariesSoDec4IsNotDec42()
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

void MemorySearchRefsTest::modeCFindsAMentionOnlyTheTitleCarries()
{
    auto r = MemorySearch(*m_db, nullptr).byReference(u"DEC-7"_s);
    QVERIFY2(r, qPrintable(r.error()));
    QCOMPARE(paths(*r), QStringList({u"DEC-6"_s}));
    QCOMPARE(r->hits[0].relevance, MemoryRelevance::DirectMention);
}

void MemorySearchRefsTest::modeCReportsATargetWithoutAFileInANote()
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
void MemorySearchRefsTest::aRebuiltProjectionAnswersModeBTheSame()
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

void MemorySearchRefsTest::excerptCutsAroundTheMatchAtWordBoundaries()
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

void MemorySearchRefsTest::yamlQuotesTitlesAndPrintsAnEmptyList()
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
    // Stored text never moves a terminal: an 8-bit CSI and a right-to-left
    // override are escaped like the C0 controls.
    MemorySearchResult hostile;
    hit.title = u"a"_s + QChar(0x9b) + u"2J"_s + QChar(0x202e) + u"b"_s;
    hit.excerpt = QString();
    hostile.hits.append(hit);
    const QString yaml = MemorySearchFormat::toYaml(hostile);
    QVERIFY2(yaml.contains(u"title: \"a\\u009b2J\\u202eb\""_s), qPrintable(yaml));
}

void MemorySearchRefsTest::corpusGoldens_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<QStringList>("args");
    auto add = [](const char *name, const QString &mode, const QStringList &args) {
        QTest::newRow(name) << mode << args;
    };
    add("a-infrastructure-database", u"A"_s, {u"domain=infrastructure"_s, u"tag=database"_s});
    add("a-tags-connection-pooling-database", u"A"_s,
        {u"tag=connection-pooling"_s, u"tag=database"_s});
    add("a-status-final", u"A"_s, {u"status=final"_s});
    add("a-status-on-hold", u"A"_s, {u"status=on hold"_s});
    add("a-strategic-development", u"A"_s, {u"level=strategic"_s, u"domain=development"_s});
    add("a-security-authentication", u"A"_s, {u"domain=security"_s, u"tag=authentication"_s});
    add("a-related-to-dec-1", u"A"_s, {u"related_to=DEC-1"_s});
    add("b-pool-exhaustion", u"B"_s, {u"pool"_s, u"exhaustion"_s});
    add("b-register", u"B"_s, {u"register"_s});
    add("b-idempotency-key", u"B"_s, {u"idempotency key"_s});
    add("b-timeout-retry", u"B"_s, {u"timeout"_s, u"retry"_s});
    add("c-dec-5", u"C"_s, {u"DEC-5"_s});
    add("c-dec-7", u"C"_s, {u"DEC-7"_s});
    add("c-dec-14", u"C"_s, {u"DEC-14"_s});
    add("c-dec-58", u"C"_s, {u"DEC-58"_s});
    add("c-dec-99", u"C"_s, {u"DEC-99"_s});
}

void MemorySearchRefsTest::corpusGoldens()
{
    QFETCH(QString, mode);
    QFETCH(QStringList, args);
    compareMemorySearchGolden(MemorySearch(*m_corpus, nullptr), mode, args, GoldenDir);
}

QTEST_GUILESS_MAIN(MemorySearchRefsTest)
#include "tst_memorysearchrefs.moc"
