// Evaluation runs on the demo database (INTERFACES.md §8, issue 12): sets
// stored once per content, runs through the real engine without memory-use
// records, signatures that notice drift, the seed's measures catching each
// planted failure from canonical state alone, and the wrong person refused.
#include "AnswerAudit.h"
#include "Clock.h"
#include "Database.h"
#include "DemoBuilder.h"
#include "DemoQuerySet.h"
#include "EvaluationRunner.h"
#include "IdentityStore.h"
#include "MemoryUseStore.h"
#include "Projector.h"
#include "QuerySets.h"
#include "RetrievalEngine.h"
#include "RunHistory.h"
#include "TestPaths.h"
#include "VerdictJudgments.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

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

Candidate candidate(const QString &ref, int revision, QStringList flags = {},
                    const QString &proofLevel = {})
{
    Candidate c;
    c.ref = ref;
    c.revision = revision;
    c.flags = std::move(flags);
    c.proofLevel = proofLevel;
    c.sourceCaseRedacted = true; // honest by default; tests unredact on purpose
    return c;
}

const QByteArray OwnSet =
    R"({"type":"set","id":"own","name":"Queries as whoever runs them"})"
    "\n"
    R"({"type":"query","id":"q1","strategy":"data-investigation","text":"register row missing","product":"lifeline","version":"4.2"})"
    "\n"
    R"({"type":"judgment","query":"q1","ref":"EXP-9","grade":3})"
    "\n";

} // namespace

