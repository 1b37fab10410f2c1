// Erasure of a case or a tenant (issue 17): the dependency report, the purge
// of everything derived, the raw bytes of the files, the refusals, and
// all-or-nothing under SIGKILL.

#include "Erasure.h"
#include "OwnedArticles.h"
#include "ProjectionVerify.h"
#include "Projector.h"
#include "RetrievalEngine.h"
#include "ReviewFixture.h"
#include "Verdicts.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QThread>

using namespace cw;
using namespace cw::test;

namespace {

constexpr const char *ChildDatabase = "CW_ERASURE_CHILD_DB";
constexpr const char *ChildPauseAt = "CW_ERASURE_CHILD_PAUSE";
const QString Case = u"studio/servicedesk/SD-1598"_s;
const QByteArray Token = "QUOKKAZEBRA7731";

qint64 occurrences(const QString &path, const QByteArray &needle)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return 0; // a file that is not there holds nothing
    return file.readAll().count(needle);
}

} // namespace

class TestErasure : public QObject
{
    Q_OBJECT

    std::unique_ptr<ReviewFixture> f;
    std::int64_t m_useId = 0;
    QString m_ref; // the article derived from the case (PR-1, approved)

    // The token in the case body (a new source revision), a proof record and
    // the text of a retrieval that names the case; a verdict on it.
    void seed()
    {
        const QString token = QString::fromLatin1(Token);
        QCOMPARE(f->ingest({QJsonObject({{u"type"_s, u"arrival"_s},
                                         {u"tenant"_s, u"studio"_s},
                                         {u"source_system"_s, u"servicedesk"_s},
                                         {u"source_request"_s, u"SD-1598"_s},
                                         {u"source_revision"_s, u"3"_s},
                                         {u"delivery_id"_s, u"d-1598-9"_s},
                                         {u"received_at"_s, u"2026-03-04T09:00:00Z"_s},
                                         {u"title"_s, u"Register row missing"_s},
                                         {u"body"_s, QString(u"customer note "_s + token)}}),
                            QJsonObject({{u"type"_s, u"proof"_s},
                                         {u"case"_s, Case},
                                         {u"id"_s, u"P-9"_s},
                                         {u"kind"_s, u"log"_s},
                                         {u"title"_s, u"Extra log"_s},
                                         {u"content_type"_s, u"log"_s},
                                         {u"content"_s, QString(u"trace line "_s + token)},
                                         {u"result"_s, u"verified"_s},
                                         {u"captured_at"_s, u"2026-03-04T10:00:00Z"_s}})}),
                 QString());
        // PR-1 (from the case) approved and active: an article derived from it.
        auto approved = f->approveByBoth(u"PR-1"_s);
        QVERIFY2(approved, qPrintable(approved.error()));
        m_ref = approved->articleRef;
        auto projected = Projector(*f->db, f->clock).run();
        QVERIFY2(projected, qPrintable(projected.error()));
        RetrievalRequest request;
        request.strategy = u"data-investigation"_s;
        request.caseRef = Case;
        request.text = u"register row "_s + token;
        auto ran = RetrievalEngine(*f->db, f->clock).run(f->as(u"ana"_s), request);
        QVERIFY2(ran, qPrintable(ran.error()));
        m_useId = ran->memoryUseId;
        QVERIFY(!ran->candidates.isEmpty());
        const Candidate &first = ran->candidates.first();
        auto verdict = Verdicts(*f->db, f->clock)
                           .record(f->as(u"ana"_s), m_useId, first.ref, first.revision,
                                   u"applies"_s, u"it fit"_s);
        QVERIFY2(verdict, qPrintable(verdict.error()));
        // A judged set whose query is about the case (and quotes the token),
        // another set that does not name it, with one run whose ranked list
        // does and one whose list does not.
        QVERIFY(f->db->execScript(
            "INSERT INTO eval_sets VALUES ('erase-me', 'About the case', 'h1', "
            "'{\"queries\":[{\"id\":\"q1\",\"case\":\"studio/servicedesk/SD-1598\","
            "\"text\":\"register row QUOKKAZEBRA7731\"}]}', 1, 0, '2026-03-04T10:00:00Z', "
            "'admin');"
            "INSERT INTO eval_sets VALUES ('keep-me', 'Renewals', 'h2', "
            "'{\"queries\":[{\"id\":\"q1\",\"text\":\"renewals\"}]}', 1, 0, "
            "'2026-03-04T10:00:00Z', 'admin');"
            "INSERT INTO eval_runs VALUES (1, 'keep-me', 'h2', 'data-investigation@1', 's', 10, 1, "
            "'p', 'sig', '2026-03-04T10:00:00Z', 'admin', 'admin', '{}', '{}', "
            "'[{\"id\":\"q1\",\"candidates\":[\"studio/servicedesk/SD-1598@2\"]}]');"
            "INSERT INTO eval_runs VALUES (2, 'keep-me', 'h2', 'data-investigation@1', 's', 10, 1, "
            "'p', 'sig', '2026-03-04T10:00:00Z', 'admin', 'admin', '{}', '{}', "
            "'[{\"id\":\"q1\",\"candidates\":[\"EXP-2@1\"]}]');"));
    }

