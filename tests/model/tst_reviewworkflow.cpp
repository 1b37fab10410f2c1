// Review workflow: decisions, sign-offs, who may do what, activation.

#include "OutboxStore.h"
#include "ReviewFixture.h"

#include <QJsonObject>

using namespace cw;
using namespace cw::test;

class TestReviewWorkflow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void firstApprovalRecordsASignOffAndNoOutboxEvent();
    void secondSignOffActivatesARevisionOfANewArticle();
    void secondSignOffWaitsForSupersedeWhenTheArticleHasAnActiveRevision();
    void supersedeActivatesTheApprovedRevisionAndSupersedesTheOldOne();
    void retireEndsTheActiveRevisionWithAnOutboxEvent();
    void curatorMayRetire();
    void twoCuratorsAreNotTwoSignOffs();
    void onePrincipalCannotSignOffInBothRoles();
    void domainOwnerOfAnotherDomainMayNotReview();
    void analystsNeverDecide();
    void adminWithoutAReviewRoleMayNotDecide();
    void adminActingAsACuratorIsAuditedAsBoth();
    void domainOwnersMayNotSupersede();
    void domainOwnerMayRetireOnlyInTheirOwnDomain();
    void rejectLabelsTheRevisionForGood();
    void returnSendsItBackAndAnEditMakesItPendingAgain();
    void unknownProposalsAndArticlesAreNotFound();
    void supersedeNeedsAnApprovedProposalOfThatArticle();
    void retireNeedsAnActiveRevision();
    void aReasonIsRequired();

private:
    std::unique_ptr<ReviewFixture> m_f;
    ReviewWorkflow &wf() { return *m_f->workflow; }
    Actor as(const char *id) { return m_f->as(QString::fromLatin1(id)); }
};

void TestReviewWorkflow::init()
{
    m_f = std::make_unique<ReviewFixture>();
    QVERIFY2(m_f->ok(), qPrintable(m_f->error));
}

void TestReviewWorkflow::cleanup()
{
    m_f.reset();
}

void TestReviewWorkflow::firstApprovalRecordsASignOffAndNoOutboxEvent()
{
    const qint64 events = m_f->rows("outbox");
    auto done = wf().approve(as("cora"), u"PR-1"_s, 1, u"claim matches the proofs"_s);
    QVERIFY2(done, qPrintable(done.error()));
    QCOMPARE(done->revision.state, u"proposed"_s);
    QCOMPARE(done->revision.version, 2);
    QCOMPARE(done->proposalStatus, u"pending"_s);
    QVERIFY(!done->outboxEvent);
    QVERIFY2(done->summary.contains(u"waiting for a domain owner of data"_s),
             qPrintable(done->summary));
    QCOMPARE(m_f->rows("outbox"), events);
    QCOMPARE(done->approvals.size(), 1);
    QCOMPARE(done->approvals[0].role, u"curator"_s);
    QCOMPARE(m_f->text("SELECT updated_by FROM revisions r JOIN proposals p ON p.revision_id = "
                       "r.id WHERE p.id = 'PR-1'"),
             u"cora"_s);
    const QString audit = m_f->text(
        "SELECT principal || '|' || effective_principal || '|' || action || '|' || at || '|' || "
        "from_version || '|' || to_version || '|' || reason FROM audit WHERE subject = 'PR-1' "
        "ORDER BY id DESC LIMIT 1");
    QCOMPARE(audit, u"cora|cora|approve|2026-04-10T09:00:00Z|1|2|claim matches the proofs"_s);
}

