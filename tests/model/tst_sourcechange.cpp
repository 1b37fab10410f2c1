// Source change and retention (issue 17): an article whose source case
// changes in a way that matters is flagged source-changed in retrieval and
// due for its owner until re-verified or retired; retention applies the
// database's setting with the erasure's rules.

#include "Erasure.h"
#include "OutboxStore.h"
#include "OwnedArticles.h"
#include "ProjectionVerify.h"
#include "Projector.h"
#include "Retention.h"
#include "RetrievalEngine.h"
#include "ReviewFixture.h"
#include "SourceChanges.h"

using namespace cw;
using namespace cw::test;

namespace {

const QString Case = u"studio/servicedesk/SD-1598"_s;

} // namespace

class TestSourceChange : public QObject
{
    Q_OBJECT

    std::unique_ptr<ReviewFixture> f;
    QString m_ref;

    Candidate candidate()
    {
        RetrievalRequest request;
        request.strategy = u"data-investigation"_s;
        request.refs = {m_ref};
        request.text = u"register"_s;
        auto ran = RetrievalEngine(*f->db, f->clock).run(f->as(u"admin"_s), request);
        if (!ran)
            return {};
        for (const Candidate &c : ran->candidates) {
            if (c.ref == m_ref)
                return c;
        }
        return {};
    }

    QString dueReason()
    {
        auto owned = OwnedArticles(*f->db, f->clock.now()).inDomains({u"data"_s});
        if (!owned)
            return owned.error();
        for (const OwnedArticle &a : *owned) {
            if (a.ref == m_ref)
                return a.due ? a.dueReason : QString();
        }
        return u"<not listed>"_s;
    }

    QString ingest(const QJsonObject &record) { return f->ingest({record}); }

    QJsonObject failedProof() const
    {
        return {{u"type"_s, u"proof"_s},
                {u"case"_s, Case},
                {u"id"_s, u"P-8"_s},
                {u"kind"_s, u"verification"_s},
                {u"title"_s, u"Re-check"_s},
                {u"content_type"_s, u"log"_s},
                {u"content"_s, u"mismatch"_s},
                {u"result"_s, u"failed"_s},
                {u"captured_at"_s, u"2026-04-09T10:00:00Z"_s}};
    }

private Q_SLOTS:
    void init()
    {
        f = std::make_unique<ReviewFixture>();
        QVERIFY2(f->ok(), qPrintable(f->error));
        auto approved = f->approveByBoth(u"PR-1"_s);
        QVERIFY2(approved, qPrintable(approved.error()));
        m_ref = approved->articleRef;
        auto projected = Projector(*f->db, f->clock).run();
        QVERIFY2(projected, qPrintable(projected.error()));
        QVERIFY(!candidate().ref.isEmpty());
        QVERIFY(!candidate().flags.contains(u"source-changed"_s));
    }

    void aNewFailedProofFlagsTheArticleUntilItsOwnerReverifies()
    {
        QCOMPARE(ingest(failedProof()), QString());
        const Candidate flagged = candidate();
        QVERIFY(flagged.flags.contains(u"source-changed"_s));
        QCOMPARE(flagged.sourceChanges,
                 QStringList{u"a new proof record of the source case failed"_s});
        QVERIFY(dueReason().contains(u"source changed: a new proof record"_s));

        // Re-verification: the domain owner, with a reason; audit and outbox.
        const auto head = OutboxStore(*f->db).head();
        auto done = SourceChanges(*f->db, f->clock)
                        .reverify(f->as(u"dora"_s), m_ref, u"re-ran the check; still holds"_s);
        QVERIFY2(done, qPrintable(done.error()));
        QCOMPARE(done->cleared.size(), 1);
        QCOMPARE(done->cleared.first().change, u"proof-failed"_s);
        QCOMPARE(
            f->text("SELECT event FROM outbox WHERE seq = ?1", QString::number(done->outboxEvent)),
            u"revision-corrected"_s);
        QVERIFY(done->outboxEvent > *head);
        QCOMPARE(f->text("SELECT principal || ' ' || reason FROM audit WHERE action = 'reverify'"),
                 u"dora re-ran the check; still holds"_s);
        QVERIFY(!candidate().flags.contains(u"source-changed"_s));
        QVERIFY(!dueReason().contains(u"source changed"_s));
        // The projector applies the event; the projection still equals a rebuild.
        QVERIFY(Projector(*f->db, f->clock).run());
        auto verified = ProjectionVerify(*f->db).verify();
        QVERIFY(verified && verified->identical());
    }

    void reopeningTheCaseOrChangingItsDispositionFlagsTheArticle()
    {
        QCOMPARE(ingest({{u"type"_s, u"case_update"_s},
                         {u"case"_s, Case},
                         {u"status"_s, u"open"_s},
                         {u"disposition"_s, u"workaround"_s},
                         {u"at"_s, u"2026-04-09T12:00:00Z"_s}}),
                 QString());
        const QStringList changes = candidate().sourceChanges;
        QVERIFY2(changes.contains(u"the source case was reopened"_s),
                 qPrintable(changes.join(u'|')));
        QVERIFY(changes.contains(u"the source case's disposition changed"_s));
    }

