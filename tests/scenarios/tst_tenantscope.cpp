// Filter before ranking (DESIGN.md invariant 7; 002_… "the higher-priority
// foreign record is excluded before selection"), end to end through
// curation-cli: another tenant's cases, arrivals and proofs never reach a
// principal's answer — not as exact matches, not as dropped entries, not as
// a change in any score or in the order.

#include "ScenarioCli.h"

using namespace scenario;

namespace {

// A studio world: three published repairs, an open case and two more arrivals.
QList<QJsonObject> studioCases()
{
    QList<QJsonObject> records;
    const QStringList requests{u"SD-1"_s, u"SD-2"_s, u"SD-3"_s};
    for (const QString &request : requests) {
        const QString key = u"studio/servicedesk/"_s + request;
        records << arrival(request) << proof(key, u"P-1"_s, u"verified"_s)
                << caseUpdate(key, u"completed"_s);
    }
    records << proposal(u"PR-1"_s, u"studio/servicedesk/SD-1"_s)
            << proposal(u"PR-2"_s, u"studio/servicedesk/SD-2"_s,
                        {{u"title"_s, u"Register row missing after a migration"_s},
                         {u"tags"_s, strings({u"register"_s, u"migration"_s})}})
            << proposal(u"PR-3"_s, u"studio/servicedesk/SD-3"_s,
                        {{u"title"_s, u"Stale policy schedule template"_s},
                         {u"symptom_tags"_s, strings({u"stale-template"_s})},
                         {u"product_scope"_s, QJsonObject{{u"product"_s, u"lifeline"_s},
                                                          {u"versions"_s, u">=4.0"_s}}}});
    records << arrival(u"SD-4"_s, {{u"object"_s, u"policy/SD-1/register"_s}})
            << arrival(u"SD-5"_s, {{u"title"_s, u"Renewal premium wrong"_s},
                                   {u"symptom_tags"_s, strings({u"wrong-premium"_s})}});
    return records;
}

// Many northwind records that look like studio's: the same titles, symptom
// tags, objects, even the same source request ids; duplicate deliveries,
// verified proofs, completed and open work.
QList<QJsonObject> northwindLookAlikes(int count)
{
    QList<QJsonObject> records;
    for (int i = 0; i < count; ++i) {
        const QString request = i < 5 ? u"SD-%1"_s.arg(i + 1) : u"NW-%1"_s.arg(i);
        const QString key = u"northwind/servicedesk/"_s + request;
        const QJsonObject delivery =
            arrival(request,
                    {{u"tenant"_s, u"northwind"_s},
                     {u"delivery_id"_s, QString(u"nw-"_s + request)},
                     {u"object"_s, u"policy/SD-%1/register"_s.arg(i % 5 + 1)},
                     {u"title"_s, u"Register row missing for policy SD-%1"_s.arg(i % 5 + 1)},
                     {u"symptom_tags"_s, strings({u"missing-register-row"_s, u"stale-template"_s})},
                     {u"body"_s, u"Northwind private: customer Halvorsen, policy N-%1"_s.arg(i)}});
        records << delivery
                << with(delivery, {{u"delivery_id"_s, QString(u"nw-retry-"_s + request)}})
                << proof(key, u"P-1"_s, u"verified"_s) << proof(key, u"P-2"_s, u"unverified"_s)
                << caseUpdate(key, i % 3 == 0 ? u"open"_s : u"completed"_s);
    }
    return records;
}

// The queries the property is checked on, as ana (analyst, studio).
QList<QStringList> fixedQueries()
{
    const QString rc = u"root-classification"_s;
    const QString di = u"data-investigation"_s;
    return {
        {u"--strategy"_s, rc, u"--case"_s, u"studio/servicedesk/SD-4"_s, u"--source"_s,
         u"servicedesk/SD-4/1"_s},
        {u"--strategy"_s, rc, u"--source"_s, u"servicedesk/SD-1/1"_s, u"--text"_s,
         u"register row missing"_s},
        {u"--strategy"_s, di, u"--domain"_s, u"data"_s, u"--symptom"_s, u"missing-register-row"_s,
         u"--text"_s, u"register row missing policy migration"_s},
        {u"--strategy"_s, di, u"--case"_s, u"studio/servicedesk/SD-5"_s, u"--text"_s,
         u"premium register"_s},
        {u"--strategy"_s, u"configuration"_s, u"--domain"_s, u"data"_s, u"--symptom"_s,
         u"stale-template"_s, u"--tag"_s, u"register"_s, u"--limit"_s, u"2"_s},
        {u"--strategy"_s, u"effort-assessment"_s, u"--text"_s, u"register row"_s},
    };
}

// The answer without what legitimately differs between runs: the memory-use
// id (a counter) and lag ages. Everything else must be identical.
QJsonObject comparable(QJsonObject answer)
{
    answer.remove(u"memory_use_id"_s);
    answer.remove(u"lagging_sources"_s);
    return answer;
}

QList<QJsonObject> answers(const Workbench &bench)
{
    QList<QJsonObject> list;
    for (const QStringList &query : fixedQueries())
        list.append(comparable(bench.query(u"ana"_s, query)));
    return list;
}

QByteArray describe(const QJsonObject &a, const QJsonObject &b)
{
    return QJsonDocument(a).toJson() + "\n--- differs from ---\n" + QJsonDocument(b).toJson();
}

} // namespace

