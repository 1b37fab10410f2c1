// Golden files for the five strategies over the shared PEP corpus: fixed
// queries, ranked answers compared to the reviewed references in
// tests/golden/strategies/<strategy>.json (see the README there for what was
// checked). CW_REGENERATE_GOLDEN=1 rewrites the references instead; review
// the diff before committing it.

#include "ScenarioCli.h"

#include <QDir>

using namespace scenario;

namespace {

struct GoldenQuery
{
    QString name;
    QStringList arguments;
};

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

// What the golden pins: the ranked candidates (no memory_use_id, no timing).
QJsonObject goldenAnswer(const QJsonObject &answer)
{
    QJsonArray candidates;
    for (const QJsonValue &value : answer.value(u"candidates"_s).toArray()) {
        const QJsonObject c = value.toObject();
        candidates.append(QJsonObject{
            {u"ref"_s, c.value(u"ref"_s)},
            {u"revision"_s, c.value(u"revision"_s)},
            {u"title"_s, c.value(u"title"_s)},
            {u"status"_s, c.value(u"status"_s)},
            {u"flags"_s, c.value(u"applicability"_s).toObject().value(u"flags"_s)},
            {u"score"_s, c.value(u"score"_s)},
            {u"stages"_s, c.value(u"stages"_s)},
        });
    }
    return {{u"candidates"_s, candidates},
            {u"dropped_count"_s, answer.value(u"dropped"_s).toArray().size()},
            {u"notes"_s, answer.value(u"notes"_s)}};
}

QString goldenPath(const QString &strategy)
{
    return QStringLiteral(CW_SOURCE_DIR) + u"/tests/golden/strategies/"_s + strategy + u".json"_s;
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
        const QString corpus = QStringLiteral(CW_SHARED_DIR) + u"/corpus/pep-memory"_s;
        QVERIFY2(QDir(corpus).exists(), qPrintable(corpus));
        const CliRun imported = m_bench->cli({u"import-memory"_s, corpus, u"--json"_s});
        QVERIFY2(imported.ok(), qPrintable(imported.describe()));
        QCOMPARE(imported.json().value(u"imported"_s).toInt(), 736);
        QVERIFY(m_bench->project().ok());
    }

    void strategyAnswersMatchTheReviewedGolden_data()
    {
        QTest::addColumn<QString>("strategy");
        for (const QString &strategy :
             {u"root-classification"_s, u"data-investigation"_s, u"configuration"_s,
              u"development"_s, u"effort-assessment"_s})
            QTest::newRow(qPrintable(strategy)) << strategy;
    }

    void strategyAnswersMatchTheReviewedGolden()
    {
        QFETCH(QString, strategy);
        QJsonArray queries;
        for (const GoldenQuery &query : queriesFor(strategy)) {
            const QJsonObject answer =
                m_bench->query({}, QStringList{u"--strategy"_s, strategy} + query.arguments);
            QCOMPARE(answer.value(u"strategy"_s).toString(), QString(strategy + u"@1"_s));
            queries.append(QJsonObject{{u"name"_s, query.name},
                                       {u"arguments"_s, strings(query.arguments)},
                                       {u"answer"_s, goldenAnswer(answer)}});
        }
        const QJsonObject actual{{u"strategy"_s, QString(strategy + u"@1"_s)},
                                 {u"corpus"_s, u"pep-memory"_s},
                                 {u"principal"_s, u"admin"_s},
                                 {u"queries"_s, queries}};
        const QByteArray actualText = QJsonDocument(actual).toJson(QJsonDocument::Indented);
        QFile golden(goldenPath(strategy));
        if (qEnvironmentVariable("CW_REGENERATE_GOLDEN") == u"1"_s) {
            QDir().mkpath(QFileInfo(golden).absolutePath());
            QVERIFY(golden.open(QIODevice::WriteOnly));
            golden.write(actualText);
            QSKIP("golden regenerated; review the diff before committing");
        }
        QVERIFY2(golden.open(QIODevice::ReadOnly),
                 qPrintable(golden.fileName() + u": missing; run with CW_REGENERATE_GOLDEN=1"_s));
        const QJsonObject expected = QJsonDocument::fromJson(golden.readAll()).object();
        if (expected != actual) {
            QFile out(QDir::temp().filePath(strategy + u".actual.json"_s));
            if (out.open(QIODevice::WriteOnly))
                out.write(actualText);
            QFAIL(qPrintable(u"%1 differs from its golden; actual answer written to %2 (diff "
                             "them)"_s.arg(golden.fileName(), out.fileName())));
        }
    }
};

QTEST_GUILESS_MAIN(TestStrategyGoldens)
#include "tst_strategygoldens.moc"