void TestReviewWorkflow::secondSignOffActivatesARevisionOfANewArticle()
{
    QVERIFY(wf().approve(as("cora"), u"PR-1"_s, 1, u"ok"_s));
    m_f->clock.advance(60);
    auto done = wf().approve(as("dora"), u"PR-1"_s, 2, u"owner ok"_s);
    QVERIFY2(done, qPrintable(done.error()));
    QCOMPARE(done->revision.ref, u"EXP-3"_s);
    QCOMPARE(done->revision.state, u"active"_s);
    QCOMPARE(done->revision.version, 3);
    QCOMPARE(done->proposalStatus, u"published"_s);
    QVERIFY(done->outboxEvent);
    QCOMPARE(m_f->text("SELECT valid_from FROM revisions r JOIN proposals p ON p.revision_id = "
                       "r.id WHERE p.id = 'PR-1'"),
             u"2026-04-10T09:01:00Z"_s);
    auto events = OutboxStore(*m_f->db).after(*done->outboxEvent - 1, 10);
    QVERIFY(events);
    QCOMPARE(events->size(), 1);
    const OutboxEvent &e = events->first();
    QCOMPARE(e.event, u"revision-activated"_s);
    QCOMPARE(e.ref, u"EXP-3"_s);
    QCOMPARE(e.revision, 1);
    QCOMPARE(e.domain, u"data"_s);
    QCOMPARE(QJsonDocument::fromJson(e.payload.toUtf8()).object().value(u"kind"_s).toString(),
             u"experience"_s);
}

void TestReviewWorkflow::secondSignOffWaitsForSupersedeWhenTheArticleHasAnActiveRevision()
{
    const qint64 events = m_f->rows("outbox");
    auto done = m_f->approveByBoth(u"PR-5"_s);
    QVERIFY2(done, qPrintable(done.error()));
    QCOMPARE(done->revision.state, u"approved"_s);
    QCOMPARE(done->proposalStatus, u"approved"_s);
    QVERIFY(!done->outboxEvent);
    QVERIFY2(done->summary.contains(u"supersede KB-12 --with PR-5"_s), qPrintable(done->summary));
    QCOMPARE(m_f->rows("outbox"), events);
    QCOMPARE(m_f->activeRevision(u"KB-12"_s), 1);
}

void TestReviewWorkflow::supersedeActivatesTheApprovedRevisionAndSupersedesTheOldOne()
{
    QVERIFY(m_f->approveByBoth(u"PR-5"_s));
    m_f->clock.advance(3600);
    auto done = wf().supersede(as("cora"), u"KB-12"_s, u"PR-5"_s, 1, u"5.x replaces 4.x"_s);
    QVERIFY2(done, qPrintable(done.error()));
    QCOMPARE(done->revision.revision, 2);
    QCOMPARE(done->revision.state, u"active"_s);
    QVERIFY(done->replaced);
    QCOMPARE(done->replaced->revision, 1);
    QCOMPARE(done->replaced->state, u"superseded"_s);
    QCOMPARE(done->replaced->version, 2);
    QCOMPARE(m_f->status(u"PR-5"_s), u"published"_s);
    QCOMPARE(m_f->activeRevision(u"KB-12"_s), 2);
    QCOMPARE(m_f->text("SELECT valid_to FROM revisions r JOIN articles a ON a.id = r.article_id "
                       "WHERE a.ref = 'KB-12' AND r.revision = 1"),
             u"2026-04-10T10:00:00Z"_s);
    QCOMPARE(done->outboxEvents.size(), 2);
    auto events = OutboxStore(*m_f->db).after(done->outboxEvents.first() - 1, 10);
    QVERIFY(events);
    QCOMPARE(events->size(), 2);
    QCOMPARE((*events)[0].event, u"revision-superseded"_s);
    QCOMPARE((*events)[0].revision, 1);
    QCOMPARE((*events)[1].event, u"revision-activated"_s);
    QCOMPARE((*events)[1].revision, 2);
    QCOMPARE(QJsonDocument::fromJson((*events)[1].payload.toUtf8())
                 .object()
                 .value(u"superseded_revision"_s)
                 .toInt(),
             1);
    QCOMPARE(*done->outboxEvent, (*events)[1].seq);
    QCOMPARE(m_f->number("SELECT count(*) FROM audit WHERE action IN ('supersede', 'publish')"), 2);
}

