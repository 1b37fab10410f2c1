#include "ArticleStore.h"
#include "CaseStore.h"
#include "IngestFixture.h"
#include "OutboxStore.h"
#include "ProposalStore.h"

#include <QTest>

using namespace cw;
using namespace cw::test;

class TestIngest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void ingestsEveryRecordType();
    void firstDeliveryOpensANewCase();
    void duplicateDeliveryAttachesOnce();
    void newRevisionAttachesToTheSameCase();
    void similarTitleOnAnotherRequestStaysSeparate();
    void reingestingTheSameFileChangesNothing();
    void caseUpdateKeepsTheLatestStateAndFullHistory();
    void proposalWithoutArticleGetsTheNextExperienceRef();
    void proposalForAnExistingArticleAddsARevision();
    void proposalStoresItsClaimAsClaimed();
    void articleActivationSupersedesAndWritesOutboxAndAudit();
    void proposalsListInKeysetPages();

private:
    std::unique_ptr<IngestFixture> m_f;
};

void TestIngest::init()
{
    m_f = std::make_unique<IngestFixture>();
    QVERIFY2(m_f->db, qPrintable(m_f->openError));
}

void TestIngest::cleanup()
{
    m_f.reset();
}

void TestIngest::ingestsEveryRecordType()
{
    const QByteArray jsonl =
        baseLines() +
        line({{u"type"_s, u"grant"_s}, {u"principal"_s, u"ana"_s}, {u"case"_s, CaseSD1598}}) +
        line({{u"type"_s, u"case_update"_s},
              {u"case"_s, CaseSD1598},
              {u"status"_s, u"completed"_s},
              {u"route"_s, u"data-investigation"_s},
              {u"owner"_s, u"data"_s},
              {u"disposition"_s, u"repaired"_s},
              {u"at"_s, u"2026-03-03T12:00:00Z"_s}}) +
        line(proposal(u"PR-1"_s, CaseSD1598, QString(), {u"P-1"_s})) +
        line(article(u"KB-12"_s, u"Registers"_s));
    auto report = m_f->ingest(jsonl);
    QVERIFY2(report, qPrintable(report.error()));
    QCOMPARE(report->records, 11);
    QCOMPARE(report->byType.value(u"tenant"_s), 2);
    QCOMPARE(report->byType.value(u"principal"_s), 3);
    for (const char *type : {"grant", "arrival", "case_update", "proof", "proposal", "article"})
        QCOMPARE(report->byType.value(QString::fromLatin1(type)), 1);
    QCOMPARE(report->newCases, 1);
    QCOMPARE(report->createdArticles, QStringList({u"EXP-1"_s, u"KB-12"_s}));

    QCOMPARE(m_f->rows("principal_tenants"), 2);
    QCOMPARE(m_f->rows("grants"), 1);
    CaseStore cases(*m_f->db);
    auto found = cases.findByKey(*CaseKey::parse(CaseSD1598));
    QVERIFY2(found && *found, "case SD-1598");
    const CaseRecord &c = **found;
    QCOMPARE(c.status, u"completed"_s);
    QCOMPARE(c.disposition, u"repaired"_s);
    QCOMPARE(c.symptomTags, QStringList{u"missing-register-row"_s});
    QCOMPARE(c.updatedAt, u"2026-03-03T12:00:00Z"_s);
    auto updates = cases.updates(c.id);
    QVERIFY2(updates, qPrintable(updates.error()));
    QCOMPARE(updates->size(), 1);
    auto proofs = cases.proofs(c.id);
    QVERIFY2(proofs && proofs->size() == 1, "one proof");
    QCOMPARE(proofs->first().result, u"verified"_s);

    ProposalStore proposals(*m_f->db);
    auto pr = proposals.find(u"PR-1"_s);
    QVERIFY2(pr && *pr, "proposal PR-1");
    QCOMPARE((*pr)->status, u"pending"_s);
    QCOMPARE((*pr)->caseId, std::optional<std::int64_t>(c.id));
    QCOMPARE((*pr)->proofIds, QList<std::int64_t>{proofs->first().id});
    QCOMPARE(m_f->text("SELECT action FROM audit WHERE subject = 'PR-1'"), u"ingest-proposal"_s);
}

void TestIngest::firstDeliveryOpensANewCase()
{
    auto report = m_f->ingest(baseLines());
    QVERIFY2(report, qPrintable(report.error()));
    QCOMPARE(m_f->text("SELECT attach_kind FROM arrivals"), u"new-case"_s);
    QCOMPARE(m_f->text("SELECT attach_reason FROM arrivals"),
             u"first delivery of servicedesk request SD-1598, revision 1"_s);
    QCOMPARE(m_f->text("SELECT opened_at FROM cases"), u"2026-03-01T09:00:00Z"_s);
}