    Refusable<ErasureOutcome> erase(const Actor &actor, bool dryRun = false)
    {
        return Erasure(*f->db, f->clock).eraseCase(actor, Case, u"customer asked"_s, dryRun);
    }

    qint64 caseRows() const
    {
        return f->number("SELECT count(*) FROM cases WHERE source_request = 'SD-1598'");
    }

    void verifyProjection()
    {
        auto verified = ProjectionVerify(*f->db).verify();
        QVERIFY2(verified, qPrintable(verified.error()));
        QVERIFY2(verified->identical(), qPrintable(verified->differences.isEmpty()
                                                       ? QString()
                                                       : verified->differences.first().toText()));
    }

    void addPrincipal(const QString &id, const QStringList &roles, const QStringList &tenants)
    {
        QCOMPARE(f->ingest({QJsonObject({{u"type"_s, u"principal"_s},
                                         {u"id"_s, id},
                                         {u"name"_s, id},
                                         {u"roles"_s, QJsonArray::fromStringList(roles)},
                                         {u"tenants"_s, QJsonArray::fromStringList(tenants)},
                                         {u"domains"_s, QJsonArray()}})}),
                 QString());
    }

private Q_SLOTS:
    void init()
    {
        if (qEnvironmentVariableIsSet(ChildDatabase))
            return;
        f = std::make_unique<ReviewFixture>();
        QVERIFY2(f->ok(), qPrintable(f->error));
        seed();
    }

    void dryRunReportListsEveryKindOfDependentAndChangesNothing()
    {
        const qint64 arrivals = f->rows("arrivals");
        auto outcome = erase(f->as(u"admin"_s), true);
        QVERIFY2(outcome, qPrintable(outcome.error()));
        const DependencyReport &r = outcome->report;
        QCOMPARE(r.scope, u"case"_s);
        QCOMPARE(r.subject, Case);
        QCOMPARE(r.count(u"cases"_s), 1);
        QCOMPARE(r.count(u"arrivals"_s), 4);
        QCOMPARE(r.count(u"proof_records"_s), 4);
        QCOMPARE(r.count(u"grants"_s), 1); // owen's
        QCOMPARE(r.count(u"proposals_withdrawn"_s), 1);
        QCOMPARE(r.count(u"proposals_published"_s), 1);
        QCOMPARE(r.count(u"revisions_derived"_s), 1);
        QCOMPARE(r.count(u"projection_rows"_s), 1);
        QCOMPARE(r.count(u"memory_use"_s), 1);
        for (const DependencySection &s : r.sections) {
            if (s.name == u"evaluation"_s) {
                // The demo's own query set names the case too.
                QVERIFY(s.items.contains(u"query set erase-me"_s));
                QVERIFY(s.items.contains(u"run 1"_s));
                QVERIFY(!s.items.contains(u"query set keep-me"_s));
                QVERIFY(!s.items.contains(u"run 2"_s));
            }
            if (s.name == u"proposals_withdrawn"_s)
                QCOMPARE(s.items, QStringList{u"PR-5 (pending)"_s});
            if (s.name == u"proposals_published"_s)
                QCOMPARE(s.items, QStringList{u"PR-1"_s});
            if (s.name == u"revisions_derived"_s)
                QCOMPARE(s.items, QStringList{m_ref + u"@1 active"_s});
            if (s.name == u"memory_use"_s)
                QCOMPARE(s.items, QStringList{u"memory use %1"_s.arg(m_useId)});
            QCOMPARE(s.count, qint64(s.items.size()));
        }
        QVERIFY(outcome->dryRun);
        QCOMPARE(caseRows(), 1);
        QCOMPARE(f->rows("arrivals"), arrivals);
        QCOMPARE(f->number("SELECT count(*) FROM audit WHERE action LIKE 'erase%'"), 0);
        QCOMPARE(f->rows("eval_runs"), 2);
    }

