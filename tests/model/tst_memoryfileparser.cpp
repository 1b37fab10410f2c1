#include "MemoryFileParser.h"

#include <QJsonArray>
#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

class MemoryFileParserTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsFrontmatterFieldsAndTheBodyAfterIt();
    void keepsFieldsItDoesNotModelAsExtra();
    void ignoresAByteOrderMarkAndWindowsLineEndings();
    void takesTheTitleFromTheFirstHeadingOutsideCodeFences();
    void findsMentionsOnlyAsWholeDecisionIds();
    void derivesTheDomainFromTheFolderWhenTheFrontmatterHasNone_data();
    void derivesTheDomainFromTheFolderWhenTheFrontmatterHasNone();
    void mapsTheStatusToARevisionState_data();
    void mapsTheStatusToARevisionState();
    void reportsTheFileLineOfAYamlError();
    void refusesATimeThatIsNotADate();
    void normalisesDatesToRfc3339Utc();
};

void MemoryFileParserTest::readsFrontmatterFieldsAndTheBodyAfterIt()
{
    auto doc = MemoryFileParser::parse(u"decisions/DEC-42.md"_s,
                                       "---\nid: DEC-42\ntitle: \"Pool: connections\"\n"
                                       "domain: infrastructure\nlevel: operational\n"
                                       "status: Final\ntags: [database, \"3.10\"]\n"
                                       "related_to: DEC-7\nsupersedes: [DEC-1, DEC-1]\n"
                                       "superseded_by:\ncreated_at: 2025-01-10\n"
                                       "updated_at: 2025-02-01T08:30:00Z\n---\n# Heading\nText\n");
    QVERIFY2(doc, qPrintable(doc.error()));
    QCOMPARE(doc->kind, u"decision"_s);
    QCOMPARE(doc->ref, u"DEC-42"_s);
    QCOMPARE(doc->title, u"Pool: connections"_s);
    QCOMPARE(doc->domain, u"infrastructure"_s);
    QCOMPARE(doc->level, u"operational"_s);
    QCOMPARE(doc->status, u"Final"_s);
    QCOMPARE(doc->revisionState(), u"active"_s);
    QCOMPARE(doc->tags, (QStringList{u"database"_s, u"3.10"_s})); // as written, not 3.1
    QCOMPARE(doc->relatedTo, QStringList{u"DEC-7"_s});
    QCOMPARE(doc->supersedes, QStringList{u"DEC-1"_s});
    QCOMPARE(doc->supersededBy, QStringList());
    QCOMPARE(doc->createdAt, u"2025-01-10T00:00:00Z"_s);
    QCOMPARE(doc->updatedAt, u"2025-02-01T08:30:00Z"_s);
    QCOMPARE(doc->body, u"# Heading\nText\n"_s);
    QCOMPARE(doc->sourcePath, u"decisions/DEC-42.md"_s);
}

void MemoryFileParserTest::keepsFieldsItDoesNotModelAsExtra()
{
    auto doc = MemoryFileParser::parse(
        u"decisions/DEC-8.md"_s,
        "---\nid: DEC-8\nsource: \"python/peps peps/pep-0008.rst\"\nowners: [a, b]\n---\n");
    QVERIFY2(doc, qPrintable(doc.error()));
    QCOMPARE(doc->extra.value(u"source").toString(), u"python/peps peps/pep-0008.rst"_s);
    QCOMPARE(doc->extra.value(u"owners").toArray().size(), 2);
    QCOMPARE(doc->title, u"DEC-8"_s); // no title, no heading: the id
}

void MemoryFileParserTest::ignoresAByteOrderMarkAndWindowsLineEndings()
{
    auto doc = MemoryFileParser::parse(u"decisions/DEC-1.md"_s,
                                       "\xEF\xBB\xBF---\r\nid: DEC-1\r\ntitle: One\r\n---\r\n"
                                       "Body line\r\n");
    QVERIFY2(doc, qPrintable(doc.error()));
    QCOMPARE(doc->title, u"One"_s);
    QCOMPARE(doc->body, u"Body line\n"_s);
}

void MemoryFileParserTest::takesTheTitleFromTheFirstHeadingOutsideCodeFences()
{
    auto doc = MemoryFileParser::parse(u"runbooks/restart.md"_s,
                                       "Intro\n```sh\n# not a heading\n```\n## Sub\n"
                                       "# Restart the worker ##\n# Second\n");
    QVERIFY2(doc, qPrintable(doc.error()));
    QCOMPARE(doc->kind, u"domain-article"_s);
    QCOMPARE(doc->ref, u"runbooks/restart.md"_s);
    QCOMPARE(doc->title, u"Restart the worker"_s);
    auto bare = MemoryFileParser::parse(u"runbooks/notes.md"_s, "just text\n");
    QVERIFY(bare);
    QCOMPARE(bare->title, u"notes"_s);
}

