// Acceptance cases where the domain changes the answer: the uncreated-renewal
// family, effort against waiting, and the paired scenarios of 002_… ("the
// same request with and without the fact that changes the action"), mapped
// to this domain. End to end through curation-cli.

#include "ScenarioCli.h"

#include <QDateTime>
#include <QThread>

using namespace scenario;

namespace {

QStringList flagsOf(const QJsonObject &candidate)
{
    return candidate.value(u"applicability"_s)
        .toObject()
        .value(u"flags"_s)
        .toVariant()
        .toStringList();
}

// Every number anywhere in a JSON value.
void collectNumbers(const QJsonValue &value, QList<double> &numbers)
{
    if (value.isDouble())
        numbers.append(value.toDouble());
    else if (value.isArray())
        for (const QJsonValue &v : value.toArray())
            collectNumbers(v, numbers);
    else if (value.isObject())
        for (const QJsonValue &v : value.toObject())
            collectNumbers(v, numbers);
}

} // namespace

class TestAcceptancePairs : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<Workbench> m_bench;

    Workbench &bench() { return *m_bench; }

    QString publishCase(const QString &request, const QString &proposalId, const QJsonObject &claim,
                        const QString &proofResult = u"verified"_s,
                        const QString &owner = u"dora"_s)
    {
        const QString key = u"studio/servicedesk/"_s + request;
        const CliRun run =
            bench().ingest({arrival(request), proof(key, u"P-1"_s, proofResult),
                            caseUpdate(key, u"completed"_s), proposal(proposalId, key, claim)});
        if (!run.ok())
            qWarning("%s", qPrintable(run.describe()));
        return bench().publish(proposalId, owner);
    }