    void retiringIsTheOtherWayBack()
    {
        QCOMPARE(ingest(failedProof()), QString());
        QVERIFY(!dueReason().isEmpty());
        auto retired = f->workflow->retire(f->as(u"dora"_s), m_ref, f->activeVersion(m_ref),
                                           u"no longer holds"_s);
        QVERIFY2(retired, qPrintable(retired.error()));
        QCOMPARE(dueReason(), u"<not listed>"_s);
    }

    void onlyTheDomainOwnersAndAdminsMayReverify()
    {
        QCOMPARE(ingest(failedProof()), QString());
        for (const QString &who : {u"ana"_s, u"cora"_s, u"owen"_s}) {
            auto refused = SourceChanges(*f->db, f->clock).reverify(f->as(who), m_ref, u"ok"_s);
            QVERIFY(!refused);
            QCOMPARE(refused.refusal().kind, Refusal::Forbidden);
        }
        auto byAdminAsAna =
            SourceChanges(*f->db, f->clock).reverify(f->adminAs(u"ana"_s), m_ref, u"ok"_s);
        QVERIFY2(!byAdminAsAna, "an admin acting as an analyst has the analyst's rights");
        QVERIFY(candidate().flags.contains(u"source-changed"_s));
        auto byAdmin = SourceChanges(*f->db, f->clock).reverify(f->as(u"admin"_s), m_ref, u"ok"_s);
        QVERIFY2(byAdmin, qPrintable(byAdmin.error()));
        auto again = SourceChanges(*f->db, f->clock).reverify(f->as(u"admin"_s), m_ref, u"ok"_s);
        QVERIFY2(!again, "nothing open: refused, nothing written");
        QCOMPARE(again.refusal().kind, Refusal::Invalid);
    }

    void retentionDryRunListsAndTheRunApplies()
    {
        RetrievalRequest request;
        request.strategy = u"data-investigation"_s;
        request.text = u"register row"_s;
        auto ran = RetrievalEngine(*f->db, f->clock).run(f->as(u"ana"_s), request);
        QVERIFY2(ran, qPrintable(ran.error()));
        Retention retention(*f->db, f->clock);
        auto refused = retention.change(f->as(u"cora"_s), {u"memory-use-days=30"_s}, u"x"_s);
        QVERIFY(!refused);
        QCOMPARE(refused.refusal().kind, Refusal::Forbidden);
        auto bad = retention.change(f->as(u"admin"_s), {u"memory-use-days=soon"_s}, u"x"_s);
        QVERIFY(!bad);
        QVERIFY2(bad.refusal().message.contains(u"memory-use-days"_s), qPrintable(bad.error()));
        auto set = retention.change(
            f->as(u"admin"_s), {u"memory-use-days=30"_s, u"closed-case-days=60"_s}, u"policy"_s);
        QVERIFY2(set, qPrintable(set.error()));
        QCOMPARE(*RetentionSettings::read(*f->db)->memoryUseDays, 30);

        f->clock.advance(qint64(90) * 24 * 3600); // the retrieval and SD-1598's close are old now
        const qint64 closed = f->number(
            "SELECT count(*) FROM cases WHERE status IN ('completed','cancelled') AND updated_at < "
            "?1",
            Clock::format(f->clock.now().addDays(-60)));
        QVERIFY(closed > 0);
        auto dry = retention.apply(f->as(u"admin"_s), u"nightly"_s, true);
        QVERIFY2(dry, qPrintable(dry.error()));
        QCOMPARE(dry->report.count(u"cases"_s), closed);
        QCOMPARE(dry->report.count(u"memory_use_expired"_s), f->rows("memory_use"));
        QCOMPARE(f->number("SELECT count(*) FROM cases WHERE source_request = 'SD-1598'"), 1);

        auto refusedRun = retention.apply(f->as(u"ana"_s), u"x"_s, false);
        QVERIFY(!refusedRun);
        auto run = retention.apply(f->as(u"admin"_s), u"nightly"_s, false);
        QVERIFY2(run, qPrintable(run.error()));
        QCOMPARE(f->number("SELECT count(*) FROM cases WHERE source_request = 'SD-1598'"), 0);
        QCOMPARE(f->text("SELECT inputs FROM memory_use WHERE id = ?1",
                         QString::number(ran->memoryUseId)),
                 u"{\"erased\":\"[erased]\"}"_s);
        QCOMPARE(f->number("SELECT count(*) FROM audit WHERE action = 'retain'"), 1);
        QVERIFY(candidate().flags.contains(u"source-changed"_s));
        auto verified = ProjectionVerify(*f->db).verify();
        QVERIFY(verified && verified->identical());
        auto again = retention.apply(f->as(u"admin"_s), u"nightly"_s, true);
        QVERIFY(again);
        QCOMPARE(again->report.count(u"memory_use_expired"_s), 0);
    }
};

QTEST_GUILESS_MAIN(TestSourceChange)
#include "tst_sourcechange.moc"
