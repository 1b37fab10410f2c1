// LineReader (model/common): JSON Lines read a line at a time, each bounded.
// A line longer than the limit is an error at that line, found without
// reading the device to its end; lines of exactly the limit, a last line
// without '\n' and blank lines are lines.

#include "LineReader.h"

#include <QBuffer>
#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

class TestLineReader : public QObject
{
    Q_OBJECT

private:
    // Every line a reader with the given limit hands out, then "!error" if
    // it stops at one.
    static QList<QByteArray> lines(QByteArray content, qsizetype limit)
    {
        QBuffer buffer(&content);
        buffer.open(QIODevice::ReadOnly);
        LineReader reader(buffer, limit);
        QList<QByteArray> all;
        QByteArray line;
        for (;;) {
            auto more = reader.next(line);
            if (!more)
                return all << "!" + more.error().toUtf8();
            if (!*more)
                return all;
            all << QByteArray(line.constData(), line.size());
        }
    }

private Q_SLOTS:
    void linesUpToTheLimitComeOut()
    {
        QCOMPARE(lines("abcd\n\nefgh", 4), (QList<QByteArray>{"abcd", "", "efgh"}));
        QCOMPARE(lines("abcd\n", 4), (QList<QByteArray>{"abcd"}));
        QCOMPARE(lines("", 4), QList<QByteArray>{});
    }

    void aLineOverTheLimitStopsTheReader()
    {
        const QList<QByteArray> read = lines("ab\nabcde\nab\n", 4);
        QCOMPARE(read.size(), 2);
        QCOMPARE(read.first(), QByteArray("ab"));
        QVERIFY2(read.last().startsWith("!the line is longer than 4 bytes"),
                 read.last().constData());
    }

    // /dev/zero has no newline: the reader gives up after the limit and a
    // block, instead of reading until memory runs out.
    void anEndlessLineIsRefusedWithoutReadingItAll()
    {
        QFile zero(u"/dev/zero"_s);
        QVERIFY(zero.open(QIODevice::ReadOnly | QIODevice::Unbuffered));
        LineReader reader(zero, 1 << 20);
        QByteArray line;
        auto more = reader.next(line);
        QVERIFY(!more);
        QVERIFY2(more.error().contains(u"longer than 1 MiB"_s), qPrintable(more.error()));
        QCOMPARE(reader.lineNumber(), 0);
    }

    void readAllNamesTheLine()
    {
        QByteArray content("one\ntwo\nthree is too long\n");
        QBuffer buffer(&content);
        buffer.open(QIODevice::ReadOnly);
        auto all = LineReader::readAll(buffer, 8);
        QVERIFY(!all);
        QVERIFY2(all.error().startsWith(u"line 3: the line is longer than 8 bytes"_s),
                 qPrintable(all.error()));
        buffer.seek(0);
        auto fits = LineReader::readAll(buffer, 20);
        QVERIFY2(fits, qPrintable(fits.error()));
        QCOMPARE(*fits, content);
    }

    void theLimitReadsAsPeopleSayIt()
    {
        QCOMPARE(LineReader::describe(LineReader::MaxLineBytes), u"16 MiB"_s);
    }
};

QTEST_GUILESS_MAIN(TestLineReader)
#include "tst_linereader.moc"