    void aRetrievalThatQuotesTheCaseWithoutNamingItIsScrubbedToo()
    {
        const QString title =
            f->text("SELECT title FROM cases WHERE source_request = ?1", u"SD-1598"_s);
        QVERIFY(title.size() >= 16);
        RetrievalRequest request;
        request.strategy = u"data-investigation"_s;
        request.text = u"customer wrote: "_s + title;
        auto ran = RetrievalEngine(*f->db, f->clock).run(f->as(u"ana"_s), request);
        QVERIFY2(ran, qPrintable(ran.error()));
        auto dry = erase(f->as(u"admin"_s), true);
        QVERIFY2(dry, qPrintable(dry.error()));
        QCOMPARE(dry->report.count(u"memory_use"_s), 2);
        auto done = erase(f->as(u"admin"_s));
        QVERIFY2(done, qPrintable(done.error()));
        const QString inputs = f->text("SELECT inputs FROM memory_use WHERE id = ?1",
                                       QString::number(ran->memoryUseId));
        QVERIFY2(!inputs.contains(title), qPrintable(inputs));
    }

    void eraseCaseDeletesTheEvaluationRecordsThatNameIt()
    {
        auto outcome = erase(f->as(u"admin"_s));
        QVERIFY2(outcome, qPrintable(outcome.error()));
        QCOMPARE(f->number("SELECT count(*) FROM eval_sets WHERE id = 'erase-me'"), 0);
        QCOMPARE(f->number("SELECT count(*) FROM eval_sets WHERE id = 'keep-me'"), 1);
        QCOMPARE(f->number("SELECT count(*) FROM eval_runs WHERE id = 1"), 0);
        QCOMPARE(f->number("SELECT count(*) FROM eval_runs WHERE id = 2"), 1);
    }