void TestIngest::duplicateDeliveryAttachesOnce()
{
    const QByteArray jsonl =
        baseLines() + line(arrival(u"SD-1598"_s, u"1"_s, u"d-2"_s, u"2026-03-01T10:00:00Z"_s));
    auto report = m_f->ingest(jsonl);
    QVERIFY2(report, qPrintable(report.error()));
    QCOMPARE(report->newCases, 1);
    QCOMPARE(report->duplicateDeliveries, 1);
    QCOMPARE(m_f->rows("cases"), 1);
    CaseStore cases(*m_f->db);
    auto arrivals = cases.arrivals(1);
    QVERIFY2(arrivals, qPrintable(arrivals.error()));
    QCOMPARE(arrivals->size(), 2);
    QCOMPARE(arrivals->at(1).deliveryId, u"d-2"_s);
    QCOMPARE(arrivals->at(1).attachKind, u"duplicate-delivery"_s);
    QCOMPARE(arrivals->at(1).attachReason,
             u"same source system, request and revision as delivery d-1 (received "
             u"2026-03-01T09:00:00Z)"_s);
}

void TestIngest::newRevisionAttachesToTheSameCase()
{
    QJsonObject revised = arrival(u"SD-1598"_s, u"2"_s, u"d-3"_s, u"2026-03-02T09:00:00Z"_s,
                                  u"Register row still missing"_s);
    auto report = m_f->ingest(baseLines() + line(revised));
    QVERIFY2(report, qPrintable(report.error()));
    QCOMPARE(report->newRevisionsOfCases, 1);
    QCOMPARE(m_f->rows("cases"), 1);
    QCOMPARE(m_f->text("SELECT attach_reason FROM arrivals WHERE delivery_id = 'd-3'"),
             u"same source system and request, new revision 2"_s);
    QCOMPARE(m_f->text("SELECT latest_revision || ' ' || title FROM cases"),
             u"2 Register row still missing"_s);

    // A late copy of revision 1 is a duplicate, and does not roll the case back.
    report = m_f->ingest(line(arrival(u"SD-1598"_s, u"1"_s, u"d-4"_s, u"2026-03-02T10:00:00Z"_s)));
    QVERIFY2(report, qPrintable(report.error()));
    QCOMPARE(report->duplicateDeliveries, 1);
    QCOMPARE(m_f->text("SELECT latest_revision FROM cases"), u"2"_s);
}

void TestIngest::similarTitleOnAnotherRequestStaysSeparate()
{
    auto report = m_f->ingest(
        baseLines() + line(arrival(u"SD-1599"_s, u"1"_s, u"d-1"_s, u"2026-03-01T09:05:00Z"_s)));
    QVERIFY2(report, qPrintable(report.error()));
    QCOMPARE(report->newCases, 2);
    QCOMPARE(report->duplicateDeliveries, 0);
    QCOMPARE(m_f->rows("cases"), 2);
    QCOMPARE(m_f->text("SELECT group_concat(attach_kind) FROM arrivals"), u"new-case,new-case"_s);
}

void TestIngest::reingestingTheSameFileChangesNothing()
{
    const QByteArray jsonl =
        baseLines() + line(arrival(u"SD-1598"_s, u"1"_s, u"d-2"_s, u"2026-03-01T10:00:00Z"_s)) +
        line(arrival(u"SD-1598"_s, u"2"_s, u"d-3"_s, u"2026-03-02T10:00:00Z"_s)) +
        line({{u"type"_s, u"grant"_s}, {u"principal"_s, u"ana"_s}, {u"case"_s, CaseSD1598}}) +
        line({{u"type"_s, u"case_update"_s},
              {u"case"_s, CaseSD1598},
              {u"status"_s, u"waiting"_s},
              {u"at"_s, u"2026-03-02T12:00:00Z"_s}}) +
        line(proposal(u"PR-1"_s, CaseSD1598, QString(), {u"P-1"_s})) +
        line(article(u"KB-12"_s, u"Registers"_s));
    auto first = m_f->ingest(jsonl);
    QVERIFY2(first, qPrintable(first.error()));
    const auto before = m_f->snapshot();
    auto second = m_f->ingest(jsonl);
    QVERIFY2(second, qPrintable(second.error()));
    QCOMPARE(m_f->snapshot(), before);
    QCOMPARE(second->records, first->records);
    QCOMPARE(second->alreadyRecorded, second->records);
    QCOMPARE(second->newCases, 0);
    QCOMPARE(second->duplicateDeliveries, 0);
    QCOMPARE(second->newRevisionsOfCases, 0);
    QVERIFY(second->createdArticles.isEmpty());
}