class TestEvaluation : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    FixedClock m_clock{QDateTime(QDate(2026, 4, 10), QTime(9, 0), QTimeZone::utc())};
    std::unique_ptr<Database> m_db;

    Actor actor(const QString &as = {})
    {
        auto resolved = IdentityResolver::resolve(*m_db, u"tester"_s, as);
        if (!resolved)
            qFatal("%s", qPrintable(resolved.error()));
        return *resolved;
    }
    Actor itself(const QString &id)
    {
        auto p = IdentityStore(*m_db).principal(id);
        if (!p || !*p)
            qFatal("no principal %s", qPrintable(id));
        return Actor{**p, **p};
    }
    qint64 count(const char *sql) { return m_db->queryInt(sql).value(); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        auto db = Database::open(m_dir.filePath(u"demo.db"_s));
        QVERIFY2(db, qPrintable(db.error()));
        m_db = std::move(*db);
        DemoBuilder builder(*m_db, m_clock, u"tester"_s);
        builder.setWithDecisions(true);
        auto built = builder.build(0);
        QVERIFY2(built, qPrintable(built.error()));
        auto projected = Projector(*m_db, m_clock).run();
        QVERIFY2(projected, qPrintable(projected.error()));
        // An analyst of the other tenant only.
        QVERIFY(IdentityStore(*m_db).upsertPrincipal(
            {u"noor"_s, u"Noor Vik"_s, {}, {u"analyst"_s}, {u"northwind"_s}, {}, {}}));
    }

    void reImportingTheSameContentWritesNothing()
    {
        QuerySets sets(*m_db, m_clock);
        auto first = sets.importJsonLines(fixture("demo-small.jsonl"), u"admin"_s);
        QVERIFY2(first, qPrintable(first.error()));
        QCOMPARE(first->outcome, SetImport::Outcome::Created);
        const qint64 changes = m_db->totalChanges();
        auto again = sets.importJsonLines(fixture("demo-small-relaid.jsonl"), u"admin"_s);
        QVERIFY2(again, qPrintable(again.error()));
        QCOMPARE(again->outcome, SetImport::Outcome::Unchanged);
        QCOMPARE(again->hash, first->hash);
        QCOMPARE(m_db->totalChanges(), changes);
    }

    void aBadSetIsRefusedAndStoresNothing()
    {
        const qint64 sets = count("SELECT count(*) FROM eval_sets");
        auto bad = QuerySets(*m_db, m_clock)
                       .importJsonLines(OwnSet + R"({"type":"judgment","query":"q1"})", u"admin"_s);
        QVERIFY(!bad);
        QVERIFY2(bad.error().startsWith(u"line 4: "_s), qPrintable(bad.error()));
        QCOMPARE(count("SELECT count(*) FROM eval_sets"), sets);
    }

    void aRunGoesThroughTheEngineAndRecordsNoMemoryUse()
    {
        const qint64 uses = count("SELECT count(*) FROM memory_use");
        EvaluationRunner runner(*m_db, m_clock, actor());
        auto runs = runner.run(u"demo-small"_s, {}, 10);
        QVERIFY2(runs, qPrintable(runs.error()));
        QCOMPARE(runs->size(), 1);
        const EvalRun &run = runs->first();
        QVERIFY(run.id > 0);
        QCOMPARE(run.strategy, u"query-defaults"_s);
        QCOMPARE(run.queries.size(), 4);
        QVERIFY(run.parts.signature().startsWith(u"sha256:"_s));
        // Each query ran as its principal.
        QCOMPARE(run.queries.at(0).principal, u"ana"_s);
        QCOMPARE(run.queries.at(1).principal, u"nils"_s);
        QCOMPARE(run.queries.at(3).principal, u"admin"_s);
        // The shipped engine passes its own seed measures on the demo.
        for (const char *measure : {"unauthorised", "stale", "unsupported", "packing_loss"})
            QCOMPARE(run.means.value(QLatin1String(measure)).toDouble(), 0.0);
        QCOMPARE(run.means.value(u"evidence_recall"_s).toDouble(), 1.0);
        QCOMPARE(run.pairsHeld(), 1);
        QCOMPARE(count("SELECT count(*) FROM memory_use"), uses);
        // Two strategies: two runs, stored together.
        auto two =
            runner.run(u"demo-small"_s, {u"root-classification"_s, u"data-investigation@1"_s}, 5);
        QVERIFY2(two, qPrintable(two.error()));
        QCOMPARE(two->size(), 2);
        QCOMPARE(two->at(1).strategy, u"data-investigation@1"_s);
        QCOMPARE(count("SELECT count(*) FROM memory_use"), uses);
    }

    void aRunDriftsWhenTheProjectionOrTheSetChanges()
    {
        const Actor admin = actor();
        auto fresh = RunHistory(*m_db, &admin).list(u"demo-small"_s);
        QVERIFY2(fresh, qPrintable(fresh.error()));
        QVERIFY(!fresh->isEmpty());
        for (const RunStatus &s : *fresh)
            QVERIFY2(!s.drifted(), qPrintable(s.drift.join(u"; "_s)));
        // A revision the projection holds changes (as a re-projection would).
        QVERIFY(m_db->execScript("UPDATE projection SET revision = revision + 1 WHERE ref = "
                                 "'KB-12'"));
        auto moved = RunHistory(*m_db, &admin).list(u"demo-small"_s);
        QVERIFY(moved);
        for (const RunStatus &s : *moved)
            QVERIFY2(s.drift.contains(u"the revisions the projection holds changed"_s),
                     qPrintable(s.drift.join(u"; "_s)));
        QVERIFY(m_db->execScript("UPDATE projection SET revision = revision - 1 WHERE ref = "
                                 "'KB-12'"));
        auto back = RunHistory(*m_db, &admin).list(u"demo-small"_s);
        QVERIFY(back && !back->first().drifted());
        // The set's content changes: its earlier runs are marked, not lost.
        QByteArray changed = fixture("demo-small.jsonl");
        changed.replace("\"grade\":3}", "\"grade\":2}");
        auto replaced = QuerySets(*m_db, m_clock).importJsonLines(changed, u"admin"_s);
        QVERIFY2(replaced, qPrintable(replaced.error()));
        QCOMPARE(replaced->outcome, SetImport::Outcome::Replaced);
        auto after = RunHistory(*m_db, &admin).list(u"demo-small"_s);
        QVERIFY(after);
        QCOMPARE(after->size(), back->size());
        QVERIFY(after->first().drift.contains(u"the query set changed"_s));
    }

    // The audit reads canonical state: each doctored answer below is what a
    // broken engine might return, and each is caught.
    void unauthorisedSourceCasesAreCaught()
    {
        AnswerAudit audit(*m_db);
        RetrievalResult answer;
        Candidate shown = candidate(u"EXP-9"_s, 1, {u"unverified"_s}, u"executed"_s);
        shown.sourceCaseRedacted = false;
        shown.sourceCase = u"studio/servicedesk/SD-1598"_s;
        answer.candidates.append(shown);
        auto m = audit.measure({u"nils"_s, {}, {}, false, {}, {}}, answer);
        QVERIFY2(m, qPrintable(m.error()));
        QCOMPARE(m->unauthorised, 1);
        // The same shown to ana, who reads studio: fine.
        QCOMPARE(audit.measure({u"ana"_s, {}, {}, false, {}, {}}, answer)->unauthorised, 0);
        // Redacted for nils: fine.
        answer.candidates.first().sourceCaseRedacted = true;
        answer.candidates.first().sourceCase.clear();
        QCOMPARE(audit.measure({u"nils"_s, {}, {}, false, {}, {}}, answer)->unauthorised, 0);
        // An exact match naming a studio case, for nils.
        answer.exactMatches.append(
            {u"same-request"_s, u"studio/servicedesk/SD-1598"_s, u"completed"_s, u"t"_s, u"w"_s});
        auto exact = audit.measure({u"nils"_s, {}, {}, false, {}, {}}, answer);
        QCOMPARE(exact->unauthorised, 1);
        QVERIFY2(!exact->findings.join(u'\n').contains(u"SD-1598"_s),
                 "a finding must not name the case the principal may not read");
        // A forbidden ref returned, why unauthorised.
        RetrievalResult forbidden;
        forbidden.candidates.append(candidate(u"KB-12"_s, 1));
        auto f = audit.measure(
            {u"ana"_s, {}, {}, false, {}, {{u"q"_s, u"KB-12"_s, u"unauthorised"_s}}}, forbidden);
        QCOMPARE(f->unauthorised, 1);
    }

    void staleCandidatesAreCaught()
    {
        AnswerAudit audit(*m_db);
        const AnswerAudit::Query q{u"ana"_s, u"lifeline"_s, u"5.1"_s, false, {}, {}};
        RetrievalResult answer;
        answer.candidates.append(candidate(u"EXP-2"_s, 1, {}, u"verified"_s)); // superseded
        answer.candidates.append(candidate(u"KB-30"_s, 1, {u"revalidate"_s})); // retired
        answer.candidates.append(candidate(u"EXP-2"_s, 9));                    // no such revision
        auto m = audit.measure(q, answer);
        QVERIFY2(m, qPrintable(m.error()));
        QCOMPARE(m->stale, 3);
        // Out of scope (written for >=4.0 <5.0, asked about 5.1) without revalidate.
        RetrievalResult scope;
        scope.candidates.append(candidate(u"KB-12"_s, 1));
        QCOMPARE(audit.measure(q, scope)->stale, 1);
        scope.candidates.first().flags.append(u"revalidate"_s);
        QCOMPARE(audit.measure(q, scope)->stale, 0);
        // A retired ref the set forbids, returned.
        RetrievalResult forbidden;
        forbidden.candidates.append(candidate(u"KB-12"_s, 1, {u"revalidate"_s}));
        auto f = audit.measure(
            {u"ana"_s, u"lifeline"_s, u"5.1"_s, false, {}, {{u"q"_s, u"KB-12"_s, u"retired"_s}}},
            forbidden);
        QCOMPARE(f->stale, 1);
    }

    void aRevisionWhoseSourceChangedIsStaleUntilReverified()
    {
        // A fresh audit each time: one audit reads canonical state once.
        const AnswerAudit::Query q{u"ana"_s, {}, {}, false, {}, {}};
        RetrievalResult answer;
        answer.candidates.append(candidate(u"KB-12"_s, 1, {u"revalidate"_s}));
        QCOMPARE(AnswerAudit(*m_db).measure(q, answer)->stale, 0);
        // A failed proof on its source case (as the triggers record it).
        QVERIFY(m_db->execScript(
            "INSERT INTO revision_source_changes (revision_id, change, detail, at) "
            "SELECT r.id, 'proof-failed', 'a proof record failed', '2026-03-05T10:00:00Z' "
            "FROM revisions r JOIN articles a ON a.id = r.article_id "
            "WHERE a.ref = 'KB-12' AND r.revision = 1"));
        auto flagged = AnswerAudit(*m_db).measure(q, answer);
        QVERIFY2(flagged, qPrintable(flagged.error()));
        QCOMPARE(flagged->stale, 1);
        QVERIFY(flagged->findings.first().contains(u"re-verified"_s));
        // An owner re-verified it: current again.
        QVERIFY(m_db->execScript("UPDATE revision_source_changes SET cleared_at = "
                                 "'2026-03-06T10:00:00Z', cleared_by = 'dora'"));
        QCOMPARE(AnswerAudit(*m_db).measure(q, answer)->stale, 0);
    }

    void unsupportedClaimsAreCaught()
    {
        AnswerAudit audit(*m_db);
        const AnswerAudit::Query q{u"ana"_s, {}, {}, false, {}, {}};
        // EXP-9 was executed, never verified: presented as verified.
        RetrievalResult above;
        above.candidates.append(candidate(u"EXP-9"_s, 1, {}, u"verified"_s));
        QCOMPARE(audit.measure(q, above)->unsupported, 1);
        // Presented as executed but without the unverified flag.
        RetrievalResult unflagged;
        unflagged.candidates.append(candidate(u"EXP-9"_s, 1, {}, u"executed"_s));
        QCOMPARE(audit.measure(q, unflagged)->unsupported, 1);
        unflagged.candidates.first().flags.append(u"unverified"_s);
        QCOMPARE(audit.measure(q, unflagged)->unsupported, 0);
        // A rejected route without its label (and so also not current).
        RetrievalResult rejected;
        rejected.candidates.append(candidate(u"EXP-1"_s, 1));
        auto r = audit.measure(q, rejected);
        QCOMPARE(r->unsupported, 1);
        QCOMPARE(r->stale, 1);
        rejected.candidates.first().flags.append(u"rejected-route"_s);
        r = audit.measure(q, rejected);
        QCOMPARE(r->unsupported, 0);
        QCOMPARE(r->stale, 0);
        // EXP-2@2 is verified by a linked proof: no finding.
        RetrievalResult verified;
        verified.candidates.append(candidate(u"EXP-2"_s, 2, {}, u"verified"_s));
        QCOMPARE(audit.measure(q, verified)->unsupported, 0);
    }

    void requiredFactsAndPackingLoss()
    {
        AnswerAudit audit(*m_db);
        RetrievalResult answer;
        answer.candidates.append(candidate(u"KB-12"_s, 1, {u"revalidate"_s}));
        answer.dropped.append({u"EXP-9"_s, 1, u"over the token budget (needs 300, 20 left)"_s});
        const AnswerAudit::Query q{u"ana"_s,
                                   {},
                                   {},
                                   false,
                                   {{u"q"_s, u"KB-12"_s, u"revalidate"_s},
                                    {u"q"_s, u"EXP-9"_s, {}},
                                    {u"q"_s, u"DEC-3"_s, {}}},
                                   {}};
        auto m = audit.measure(q, answer);
        QVERIFY2(m, qPrintable(m.error()));
        QCOMPARE(m->requiredTotal, 3);
        QCOMPARE(m->requiredMet, 1);
        QCOMPARE(m->packingLoss, 1);
        QCOMPARE(*m->evidenceRecall(), 1.0 / 3.0);
        // A required flag that is missing is not met.
        answer.candidates.first().flags.clear();
        QCOMPARE(audit.measure(q, answer)->requiredMet, 0);
    }

    // The wrong person: running queries as someone else is for admins acting
    // as themselves, decided by Access.
    void aNonAdminMayNotRunQueriesAsAnotherPrincipal()
    {
        const qint64 runs = count("SELECT count(*) FROM eval_runs");
        auto byAna =
            EvaluationRunner(*m_db, m_clock, itself(u"ana"_s)).run(u"demo-small"_s, {}, 10);
        QVERIFY(!byAna);
        QCOMPARE(byAna.refusal().kind, Refusal::Forbidden);
        QVERIFY2(byAna.refusal().message.contains(u"as nils"_s), qPrintable(byAna.error()));
        // An admin acting as ana is ana here: nils's query is refused too.
        auto asAna = EvaluationRunner(*m_db, m_clock, actor(u"ana"_s)).run(u"demo-small"_s, {}, 10);
        QVERIFY(!asAna);
        QCOMPARE(asAna.refusal().kind, Refusal::Forbidden);
        QCOMPARE(count("SELECT count(*) FROM eval_runs"), runs);
    }

    void anAnalystOfAnotherTenantSeesRedactedCasesAndMayNotBorrowScope()
    {
        auto imported = QuerySets(*m_db, m_clock).importJsonLines(OwnSet, u"noor"_s);
        QVERIFY2(imported, qPrintable(imported.error()));
        auto runs = EvaluationRunner(*m_db, m_clock, itself(u"noor"_s)).run(u"own"_s, {}, 10);
        QVERIFY2(runs, qPrintable(runs.error()));
        const QueryOutcome &q = runs->first().queries.first();
        QCOMPARE(q.principal, u"noor"_s);
        QCOMPARE(q.metrics.value(u"unauthorised"_s).toDouble(), 0.0);
        QVERIFY2(q.candidates.contains(u"EXP-9@1"_s), qPrintable(q.candidates.join(u' ')));
        // Naming ana (studio) to see her cases is refused.
        QByteArray borrowed = OwnSet;
        borrowed.replace("\"id\":\"own\"", "\"id\":\"borrowed\"");
        borrowed.replace("\"id\":\"q1\",", "\"id\":\"q1\",\"as\":\"ana\",");
        QVERIFY(QuerySets(*m_db, m_clock).importJsonLines(borrowed, u"noor"_s));
        auto refused =
            EvaluationRunner(*m_db, m_clock, itself(u"noor"_s)).run(u"borrowed"_s, {}, 10);
        QVERIFY(!refused);
        QCOMPARE(refused.refusal().kind, Refusal::Forbidden);
    }

    void theDemoImportsItsQuerySetWhenTheBuildHasOne()
    {
        // Built without resources/eval/demo-queries.jsonl: nothing to import.
        auto none = DemoQuerySet::importInto(*m_db, m_clock, u"admin"_s,
                                             m_dir.filePath(u"no-such.jsonl"_s));
        QVERIFY2(none, qPrintable(none.error()));
        QVERIFY(!*none);
        const QString path = TestPaths::source("tests/data/eval/other-set.jsonl");
        auto imported = DemoQuerySet::importInto(*m_db, m_clock, u"admin"_s, path);
        QVERIFY2(imported && *imported, qPrintable(imported.error()));
        QCOMPARE((*imported)->id, u"other"_s);
        // The shipped set is compiled in, and the demo holds it.
        QVERIFY(QFile::exists(DemoQuerySet::ResourcePath));
        auto demo = QuerySets(*m_db, m_clock).list();
        QVERIFY(demo);
        bool found = false;
        for (const EvalSetRecord &set : *demo)
            found = found || set.id == u"demo-paired-2026-12"_s;
        QVERIFY(found);
    }

    void theDemoSetsPairsAllHoldWithTheShippedStrategies()
    {
        auto runs = EvaluationRunner(*m_db, m_clock, actor()).run(u"demo-paired-2026-12"_s, {}, 10);
        QVERIFY2(runs, qPrintable(runs.error()));
        const EvalRun &run = runs->first();
        QVERIFY(run.queries.size() >= 40);
        QVERIFY(run.pairs.size() >= 5);
        for (const PairOutcome &pair : run.pairs)
            QVERIFY2(pair.held, qPrintable(u"%1: %2 in %3, not in %4"_s.arg(pair.id, pair.ref,
                                                                            pair.in, pair.notIn)));
        // The engine passes the seed's measures on its own demo.
        for (const char *measure : {"unauthorised", "stale", "unsupported", "packing_loss"})
            QCOMPARE(run.means.value(QLatin1String(measure)).toDouble(), 0.0);
    }

    void verdictsBecomeJudgments()
    {
        // ana's retrieval (recorded: the engine as agents use it) and her verdicts.
        RetrievalEngine engine(*m_db, m_clock);
        RetrievalRequest request;
        request.strategy = u"data-investigation"_s;
        request.text = u"register row missing"_s;
        auto answer = engine.run(actor(u"ana"_s), request);
        QVERIFY2(answer && answer->memoryUseId > 0, qPrintable(answer.error()));
        MemoryUseStore uses(*m_db);
        const auto verdict = [&](const char *ref, const char *v, const char *at) {
            QVERIFY(
                uses.addVerdict({0, answer->memoryUseId, QLatin1String(ref), 1, QLatin1String(v),
                                 u"r"_s, u"ana"_s, QLatin1String(at), u"admin"_s}));
        };
        verdict("EXP-9", "applies", "2026-04-10T09:00:00Z");
        verdict("KB-12", "needs-check", "2026-04-10T09:01:00Z");
        verdict("EXP-1", "applies", "2026-04-10T09:02:00Z");
        verdict("EXP-1", "rejected", "2026-04-10T09:03:00Z"); // the latest counts
        auto set = VerdictJudgments(*m_db, actor()).build({}, u"from-ana"_s);
        QVERIFY2(set, qPrintable(set.error()));
        QCOMPARE(set->queries.size(), 1);
        const EvalQuery &q = set->queries.first();
        QCOMPARE(q.as, u"ana"_s);
        QCOMPARE(q.strategy, u"data-investigation@1"_s);
        QCOMPARE(q.fields.value(u"text"_s).toString(), u"register row missing"_s);
        QHash<QString, int> grades;
        for (const Judgment &j : set->judgments)
            grades.insert(j.ref + u'@' + QString::number(j.revision), j.grade);
        QCOMPARE(grades.value(u"EXP-9@1"_s), 2);
        QCOMPARE(grades.value(u"KB-12@1"_s), 1);
        QCOMPARE(grades.value(u"EXP-1@1"_s), 0);
        // --since leaves out older verdicts.
        auto since = VerdictJudgments(*m_db, actor()).build(u"2026-04-10T09:01:30Z"_s, {});
        QVERIFY(since);
        QCOMPARE(since->judgments.size(), 1);
        // cora may not build a set from ana's retrievals.
        auto cora = VerdictJudgments(*m_db, itself(u"cora"_s)).build({}, {});
        QVERIFY(!cora);
        // The set runs: it is an ordinary set once stored.
        QVERIFY(QuerySets(*m_db, m_clock).import(*set, u"admin"_s));
        auto run = EvaluationRunner(*m_db, m_clock, actor()).run(u"from-ana"_s, {}, 10);
        QVERIFY2(run, qPrintable(run.error()));
    }
};

QTEST_GUILESS_MAIN(TestEvaluation)
#include "tst_evaluation.moc"
