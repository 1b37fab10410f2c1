// Review workflow: edits (sticky and outdated approvals), proof levels and
// optimistic concurrency.

#include "EditRules.h"
#include "ReviewFixture.h"
#include "ReviewRules.h"
#include "Statement.h"

using namespace cw;
using namespace cw::test;

class TestReviewEdits : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void theEditRuleIsWrittenDownOnceAndReadable();
    void substantiveEditOutdatesEarlierApprovals_data();
    void substantiveEditOutdatesEarlierApprovals();
    void cosmeticEditKeepsApprovals();
    void outdatedApprovalNeedsToBeGivenAgain();
    void substantiveEditOfAnApprovedProposalNeedsBothSignOffsAgain();
    void editThatChangesNothingIsRefused();
    void editByAnyoneElseIsForbidden();
    void approvalCannotRaiseTheProofLevelAboveTheEvidence();
    void approvalOfExecutedNeedsALinkedProofRecord();
    void editMayLowerTheProofLevelButNotRaiseItPastTheEvidence();
    void staleVersionIsRefusedNamingWhoAndWhen();
    void staleVersionOnRetireAndSupersedeNamesTheChange();
    void versionThatDoesNotExistYetIsAConflict();
    void everyChangeBumpsTheVersionAndStampsWhoAndWhen();

private:
    std::unique_ptr<ReviewFixture> m_f;
    ReviewWorkflow &wf() { return *m_f->workflow; }
    Actor as(const char *id) { return m_f->as(QString::fromLatin1(id)); }
    QStringList outdatedReasons() const;
};

void TestReviewEdits::init()
{
    m_f = std::make_unique<ReviewFixture>();
    QVERIFY2(m_f->ok(), qPrintable(m_f->error));
}

void TestReviewEdits::cleanup()
{
    m_f.reset();
}

QStringList TestReviewEdits::outdatedReasons() const
{
    QStringList reasons;
    Statement s =
        // Not the reviews behind the demo's published EXP-2 (PR-0).
        m_f->db->prepare("SELECT coalesce(outdated_reason, '-') FROM reviews WHERE revision_id "
                         "NOT IN (SELECT revision_id FROM proposals WHERE id = 'PR-0') "
                         "ORDER BY id");
    while (true) {
        auto row = s.step();
        if (!row || !*row)
            break;
        reasons.append(s.text(0));
    }
    return reasons;
}

void TestReviewEdits::theEditRuleIsWrittenDownOnceAndReadable()
{
    using W = EditRules::Weight;
    for (const char *key : {"outcome", "mechanism", "method", "route", "limits", "proof_level",
                            "product_scope", "source_case", "synopsis"})
        QVERIFY2(EditRules::weightOf(QString::fromLatin1(key)) == W::Substantive, key);
    QVERIFY(EditRules::weightOf(u"title"_s) == W::Cosmetic);
    QVERIFY(EditRules::weightOf(u"tags"_s) == W::Cosmetic);
    QVERIFY(EditRules::weightOf(u"something new"_s) == W::Substantive);
    const QString text = EditRules::description();
    QVERIFY2(text.contains(u"outcome"_s) && text.contains(u"title wording or tags is cosmetic"_s),
             qPrintable(text));
}

void TestReviewEdits::substantiveEditOutdatesEarlierApprovals_data()
{
    QTest::addColumn<QString>("field");
    QTest::newRow("outcome") << u"outcome"_s;
    QTest::newRow("mechanism") << u"mechanism"_s;
    QTest::newRow("method") << u"method"_s;
    QTest::newRow("route") << u"route"_s;
    QTest::newRow("limits") << u"limits"_s;
    QTest::newRow("proof level") << u"proof level"_s;
    QTest::newRow("product scope") << u"product scope"_s;
    QTest::newRow("synopsis") << u"synopsis"_s;
}