void TestReviewWorkflow::retireEndsTheActiveRevisionWithAnOutboxEvent()
{
    auto done = wf().retire(as("dora"), u"KB-12"_s, 1, u"4.x is out of support"_s);
    QVERIFY2(done, qPrintable(done.error()));
    QCOMPARE(done->revision.state, u"retired"_s);
    QCOMPARE(done->revision.version, 2);
    QCOMPARE(m_f->activeVersion(u"KB-12"_s), -1);
    QCOMPARE(m_f->text("SELECT valid_to FROM revisions r JOIN articles a ON a.id = r.article_id "
                       "WHERE a.ref = 'KB-12' AND r.revision = 1"),
             u"2026-04-10T09:00:00Z"_s);
    QCOMPARE(
        m_f->text("SELECT event FROM outbox WHERE seq = ?1", QString::number(*done->outboxEvent)),
        u"revision-retired"_s);
    QCOMPARE(m_f->text("SELECT action FROM audit WHERE subject = 'KB-12' ORDER BY id DESC"),
             u"retire"_s);
}

void TestReviewWorkflow::curatorMayRetire()
{
    // EXP-2 came through review from studio's SD-1744: a studio curator.
    QVERIFY(wf().retire(as("cora"), u"EXP-2"_s, m_f->activeVersion(u"EXP-2"_s), u"stale"_s));
}

void TestReviewWorkflow::twoCuratorsAreNotTwoSignOffs()
{
    QVERIFY(wf().approve(as("cora"), u"PR-1"_s, 1, u"ok"_s));
    auto second = wf().approve(m_f->studioCurator(), u"PR-1"_s, 2, u"ok too"_s);
    QVERIFY2(second, qPrintable(second.error()));
    QCOMPARE(second->revision.state, u"proposed"_s);
    QVERIFY(second->summary.contains(u"waiting for a domain owner of data"_s));
}

void TestReviewWorkflow::onePrincipalCannotSignOffInBothRoles()
{
    QCOMPARE(
        m_f->ingest({principalRecord(u"bea"_s, {u"curator"_s, u"domain_owner"_s}, {u"data"_s})}),
        QString());
    auto first = wf().approve(m_f->as(u"bea"_s), u"PR-1"_s, 1, u"ok"_s);
    QVERIFY2(first, qPrintable(first.error()));
    QCOMPARE(first->approvals[0].role, u"curator"_s);
    auto again = wf().approve(m_f->as(u"bea"_s), u"PR-1"_s, 2, u"and as owner"_s);
    QVERIFY(!again);
    QCOMPARE(again.refusal().kind, Refusal::Forbidden);
    QVERIFY2(again.refusal().message.contains(u"bea already approved PR-1 as curator"_s),
             qPrintable(again.refusal().message));
    // A second curator still leaves the domain owner's sign-off missing.
    auto owner = wf().approve(as("dora"), u"PR-1"_s, 2, u"owner ok"_s);
    QVERIFY2(owner, qPrintable(owner.error()));
    QCOMPARE(owner->revision.state, u"active"_s);
}

void TestReviewWorkflow::domainOwnerOfAnotherDomainMayNotReview()
{
    for (const QString &action : {u"approve"_s, u"reject"_s, u"return"_s}) {
        auto done = action == "approve"_L1  ? wf().approve(as("owen"), u"PR-1"_s, 1, u"r"_s)
                    : action == "reject"_L1 ? wf().reject(as("owen"), u"PR-1"_s, 1, u"r"_s)
                                            : wf().returnProposal(as("owen"), u"PR-1"_s, 1, u"r"_s);
        QVERIFY(!done);
        QCOMPARE(done.refusal().kind, Refusal::Forbidden);
        QVERIFY2(done.refusal().message.contains(u"owen owns assessment, configuration, "
                                                 "development, not data"_s),
                 qPrintable(done.refusal().message));
    }
    QCOMPARE(m_f->version(u"PR-1"_s), 1);
}