    void eraseCaseRemovesTheCaseAndPurgesWhatWasDerivedFromIt()
    {
        auto outcome = erase(f->as(u"admin"_s));
        QVERIFY2(outcome, qPrintable(outcome.error()));
        QVERIFY(!outcome->dryRun);
        QCOMPARE(caseRows(), 0);
        QCOMPARE(f->number("SELECT count(*) FROM arrivals WHERE delivery_id LIKE 'd-1598-%'"), 0);
        QCOMPARE(f->number("SELECT count(*) FROM proof_records WHERE content LIKE '%QUOKKA%'"), 0);
        QCOMPARE(f->number("SELECT count(*) FROM grants WHERE principal = 'owen'"), 0);
        QCOMPARE(f->number("SELECT count(*) FROM proposals WHERE id = 'PR-5'"), 0);
        QCOMPARE(
            f->text(
                "SELECT coalesce(CAST(case_id AS TEXT), 'null') FROM proposals WHERE id = 'PR-1'"),
            u"null"_s);
        QCOMPARE(f->number("SELECT count(*) FROM proposals WHERE case_id IS NOT NULL AND case_id "
                           "NOT IN (SELECT id FROM cases)"),
                 0);
        // The approved article keeps its pattern; its link reads erased and it is flagged.
        QCOMPARE(
            f->text(
                "SELECT r.state || ' ' || r.source_case_erased || ' ' || "
                "coalesce(CAST(r.source_case_id AS TEXT), 'null') FROM revisions r JOIN articles a "
                "ON a.id = r.article_id WHERE a.ref = ?1",
                m_ref),
            u"active 1 null"_s);
        QCOMPARE(f->text("SELECT change FROM revision_source_changes WHERE cleared_at IS NULL"),
                 u"case-erased"_s);
        auto owned = OwnedArticles(*f->db, f->clock.now()).inDomains({u"data"_s});
        QVERIFY(owned);
        bool due = false;
        for (const OwnedArticle &a : *owned)
            due = due ||
                  (a.ref == m_ref && a.due && a.dueReason.contains(u"source case was erased"_s));
        QVERIFY2(due, "the article is in its owner's due list with the reason");
        // Memory use: structure and verdicts kept, payload replaced.
        QCOMPARE(f->text("SELECT inputs FROM memory_use WHERE id = ?1", QString::number(m_useId)),
                 u"{\"erased\":\"[erased]\"}"_s);
        QVERIFY(f->number("SELECT json_array_length(candidates) FROM memory_use WHERE id = ?1",
                          QString::number(m_useId)) > 0);
        QCOMPARE(f->number("SELECT count(*) FROM memory_use_verdicts WHERE memory_use_id = ?1",
                           QString::number(m_useId)),
                 1);
        // The audit: who, when, why, the counts; nothing of the case.
        QCOMPARE(f->text("SELECT principal || ' ' || effective_principal || ' ' || action || ' ' "
                         "|| reason FROM audit WHERE action = 'erase-case'"),
                 u"admin admin erase-case customer asked"_s);
        QCOMPARE(f->text("SELECT subject FROM audit WHERE action = 'erase-case'"),
                 Erasure::subjectDigest(u"case"_s, Case));
        QCOMPARE(f->number("SELECT json_extract(details, '$.counts.arrivals') FROM audit WHERE "
                           "action = 'erase-case'"),
                 4);
        QCOMPARE(f->number("SELECT count(*) FROM audit WHERE instr(details, 'SD-1598') > 0 OR "
                           "instr(reason, 'SD-1598') > 0 OR instr(subject, 'SD-1598') > 0"),
                 0);
        verifyProjection();
        // No current candidate shows the erased case's handle.
        RetrievalRequest request;
        request.strategy = u"data-investigation"_s;
        request.text = u"register row"_s;
        auto ran = RetrievalEngine(*f->db, f->clock).run(f->as(u"admin"_s), request);
        QVERIFY2(ran, qPrintable(ran.error()));
        bool flagged = false;
        for (const Candidate &c : ran->candidates) {
            QVERIFY(c.sourceCase != Case);
            if (c.ref == m_ref) {
                flagged = c.flags.contains(u"source-changed"_s) && c.sourceCaseErased &&
                          c.sourceChanges == QStringList{u"the source case was erased"_s};
            }
        }
        QVERIFY2(flagged, "the article is returned flagged source-changed, its link erased");
    }

    void rawBytesOfTheFilesHoldNoTraceOfTheErasedCase()
    {
        if (f->db->isServer())
            QSKIP("a server's pages are the server's files: its VACUUM reclaims the rows "
                  "(docs/postgresql.md)");
        const QString path = f->db->path();
        const qint64 before = occurrences(path, Token) + occurrences(path + u"-wal"_s, Token);
        QVERIFY2(before >= 3, "the token is in the files before the erasure");
        auto outcome = erase(f->as(u"admin"_s));
        QVERIFY2(outcome, qPrintable(outcome.error()));
        QVERIFY2(outcome->checkpointed, "the WAL was truncated");
        QCOMPARE(occurrences(path, Token), 0);
        QCOMPARE(occurrences(path + u"-wal"_s, Token), 0);
        QCOMPARE(occurrences(path + u"-shm"_s, Token), 0);
        f->db.reset(); // closing checkpoints again; still nothing
        QCOMPARE(occurrences(path, Token), 0);
        QCOMPARE(occurrences(path + u"-wal"_s, Token), 0);
    }

