#include "IngestFixture.h"
#include "LineReader.h"
#include "Transaction.h"

#include <QTest>

using namespace cw;
using namespace cw::test;

// Every kind of bad line: the message names the file, the line and the reason,
// and nothing of the file is written, also not the good lines before it.
class TestIngestRejects : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void badLineIsRefusedWithLineAndReason_data();
    void badLineIsRefusedWithLineAndReason();
    void blankLinesAreSkippedButCounted();
    void unreadableFileIsReported();
    void aLineOverTheLimitIsRefusedWithItsNumber();
    void streamingApplyLeavesNothingOfAFailedRecord();

private:
    std::unique_ptr<IngestFixture> m_f;
};

void TestIngestRejects::init()
{
    m_f = std::make_unique<IngestFixture>();
    QVERIFY2(m_f->db, qPrintable(m_f->openError));
    auto base =
        m_f->ingest(baseLines() + line(proposal(u"PR-1"_s, CaseSD1598, QString(), {u"P-1"_s})),
                    u"base.jsonl"_s);
    QVERIFY2(base, qPrintable(base.error()));
}

void TestIngestRejects::cleanup()
{
    m_f.reset();
}

namespace {

QByteArray with(QJsonObject record, const QString &field, const QJsonValue &value)
{
    if (value.isUndefined())
        record.remove(field);
    else
        record.insert(field, value);
    return line(record);
}

} // namespace

