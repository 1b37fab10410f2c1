// The engine's pure parts: version scopes, strategies as data, token packing,
// the FTS query builder, ranking order.

#include "CandidateSources.h"
#include "Ranking.h"
#include "StrategyCatalog.h"
#include "TokenBudget.h"
#include "VersionScope.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

class RetrievalPartsTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void versionScopesCompareNumerically()
    {
        const auto scope = VersionScope::parse(u">=4.0 <5.0"_s);
        QVERIFY(scope);
        QCOMPARE(scope->covers(u"4.2"_s), VersionScope::Verdict::Covered);
        QCOMPARE(scope->covers(u"4.10"_s), VersionScope::Verdict::Covered);
        QCOMPARE(scope->covers(u"5.1"_s), VersionScope::Verdict::NotCovered);
        QCOMPARE(scope->covers(u"3.9.9"_s), VersionScope::Verdict::NotCovered);
        QCOMPARE(scope->covers(u"five"_s), VersionScope::Verdict::Unknown);
        QCOMPARE(VersionScope::parse(u"4.x"_s)->covers(u"4.7.1"_s), VersionScope::Verdict::Covered);
        QCOMPARE(VersionScope::parse(u"4.x"_s)->covers(u"5.0"_s),
                 VersionScope::Verdict::NotCovered);
        QCOMPARE(VersionScope::parse(u"=4.2"_s)->covers(u"4.2.0"_s),
                 VersionScope::Verdict::Covered);
        QVERIFY(!VersionScope::parse(u">=four"_s));
        QVERIFY(!VersionScope::parse(u""_s));
    }

    void everyShippedStrategyLoadsWithItsStages()
    {
        const StrategyCatalog &catalog = StrategyCatalog::builtIn();
        QCOMPARE(catalog.loadErrors(), QStringList());
        QCOMPARE(catalog.ids(),
                 QStringList({u"configuration"_s, u"data-investigation"_s, u"development"_s,
                              u"effort-assessment"_s, u"root-classification"_s}));
        for (const StrategyDefinition &d : catalog.all()) {
            QVERIFY2(d.runs(u"scope"_s) && d.runs(u"canonical-check"_s) && d.runs(u"pack"_s),
                     qPrintable(d.key()));
            QVERIFY(!d.kinds.isEmpty());
        }
        QCOMPARE(catalog.find(u"root-classification"_s)->key(), u"root-classification@1"_s);
        QCOMPARE(catalog.find(u"effort-assessment@1"_s)->weights.effortRecorded, 4.0);
        QVERIFY(!catalog.find(u"root-classification@9"_s));
        QVERIFY(catalog.find(u"guesswork"_s).error().contains(u"unknown strategy"_s));
    }

    void aStrategyCannotLeaveOutTheStagesThatCarryInvariants()
    {
        const QJsonObject json{{u"id"_s, u"x"_s},
                               {u"version"_s, 1},
                               {u"stages"_s, QJsonArray{u"scope"_s, u"content"_s, u"pack"_s}}};
        auto parsed = StrategyCatalog::parse(json, u"x@1.json"_s);
        QVERIFY(!parsed);
        QVERIFY(parsed.error().contains(u"canonical-check"_s));
    }

    void packingKeepsRankOrderAndReportsWhatTheBudgetDropped()
    {
        QList<Candidate> candidates;
        for (int i = 0; i < 5; ++i) {
            Candidate c;
            c.ref = u"EXP-%1"_s.arg(i);
            c.revision = 1;
            c.title = QString(i == 1 ? 900 : 30, u'x');
            candidates.append(c);
        }
        candidates.append(candidates.first()); // a duplicate
        QList<DroppedCandidate> dropped;
        const int used = TokenBudget::pack(candidates, 300, 3, dropped);
        QStringList kept;
        for (const Candidate &c : candidates)
            kept.append(c.ref);
        QCOMPARE(kept, QStringList({u"EXP-0"_s, u"EXP-2"_s, u"EXP-3"_s}));
        QVERIFY(used <= 300);
        QCOMPARE(dropped.size(), 3);
        QVERIFY(dropped[0].reason.contains(u"token budget"_s));
        QCOMPARE(dropped[0].ref, u"EXP-1"_s);
        QVERIFY(dropped[1].reason.contains(u"limit"_s));
        QVERIFY(dropped[2].reason.contains(u"duplicate"_s));
    }

    void tokenEstimateIsConservative()
    {
        Candidate c;
        c.title = QString(400, u'a');
        // Four bytes a token is typical for English; we count three.
        QVERIFY(TokenBudget::estimate(c) >= 400 / 3);
    }

    void rankingIsDeterministicAndExplainsItself()
    {
        EffectiveRequest request;
        request.strategy = *StrategyCatalog::builtIn().find(u"data-investigation"_s);
        request.symptoms = {u"missing-register-row"_s};
        HitMap hits;
        for (const QString &ref : {u"EXP-2"_s, u"EXP-1"_s, u"EXP-3"_s}) {
            RetrievalHit hit;
            hit.candidate.ref = ref;
            hit.candidate.revision = 1;
            hit.candidate.proofLevel = u"verified"_s;
            hit.symptomTags = {u"missing-register-row"_s};
            hit.sharedSymptoms = ref == u"EXP-3"_s ? 0 : 1;
            hits.insert(hit.key(), hit);
        }
        const QList<Candidate> ranked = Ranking::rank(hits, request);
        QCOMPARE(ranked[0].ref, u"EXP-1"_s); // tie on score: by ref
        QCOMPARE(ranked[1].ref, u"EXP-2"_s);
        QCOMPARE(ranked[2].ref, u"EXP-3"_s);
        QVERIFY(ranked[0].score > ranked[2].score);
        QVERIFY(ranked[0].similarityReason.contains(u"shares symptom missing-register-row"_s));
        QVERIFY(ranked[0].similarityReason.contains(u"verified proof"_s));
    }
};

QTEST_GUILESS_MAIN(RetrievalPartsTest)
#include "tst_retrievalparts.moc"
