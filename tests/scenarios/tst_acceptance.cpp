// The retrieval acceptance cases of the source document (000_… §5), end to
// end through curation-cli on data each test creates. The paired scenarios
// of 002_… and the foreign-tenant case are in tst_acceptancepairs.cpp.

#include "ScenarioCli.h"

using namespace scenario;

class TestAcceptance : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<Workbench> m_bench;

    Workbench &bench() { return *m_bench; }

    // A verified repair of a missing register row, published and projected.
    QString publishMissingRowRepair()
    {
        const CliRun run = bench().ingest(
            {arrival(u"SD-1598"_s), proof(u"studio/servicedesk/SD-1598"_s, u"P-1"_s, u"verified"_s),
             caseUpdate(u"studio/servicedesk/SD-1598"_s, u"completed"_s),
             proposal(u"PR-1"_s, u"studio/servicedesk/SD-1598"_s)});
        if (!run.ok())
            qWarning("%s", qPrintable(run.describe()));
        return bench().publish(u"PR-1"_s);
    }

private Q_SLOTS:
    void init()
    {
        m_bench = std::make_unique<Workbench>();
        QVERIFY(bench().isValid());
        const CliRun run = bench().ingest(people());
        QVERIFY2(run.ok(), qPrintable(run.describe()));
    }

    void duplicateDeliveryAttachesOnce()
    {
        const QJsonObject first = arrival(u"SD-1"_s);
        const QJsonObject again = with(first, {{u"delivery_id"_s, u"d-SD-1-retry"_s},
                                               {u"received_at"_s, u"2026-03-01T09:04:00Z"_s}});
        QVERIFY(bench().ingest({first}).ok());
        const CliRun retry = bench().ingest({again, first}); // a retry, and the same delivery again
        QVERIFY2(retry.ok(), qPrintable(retry.describe()));

        const QJsonObject shown = bench().show(u"studio/servicedesk/SD-1"_s);
        const QJsonArray arrivals = shown.value(u"arrivals"_s).toArray();
        QCOMPARE(arrivals.size(), 2);
        QCOMPARE(arrivals[1].toObject().value(u"attach_kind"_s).toString(),
                 u"duplicate-delivery"_s);

        const QJsonObject answer =
            bench().query(u"ana"_s, {u"--strategy"_s, u"root-classification"_s, u"--source"_s,
                                     u"servicedesk/SD-1/1"_s});
        const QJsonArray exact = answer.value(u"exact_matches"_s).toArray();
        QCOMPARE(exact.size(), 1);
        const QJsonObject match = exact[0].toObject();
        QCOMPARE(match.value(u"relation"_s).toString(), u"duplicate-delivery"_s);
        QCOMPARE(match.value(u"case"_s).toString(), u"studio/servicedesk/SD-1"_s);
        QVERIFY2(match.value(u"why"_s).toString().contains(u"delivered 2 time(s)"_s),
                 qPrintable(match.value(u"why"_s).toString()));

        // A new source revision of the same request is the same request, not a duplicate.
        const QJsonObject next = bench().query(u"ana"_s, {u"--strategy"_s, u"root-classification"_s,
                                                          u"--source"_s, u"servicedesk/SD-1/2"_s});
        const QJsonArray nextExact = next.value(u"exact_matches"_s).toArray();
        QCOMPARE(nextExact.size(), 1);
        QCOMPARE(nextExact[0].toObject().value(u"relation"_s).toString(), u"same-request"_s);
    }

    void similarIndependentCasesStaySeparate()
    {
        const QString ref = publishMissingRowRepair();
        QVERIFY2(!ref.isEmpty(), qPrintable(bench().lastError()));
        // Same title, same symptoms, another policy: an independent occurrence.
        const CliRun run = bench().ingest(
            {arrival(u"SD-1602"_s, {{u"title"_s, u"Register row missing for policy SD-1598"_s}})});
        QVERIFY2(run.ok(), qPrintable(run.describe()));
        QVERIFY(bench().project().ok());
        QCOMPARE(bench()
                     .show(u"studio/servicedesk/SD-1602"_s)
                     .value(u"arrivals"_s)
                     .toArray()
                     .first()
                     .toObject()
                     .value(u"attach_kind"_s)
                     .toString(),
                 u"new-case"_s);

        const QJsonObject answer = bench().query(
            u"ana"_s, {u"--strategy"_s, u"root-classification"_s, u"--case"_s,
                       u"studio/servicedesk/SD-1602"_s, u"--source"_s, u"servicedesk/SD-1602/1"_s});
        const QStringList exactCases =
            refsOf(answer.value(u"exact_matches"_s).toArray(), u"case"_s);
        QCOMPARE(exactCases, QStringList{u"studio/servicedesk/SD-1602"_s});
        // The earlier case's experience is a similar candidate, never an exact match.
        const QJsonObject similar = findRef(answer.value(u"candidates"_s).toArray(), ref);
        QVERIFY2(!similar.isEmpty(),
                 qPrintable(answer.value(u"notes"_s).toVariant().toStringList().join(u"; "_s)));
        QVERIFY(!similar.value(u"stages"_s).toArray().contains(u"exact"_s));
        QCOMPARE(similar.value(u"source_case"_s).toString(), u"studio/servicedesk/SD-1598"_s);
        QVERIFY(
            similar.value(u"similarity_reason"_s).toString().contains(u"missing-register-row"_s));
    }

    void rejectedRouteInformsClassificationWithoutBecomingAFix()
    {
        const QString fix = publishMissingRowRepair();
        QVERIFY2(!fix.isEmpty(), qPrintable(bench().lastError()));
        const CliRun run = bench().ingest(
            {proposal(u"PR-2"_s, u"studio/servicedesk/SD-1598"_s,
                      {{u"title"_s, u"Rerun the renewal batch to restore a missing register row"_s},
                       {u"outcome"_s, u"Duplicate renewals; the row stayed missing."_s},
                       {u"proof_level"_s, u"executed"_s}})});
        QVERIFY2(run.ok(), qPrintable(run.describe()));
        const CliRun rejected =
            bench().decide(u"cora"_s, u"reject"_s, u"PR-2"_s, 1, u"created duplicate renewals"_s);
        QVERIFY2(rejected.ok(), qPrintable(rejected.describe()));
        const QString route =
            rejected.json().value(u"revision"_s).toObject().value(u"ref"_s).toString();
        QVERIFY(!route.isEmpty());
        QVERIFY(bench().project().ok());

        const QStringList common{u"--symptom"_s, u"missing-register-row"_s, u"--text"_s,
                                 u"register row missing"_s};
        const QJsonObject root = bench().query(
            u"ana"_s, QStringList{u"--strategy"_s, u"root-classification"_s} + common);
        const QJsonArray candidates = root.value(u"candidates"_s).toArray();
        const QJsonObject informs = findRef(candidates, route);
        QVERIFY2(!informs.isEmpty(), "root classification must see the rejected route");
        QCOMPARE(informs.value(u"review_state"_s).toString(), u"rejected"_s);
        QCOMPARE(informs.value(u"status"_s).toString(), u"rejected"_s);
        const QStringList refs = refsOf(candidates);
        QVERIFY(refs.indexOf(fix) >= 0 && refs.indexOf(fix) < refs.indexOf(route));
        QVERIFY(findRef(candidates, fix).value(u"score"_s).toDouble() >
                informs.value(u"score"_s).toDouble());

        // In no strategy is the rejected route ever an unflagged candidate.
        for (const QString &strategy :
             {u"root-classification"_s, u"data-investigation"_s, u"configuration"_s,
              u"development"_s, u"effort-assessment"_s}) {
            const QJsonObject answer = bench().query(
                u"ana"_s,
                QStringList{u"--strategy"_s, strategy, u"--domain"_s, u"data"_s} + common);
            const QJsonObject c = findRef(answer.value(u"candidates"_s).toArray(), route);
            if (c.isEmpty())
                continue;
            QVERIFY2(c.value(u"applicability"_s)
                         .toObject()
                         .value(u"flags"_s)
                         .toArray()
                         .contains(u"rejected-route"_s),
                     qPrintable(strategy));
            QCOMPARE(c.value(u"review_state"_s).toString(), u"rejected"_s);
            QCOMPARE(refsOf(answer.value(u"candidates"_s).toArray()).first(), fix);
        }
    }

    void staleVersionCausesRevalidation()
    {
        const QString ref = publishMissingRowRepair(); // written for >=4.0 <5.0
        QVERIFY2(!ref.isEmpty(), qPrintable(bench().lastError()));
        QVERIFY(bench().project().ok());
        const QStringList ask{u"--strategy"_s, u"data-investigation"_s, u"--domain"_s,
                              u"data"_s,       u"--symptom"_s,          u"missing-register-row"_s,
                              u"--product"_s,  u"lifeline"_s,           u"--version"_s};

        const QJsonObject stale = bench().query(u"ana"_s, ask + QStringList{u"5.1"_s});
        const QJsonObject candidate = findRef(stale.value(u"candidates"_s).toArray(), ref);
        QVERIFY(!candidate.isEmpty());
        QVERIFY(candidate.value(u"applicability"_s)
                    .toObject()
                    .value(u"flags"_s)
                    .toArray()
                    .contains(u"revalidate"_s));
        QString trace;
        for (const QJsonValue &note : candidate.value(u"trace"_s).toArray())
            trace += note.toObject().value(u"note"_s).toString() + u'\n';
        QVERIFY2(trace.contains(u"revalidate: written for lifeline >=4.0 <5.0, request is lifeline "
                                "5.1"_s),
                 qPrintable(trace));

        const QJsonObject current = bench().query(u"ana"_s, ask + QStringList{u"4.2"_s});
        const QJsonObject fits = findRef(current.value(u"candidates"_s).toArray(), ref);
        QVERIFY(!fits.isEmpty());
        QVERIFY(!fits.value(u"applicability"_s)
                     .toObject()
                     .value(u"flags"_s)
                     .toArray()
                     .contains(u"revalidate"_s));
        QVERIFY(fits.value(u"score"_s).toDouble() > candidate.value(u"score"_s).toDouble());
    }

    void retiredArticleDisappearsEvenBeforeTheProjectorCatchesUp()
    {
        const QString ref = publishMissingRowRepair();
        QVERIFY2(!ref.isEmpty(), qPrintable(bench().lastError()));
        QVERIFY(bench().project().ok());
        const QStringList ask{u"--strategy"_s, u"data-investigation"_s, u"--domain"_s,
                              u"data"_s,       u"--symptom"_s,          u"missing-register-row"_s};
        QVERIFY(
            refsOf(bench().query(u"ana"_s, ask).value(u"candidates"_s).toArray()).contains(ref));

        const int version = bench()
                                .show(ref)
                                .value(u"revisions"_s)
                                .toArray()
                                .last()
                                .toObject()
                                .value(u"version"_s)
                                .toInt();
        const CliRun retire =
            bench().cli({u"retire"_s, ref, u"--version"_s, QString::number(version), u"--reason"_s,
                         u"the posting service writes rows now"_s},
                        u"dora"_s);
        QVERIFY2(retire.ok(), qPrintable(retire.describe()));

        // Not projected yet: the index still has it as active.
        const QJsonObject lagging = bench().query(u"ana"_s, ask);
        QVERIFY(lagging.value(u"lag_events"_s).toInt() > 0);
        QVERIFY(!refsOf(lagging.value(u"candidates"_s).toArray()).contains(ref));
        const QJsonObject dropped = findRef(lagging.value(u"dropped"_s).toArray(), ref);
        QVERIFY2(dropped.value(u"reason"_s).toString().startsWith(u"retired after watermark"_s),
                 qPrintable(dropped.value(u"reason"_s).toString()));

        QVERIFY(bench().project().ok());
        const QJsonObject projected = bench().query(u"ana"_s, ask);
        QCOMPARE(projected.value(u"lag_events"_s).toInt(), 0);
        QVERIFY(!refsOf(projected.value(u"candidates"_s).toArray()).contains(ref));
    }

    void supersededRevisionIsNoGhostWhileTheIndexLags()
    {
        const QString ref = publishMissingRowRepair();
        QVERIFY2(!ref.isEmpty(), qPrintable(bench().lastError()));
        QVERIFY(bench().project().ok());
        const int version = bench()
                                .show(ref)
                                .value(u"revisions"_s)
                                .toArray()
                                .last()
                                .toObject()
                                .value(u"version"_s)
                                .toInt();
        QVERIFY(bench()
                    .ingest({proposal(u"PR-2"_s, u"studio/servicedesk/SD-1598"_s,
                                      {{u"article"_s, ref},
                                       {u"title"_s, u"Absent register row: corrected method"_s}})})
                    .ok());
        QCOMPARE(bench().signOff(u"cora"_s, u"PR-2"_s, 1), QString());
        QVERIFY(bench().decide(u"dora"_s, u"approve"_s, u"PR-2"_s, 2).ok());
        const CliRun supersede =
            bench().cli({u"supersede"_s, ref, u"--with"_s, u"PR-2"_s, u"--version"_s,
                         QString::number(version), u"--reason"_s, u"corrected"_s},
                        u"cora"_s);
        QVERIFY2(supersede.ok(), qPrintable(supersede.describe()));

        // Not projected: the index still offers revision 1 as active.
        const QJsonObject answer =
            bench().query(u"ana"_s, {u"--strategy"_s, u"data-investigation"_s, u"--domain"_s,
                                     u"data"_s, u"--symptom"_s, u"missing-register-row"_s});
        QList<int> revisions;
        for (const QJsonValue &c : answer.value(u"candidates"_s).toArray()) {
            if (c.toObject().value(u"ref"_s).toString() == ref)
                revisions.append(c.toObject().value(u"revision"_s).toInt());
        }
        QCOMPARE(revisions, QList<int>{2});
        const QJsonObject current = findRef(answer.value(u"candidates"_s).toArray(), ref);
        QVERIFY(current.value(u"applicability"_s)
                    .toObject()
                    .value(u"flags"_s)
                    .toArray()
                    .contains(u"not-yet-indexed"_s));
        const QJsonObject dropped = findRef(answer.value(u"dropped"_s).toArray(), ref);
        QCOMPARE(dropped.value(u"revision"_s).toInt(), 1);
        QVERIFY2(dropped.value(u"reason"_s).toString().startsWith(u"superseded after watermark"_s),
                 qPrintable(dropped.value(u"reason"_s).toString()));
    }

    void aNamedRefSeedsItsCrossReferencesWhateverItsKeyOrder()
    {
        // Eleven text matches sort before the named ref; its neighbour does not match the text.
        auto article = [](const QString &ref, const QString &body, const QStringList &related) {
            return QJsonObject{{u"type"_s, u"article"_s},
                               {u"ref"_s, ref},
                               {u"kind"_s, u"domain-article"_s},
                               {u"domain"_s, u"data"_s},
                               {u"owner"_s, u"dora"_s},
                               {u"title"_s, ref},
                               {u"body"_s, body},
                               {u"status"_s, u"active"_s},
                               {u"tags"_s, QJsonArray{}},
                               {u"related_to"_s, strings(related)}};
        };
        QList<QJsonObject> records;
        for (int i = 10; i <= 20; ++i)
            records << article(u"KB-%1"_s.arg(i), u"How register rows are written."_s, {});
        records << article(u"KB-50"_s, u"Register rows after a migration."_s, {u"KB-99"_s})
                << article(u"KB-99"_s, u"Restoring from the migration backup."_s, {});
        QVERIFY(bench().ingest(records).ok());
        QVERIFY(bench().project().ok());
        const QJsonObject answer = bench().query(
            u"ana"_s, {u"--strategy"_s, u"development"_s, u"--domain"_s, u"data"_s, u"--ref"_s,
                       u"KB-50"_s, u"--text"_s, u"register rows"_s, u"--limit"_s, u"20"_s});
        const QJsonObject neighbour = findRef(answer.value(u"candidates"_s).toArray(), u"KB-99"_s);
        QVERIFY2(!neighbour.isEmpty(), "the named ref must seed the cross-reference stage");
        QVERIFY(neighbour.value(u"stages"_s).toArray().contains(u"cross-reference"_s));
    }

    void indexLagIsVisible()
    {
        const QString first = publishMissingRowRepair();
        QVERIFY2(!first.isEmpty(), qPrintable(bench().lastError()));
        QVERIFY(bench().project().ok());
        const QJsonObject idle = bench().cli({u"lag"_s, u"--json"_s}).json();
        QCOMPARE(idle.value(u"lag_events"_s).toInt(), 0);
        const int watermark = idle.value(u"watermark"_s).toInt();

        // A second repair is activated but not projected.
        QVERIFY(bench()
                    .ingest({arrival(u"SD-1602"_s),
                             proof(u"studio/servicedesk/SD-1602"_s, u"P-1"_s, u"verified"_s),
                             proposal(u"PR-2"_s, u"studio/servicedesk/SD-1602"_s,
                                      {{u"title"_s, u"Register row missing after endorsement"_s}})})
                    .ok());
        const QString second = bench().publish(u"PR-2"_s);
        QVERIFY2(!second.isEmpty(), qPrintable(bench().lastError()));
        const QJsonObject lag = bench().cli({u"lag"_s, u"--json"_s}).json();
        QVERIFY(lag.value(u"lag_events"_s).toInt() >= 1);

        const QJsonObject answer =
            bench().query(u"ana"_s, {u"--strategy"_s, u"data-investigation"_s, u"--domain"_s,
                                     u"data"_s, u"--symptom"_s, u"missing-register-row"_s});
        QCOMPARE(answer.value(u"index_watermark"_s).toInt(), watermark);
        QCOMPARE(answer.value(u"lag_events"_s).toInt(), lag.value(u"lag_events"_s).toInt());
        QVERIFY(answer.value(u"canonical_head"_s).toInt() > watermark);
        QVERIFY(!answer.value(u"lagging_sources"_s).toArray().isEmpty());
        const QJsonObject unindexed = findRef(answer.value(u"candidates"_s).toArray(), second);
        QVERIFY2(!unindexed.isEmpty(),
                 "an activation after the watermark is looked up canonically");
        QVERIFY(unindexed.value(u"applicability"_s)
                    .toObject()
                    .value(u"flags"_s)
                    .toArray()
                    .contains(u"not-yet-indexed"_s));
        QVERIFY(!findRef(answer.value(u"candidates"_s).toArray(), first)
                     .value(u"applicability"_s)
                     .toObject()
                     .value(u"flags"_s)
                     .toArray()
                     .contains(u"not-yet-indexed"_s));

        // Zero hits is not proof of absence.
        const QJsonObject none = bench().query(
            u"ana"_s, {u"--strategy"_s, u"data-investigation"_s, u"--text"_s, u"zeppelin"_s});
        QVERIFY(none.value(u"candidates"_s).toArray().isEmpty());
        const QString notes = none.value(u"notes"_s).toVariant().toStringList().join(u'\n');
        QVERIFY2(notes.contains(u"no indexed hits at watermark %1"_s.arg(watermark)),
                 qPrintable(notes));
    }
};

QTEST_GUILESS_MAIN(TestAcceptance)
#include "tst_acceptance.moc"
