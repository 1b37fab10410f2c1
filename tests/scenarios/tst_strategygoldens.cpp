// Golden files for the five strategies over the repository's memory corpus
// (tests/data/memory): fixed queries, ranked answers compared to the reviewed
// references in tests/golden/strategies/<strategy>.json (see the README there
// for what was checked). CW_REGENERATE_GOLDEN=1 rewrites the references
// instead; review the diff before committing it. The same over the PEP
// corpus: tests/pepcorpus/tst_pepstrategies.cpp.

#include "StrategyGolden.h"
#include "TestPaths.h"

using namespace scenario;

namespace {

QList<GoldenQuery> queriesFor(const QString &strategy)
{
    if (strategy == u"root-classification"_s)
        return {
            {u"connection pool exhaustion"_s, {u"--text"_s, u"connection pool exhaustion"_s}},
            {u"DEC-18 named, register rebuild"_s,
             {u"--ref"_s, u"DEC-18"_s, u"--text"_s, u"register rebuild"_s}},
            {u"tag resilience, retry timeout"_s,
             {u"--tag"_s, u"resilience"_s, u"--text"_s, u"retry timeout"_s, u"--limit"_s, u"8"_s}}};
    if (strategy == u"data-investigation"_s)
        return {{u"data: missing register rows"_s,
                 {u"--domain"_s, u"data"_s, u"--text"_s, u"missing register rows"_s}},
                {u"DEC-18 named"_s, {u"--ref"_s, u"DEC-18"_s}}};
    if (strategy == u"configuration"_s)
        return {{u"configuration: timeout retry backoff"_s,
                 {u"--domain"_s, u"configuration"_s, u"--text"_s, u"timeout retry backoff"_s}},
                {u"configuration: tag feature-flags"_s,
                 {u"--domain"_s, u"configuration"_s, u"--tag"_s, u"feature-flags"_s}}};
    if (strategy == u"development"_s)
        return {{u"development: events outbox, DEC-29 named"_s,
                 {u"--domain"_s, u"development"_s, u"--text"_s, u"events outbox"_s, u"--ref"_s,
                  u"DEC-29"_s}},
                {u"development: api idempotency, limit 2"_s,
                 {u"--domain"_s, u"development"_s, u"--text"_s, u"api idempotency"_s, u"--limit"_s,
                  u"2"_s}}};
    return {{u"waiting time estimate"_s, {u"--text"_s, u"waiting time estimate"_s}}};
}

} // namespace

class TestStrategyGoldens : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<Workbench> m_bench;

private Q_SLOTS:
    void initTestCase()
    {
        m_bench = std::make_unique<Workbench>();
        QVERIFY(m_bench->isValid());
        const CliRun people = m_bench->ingest(scenario::people());
        QVERIFY2(people.ok(), qPrintable(people.describe()));
        const QString corpus = TestPaths::sourceDir() + u"/tests/data/memory"_s;
        const CliRun imported = m_bench->cli({u"import-memory"_s, corpus, u"--json"_s});
        QVERIFY2(imported.ok(), qPrintable(imported.describe()));
        QCOMPARE(imported.json().value(u"imported"_s).toInt(), 51);
        QVERIFY(m_bench->project().ok());
    }

    void strategyAnswersMatchTheReviewedGolden_data()
    {
        QTest::addColumn<QString>("strategy");
        for (const QString &strategy : GoldenStrategies)
            QTest::newRow(qPrintable(strategy)) << strategy;
    }

    void strategyAnswersMatchTheReviewedGolden()
    {
        QFETCH(QString, strategy);
        compareStrategyGolden(*m_bench, strategy, queriesFor(strategy), u"tests/data/memory"_s,
                              TestPaths::source("tests/golden/strategies"));
    }
};

QTEST_GUILESS_MAIN(TestStrategyGoldens)
#include "tst_strategygoldens.moc"