void TestReviewEdits::substantiveEditOutdatesEarlierApprovals()
{
    QFETCH(QString, field);
    ProposalEdit e;
    const QString text = u"changed "_s + field;
    if (field == "outcome"_L1)
        e.outcome = text;
    else if (field == "mechanism"_L1)
        e.mechanism = text;
    else if (field == "method"_L1)
        e.method = text;
    else if (field == "route"_L1)
        e.route = text;
    else if (field == "limits"_L1)
        e.limits = text;
    else if (field == "proof level"_L1)
        e.proofLevel = u"executed"_s;
    else if (field == "product scope"_L1)
        e.productVersions = u">=4.0 <6.0"_s;
    else
        e.synopsis = text;
    QVERIFY(wf().approve(as("cora"), u"PR-1"_s, 1, u"ok"_s));
    m_f->clock.advance(120);
    auto done = wf().edit(as("dora"), u"PR-1"_s, 2, e, u"correction"_s);
    QVERIFY2(done, qPrintable(done.error()));
    QVERIFY(done->approvalsOutdated);
    QCOMPARE(outdatedReasons(),
             QStringList{u"substantive edit of %1 by dora at 2026-04-10T09:02:00Z"_s.arg(field)});
    QVERIFY(!done->approvals[0].isCurrentApproval());
}

void TestReviewEdits::cosmeticEditKeepsApprovals()
{
    QVERIFY(wf().approve(as("cora"), u"PR-1"_s, 1, u"ok"_s));
    ProposalEdit e;
    e.title = u"Register row absent after the period close"_s;
    e.tags = QStringList{u"register"_s, u"period-close"_s, u"march"_s};
    auto done = wf().edit(as("dora"), u"PR-1"_s, 2, e, u"wording"_s);
    QVERIFY2(done, qPrintable(done.error()));
    QVERIFY(!done->approvalsOutdated);
    QCOMPARE(done->changedFields, QStringList({u"title"_s, u"tags"_s}));
    QVERIFY2(done->summary.contains(u"cosmetic"_s), qPrintable(done->summary));
    QCOMPARE(outdatedReasons(), QStringList{u"-"_s});
    auto owner = wf().approve(as("dora"), u"PR-1"_s, 3, u"owner ok"_s);
    QVERIFY2(owner, qPrintable(owner.error()));
    QCOMPARE(owner->revision.state, u"active"_s);
    QCOMPARE(m_f->text("SELECT group_concat(tag, ',') FROM (SELECT tag FROM revision_tags t JOIN "
                       "proposals p ON p.revision_id = t.revision_id WHERE p.id = 'PR-1' AND "
                       "t.kind = 'tag' ORDER BY t.rowid) AS t"),
             u"register,period-close,march"_s);
}

void TestReviewEdits::outdatedApprovalNeedsToBeGivenAgain()
{
    QVERIFY(wf().approve(as("cora"), u"PR-1"_s, 1, u"ok"_s));
    ProposalEdit e;
    e.outcome = u"Row recreated; statement reconciled the next day"_s;
    QVERIFY(wf().edit(as("dora"), u"PR-1"_s, 2, e, u"more precise"_s));
    auto owner = wf().approve(as("dora"), u"PR-1"_s, 3, u"owner ok"_s);
    QVERIFY2(owner, qPrintable(owner.error()));
    QCOMPARE(owner->revision.state, u"proposed"_s);
    QVERIFY2(owner->summary.contains(u"waiting for a curator"_s), qPrintable(owner->summary));
    auto curator = wf().approve(as("cora"), u"PR-1"_s, 4, u"still ok"_s);
    QVERIFY2(curator, qPrintable(curator.error()));
    QCOMPARE(curator->revision.state, u"active"_s);
    auto approvals = wf().approvals(u"PR-1"_s);
    QVERIFY(approvals);
    QCOMPARE(approvals->size(), 3);
    QVERIFY(approvals->at(0).outdated);
    QVERIFY(!approvals->at(1).outdated && !approvals->at(2).outdated);
}

void TestReviewEdits::substantiveEditOfAnApprovedProposalNeedsBothSignOffsAgain()
{
    QVERIFY(m_f->approveByBoth(u"PR-5"_s));
    QCOMPARE(m_f->status(u"PR-5"_s), u"approved"_s);
    ProposalEdit e;
    e.limits = u"5.0 and 5.1 only"_s;
    auto done = wf().edit(as("cora"), u"PR-5"_s, 3, e, u"narrower"_s);
    QVERIFY2(done, qPrintable(done.error()));
    QCOMPARE(done->proposalStatus, u"pending"_s);
    QCOMPARE(done->revision.state, u"proposed"_s);
    QVERIFY(!wf().supersede(as("cora"), u"KB-12"_s, u"PR-5"_s, 1, u"5.x"_s));
    QCOMPARE(m_f->activeRevision(u"KB-12"_s), 1);
}