void TestIngest::caseUpdateKeepsTheLatestStateAndFullHistory()
{
    auto update = [](const QString &status, const QString &at) {
        return line({{u"type"_s, u"case_update"_s},
                     {u"case"_s, CaseSD1598},
                     {u"status"_s, status},
                     {u"at"_s, at}});
    };
    auto report = m_f->ingest(baseLines() + update(u"completed"_s, u"2026-03-05T00:00:00Z"_s) +
                              update(u"waiting"_s, u"2026-03-02T00:00:00Z"_s));
    QVERIFY2(report, qPrintable(report.error()));
    QCOMPARE(m_f->text("SELECT status FROM cases"), u"completed"_s);
    QCOMPARE(m_f->rows("case_updates"), 2);
}

void TestIngest::proposalWithoutArticleGetsTheNextExperienceRef()
{
    // An experience recorded as a rejected route (ingest never publishes one).
    QJsonObject existing = article(u"EXP-2"_s, u"Earlier experience"_s, u"rejected"_s);
    existing.insert(u"kind"_s, u"experience"_s);
    auto report = m_f->ingest(baseLines() + line(existing) +
                              line(proposal(u"PR-1"_s, CaseSD1598, QString(), {u"P-1"_s})) +
                              line(proposal(u"PR-2"_s, CaseSD1598, QString(), {})));
    QVERIFY2(report, qPrintable(report.error()));
    QCOMPARE(report->createdArticles, QStringList({u"EXP-2"_s, u"EXP-3"_s, u"EXP-4"_s}));
    QCOMPARE(m_f->text("SELECT a.ref FROM proposals p JOIN revisions r ON r.id = p.revision_id "
                       "JOIN articles a ON a.id = r.article_id WHERE p.id = 'PR-1'"),
             u"EXP-3"_s);
}

void TestIngest::proposalForAnExistingArticleAddsARevision()
{
    auto report = m_f->ingest(baseLines() + line(article(u"KB-12"_s, u"Registers"_s)) +
                              line(proposal(u"PR-1"_s, CaseSD1598, u"KB-12"_s, {})) +
                              line(proposal(u"PR-2"_s, CaseSD1598, u"EXP-9"_s, {})));
    // PR-1 names kind "experience" but KB-12 is a domain article.
    QVERIFY(!report);
    QVERIFY2(report.error().contains(u"does not match article KB-12 (domain-article)"_s),
             qPrintable(report.error()));

    QJsonObject revising = proposal(u"PR-1"_s, CaseSD1598, u"KB-12"_s, {});
    revising.remove(u"kind"_s);
    report = m_f->ingest(baseLines() + line(article(u"KB-12"_s, u"Registers"_s)) + line(revising) +
                         line(proposal(u"PR-2"_s, CaseSD1598, QString(), {})));
    QVERIFY2(report, qPrintable(report.error()));
    QCOMPARE(report->createdArticles, QStringList({u"KB-12"_s, u"EXP-1"_s}));
    QCOMPARE(m_f->text("SELECT group_concat(r.revision || ':' || r.state) FROM revisions r "
                       "JOIN articles a ON a.id = r.article_id WHERE a.ref = 'KB-12'"),
             u"1:active,2:proposed"_s);
}

void TestIngest::proposalStoresItsClaimAsClaimed()
{
    QJsonObject claim = proposal(u"PR-1"_s, CaseSD1598, QString(), {u"P-1"_s});
    auto report = m_f->ingest(baseLines() + line(claim));
    QVERIFY2(report, qPrintable(report.error()));
    ArticleStore articles(*m_f->db);
    auto article = articles.findByRef(u"EXP-1"_s);
    QVERIFY2(article && *article, "EXP-1");
    auto revisions = articles.revisions((*article)->id);
    QVERIFY2(revisions && revisions->size() == 1, "one revision");
    const RevisionRecord &r = revisions->first();
    QCOMPARE(r.state, u"proposed"_s);
    QCOMPARE(r.proofLevel, u"verified"_s);
    QCOMPARE(r.product, u"lifeline"_s);
    QCOMPARE(r.productVersions, u">=4.0 <5.0"_s);
    QCOMPARE(r.effortActiveHours, std::optional<double>(3.5));
    QCOMPARE(r.effortWaitingHours, std::optional<double>(48));
    // Read with SQL, in a stated order (symptoms before tags).
    QCOMPARE(m_f->text("SELECT group_concat(kind || ':' || tag, ' ') FROM (SELECT kind, tag FROM "
                       "revision_tags ORDER BY kind, tag)"),
             u"symptom:missing-register-row tag:register"_s);
    QCOMPARE(r.relatedTo, QStringList{u"EXP-7"_s});
    QCOMPARE(r.sourceCaseId, std::optional<std::int64_t>(1));
    QCOMPARE(r.limits, u"only for 4.x registers"_s);
    QCOMPARE(r.updatedBy, u"agent-data"_s);
    QCOMPARE(m_f->rows("outbox"), 0); // a proposal is not current, nothing to project
}