void TestReviewWorkflow::analystsNeverDecide()
{
    auto done = wf().approve(as("ana"), u"PR-1"_s, 1, u"looks right"_s);
    QVERIFY(!done);
    QCOMPARE(done.refusal().kind, Refusal::Forbidden);
    QVERIFY2(done.refusal().message.contains(u"ana is an analyst; analysts never decide"_s),
             qPrintable(done.refusal().message));
    QCOMPARE(done.refusal().keptReason, u"looks right"_s);
    QVERIFY(!wf().reject(as("ana"), u"PR-1"_s, 1, u"no"_s));
    QVERIFY(!wf().retire(as("ana"), u"KB-12"_s, 1, u"old"_s));
    QVERIFY(!wf().supersede(as("ana"), u"KB-12"_s, u"PR-5"_s, 1, u"new"_s));
}

void TestReviewWorkflow::adminWithoutAReviewRoleMayNotDecide()
{
    auto done = wf().approve(as("admin"), u"PR-1"_s, 1, u"ok"_s);
    QVERIFY(!done);
    QCOMPARE(done.refusal().kind, Refusal::Forbidden);
    QVERIFY2(done.refusal().message.contains(u"admins administer but do not decide"_s),
             qPrintable(done.refusal().message));
    QVERIFY(!wf().retire(as("admin"), u"KB-12"_s, 1, u"old"_s));
}

void TestReviewWorkflow::adminActingAsACuratorIsAuditedAsBoth()
{
    auto done = wf().approve(m_f->adminAs(u"cora"_s), u"PR-1"_s, 1, u"on cora's behalf"_s);
    QVERIFY2(done, qPrintable(done.error()));
    QCOMPARE(done->approvals[0].principal, u"admin"_s);
    QCOMPARE(done->approvals[0].effectivePrincipal, u"cora"_s);
    QCOMPARE(m_f->text("SELECT principal || '/' || effective_principal FROM audit WHERE action = "
                       "'approve' AND subject = 'PR-1'"),
             u"admin/cora"_s);
}

void TestReviewWorkflow::domainOwnersMayNotSupersede()
{
    QVERIFY(m_f->approveByBoth(u"PR-5"_s));
    auto done = wf().supersede(as("dora"), u"KB-12"_s, u"PR-5"_s, 1, u"5.x"_s);
    QVERIFY(!done);
    QCOMPARE(done.refusal().kind, Refusal::Forbidden);
    QVERIFY2(done.refusal().message.contains(u"only curators supersede"_s),
             qPrintable(done.refusal().message));
}

void TestReviewWorkflow::domainOwnerMayRetireOnlyInTheirOwnDomain()
{
    auto done = wf().retire(as("dora"), u"EXP-2"_s, m_f->activeVersion(u"EXP-2"_s), u"old"_s);
    QVERIFY(!done);
    QCOMPARE(done.refusal().kind, Refusal::Forbidden);
    QVERIFY2(done.refusal().message.contains(u"dora owns data, not configuration"_s),
             qPrintable(done.refusal().message));
    QVERIFY(wf().retire(as("owen"), u"EXP-2"_s, m_f->activeVersion(u"EXP-2"_s), u"old"_s));
}

void TestReviewWorkflow::rejectLabelsTheRevisionForGood()
{
    QVERIFY(wf().approve(as("cora"), u"PR-1"_s, 1, u"ok"_s));
    auto done = wf().reject(m_f->studioCurator(), u"PR-1"_s, 2, u"the repair hid the real cause"_s);
    QVERIFY2(done, qPrintable(done.error()));
    QCOMPARE(done->revision.state, u"rejected"_s);
    QCOMPARE(m_f->status(u"PR-1"_s), u"rejected"_s);
    QCOMPARE(m_f->text("SELECT reason FROM reviews WHERE decision = 'reject'"),
             u"the repair hid the real cause"_s);
    auto approve = wf().approve(as("dora"), u"PR-1"_s, 3, u"ok"_s);
    QVERIFY(!approve);
    QCOMPARE(approve.refusal().kind, Refusal::Invalid);
    QVERIFY2(approve.refusal().message.contains(u"was rejected by cleo"_s) &&
                 approve.refusal().message.contains(u"can never be approved"_s),
             qPrintable(approve.refusal().message));
    ProposalEdit lower;
    lower.proofLevel = u"executed"_s;
    QVERIFY(!wf().edit(as("cora"), u"PR-1"_s, 3, lower, u"fix"_s));
    QCOMPARE(m_f->state(u"PR-1"_s), u"rejected"_s);
}