void TestReviewEdits::editThatChangesNothingIsRefused()
{
    ProposalEdit e;
    e.route = u"data-investigation"_s;
    auto done = wf().edit(as("cora"), u"PR-1"_s, 1, e, u"no-op"_s);
    QVERIFY(!done);
    QCOMPARE(done.refusal().kind, Refusal::Invalid);
    QCOMPARE(done.refusal().message, u"PR-1: the edit changes nothing"_s);
    e.proofLevel = u"certain"_s;
    QCOMPARE(wf().edit(as("cora"), u"PR-1"_s, 1, e, u"x"_s).refusal().kind, Refusal::Invalid);
}

void TestReviewEdits::editByAnyoneElseIsForbidden()
{
    ProposalEdit e;
    e.title = u"Better title"_s;
    auto done = wf().edit(as("ana"), u"PR-1"_s, 1, e, u"tidy"_s);
    QVERIFY(!done);
    QCOMPARE(done.refusal().kind, Refusal::Forbidden);
    QVERIFY2(done.refusal().message.contains(u"only its proposer (agent-data)"_s),
             qPrintable(done.refusal().message));
    QCOMPARE(wf().edit(as("owen"), u"PR-1"_s, 1, e, u"tidy"_s).refusal().kind, Refusal::Forbidden);
}

void TestReviewEdits::approvalCannotRaiseTheProofLevelAboveTheEvidence()
{
    QCOMPARE(m_f->ingest({proposalRecord(u"PR-7"_s, u"verified"_s, {u"P-3"_s})}), QString());
    auto done = wf().approve(as("cora"), u"PR-7"_s, 1, u"ok"_s);
    QVERIFY(!done);
    QCOMPARE(done.refusal().kind, Refusal::Invalid);
    QCOMPARE(done.refusal().message,
             u"PR-7 claims verified but its linked proofs are P-3 (unverified), which support at "
             "most executed; correct the proof level first"_s);
    QCOMPARE(m_f->text("SELECT count(*) FROM reviews v JOIN proposals p ON p.revision_id = "
                       "v.revision_id WHERE p.id = 'PR-7'"),
             u"0"_s);
    ProposalEdit lower;
    lower.proofLevel = u"executed"_s;
    QVERIFY(wf().edit(as("cora"), u"PR-7"_s, 1, lower, u"only executed"_s));
    auto both = m_f->approveByBoth(u"PR-7"_s);
    QVERIFY2(both, qPrintable(both.error()));
    QCOMPARE(both->revision.state, u"active"_s);
}

void TestReviewEdits::approvalOfExecutedNeedsALinkedProofRecord()
{
    QCOMPARE(m_f->ingest({proposalRecord(u"PR-7"_s, u"executed"_s, {})}), QString());
    auto done = wf().approve(as("dora"), u"PR-7"_s, 1, u"ok"_s);
    QVERIFY(!done);
    QVERIFY2(done.refusal().message.contains(u"PR-7 claims executed but it links no proof "
                                             "records"_s),
             qPrintable(done.refusal().message));
}

void TestReviewEdits::editMayLowerTheProofLevelButNotRaiseItPastTheEvidence()
{
    // PR-2 claims executed; its only linked proof P-2 is unverified.
    ProposalEdit raise;
    raise.proofLevel = u"verified"_s;
    auto refused = wf().edit(as("cora"), u"PR-2"_s, 1, raise, u"it worked"_s);
    QVERIFY(!refused);
    QCOMPARE(refused.refusal().message,
             u"PR-2 would claim verified but its linked proofs are P-2 (unverified), which "
             "support at most executed; correct the proof level first"_s);
    QCOMPARE(refused.refusal().keptReason, u"it worked"_s);
    ProposalEdit lower;
    lower.proofLevel = u"proposed"_s;
    QVERIFY(wf().edit(as("cora"), u"PR-2"_s, 1, lower, u"not shown"_s));
    ProposalEdit back;
    back.proofLevel = u"executed"_s;
    QVERIFY(wf().edit(as("cora"), u"PR-2"_s, 2, back, u"the log shows it ran"_s));
    QCOMPARE(m_f->version(u"PR-2"_s), 3);
}