void MemoryFileParserTest::findsMentionsOnlyAsWholeDecisionIds()
{
    QCOMPARE(MemoryFileParser::decisionMentions(
                 u"See DEC-12, DEC-123 and (DEC-7). XDEC-4, DEC-12x, DEC-99 and DEC-12 again."_s,
                 u"DEC-99"_s),
             (QStringList{u"DEC-12"_s, u"DEC-123"_s, u"DEC-7"_s}));
}

void MemoryFileParserTest::derivesTheDomainFromTheFolderWhenTheFrontmatterHasNone_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("domain");
    QTest::newRow("domains/<d>/") << u"domains/data/register.md"_s << u"data"_s;
    QTest::newRow("other folder") << u"patterns/retry.md"_s << u"patterns"_s;
    QTest::newRow("top of the tree") << u"README.md"_s << u"general"_s;
    QTest::newRow("decision without domain") << u"decisions/DEC-3.md"_s << u"decisions"_s;
}

void MemoryFileParserTest::derivesTheDomainFromTheFolderWhenTheFrontmatterHasNone()
{
    QFETCH(QString, path);
    QFETCH(QString, domain);
    auto doc = MemoryFileParser::parse(path, "---\nid: DEC-3\n---\n# T\n");
    QVERIFY2(doc, qPrintable(doc.error()));
    QCOMPARE(doc->domain, domain);
}

void MemoryFileParserTest::mapsTheStatusToARevisionState_data()
{
    QTest::addColumn<QString>("status");
    QTest::addColumn<QString>("state");
    QTest::newRow("final") << u"final"_s << u"active"_s;
    QTest::newRow("draft") << u"draft"_s << u"active"_s;
    QTest::newRow("deferred") << u"deferred"_s << u"active"_s;
    QTest::newRow("none") << QString() << u"active"_s;
    QTest::newRow("superseded") << u"Superseded"_s << u"superseded"_s;
    QTest::newRow("rejected") << u"rejected"_s << u"rejected"_s;
    QTest::newRow("withdrawn") << u"withdrawn"_s << u"retired"_s;
    QTest::newRow("retired") << u"retired"_s << u"retired"_s;
}

void MemoryFileParserTest::mapsTheStatusToARevisionState()
{
    QFETCH(QString, status);
    QFETCH(QString, state);
    MemoryDocument doc;
    doc.status = status;
    QCOMPARE(doc.revisionState(), state);
}

void MemoryFileParserTest::reportsTheFileLineOfAYamlError()
{
    auto doc = MemoryFileParser::parse(u"decisions/DEC-2.md"_s,
                                       "---\nid: DEC-2\ntitle: ok\nbad: a: b\n---\n");
    QVERIFY(!doc);
    QVERIFY2(doc.error().startsWith(u"invalid YAML frontmatter at line 4: "),
             qPrintable(doc.error()));
    auto tabs = MemoryFileParser::parse(u"decisions/DEC-2.md"_s,
                                        "---\nid: DEC-2\ntags:\n  - a\n - b\n---\n");
    QVERIFY(!tabs);
    QVERIFY2(tabs.error().contains(u"line 5"), qPrintable(tabs.error()));
}

void MemoryFileParserTest::refusesATimeThatIsNotADate()
{
    auto doc = MemoryFileParser::parse(u"decisions/DEC-2.md"_s,
                                       "---\nid: DEC-2\ncreated_at: last spring\n---\n");
    QVERIFY(!doc);
    QCOMPARE(doc.error(), u"line 3: created_at is not a date or RFC 3339 time: last spring"_s);
}

void MemoryFileParserTest::normalisesDatesToRfc3339Utc()
{
    QCOMPARE(MemoryFileParser::normaliseTime(u"2001-07-05"_s), u"2001-07-05T00:00:00Z"_s);
    QCOMPARE(MemoryFileParser::normaliseTime(u"2026-02-01T10:00:00+01:00"_s),
             u"2026-02-01T09:00:00Z"_s);
    QCOMPARE(MemoryFileParser::normaliseTime(u"2026-02-01 10:00:00"_s), u"2026-02-01T10:00:00Z"_s);
    QCOMPARE(MemoryFileParser::normaliseTime(u"2026-02-30"_s), QString());
    QCOMPARE(MemoryFileParser::normaliseTime(u"last spring"_s), QString());
}

QTEST_GUILESS_MAIN(MemoryFileParserTest)
#include "tst_memoryfileparser.moc"