void TestReviewWorkflow::returnSendsItBackAndAnEditMakesItPendingAgain()
{
    auto returned = wf().returnProposal(as("cora"), u"PR-1"_s, 1, u"name the period"_s);
    QVERIFY2(returned, qPrintable(returned.error()));
    QCOMPARE(returned->proposalStatus, u"returned"_s);
    QCOMPARE(returned->revision.state, u"proposed"_s);
    auto approve = wf().approve(as("dora"), u"PR-1"_s, 2, u"ok"_s);
    QVERIFY(!approve);
    QVERIFY2(approve.refusal().message.contains(u"returned to its proposer (agent-data) by cora"_s),
             qPrintable(approve.refusal().message));
    ProposalEdit title;
    title.title = u"Absent register row for March after period close"_s;
    auto edited = wf().edit(as("agent-data"), u"PR-1"_s, 2, title, u"named the period"_s);
    QVERIFY2(edited, qPrintable(edited.error()));
    QCOMPARE(edited->proposalStatus, u"pending"_s);
    QVERIFY(wf().approve(as("dora"), u"PR-1"_s, 3, u"ok"_s));
}

void TestReviewWorkflow::unknownProposalsAndArticlesAreNotFound()
{
    auto proposal = wf().approve(as("cora"), u"PR-99"_s, 1, u"ok"_s);
    QVERIFY(!proposal);
    QCOMPARE(proposal.refusal().kind, Refusal::NotFound);
    QCOMPARE(proposal.refusal().message, u"no proposal PR-99"_s);
    auto article = wf().retire(as("cora"), u"EXP-99"_s, 1, u"old"_s);
    QVERIFY(!article);
    QCOMPARE(article.refusal().kind, Refusal::NotFound);
    QCOMPARE(wf().supersede(as("cora"), u"KB-12"_s, u"PR-99"_s, 1, u"x"_s).refusal().kind,
             Refusal::NotFound);
}

void TestReviewWorkflow::supersedeNeedsAnApprovedProposalOfThatArticle()
{
    auto pending = wf().supersede(as("cora"), u"KB-12"_s, u"PR-5"_s, 1, u"5.x"_s);
    QVERIFY(!pending);
    QCOMPARE(pending.refusal().kind, Refusal::Invalid);
    QVERIFY2(pending.refusal().message.contains(u"PR-5 is not approved yet: waiting for a curator "
                                                "and a domain owner of data"_s),
             qPrintable(pending.refusal().message));
    auto other = wf().supersede(as("cora"), u"EXP-2"_s, u"PR-5"_s, 1, u"x"_s);
    QVERIFY(!other);
    QCOMPARE(other.refusal().message, u"PR-5 revises KB-12, not EXP-2"_s);
    QCOMPARE(m_f->activeRevision(u"KB-12"_s), 1);
}

void TestReviewWorkflow::retireNeedsAnActiveRevision()
{
    auto done = wf().retire(as("dora"), u"KB-30"_s, 1, u"old"_s);
    QVERIFY(!done);
    QCOMPARE(done.refusal().kind, Refusal::Invalid);
    QCOMPARE(done.refusal().message, u"KB-30 has no active revision; nothing to retire"_s);
}

void TestReviewWorkflow::aReasonIsRequired()
{
    auto done = wf().approve(as("cora"), u"PR-1"_s, 1, u"  "_s);
    QVERIFY(!done);
    QCOMPARE(done.refusal().kind, Refusal::Invalid);
    QCOMPARE(m_f->version(u"PR-1"_s), 1);
}

QTEST_GUILESS_MAIN(TestReviewWorkflow)
#include "tst_reviewworkflow.moc"