    void nonAdminsMayNotEraseAndChangeNothing()
    {
        for (const QString &who : {u"cora"_s, u"dora"_s, u"ana"_s}) {
            auto refused = erase(f->as(who));
            QVERIFY(!refused);
            QCOMPARE(refused.refusal().kind, Refusal::Forbidden);
            QVERIFY(refused.refusal().message.contains(u"only admins"_s));
        }
        auto dry = erase(f->as(u"ana"_s), true);
        QVERIFY2(!dry,
                 "even the dry run is for admins: the report lists what a reader may not see");
        QCOMPARE(caseRows(), 1);
    }

    void anAdminActingAsANonAdminHasThatOnesRights()
    {
        auto refused = erase(f->adminAs(u"cora"_s));
        QVERIFY(!refused);
        QCOMPARE(refused.refusal().kind, Refusal::Forbidden);
        QCOMPARE(caseRows(), 1);
    }

    void anAdminOfAnotherTenantFindsNothingToErase()
    {
        addPrincipal(u"adam"_s, {u"admin"_s}, {u"northwind"_s});
        auto refused = erase(f->as(u"adam"_s));
        QVERIFY(!refused);
        QCOMPARE(refused.refusal().kind, Refusal::NotFound);
        auto tenant =
            Erasure(*f->db, f->clock).eraseTenant(f->as(u"adam"_s), u"studio"_s, u"x"_s, false);
        QVERIFY(!tenant);
        QCOMPARE(tenant.refusal().kind, Refusal::NotFound);
        QCOMPARE(caseRows(), 1);
    }

    void anAdminActingAsAnotherAdminIsRecordedAsBoth()
    {
        addPrincipal(u"ada"_s, {u"admin"_s}, {u"studio"_s});
        auto outcome = erase(f->adminAs(u"ada"_s));
        QVERIFY2(outcome, qPrintable(outcome.error()));
        QCOMPARE(f->text("SELECT principal || '/' || effective_principal FROM audit "
                         "WHERE action = 'erase-case'"),
                 u"admin/ada"_s);
    }

    void eraseTenantRemovesEveryCaseOfItAndTheTenant()
    {
        const qint64 studio = f->number("SELECT count(*) FROM cases WHERE tenant = 'studio'");
        auto dry = Erasure(*f->db, f->clock)
                       .eraseTenant(f->as(u"admin"_s), u"northwind"_s, u"offboarded"_s, true);
        QVERIFY2(dry, qPrintable(dry.error()));
        const qint64 northwind = f->number("SELECT count(*) FROM cases WHERE tenant = 'northwind'");
        QVERIFY(northwind > 0);
        QCOMPARE(dry->report.count(u"cases"_s), northwind);
        QCOMPARE(dry->report.count(u"tenant_readers"_s),
                 f->number("SELECT count(*) FROM principal_tenants WHERE tenant = 'northwind'"));
        auto outcome = Erasure(*f->db, f->clock)
                           .eraseTenant(f->as(u"admin"_s), u"northwind"_s, u"offboarded"_s, false);
        QVERIFY2(outcome, qPrintable(outcome.error()));
        QCOMPARE(f->number("SELECT count(*) FROM cases WHERE tenant = 'northwind'"), 0);
        QCOMPARE(f->number("SELECT count(*) FROM tenants WHERE id = 'northwind'"), 0);
        QCOMPARE(f->number("SELECT count(*) FROM principal_tenants WHERE tenant = 'northwind'"), 0);
        QCOMPARE(f->number("SELECT count(*) FROM principals WHERE id = 'nils'"), 1);
        QCOMPARE(f->number("SELECT count(*) FROM cases WHERE tenant = 'studio'"), studio);
        QCOMPARE(f->number("SELECT count(*) FROM audit WHERE action = 'erase-tenant' AND "
                           "instr(subject, 'northwind') = 0"),
                 1);
        verifyProjection();
    }

