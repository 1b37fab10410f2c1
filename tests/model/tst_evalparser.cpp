// Query sets in JSON Lines (INTERFACES.md §8): a bad line is reported with
// its number and field, and nothing of the set is returned; the stored
// content's hash does not depend on the file's layout.
#include "QuerySetParser.h"
#include "TestPaths.h"

#include <QFile>
#include <QTest>

using namespace cw;
using namespace Qt::Literals::StringLiterals;

namespace {

QByteArray fixture(const char *name)
{
    QFile file(TestPaths::source("tests/data/eval/") + QLatin1String(name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", name);
    return file.readAll();
}

const QByteArray Head = R"({"type":"set","id":"s","name":"S"})"
                        "\n"
                        R"({"type":"query","id":"q1","strategy":"configuration","text":"t"})"
                        "\n";

} // namespace

class TestEvalParser : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsEveryKindOfLine()
    {
        auto set = QuerySetParser::parse(fixture("demo-small.jsonl"));
        QVERIFY2(set, qPrintable(set.error()));
        QCOMPARE(set->id, u"demo-small"_s);
        QCOMPARE(set->queries.size(), 4);
        QCOMPARE(set->judgments.size(), 6);
        QCOMPARE(set->required.size(), 2);
        QCOMPARE(set->forbidden.size(), 1);
        QCOMPARE(set->pairs.size(), 1);
        QCOMPARE(set->queries.first().as, u"ana"_s);
        QCOMPARE(set->queries.first().fields.value(u"version"_s).toString(), u"4.2"_s);
        QCOMPARE(set->judgmentsOf(u"q1"_s).first().revision, 1);
        QCOMPARE(set->judgmentsOf(u"q1"_s).at(1).revision, 0); // any revision
        QCOMPARE(set->pairs.first().in, u"q1"_s);
    }

    void theHashIgnoresLayoutAndKeyOrder()
    {
        auto a = QuerySetParser::parse(fixture("demo-small.jsonl"));
        auto b = QuerySetParser::parse(fixture("demo-small-relaid.jsonl"));
        QVERIFY(a && b);
        QCOMPARE(a->contentHash(), b->contentHash());
        // ... and the stored form reads back to the same hash.
        auto back = QuerySet::fromJson(a->toJson());
        QVERIFY(back);
        QCOMPARE(back->contentHash(), a->contentHash());
    }

    void badLinesNameTheirLineAndField_data()
    {
        QTest::addColumn<QByteArray>("tail");
        QTest::addColumn<QString>("message");
        QTest::newRow("not json") << QByteArray("{\"type\":\"judgment\",")
                                  << u"line 3: not a JSON object"_s;
        QTest::newRow("unknown type")
            << QByteArray(R"({"type":"verdict"})") << u"line 3: field 'type' must be set, query"_s;
        QTest::newRow("grade out of range")
            << QByteArray(R"({"type":"judgment","query":"q1","ref":"EXP-1","grade":4})")
            << u"line 3: field 'grade' must be a whole number from 0 to 3"_s;
        QTest::newRow("grade missing")
            << QByteArray(R"({"type":"judgment","query":"q1","ref":"EXP-1"})")
            << u"line 3: field 'grade' is missing"_s;
        QTest::newRow("revision zero")
            << QByteArray(
                   R"({"type":"judgment","query":"q1","ref":"EXP-1","revision":0,"grade":1})")
            << u"line 3: field 'revision' must be a whole number from 1"_s;
        QTest::newRow("misspelt query field")
            << QByteArray(
                   R"({"type":"query","id":"q2","strategy":"configuration","symptom":["x"]})")
            << u"line 3: unknown field 'symptom'"_s;
        QTest::newRow("unknown strategy")
            << QByteArray(R"({"type":"query","id":"q2","strategy":"guesswork"})")
            << u"line 3: field 'strategy': "_s;
        QTest::newRow("list of numbers") << QByteArray(R"({"type":"query","id":"q2","tags":[1]})")
                                         << u"line 3: field 'tags' must be a list of non-empty "
                                            "strings"_s;
        QTest::newRow("as_of not a time")
            << QByteArray(R"({"type":"query","id":"q2","as_of":"last tuesday"})")
            << u"line 3: field 'as_of' must be an RFC 3339 time"_s;
        QTest::newRow("duplicate query")
            << QByteArray(R"({"type":"query","id":"q1","text":"again"})")
            << u"line 3: field 'id': query 'q1' is defined twice"_s;
        QTest::newRow("judgment of no query")
            << QByteArray("\n"
                          R"({"type":"judgment","query":"q9","ref":"EXP-1","grade":1})")
            << u"line 4: field 'query' names no query of the set: 'q9'"_s;
        QTest::newRow("forbidden without why")
            << QByteArray(R"({"type":"forbidden","query":"q1","ref":"EXP-1"})")
            << u"line 3: field 'why' must be a non-empty string"_s;
        QTest::newRow("pair decisive outside the pair")
            << QByteArray(
                   R"({"type":"query","id":"q2","text":"x"})"
                   "\n"
                   R"({"type":"pair","id":"p","queries":["q1","q2"],"decisive":{"ref":"A","in":"q1","not_in":"q3"}})")
            << u"line 4: field 'decisive': 'in' and 'not_in' must be the pair's two queries"_s;
        QTest::newRow("second set line") << QByteArray(R"({"type":"set","id":"t"})")
                                         << u"line 3: a second 'set' line (the first is line 1)"_s;
    }

    void badLinesNameTheirLineAndField()
    {
        QFETCH(QByteArray, tail);
        QFETCH(QString, message);
        auto set = QuerySetParser::parse(Head + tail + "\n");
        QVERIFY(!set);
        QVERIFY2(set.error().startsWith(message), qPrintable(set.error()));
    }

    void aSetNeedsItsSetLineAndAQuery()
    {
        auto noSet = QuerySetParser::parse(R"({"type":"query","id":"q1","text":"x"})");
        QVERIFY(!noSet);
        QVERIFY2(noSet.error().contains(u"no 'set' line"_s), qPrintable(noSet.error()));
        auto empty = QuerySetParser::parse(R"({"type":"set","id":"s"})");
        QVERIFY(!empty);
        QVERIFY2(empty.error().contains(u"has no queries"_s), qPrintable(empty.error()));
    }
};

QTEST_GUILESS_MAIN(TestEvalParser)
#include "tst_evalparser.moc"
