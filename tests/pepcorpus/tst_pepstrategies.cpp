// Golden files for the five strategies over the PEP corpus (736 real
// decision records; see PepCorpus.h for where it comes from and when this
// suite is skipped): fixed queries, ranked answers compared to the reviewed
// references in tests/golden/pep-corpus/strategies/<strategy>.json (the
// README there says what was checked). CW_REGENERATE_GOLDEN=1 rewrites them;
// review the diff before committing it.

#include "PepCorpus.h"
#include "StrategyGolden.h"
#include "TestPaths.h"

using namespace scenario;

namespace {

QList<GoldenQuery> queriesFor(const QString &strategy)
{
    if (strategy == u"root-classification"_s)
        return {{u"asyncio event loop"_s, {u"--text"_s, u"asyncio event loop"_s}},
                {u"DEC-484 named, type hints"_s,
                 {u"--ref"_s, u"DEC-484"_s, u"--text"_s, u"type hints"_s}},
                {u"tag python-3.5, coroutine"_s,
                 {u"--tag"_s, u"python-3.5"_s, u"--text"_s, u"coroutine"_s, u"--limit"_s, u"8"_s}}};
    if (strategy == u"data-investigation"_s)
        return {
            {u"type hints in typing"_s, {u"--domain"_s, u"typing"_s, u"--text"_s, u"type hints"_s}},
            {u"DEC-484 named"_s, {u"--ref"_s, u"DEC-484"_s}}};
    if (strategy == u"configuration"_s)
        return {{u"packaging: wheel binary distribution"_s,
                 {u"--domain"_s, u"packaging"_s, u"--text"_s, u"wheel binary distribution"_s}},
                {u"typing: tag python-3.5"_s,
                 {u"--domain"_s, u"typing"_s, u"--tag"_s, u"python-3.5"_s}}};
    if (strategy == u"development"_s)
        return {{u"typing: generic type aliases, DEC-484 named"_s,
                 {u"--domain"_s, u"typing"_s, u"--text"_s, u"generic type aliases"_s, u"--ref"_s,
                  u"DEC-484"_s}},
                {u"standards-track: asyncio event loop"_s,
                 {u"--domain"_s, u"standards-track"_s, u"--text"_s, u"asyncio event loop"_s,
                  u"--limit"_s, u"6"_s}}};
    return {{u"asyncio event loop"_s, {u"--text"_s, u"asyncio event loop"_s}}};
}

} // namespace

class TestPepStrategies : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<Workbench> m_bench;

private Q_SLOTS:
    void initTestCase()
    {
        if (!cw::test::pepCorpusExists())
            QSKIP(qPrintable(cw::test::pepCorpusMissing()));
        m_bench = std::make_unique<Workbench>();
        QVERIFY(m_bench->isValid());
        const CliRun people = m_bench->ingest(scenario::people());
        QVERIFY2(people.ok(), qPrintable(people.describe()));
        const CliRun imported =
            m_bench->cli({u"import-memory"_s, cw::test::PepCorpusDir, u"--json"_s});
        QVERIFY2(imported.ok(), qPrintable(imported.describe()));
        QCOMPARE(imported.json().value(u"imported"_s).toInt(), 736);
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
        compareStrategyGolden(*m_bench, strategy, queriesFor(strategy), u"pep-memory"_s,
                              TestPaths::source("tests/golden/pep-corpus/strategies"));
    }
};

QTEST_GUILESS_MAIN(TestPepStrategies)
#include "tst_pepstrategies.moc"