    // Child mode of the SIGKILL test: erase, and stop for good at the named step.
    void childErases()
    {
        if (!qEnvironmentVariableIsSet(ChildDatabase))
            QSKIP("runs only as the child of sigkillMidErasureLeavesAllOrNothing");
        auto db = Database::open(qEnvironmentVariable(ChildDatabase));
        QVERIFY2(db, qPrintable(db.error()));
        FixedClock clock(QDateTime::currentDateTimeUtc());
        Erasure erasure(**db, clock);
        const QString pauseAt = qEnvironmentVariable(ChildPauseAt);
        erasure.setStepHook([&](const QString &step) {
            QTextStream(stdout) << "@step " << step << Qt::endl;
            if (step == pauseAt) {
                QTextStream(stdout) << "@paused" << Qt::endl;
                QThread::sleep(60);
            }
        });
        PrincipalRecord p{u"admin"_s, u"admin"_s, {}, {u"admin"_s}, {u"studio"_s}, {}, {}};
        (void)erasure.eraseCase(Actor{p, p}, Case, u"killed"_s, false);
    }

    void sigkillMidErasureLeavesAllOrNothing_data()
    {
        QTest::addColumn<QString>("step");
        for (const char *step :
             {"memory-use", "evaluation", "proposals", "links", "cases", "audit"})
            QTest::newRow(step) << QString::fromLatin1(step);
    }

    void sigkillMidErasureLeavesAllOrNothing()
    {
        QFETCH(QString, step);
        const QString path = f->db->path();
        const qint64 arrivals = f->rows("arrivals");
        const QString inputs =
            f->text("SELECT inputs FROM memory_use WHERE id = ?1", QString::number(m_useId));
        f->db.reset();
        QProcess child;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QString::fromLatin1(ChildDatabase), path);
        env.insert(QString::fromLatin1(ChildPauseAt), step);
        child.setProcessEnvironment(env);
        child.start(QCoreApplication::applicationFilePath(), {u"childErases"_s});
        QByteArray seen;
        QElapsedTimer timer;
        timer.start();
        while (!seen.contains("@paused") && timer.elapsed() < 20000 &&
               child.state() != QProcess::NotRunning) {
            child.waitForReadyRead(200);
            seen += child.readAllStandardOutput();
        }
        child.kill();
        child.waitForFinished(5000);
        QVERIFY2(seen.contains("@paused"), seen.constData());
        auto reopened = Database::open(path);
        QVERIFY2(reopened, qPrintable(reopened.error()));
        f->db = std::move(*reopened);
        // Nothing happened: the case, its arrivals and the memory use are as they were.
        QCOMPARE(caseRows(), 1);
        QCOMPARE(f->rows("arrivals"), arrivals);
        QCOMPARE(f->text("SELECT inputs FROM memory_use WHERE id = ?1", QString::number(m_useId)),
                 inputs);
        QCOMPARE(f->number("SELECT count(*) FROM proposals WHERE case_id IS NOT NULL AND id IN "
                           "('PR-1','PR-5')"),
                 2);
        QCOMPARE(f->number("SELECT count(*) FROM audit WHERE action = 'erase-case'"), 0);
        verifyProjection();
        // And the erasure still runs to its end afterwards.
        auto outcome = erase(f->as(u"admin"_s));
        QVERIFY2(outcome, qPrintable(outcome.error()));
        QCOMPARE(caseRows(), 0);
        verifyProjection();
    }
};

QTEST_GUILESS_MAIN(TestErasure)
#include "tst_erasure.moc"