void TestIngestRejects::badLineIsRefusedWithLineAndReason_data()
{
    QTest::addColumn<QByteArray>("badLine");
    QTest::addColumn<QString>("reason");

    const QJsonObject a = arrival(u"SD-2000"_s, u"1"_s, u"d-9"_s, u"2026-03-05T09:00:00Z"_s);
    const QJsonObject p = proof(CaseSD1598, u"P-2"_s);
    const QJsonObject pr = proposal(u"PR-2"_s, CaseSD1598, QString(), {u"P-1"_s});
    const QJsonObject art = article(u"KB-1"_s, u"Registers"_s);
    const QJsonObject who = principal(u"eve"_s, u"curator"_s, u"studio"_s);
    const QJsonValue absent(QJsonValue::Undefined);

    QTest::newRow("malformed JSON") << QByteArray("{\"type\":\"arrival\",") << u"malformed JSON"_s;
    QTest::newRow("not an object") << QByteArray("[1, 2]") << u"must be a JSON object"_s;
    QTest::newRow("no type") << QByteArray("{\"id\":\"x\"}") << u"record without \"type\""_s;
    QTest::newRow("unknown type") << QByteArray("{\"type\":\"ticket\"}")
                                  << u"unknown record type \"ticket\""_s;
    QTest::newRow("missing field") << with(a, u"source_request"_s, absent)
                                   << u"arrival: missing required field \"source_request\""_s;
    QTest::newRow("wrong field type")
        << with(a, u"title"_s, 42) << u"arrival: field \"title\" must be a string"_s;
    QTest::newRow("bad time") << with(a, u"received_at"_s, u"2026-03-05 09:00"_s)
                              << u"arrival: field \"received_at\" is not an RFC 3339 UTC time"_s;
    QTest::newRow("local time") << with(a, u"received_at"_s, u"2026-03-05T09:00:00+02:00"_s)
                                << u"is not an RFC 3339 UTC time"_s;
    QTest::newRow("impossible date")
        << with(a, u"received_at"_s, u"2026-02-30T09:00:00Z"_s) << u"is not an RFC 3339 UTC time"_s;
    QTest::newRow("slash in request")
        << with(a, u"source_request"_s, u"SD/1"_s)
        << u"arrival: field \"source_request\" contains '/' (\"SD/1\")"_s;
    QTest::newRow("unknown tenant")
        << with(a, u"tenant"_s, u"nobody"_s) << u"arrival: unknown tenant \"nobody\""_s;
    QTest::newRow("bad role") << with(who, u"roles"_s, QJsonArray{u"boss"_s})
                              << u"principal: field \"roles\" has invalid value \"boss\""_s;
    QTest::newRow("principal of unknown tenant")
        << with(who, u"tenants"_s, QJsonArray{u"x"_s}) << u"principal: unknown tenant \"x\""_s;
    QTest::newRow("bad case status")
        << line({{u"type"_s, u"case_update"_s},
                 {u"case"_s, CaseSD1598},
                 {u"status"_s, u"done"_s},
                 {u"at"_s, u"2026-03-05T09:00:00Z"_s}})
        << u"case_update: field \"status\" has invalid value \"done\" (expected one of open, "
           u"waiting, completed, cancelled)"_s;
    QTest::newRow("bad case ref") << with(p, u"case"_s, u"studio/SD-1"_s)
                                  << u"proof: field \"case\" is not tenant/source_system/"_s;
    QTest::newRow("unknown case") << with(p, u"case"_s, u"studio/servicedesk/SD-9"_s)
                                  << u"proof: unknown case studio/servicedesk/SD-9"_s;
    QTest::newRow("bad proof result")
        << with(p, u"result"_s, u"ok"_s) << u"proof: field \"result\" has invalid value \"ok\""_s;
    QTest::newRow("unknown principal")
        << line({{u"type"_s, u"grant"_s}, {u"principal"_s, u"zed"_s}, {u"case"_s, CaseSD1598}})
        << u"grant: unknown principal \"zed\""_s;
    QTest::newRow("unknown owner")
        << with(art, u"owner"_s, u"zed"_s) << u"article: unknown principal \"zed\" (owner)"_s;
    QTest::newRow("bad proof level")
        << with(pr, u"proof_level"_s, u"tested"_s)
        << u"proposal: field \"proof_level\" has invalid value \"tested\""_s;
    QTest::newRow("bad kind") << with(pr, u"kind"_s, u"faq"_s)
                              << u"proposal: field \"kind\" has invalid value \"faq\""_s;
    QTest::newRow("bad effort") << with(pr, u"effort"_s, QJsonObject{{u"active_hours"_s, -1}})
                                << u"field \"effort.active_hours\" must be a non-negative"_s;
    QTest::newRow("unknown proof") << with(pr, u"proof_refs"_s, QJsonArray{u"P-9"_s})
                                   << u"proposal: unknown proof P-9 of case "_s + CaseSD1598;
    QTest::newRow("domain missing for new article")
        << with(pr, u"domain"_s, absent) << u"proposal: missing required field \"domain\""_s;
    QTest::newRow("bad article status")
        << with(art, u"status"_s, u"draft"_s)
        << u"article: field \"status\" has invalid value \"draft\""_s;
    QTest::newRow("delivery id reused")
        << with(arrival(u"SD-1598"_s, u"1"_s, u"d-1"_s, u"2026-03-01T09:00:00Z"_s), u"title"_s,
                u"Other"_s)
        << u"arrival: delivery d-1 of studio/servicedesk/SD-1598 was already recorded with "
           u"different content"_s;
    QTest::newRow("delivery id reused for another revision")
        << line(arrival(u"SD-1598"_s, u"7"_s, u"d-1"_s, u"2026-03-01T09:00:00Z"_s))
        << u"arrival: delivery d-1 of studio/servicedesk/SD-1598 was already recorded with "
           u"different content"_s;
    QTest::newRow("proof id reused")
        << with(proof(CaseSD1598, u"P-1"_s), u"result"_s, u"failed"_s)
        << u"proof: P-1 of studio/servicedesk/SD-1598 was already recorded with different "
           u"content"_s;
    QTest::newRow("proposal id reused")
        << with(proposal(u"PR-1"_s, CaseSD1598, QString(), {u"P-1"_s}), u"title"_s, u"Other"_s)
        << u"proposal: PR-1 was already recorded with different content"_s;
}

void TestIngestRejects::badLineIsRefusedWithLineAndReason()
{
    QFETCH(QByteArray, badLine);
    QFETCH(QString, reason);
    const auto before = m_f->snapshot();
    // Good lines first (a new tenant, case, proof, article), then the bad one on line 6.
    const QByteArray jsonl =
        line(tenant(u"acme"_s, u"Acme"_s)) +
        line(arrival(u"SD-3000"_s, u"1"_s, u"d-1"_s, u"2026-03-06T09:00:00Z"_s)) +
        line(proof(u"studio/servicedesk/SD-3000"_s, u"P-1"_s)) +
        line(article(u"KB-77"_s, u"Ledger"_s)) +
        line(proposal(u"PR-50"_s, u"studio/servicedesk/SD-3000"_s, QString(), {u"P-1"_s})) +
        badLine + '\n';
    auto report = m_f->ingest(jsonl);
    QVERIFY2(!report, "the bad line was accepted");
    const QString prefix = m_f->dir.filePath(u"batch.jsonl"_s) + u":6: "_s;
    QVERIFY2(report.error().startsWith(prefix), qPrintable(report.error()));
    QVERIFY2(report.error().contains(reason), qPrintable(report.error()));
    QCOMPARE(m_f->snapshot(), before);
}