void TestIngest::articleActivationSupersedesAndWritesOutboxAndAudit()
{
    QVERIFY2(m_f->ingest(baseLines()), "base");
    // An activation followed by a bad line: neither outbox nor audit keeps anything.
    auto refused = m_f->ingest(line(article(u"KB-12"_s, u"Registers"_s)) + "{\"type\":\"nope\"}\n");
    QVERIFY(!refused);
    QCOMPARE(m_f->rows("outbox"), 0);
    QCOMPARE(m_f->rows("audit"), 0);
    QCOMPARE(m_f->rows("articles"), 0);

    auto report = m_f->ingest(line(article(u"KB-12"_s, u"Registers"_s)));
    QVERIFY2(report, qPrintable(report.error()));
    m_f->clock.advance(3600);
    report = m_f->ingest(line(article(u"KB-12"_s, u"Registers, corrected"_s)));
    QVERIFY2(report, qPrintable(report.error()));

    QCOMPARE(m_f->text("SELECT group_concat(revision || ':' || state || ':' || "
                       "coalesce(valid_from, '-') || ':' || coalesce(valid_to, '-'), ' ') "
                       "FROM revisions"),
             u"1:superseded:2026-03-10T12:00:00Z:2026-03-10T13:00:00Z "
             u"2:active:2026-03-10T13:00:00Z:-"_s);
    OutboxStore outbox(*m_f->db);
    auto events = outbox.after(0, 10);
    QVERIFY2(events, qPrintable(events.error()));
    QCOMPARE(events->size(), 2);
    QCOMPARE(events->at(1).event, u"revision-activated"_s);
    QCOMPARE(events->at(1).ref, u"KB-12"_s);
    QCOMPARE(events->at(1).revision, 2);
    QCOMPARE(events->at(1).domain, u"data"_s);
    QCOMPARE(events->at(1).payload, u"{\"kind\":\"domain-article\",\"superseded_revision\":1}"_s);
    AuditStore audit(*m_f->db);
    auto trail = audit.forSubject(u"KB-12"_s);
    QVERIFY2(trail && trail->size() == 2, "two audit rows");
    QCOMPARE(trail->at(1).action, u"ingest-article"_s);
    QCOMPARE(trail->at(1).revision, std::optional<std::int64_t>(2));
    QCOMPARE(trail->at(1).principal, u"ingest"_s);
    QVERIFY(trail->at(1).reason.endsWith(u"batch.jsonl"_s));
}

void TestIngest::proposalsListInKeysetPages()
{
    QByteArray jsonl = baseLines();
    for (int i = 1; i <= 5; ++i) {
        QJsonObject p = proposal(u"PR-"_s + QString::number(i), CaseSD1598, QString(), {});
        // Two share a time: the id breaks the tie.
        p.insert(u"proposed_at"_s, u"2026-03-0%1T08:00:00Z"_s.arg(i == 5 ? 2 : i));
        jsonl += line(p);
    }
    QJsonObject other = proposal(u"PR-6"_s, CaseSD1598, QString(), {});
    other.insert(u"domain"_s, u"configuration"_s);
    QJsonObject owner = principal(u"owen"_s, u"domain_owner"_s, u"studio"_s);
    owner.insert(u"domains"_s, QJsonArray{u"configuration"_s});
    jsonl += line(owner) + line(other);
    QVERIFY2(m_f->ingest(jsonl), "proposals");

    ProposalStore store(*m_f->db);
    ProposalFilter data;
    data.status = u"pending"_s;
    data.domain = u"data"_s;
    data.tenant = u"studio"_s;
    QStringList seen;
    std::optional<ProposalPageKey> after;
    for (;;) {
        auto page = store.list(data, after ? &*after : nullptr, 2);
        QVERIFY2(page, qPrintable(page.error()));
        if (page->isEmpty())
            break;
        for (const ProposalSummary &row : *page)
            seen.append(row.id);
        after = page->last().pageKey();
    }
    QCOMPARE(seen, QStringList({u"PR-1"_s, u"PR-2"_s, u"PR-5"_s, u"PR-3"_s, u"PR-4"_s}));
    QCOMPARE(store.count(data).value(), 5);
    QCOMPARE(store.count({}).value(), 6);
    ProposalFilter harbor;
    harbor.tenant = u"harbor"_s;
    QCOMPARE(store.count(harbor).value(), 0);
    auto first = store.list({}, nullptr, 1);
    QVERIFY2(first && first->size() == 1, "one row");
    QCOMPARE(first->first().caseKey, CaseSD1598);
    QCOMPARE(first->first().articleRef, u"EXP-1"_s);
    QCOMPARE(first->first().revisionState, u"proposed"_s);
    QCOMPARE(store.nextProposalNumber().value(), 7);
}

QTEST_GUILESS_MAIN(TestIngest)
#include "tst_ingest.moc"