class TestTenantScope : public QObject
{
    Q_OBJECT

private:
    // A fresh studio database; with foreign records first when asked, so
    // that the two databases also differ in every row id.
    static std::unique_ptr<Workbench> build(int foreignFirst)
    {
        auto bench = std::make_unique<Workbench>();
        QList<QJsonObject> records = people();
        if (foreignFirst > 0)
            records += northwindLookAlikes(foreignFirst);
        records += studioCases();
        const CliRun run = bench->ingest(records);
        if (!run.ok())
            qWarning("%s", qPrintable(run.describe()));
        for (const QString &proposalId : {u"PR-1"_s, u"PR-2"_s, u"PR-3"_s}) {
            if (bench->publish(proposalId).isEmpty())
                qWarning("%s", qPrintable(bench->lastError()));
        }
        bench->project();
        return bench;
    }

private Q_SLOTS:
    void foreignHigherPriorityRecordIsExcludedBeforeSelection()
    {
        const auto bench = build(0);
        // Northwind: the same request id and object, more symptoms shared,
        // verified, an open critical case — and a published experience.
        const QString key = u"northwind/servicedesk/SD-4"_s;
        const QJsonObject foreign =
            arrival(u"SD-4"_s, {{u"tenant"_s, u"northwind"_s},
                                {u"object"_s, u"policy/SD-1/register"_s},
                                {u"title"_s, u"CRITICAL Register row missing for policy SD-1"_s},
                                {u"body"_s, u"Northwind private: customer Halvorsen"_s}});
        QVERIFY(bench
                    ->ingest({foreign, proof(key, u"P-1"_s, u"verified"_s),
                              arrival(u"NW-9"_s, {{u"tenant"_s, u"northwind"_s},
                                                  {u"object"_s, u"policy/SD-1/register"_s}}),
                              proposal(u"PR-9"_s, key,
                                       {{u"title"_s, u"Register row missing: restore from the "
                                                     "migration backup"_s}})})
                    .ok());
        // Published by Northwind's own reviewers: only they may decide on it.
        const QString shared = bench->publish(u"PR-9"_s, u"dirk"_s, u"nils"_s);
        QVERIFY2(!shared.isEmpty(), qPrintable(bench->lastError()));
        QVERIFY(bench->project().ok());

        const QJsonObject answer = bench->query(
            u"ana"_s,
            {u"--strategy"_s, u"root-classification"_s, u"--case"_s, u"studio/servicedesk/SD-4"_s,
             u"--source"_s, u"servicedesk/SD-4/1"_s, u"--symptom"_s, u"missing-register-row"_s});
        for (const QString &c : refsOf(answer.value(u"exact_matches"_s).toArray(), u"case"_s))
            QVERIFY2(c.startsWith(u"studio/"_s), qPrintable(c));
        QVERIFY(!answer.value(u"exact_matches"_s).toArray().isEmpty());
        // Sanitised experience is broadly readable; its source case handle is not.
        const QJsonObject experience = findRef(answer.value(u"candidates"_s).toArray(), shared);
        QVERIFY(!experience.isEmpty());
        QVERIFY(experience.value(u"source_case"_s).isNull());
        QVERIFY(experience.value(u"source_case_redacted"_s).toBool());
        const QByteArray dropped = QJsonDocument(answer.value(u"dropped"_s).toArray()).toJson();
        QVERIFY(!dropped.contains("northwind"));
        QVERIFY(!dropped.contains(QByteArray(shared.toUtf8() + "\"")));
        // Nothing of the foreign cases is anywhere in the answer.
        const QString text = QString::fromUtf8(QJsonDocument(answer).toJson());
        QVERIFY2(!text.contains(u"northwind"_s), qPrintable(text));
        QVERIFY(!text.contains(u"CRITICAL"_s));
        QVERIFY(!text.contains(u"Halvorsen"_s));
        QVERIFY(!text.contains(u"NW-9"_s));

        // The northwind curator sees their own case; ana's grants did not widen.
        const QJsonObject theirs =
            bench->query(u"nils"_s, {u"--strategy"_s, u"root-classification"_s, u"--case"_s, key});
        QVERIFY(refsOf(theirs.value(u"exact_matches"_s).toArray(), u"case"_s)
                    .contains(u"northwind/servicedesk/NW-9"_s));
    }

    void addingAnotherTenantsCasesChangesNothingAPrincipalSees()
    {
        const auto bench = build(0);
        const QList<QJsonObject> before = answers(*bench);
        QVERIFY(!before.first().value(u"exact_matches"_s).toArray().isEmpty());
        QVERIFY(!before[2].value(u"candidates"_s).toArray().isEmpty());

        const CliRun run = bench->ingest(northwindLookAlikes(150));
        QVERIFY2(run.ok(), qPrintable(run.describe()));
        QVERIFY(bench->project().ok());
        const QList<QJsonObject> after = answers(*bench);
        for (int i = 0; i < before.size(); ++i)
            QVERIFY2(before[i] == after[i], describe(before[i], after[i]).constData());
    }

    void aDatabaseWithoutTheOtherTenantAnswersTheSame()
    {
        const auto with = build(150);
        const auto without = build(0);
        const QList<QJsonObject> a = answers(*with);
        const QList<QJsonObject> b = answers(*without);
        for (int i = 0; i < a.size(); ++i)
            QVERIFY2(a[i] == b[i], describe(a[i], b[i]).constData());
    }
};

QTEST_GUILESS_MAIN(TestTenantScope)
#include "tst_tenantscope.moc"