void TestIngestRejects::blankLinesAreSkippedButCounted()
{
    const QByteArray jsonl = line(tenant(u"acme"_s, u"Acme"_s)) + "\n   \n" + "{\"type\":1}\n";
    auto report = m_f->ingest(jsonl);
    QVERIFY(!report);
    QVERIFY2(report.error().endsWith(u"batch.jsonl:4: record without \"type\""_s),
             qPrintable(report.error()));

    auto fine = m_f->ingest(line(tenant(u"acme"_s, u"Acme"_s)) + "\n\r\n");
    QVERIFY2(fine, qPrintable(fine.error()));
    QCOMPARE(fine->records, 1);
}

// ingest - </dev/zero once ran out of memory: a line past 16 MiB is refused
// by its number before more is read, and the good lines before it are not kept.
void TestIngestRejects::aLineOverTheLimitIsRefusedWithItsNumber()
{
    const auto before = m_f->snapshot();
    QByteArray jsonl = line(tenant(u"acme"_s, u"Acme"_s)) + "\n";
    jsonl += QByteArray(LineReader::MaxLineBytes + 1, ' ');
    auto report = m_f->ingest(jsonl, u"huge.jsonl"_s);
    QVERIFY(!report);
    QVERIFY2(report.error().contains(u"huge.jsonl:3: the line is longer than 16 MiB"_s),
             qPrintable(report.error()));
    QCOMPARE(m_f->snapshot(), before);
    // A line of exactly the limit is a line (here a blank one).
    jsonl.chop(1);
    auto fine = m_f->ingest(jsonl, u"fits.jsonl"_s);
    QVERIFY2(fine, qPrintable(fine.error()));
    QCOMPARE(fine->records, 1);
}

void TestIngestRejects::unreadableFileIsReported()
{
    Ingest ingest(*m_f->db, m_f->clock);
    const QString path = m_f->dir.filePath(u"missing.jsonl"_s);
    auto report = ingest.ingestFile(path);
    QVERIFY(!report);
    QVERIFY2(report.error().startsWith(path + u": cannot open"_s), qPrintable(report.error()));
}

void TestIngestRejects::streamingApplyLeavesNothingOfAFailedRecord()
{
    const auto before = m_f->snapshot();
    Ingest ingest(*m_f->db, m_f->clock, u"demo"_s);
    {
        Transaction transaction(*m_f->db);
        QVERIFY2(transaction.isActive(), qPrintable(transaction.beginError()));
        // Refused on the unknown proof: nothing of the record stays.
        QJsonObject bad = proposal(u"PR-2"_s, CaseSD1598, QString(), {u"P-1"_s, u"P-9"_s});
        auto refused = ingest.apply(bad);
        QVERIFY(!refused);
        QCOMPARE(refused.error(), u"proposal: unknown proof P-9 of case "_s + CaseSD1598);
        QCOMPARE(m_f->snapshot(), before);
        auto applied = ingest.apply(proposal(u"PR-2"_s, CaseSD1598, QString(), {u"P-1"_s}));
        QVERIFY2(applied, qPrintable(applied.error()));
        QVERIFY2(transaction.commit(), "commit");
    }
    QCOMPARE(ingest.report().records, 1);
    QCOMPARE(ingest.report().createdArticles, QStringList{u"EXP-2"_s});
    QCOMPARE(m_f->rows("proposals"), before.value(u"proposals"_s) + 1);
    QCOMPARE(m_f->text("SELECT principal FROM audit WHERE subject = 'PR-2'"), u"demo"_s);
}

QTEST_GUILESS_MAIN(TestIngestRejects)
#include "tst_ingestrejects.moc"
