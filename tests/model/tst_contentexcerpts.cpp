// A candidate the content stage found shows the words it matched (an FTS5
// snippet) in place of the start of its text, also one that pack reaches
// after the token budget turned an earlier one away (read on its own, after
// those read ahead).

#include "ContentSearch.h"
#include "Projector.h"
#include "ProjectorFixture.h"
#include "RetrievalEngine.h"

using namespace cw;
using namespace cw::test;

namespace {

QString filler(int words)
{
    QStringList text;
    for (int i = 0; i < words; ++i)
        text.append(u"filler%1"_s.arg(i % 7));
    return text.join(u' ');
}

// A body whose matched words sit far from its start.
QString bodyAbout(const QString &words)
{
    return filler(80) + u' ' + words + u' ' + filler(20);
}

} // namespace

class ContentExcerptsTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        m_f.open();
        // EXP-1 ranks first on its title full of the word, and is too big
        // for the budget used below.
        m_f.publish(u"EXP-1"_s, QStringList(300, u"ledger"_s).join(u' '), bodyAbout(u"ledger"_s));
        m_f.publish(u"EXP-2"_s, u"Second"_s, bodyAbout(u"ledger restore"_s));
        m_f.publish(u"EXP-3"_s, u"Third"_s, bodyAbout(u"ledger backup"_s));
        m_f.publish(u"EXP-4"_s, u"Fourth"_s, bodyAbout(u"nothing to see"_s));
        auto run = Projector(m_f.db(), m_f.clock()).run();
        QVERIFY2(run, qPrintable(run.error()));
    }
    void cleanup() { m_f.close(); }

    void aSnippetComesOnlyForARecordThatMatches()
    {
        TermCounts counts;
        const ContentSearch search(m_f.db(), counts);
        auto excerpts =
            search.excerpts(u"\"ledger\""_s, {u"EXP-2"_s, u"EXP-3"_s, u"EXP-4"_s, u"EXP-99"_s});
        QVERIFY2(excerpts, qPrintable(excerpts.error()));
        QCOMPARE(excerpts->size(), 4);
        QVERIFY2(excerpts->value(u"EXP-2"_s).contains(u"ledger restore"_s),
                 qPrintable(excerpts->value(u"EXP-2"_s)));
        QVERIFY2(excerpts->value(u"EXP-3"_s).contains(u"ledger backup"_s),
                 qPrintable(excerpts->value(u"EXP-3"_s)));
        for (const QString &ref : {u"EXP-4"_s, u"EXP-99"_s}) // no match; no such record
            QVERIFY2(excerpts->value(ref).isEmpty(), qPrintable(ref));
    }

    void everyKeptContentCandidateShowsTheMatchedWords()
    {
        RetrievalRequest request;
        request.strategy = u"root-classification"_s;
        request.text = u"ledger"_s;
        request.limit = 2;
        request.budgetTokens = 400; // two of the others (about 140 each), not EXP-1 (1,500)
        const PrincipalRecord ana{u"ana"_s, u"Ana"_s, u"ana"_s, {u"analyst"_s}, {}, {}, {}};
        auto result = RetrievalEngine(m_f.db(), m_f.clock()).run(Actor{ana, ana}, request);
        QVERIFY2(result, qPrintable(result.error()));

        QStringList kept;
        for (const Candidate &c : std::as_const(result->candidates)) {
            kept.append(c.ref);
            QVERIFY(c.stages.contains(u"content"_s));
            QVERIFY2(c.excerpt.contains(u"ledger"_s), qPrintable(c.ref + u": "_s + c.excerpt));
            QVERIFY2(!c.excerpt.startsWith(u"filler0"_s), qPrintable(c.excerpt));
        }
        kept.sort();
        // EXP-1 was turned away for size, so pack reached EXP-3.
        QCOMPARE(kept, (QStringList{u"EXP-2"_s, u"EXP-3"_s}));
        bool overBudget = false;
        for (const DroppedCandidate &d : std::as_const(result->dropped))
            overBudget = overBudget ||
                         (d.ref == u"EXP-1"_s && d.reason.startsWith(u"over the token budget"_s));
        QVERIFY(overBudget);
    }

private:
    ProjectorFixture m_f;
};

QTEST_GUILESS_MAIN(ContentExcerptsTest)
#include "tst_contentexcerpts.moc"
