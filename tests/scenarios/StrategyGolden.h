#pragma once

// Strategy goldens: fixed queries per strategy run through curation-cli
// query --json on a workbench that holds a memory corpus, their ranked
// answers compared to a reviewed reference file (or, with
// CW_REGENERATE_GOLDEN=1, written to it for review). Used over the
// repository's corpus (tst_strategygoldens) and the PEP corpus
// (tst_pepstrategies).

#include "ScenarioCli.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>

namespace scenario {

struct GoldenQuery
{
    QString name;
    QStringList arguments;
};

inline const QStringList GoldenStrategies = {u"root-classification"_s, u"data-investigation"_s,
                                             u"configuration"_s, u"development"_s,
                                             u"effort-assessment"_s};

// What the golden pins: the ranked candidates (no memory_use_id, no timing).
inline QJsonObject goldenAnswer(const QJsonObject &answer)
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

// What a golden pins on a server (CW_TEST_BACKEND=postgresql), whose
// content index ranks with ts_rank instead of bm25: the same candidates
// with the same facts and the same best one, without scores, and the rest
// in ref order (near ties may change places).
inline QJsonObject serverComparable(QJsonObject golden)
{
    QJsonArray queries = golden.take(u"queries"_s).toArray();
    for (QJsonValueRef query : queries) {
        QJsonObject q = query.toObject();
        QJsonObject answer = q.take(u"answer"_s).toObject();
        QList<QJsonObject> candidates;
        for (const QJsonValue &c : answer.take(u"candidates"_s).toArray()) {
            QJsonObject candidate = c.toObject();
            candidate.remove(u"score"_s);
            candidates.append(candidate);
        }
        if (!candidates.isEmpty())
            answer[u"best"_s] = candidates.first().value(u"ref"_s);
        std::sort(candidates.begin(), candidates.end(), [](const auto &a, const auto &b) {
            return a.value(u"ref"_s).toString() < b.value(u"ref"_s).toString();
        });
        QJsonArray sorted;
        for (const QJsonObject &c : std::as_const(candidates))
            sorted.append(c);
        answer[u"candidates"_s] = sorted;
        q[u"answer"_s] = answer;
        query = q;
    }
    golden[u"queries"_s] = queries;
    return golden;
}

// Runs the queries of one strategy as admin and compares the answers with
// goldenDir/<strategy>.json; `corpus` names the corpus in the file.
inline void compareStrategyGolden(Workbench &bench, const QString &strategy,
                                  const QList<GoldenQuery> &goldenQueries, const QString &corpus,
                                  const QString &goldenDir)
{
    QJsonArray queries;
    for (const GoldenQuery &query : goldenQueries) {
        const QJsonObject answer =
            bench.query({}, QStringList{u"--strategy"_s, strategy} + query.arguments);
        QCOMPARE(answer.value(u"strategy"_s).toString(), QString(strategy + u"@1"_s));
        queries.append(QJsonObject{{u"name"_s, query.name},
                                   {u"arguments"_s, strings(query.arguments)},
                                   {u"answer"_s, goldenAnswer(answer)}});
    }
    const QJsonObject actual{{u"strategy"_s, QString(strategy + u"@1"_s)},
                             {u"corpus"_s, corpus},
                             {u"principal"_s, u"admin"_s},
                             {u"queries"_s, queries}};
    const QByteArray actualText = QJsonDocument(actual).toJson(QJsonDocument::Indented);
    QFile golden(goldenDir + u'/' + strategy + u".json"_s);
    const bool regenerate = qEnvironmentVariable("CW_REGENERATE_GOLDEN") == u"1"_s;
    if (regenerate && cw::test::TestDatabase::onServer())
        QSKIP("goldens are written from a file's answers, not a server's");
    if (regenerate) {
        QDir().mkpath(QFileInfo(golden).absolutePath());
        QVERIFY(golden.open(QIODevice::WriteOnly));
        golden.write(actualText);
        QSKIP("golden regenerated; review the diff before committing");
    }
    QVERIFY2(golden.open(QIODevice::ReadOnly),
             qPrintable(golden.fileName() + u": missing; run with CW_REGENERATE_GOLDEN=1"_s));
    const QJsonObject expected = QJsonDocument::fromJson(golden.readAll()).object();
    const bool onServer = cw::test::TestDatabase::onServer();
    if (onServer ? serverComparable(expected) != serverComparable(actual) : expected != actual) {
        QFile out(QDir::temp().filePath(strategy + u".actual.json"_s));
        if (out.open(QIODevice::WriteOnly))
            out.write(actualText);
        QFAIL(qPrintable(u"%1 differs from its golden; actual answer written to %2 (diff "
                         "them)"_s.arg(golden.fileName(), out.fileName())));
    }
}

} // namespace scenario
