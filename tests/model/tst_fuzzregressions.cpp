// Inputs the libFuzzer targets (tests/fuzz, docs/fuzzing.md) found, each fed
// to the function the target drives, asserting the right answer.
#include "Database.h"
#include "MemoryFileParser.h"
#include "MemorySearch.h"
#include "Statement.h"

#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace cw;
using namespace Qt::Literals::StringLiterals;

class FuzzRegressionsTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void memoryFileEndingInACutUtf8SequenceIsRefusedAsInvalidUtf8();
    void modeBKeywordHoldingANulCharacterStillSearches();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<Database> m_db;
};

void FuzzRegressionsTest::initTestCase()
{
    QVERIFY(m_dir.isValid());
    auto opened = Database::open(m_dir.filePath(u"fuzz.db"_s));
    QVERIFY2(opened.ok(), qPrintable(opened.error()));
    m_db = std::move(*opened);
}

// fuzz_memory_file: the decoder kept a trailing partial sequence as state
// and the file was imported without its last bytes.
void FuzzRegressionsTest::memoryFileEndingInACutUtf8SequenceIsRefusedAsInvalidUtf8()
{
    const QByteArray found("-z\0-\nupdated_\x01\0\0\0at\xf2", 20);
    for (const QByteArray &bytes : {found, QByteArray("# Title\n\nbody \xe2\x82")}) {
        for (const QString &path : {u"domains/fuzz/notes.md"_s, u"decisions/DEC-1.md"_s}) {
            const auto parsed = MemoryFileParser::parse(path, bytes);
            QVERIFY2(!parsed.ok(), qPrintable(path));
            QCOMPARE(parsed.error(), u"not valid UTF-8 text"_s);
        }
    }
}

// fuzz_fts_query: a NUL inside a Mode B keyword ended FTS5's input, and the
// search failed with "unterminated string".
void FuzzRegressionsTest::modeBKeywordHoldingANulCharacterStillSearches()
{
    const QStringList keywords = {u"Effort"_s, QString::fromUtf8("foF\0\0\0\0\0\0\0r", 11),
                                  u"shared"_s};
    const QString expression = MemorySearch::ftsExpression(keywords);
    QVERIFY(!expression.contains(QChar(0)));
    Statement s =
        m_db->prepare("SELECT count(*) FROM projection_fts WHERE projection_fts MATCH ?1");
    s.bind(1, expression);
    const auto row = s.step();
    QVERIFY2(row.ok(), qPrintable(row.error()));

    const auto found = MemorySearch(*m_db, nullptr).byContent(keywords);
    QVERIFY2(found.ok(), qPrintable(found.error()));
    QVERIFY(found->hits.isEmpty());
}

QTEST_GUILESS_MAIN(FuzzRegressionsTest)
#include "tst_fuzzregressions.moc"