void TestReviewEdits::staleVersionIsRefusedNamingWhoAndWhen()
{
    QVERIFY(wf().approve(as("cora"), u"PR-1"_s, 1, u"ok"_s));
    const qint64 reviews = m_f->rows("reviews");
    const qint64 audit = m_f->rows("audit");
    m_f->clock.advance(30);
    auto done = wf().approve(as("dora"), u"PR-1"_s, 1, u"my careful reasoning"_s);
    QVERIFY(!done);
    QCOMPARE(done.refusal().kind, Refusal::Conflict);
    QVERIFY2(done.refusal().message.startsWith(u"PR-1 changed since version 1: cora approved it "
                                               "at 2026-04-10T09:00:00Z (now version 2)"_s),
             qPrintable(done.refusal().message));
    QCOMPARE(done.refusal().keptReason, u"my careful reasoning"_s);
    QCOMPARE(m_f->rows("reviews"), reviews);
    QCOMPARE(m_f->rows("audit"), audit);
    QCOMPARE(m_f->version(u"PR-1"_s), 2);
    // Two changes later, the latest one is named and the count given.
    ProposalEdit e;
    e.title = u"New title"_s;
    QVERIFY(wf().edit(m_f->adminAs(u"dora"_s), u"PR-1"_s, 2, e, u"title"_s));
    auto older = wf().reject(m_f->studioCurator(), u"PR-1"_s, 1, u"no"_s);
    QVERIFY2(older.refusal().message.contains(u"dora (via admin) edited it at "
                                              "2026-04-10T09:00:30Z (now version 3; 2 changes "
                                              "since"_s),
             qPrintable(older.refusal().message));
}

void TestReviewEdits::staleVersionOnRetireAndSupersedeNamesTheChange()
{
    QVERIFY(m_f->approveByBoth(u"PR-5"_s));
    QVERIFY(wf().supersede(as("cora"), u"KB-12"_s, u"PR-5"_s, 1, u"5.x"_s));
    // KB-12 revision 2 is now active at version 4 (two approvals, publish).
    auto retire = wf().retire(as("dora"), u"KB-12"_s, 3, u"obsolete"_s);
    QVERIFY(!retire);
    QCOMPARE(retire.refusal().kind, Refusal::Conflict);
    QVERIFY2(retire.refusal().message.startsWith(u"KB-12 revision 2 changed since version 3: cora "
                                                 "published it at"_s),
             qPrintable(retire.refusal().message));
    QVERIFY(wf().retire(as("dora"), u"KB-12"_s, 4, u"obsolete"_s));
    QCOMPARE(m_f->activeVersion(u"KB-12"_s), -1);
}

void TestReviewEdits::versionThatDoesNotExistYetIsAConflict()
{
    auto done = wf().approve(as("cora"), u"PR-1"_s, 7, u"ok"_s);
    QVERIFY(!done);
    QCOMPARE(done.refusal().kind, Refusal::Conflict);
    QCOMPARE(done.refusal().message, u"PR-1 has no version 7; it is at version 1"_s);
}

void TestReviewEdits::everyChangeBumpsTheVersionAndStampsWhoAndWhen()
{
    QVERIFY(wf().returnProposal(as("cora"), u"PR-2"_s, 1, u"say which job"_s));
    m_f->clock.advance(600);
    ProposalEdit e;
    e.method = u"Check renewal_job.include_family_members"_s;
    QVERIFY(wf().edit(as("agent-data"), u"PR-2"_s, 2, e, u"named the job"_s));
    QCOMPARE(m_f->version(u"PR-2"_s), 3);
    QCOMPARE(m_f->text("SELECT updated_by || ' ' || updated_at FROM revisions r JOIN proposals p "
                       "ON p.revision_id = r.id WHERE p.id = 'PR-2'"),
             u"agent-data 2026-04-10T09:10:00Z"_s);
    QCOMPARE(m_f->text("SELECT group_concat(action || ':' || from_version || '>' || to_version, "
                       "' ') FROM audit WHERE subject = 'PR-2' AND action <> 'ingest-proposal'"),
             u"return:1>2 edit:2>3"_s);
}

QTEST_GUILESS_MAIN(TestReviewEdits)
#include "tst_reviewedits.moc"