private Q_SLOTS:
    void init()
    {
        m_bench = std::make_unique<Workbench>();
        QVERIFY(bench().isValid());
        const CliRun run = bench().ingest(people());
        QVERIFY2(run.ok(), qPrintable(run.describe()));
    }

    void familyWithUncreatedRenewalsDoesNotReuseTheMissingRowRepair()
    {
        const QString repair = publishCase(u"SD-1598"_s, u"PR-1"_s, {});
        QVERIFY2(!repair.isEmpty(), qPrintable(bench().lastError()));
        QVERIFY(bench().project().ok());
        // The family's renewals were never created, so there is no row to repair.
        QVERIFY(bench()
                    .ingest({arrival(u"SD-1710"_s,
                                     {{u"title"_s, u"Register row missing for family F-12"_s},
                                      {u"object"_s, u"family/F-12/renewals"_s},
                                      {u"symptom_tags"_s,
                                       strings({u"missing-renewal"_s, u"family-policy"_s})}})})
                    .ok());

        const QJsonObject answer =
            bench().query(u"ana"_s, {u"--strategy"_s, u"data-investigation"_s, u"--domain"_s,
                                     u"data"_s, u"--case"_s, u"studio/servicedesk/SD-1710"_s,
                                     u"--text"_s, u"register row missing"_s});
        const QJsonObject reused = findRef(answer.value(u"candidates"_s).toArray(), repair);
        // The text looks alike, so it is returned — labelled as not fitting the symptoms.
        QVERIFY2(!reused.isEmpty(), "the look-alike text finds the repair");
        QVERIFY2(flagsOf(reused).contains(u"symptom-mismatch"_s),
                 qPrintable(flagsOf(reused).join(u", "_s)));
        QVERIFY(!reused.value(u"stages"_s).toArray().contains(u"fields"_s));
    }

    void effortComparisonsKeepActiveEffortAndOwnerWaitingApart()
    {
        const QString ref = publishCase(
            u"SD-1800"_s, u"PR-4"_s,
            {{u"domain"_s, u"assessment"_s},
             {u"title"_s, u"Effort for shared numeric parsing in premium import"_s},
             {u"route"_s, u"effort-assessment"_s},
             {u"outcome"_s, u"Offer sent; actual active effort 14 h against 12 h estimated."_s},
             {u"symptom_tags"_s, strings({u"numeric-parsing"_s})},
             {u"effort"_s, QJsonObject{{u"active_hours"_s, 14}, {u"waiting_hours"_s, 96}}}},
            u"verified"_s, u"owen"_s);
        QVERIFY2(!ref.isEmpty(), qPrintable(bench().lastError()));
        QVERIFY(bench().project().ok());

        const QJsonObject answer =
            bench().query(u"ana"_s, {u"--strategy"_s, u"effort-assessment"_s, u"--symptom"_s,
                                     u"numeric-parsing"_s, u"--text"_s, u"numeric parsing"_s});
        const QJsonObject c = findRef(answer.value(u"candidates"_s).toArray(), ref);
        QVERIFY(!c.isEmpty());
        const QJsonObject effort = c.value(u"effort"_s).toObject();
        QCOMPARE(effort.value(u"active_hours"_s).toDouble(), 14.0);
        QCOMPARE(effort.value(u"waiting_hours"_s).toDouble(), 96.0);
        QCOMPARE(effort.size(), 2); // no total beside them
        QList<double> numbers;
        collectNumbers(answer, numbers);
        QVERIFY2(!numbers.contains(110.0), "active effort and waiting are never summed");
        const QString text = QString::fromUtf8(QJsonDocument(answer).toJson());
        QVERIFY(!text.contains(u"110"_s));
        QVERIFY(
            c.value(u"similarity_reason"_s).toString().contains(u"14 h active, 96 h waiting"_s));
    }

    void anOpenCriticalIssueOnTheSameObjectChangesTheAnswer()
    {
        QVERIFY(bench()
                    .ingest({arrival(u"SD-50"_s, {{u"object"_s, u"policy/P-5/renewal"_s},
                                                  {u"title"_s, u"Renewal premium looks wrong"_s}})})
                    .ok());
        const QStringList ask{u"--strategy"_s, u"root-classification"_s, u"--case"_s,
                              u"studio/servicedesk/SD-50"_s};
        const QJsonObject without = bench().query(u"ana"_s, ask);
        QVERIFY(!refsOf(without.value(u"exact_matches"_s).toArray(), u"case"_s)
                     .contains(u"studio/servicedesk/SD-49"_s));

        QVERIFY(
            bench()
                .ingest({arrival(u"SD-49"_s, {{u"object"_s, u"policy/P-5/renewal"_s},
                                              {u"title"_s, u"CRITICAL: renewal run corrupts P-5"_s},
                                              {u"received_at"_s, u"2026-02-28T09:00:00Z"_s}})})
                .ok());
        const QJsonObject with = bench().query(u"ana"_s, ask);
        const QJsonArray exact = with.value(u"exact_matches"_s).toArray();
        QJsonObject open;
        for (const QJsonValue &m : exact) {
            if (m.toObject().value(u"case"_s).toString() == u"studio/servicedesk/SD-49"_s)
                open = m.toObject();
        }
        QCOMPARE(open.value(u"relation"_s).toString(), u"related-open-work"_s);
        QCOMPARE(open.value(u"status"_s).toString(), u"open"_s);
        QVERIFY(open.value(u"why"_s).toString().contains(u"policy/P-5/renewal"_s));
    }

    void anExpiredAndACurrentRevisionAnswerAsOfTheirTime()
    {
        const QString ref = publishCase(u"SD-1598"_s, u"PR-1"_s, {});
        QVERIFY2(!ref.isEmpty(), qPrintable(bench().lastError()));
        QVERIFY(bench().project().ok());
        const QJsonArray before = bench().show(ref).value(u"revisions"_s).toArray();
        const QString firstFrom = before.last().toObject().value(u"valid_from"_s).toString();
        const int firstVersion = before.last().toObject().value(u"version"_s).toInt();
        QVERIFY(!firstFrom.isEmpty());
        // Validity is stamped to the second: let the next one begin.
        const QDateTime started = QDateTime::fromString(firstFrom, Qt::ISODate);
        while (QDateTime::currentDateTimeUtc() < started.addSecs(1))
            QThread::msleep(50);

        QVERIFY(bench()
                    .ingest({proposal(
                        u"PR-2"_s, u"studio/servicedesk/SD-1598"_s,
                        {{u"article"_s, ref},
                         {u"title"_s, u"Absent register row: the posting service"_s},
                         {u"product_scope"_s, QJsonObject{{u"product"_s, u"lifeline"_s},
                                                          {u"versions"_s, u">=4.0"_s}}}})})
                    .ok());
        QCOMPARE(bench().signOff(u"cora"_s, u"PR-2"_s, 1), QString());
        QVERIFY(bench().decide(u"dora"_s, u"approve"_s, u"PR-2"_s, 2).ok());
        const CliRun supersede =
            bench().cli({u"supersede"_s, ref, u"--with"_s, u"PR-2"_s, u"--version"_s,
                         QString::number(firstVersion), u"--reason"_s, u"5.x scope"_s},
                        u"cora"_s);
        QVERIFY2(supersede.ok(), qPrintable(supersede.describe()));
        QVERIFY(bench().project().ok());
        const QString secondFrom = bench()
                                       .show(ref)
                                       .value(u"revisions"_s)
                                       .toArray()
                                       .last()
                                       .toObject()
                                       .value(u"valid_from"_s)
                                       .toString();

        const QStringList ask{u"--strategy"_s, u"data-investigation"_s, u"--domain"_s,
                              u"data"_s,       u"--symptom"_s,          u"missing-register-row"_s};
        auto revisionsOf = [&](const QStringList &extra) {
            QList<int> revisions;
            for (const QJsonValue &c :
                 bench().query(u"ana"_s, ask + extra).value(u"candidates"_s).toArray()) {
                if (c.toObject().value(u"ref"_s).toString() == ref)
                    revisions.append(c.toObject().value(u"revision"_s).toInt());
            }
            return revisions;
        };
        QCOMPARE(revisionsOf({u"--as-of"_s, firstFrom}), QList<int>{1});
        QCOMPARE(revisionsOf({u"--as-of"_s, secondFrom}), QList<int>{2});
        QCOMPARE(revisionsOf({}), QList<int>{2});
    }

    void partialAndFullSettlementAreToldApartByProofLevel()
    {
        const QString full = publishCase(u"SD-1598"_s, u"PR-1"_s, {});
        QVERIFY2(!full.isEmpty(), qPrintable(bench().lastError()));
        const QString partial =
            publishCase(u"SD-1602"_s, u"PR-2"_s,
                        {{u"title"_s, u"Register row recreated, statement not yet reconciled"_s},
                         {u"proof_level"_s, u"executed"_s}},
                        u"unverified"_s);
        QVERIFY2(!partial.isEmpty(), qPrintable(bench().lastError()));
        QVERIFY(bench().project().ok());

        const QStringList ask{u"--strategy"_s, u"data-investigation"_s, u"--domain"_s,
                              u"data"_s,       u"--symptom"_s,          u"missing-register-row"_s};
        const QJsonObject any = bench().query(u"ana"_s, ask);
        QCOMPARE(refsOf(any.value(u"candidates"_s).toArray()), (QStringList{full, partial}));
        QVERIFY(flagsOf(findRef(any.value(u"candidates"_s).toArray(), partial))
                    .contains(u"unverified"_s));
        QVERIFY(!flagsOf(findRef(any.value(u"candidates"_s).toArray(), full))
                     .contains(u"unverified"_s));

        const QJsonObject proven =
            bench().query(u"ana"_s, ask + QStringList{u"--min-proof"_s, u"verified"_s});
        QCOMPARE(refsOf(proven.value(u"candidates"_s).toArray()), QStringList{full});
        QCOMPARE(
            findRef(proven.value(u"dropped"_s).toArray(), partial).value(u"reason"_s).toString(),
            u"proof level executed below the required verified"_s);
    }
};

QTEST_GUILESS_MAIN(TestAcceptancePairs)
#include "tst_acceptancepairs.moc"
