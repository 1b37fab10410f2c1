// The access policy (model/Access) as every front end meets it: tenant scope
// for every write in both directions, two real people for two sign-offs,
// verdicts only by whom the retrieval ran for, and the review queue and its
// exports redacting what the principal may not read.

#include "MemoryUseStore.h"
#include "QueueExport.h"
#include "ReviewFixture.h"
#include "ReviewRules.h"
#include "Verdicts.h"

#include <QBuffer>
#include <QJsonObject>

using namespace cw;
using namespace cw::test;

namespace {

// PR-6 comes from a Northwind case (northwind/servicedesk/NW-311); the demo's
// curator cora and data owner dora read only Studio, nils only Northwind.
constexpr auto NorthwindCase = "NW-311";

} // namespace

class TestAccessPolicy : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void aCuratorMayNotDecideOnAnotherTenantsProposal();
    void aDomainOwnerSignsOffOnlyInItsOwnTenants();
    void aCuratorWithoutTenantsMayNotDecideOnCaseProposals();
    void tenantScopeHoldsInBothDirections();
    void editOutsideTheTenantIsRefused();
    void retireAndSupersedeOutsideTheTenantAreRefused();
    void anAdminActingAsBothReviewersIsOnePerson();
    void anAdminActingAsOneReviewerAndARealOwnerAreTwoPeople();
    void signOffsOfOneRealPersonAreNotComplete();
    void aLoginThatSignedOnceCannotSignAgainAsAnotherPrincipal();
    void aLoginWithAnOpenSignOffCannotBeRemappedByIngest();
    void aVerdictOnSomeoneElsesRetrievalIsNotFound();
    void aVerdictByWhomTheRetrievalRanForIsRecordedWithBothPrincipals();
    void theQueueRedactsCasesThePrincipalMayNotRead();
    void aTenantFilterIsLimitedToOwnTenants();
    void everyExportFormatRedactsLikeTheQueue();
    void jsonLinesExportIsInTheIngestProposalShape();

private:
    std::unique_ptr<ReviewFixture> m_f;
    ReviewWorkflow &wf() { return *m_f->workflow; }
    Actor as(const char *id) { return m_f->as(QString::fromLatin1(id)); }
    qint64 reviews() { return m_f->rows("reviews"); }
    // A Northwind data owner, so that PR-6 can be published by its tenant.
    void addNorthwindOwner();
    QByteArray exportAs(const Actor &actor, QueueExport::Format format,
                        const ProposalFilter &filter = {});
    qint64 memoryUseFor(const Actor &actor);
};

void TestAccessPolicy::init()
{
    m_f = std::make_unique<ReviewFixture>();
    QVERIFY2(m_f->ok(), qPrintable(m_f->error));
}

void TestAccessPolicy::cleanup()
{
    m_f.reset();
}

void TestAccessPolicy::addNorthwindOwner()
{
    QJsonObject dirk = principalRecord(u"dirk"_s, {u"domain_owner"_s}, {u"data"_s});
    dirk[u"tenants"_s] = QJsonArray{u"northwind"_s};
    QCOMPARE(m_f->ingest({dirk}), QString());
}

QByteArray TestAccessPolicy::exportAs(const Actor &actor, QueueExport::Format format,
                                      const ProposalFilter &filter)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    auto written = QueueExport(*m_f->db, actor, filter).write(buffer, format);
    if (!written)
        qWarning() << written.refusal().message;
    return bytes;
}

qint64 TestAccessPolicy::memoryUseFor(const Actor &actor)
{
    MemoryUseRecord use;
    use.at = m_f->clock.nowText();
    use.strategy = u"root-classification"_s;
    use.strategyVersion = 1;
    use.principal = actor.real.id;
    use.effectivePrincipal = actor.effective.id;
    use.inputs = u"{}"_s;
    use.candidates = u"[{\"ref\":\"KB-12\",\"revision\":1}]"_s;
    auto id = MemoryUseStore(*m_f->db).insert(use);
    return id ? *id : -1;
}

void TestAccessPolicy::aCuratorMayNotDecideOnAnotherTenantsProposal()
{
    const qint64 before = reviews();
    for (const QString &action : {u"approve"_s, u"reject"_s, u"return"_s}) {
        Refusable<ReviewOutcome> done =
            action == u"approve"_s  ? wf().approve(as("cora"), u"PR-6"_s, 1, u"looks fine"_s)
            : action == u"reject"_s ? wf().reject(as("cora"), u"PR-6"_s, 1, u"no"_s)
                                    : wf().returnProposal(as("cora"), u"PR-6"_s, 1, u"redo"_s);
        QVERIFY2(!done, qPrintable(action));
        QCOMPARE(done.refusal().kind, Refusal::Forbidden);
        QVERIFY2(done.refusal().message.contains(u"does not read"_s),
                 qPrintable(done.refusal().message));
        // The refusal does not name the case it keeps from cora.
        QVERIFY(!done.refusal().message.contains(QLatin1String(NorthwindCase)));
    }
    QCOMPARE(reviews(), before);
    QCOMPARE(m_f->status(u"PR-6"_s), u"pending"_s);
}

void TestAccessPolicy::aDomainOwnerSignsOffOnlyInItsOwnTenants()
{
    QVERIFY(wf().approve(as("nils"), u"PR-6"_s, 1, u"curator ok"_s));
    // dora owns data, but only in Studio.
    auto owner = wf().approve(as("dora"), u"PR-6"_s, 2, u"owner ok"_s);
    QVERIFY(!owner);
    QCOMPARE(owner.refusal().kind, Refusal::Forbidden);
    QCOMPARE(m_f->state(u"PR-6"_s), u"proposed"_s);
    addNorthwindOwner();
    auto dirk = wf().approve(as("dirk"), u"PR-6"_s, 2, u"owner ok"_s);
    QVERIFY2(dirk, qPrintable(dirk.error()));
    QCOMPARE(m_f->state(u"PR-6"_s), u"active"_s);
}

void TestAccessPolicy::aCuratorWithoutTenantsMayNotDecideOnCaseProposals()
{
    QJsonObject tess = principalRecord(u"tess"_s, {u"curator"_s}, {});
    tess[u"tenants"_s] = QJsonArray();
    QCOMPARE(m_f->ingest({tess}), QString());
    auto done = wf().approve(as("tess"), u"PR-1"_s, 1, u"fine"_s);
    QVERIFY(!done);
    QCOMPARE(done.refusal().kind, Refusal::Forbidden);
    QCOMPARE(m_f->version(u"PR-1"_s), 1);
}

void TestAccessPolicy::tenantScopeHoldsInBothDirections()
{
    // nils reads Northwind only: Studio's PR-1 is out of his reach, as
    // Northwind's PR-6 is out of cora's.
    auto nils = wf().approve(as("nils"), u"PR-1"_s, 1, u"fine"_s);
    QVERIFY(!nils);
    QCOMPARE(nils.refusal().kind, Refusal::Forbidden);
    auto cora = wf().approve(as("cora"), u"PR-1"_s, 1, u"fine"_s);
    QVERIFY2(cora, qPrintable(cora.error()));
    // A grant reaches one case of another tenant: owen reads SD-1598.
    QVERIFY(Access(*m_f->db, as("owen"))
                .mayReadCase(CaseKey{u"studio"_s, u"servicedesk"_s, u"SD-1598"_s}));
    QVERIFY(!Access(*m_f->db, as("nils"))
                 .mayReadCase(CaseKey{u"studio"_s, u"servicedesk"_s, u"SD-1598"_s}));
}

void TestAccessPolicy::editOutsideTheTenantIsRefused()
{
    ProposalEdit edit;
    edit.title = u"A better title"_s;
    auto done = wf().edit(as("cora"), u"PR-6"_s, 1, edit, u"wording"_s);
    QVERIFY(!done);
    QCOMPARE(done.refusal().kind, Refusal::Forbidden);
    QCOMPARE(m_f->version(u"PR-6"_s), 1);
    auto own = wf().edit(as("nils"), u"PR-6"_s, 1, edit, u"wording"_s);
    QVERIFY2(own, qPrintable(own.error()));
}

void TestAccessPolicy::retireAndSupersedeOutsideTheTenantAreRefused()
{
    addNorthwindOwner();
    QVERIFY(wf().approve(as("nils"), u"PR-6"_s, 1, u"curator ok"_s));
    QVERIFY(wf().approve(as("dirk"), u"PR-6"_s, 2, u"owner ok"_s));
    const QString ref = m_f->text("SELECT a.ref FROM proposals p JOIN revisions r ON r.id = "
                                  "p.revision_id JOIN articles a ON a.id = r.article_id "
                                  "WHERE p.id = ?1",
                                  u"PR-6"_s);
    const int version = m_f->activeVersion(ref);
    // dora owns data, cora curates: neither reads the Northwind source.
    for (const char *who : {"cora", "dora"}) {
        auto retired = wf().retire(as(who), ref, version, u"stale"_s);
        QVERIFY2(!retired, who);
        QCOMPARE(retired.refusal().kind, Refusal::Forbidden);
    }
    // A Studio revision approved by Studio's reviewers may not replace it.
    QJsonObject record = proposalRecord(u"PR-60"_s, u"verified"_s, {u"P-1"_s}, ref);
    QCOMPARE(m_f->ingest({record}), QString());
    QVERIFY(m_f->approveByBoth(u"PR-60"_s));
    auto superseded = wf().supersede(as("cora"), ref, u"PR-60"_s, version, u"newer"_s);
    QVERIFY(!superseded);
    QCOMPARE(superseded.refusal().kind, Refusal::Forbidden);
    QCOMPARE(m_f->activeVersion(ref), version);
    auto retired = wf().retire(as("dirk"), ref, version, u"stale"_s);
    QVERIFY2(retired, qPrintable(retired.error()));
}

void TestAccessPolicy::anAdminActingAsBothReviewersIsOnePerson()
{
    QVERIFY(wf().approve(m_f->adminAs(u"cora"_s), u"PR-1"_s, 1, u"curator ok"_s));
    const qint64 before = reviews();
    auto second = wf().approve(m_f->adminAs(u"dora"_s), u"PR-1"_s, 2, u"owner ok"_s);
    QVERIFY(!second);
    QCOMPARE(second.refusal().kind, Refusal::Forbidden);
    QVERIFY2(second.refusal().message.contains(u"one person"_s),
             qPrintable(second.refusal().message));
    QVERIFY(second.refusal().message.contains(u"admin"_s));
    QCOMPARE(second.refusal().keptReason, u"owner ok"_s);
    QCOMPARE(reviews(), before);
    QCOMPARE(m_f->state(u"PR-1"_s), u"proposed"_s);
    // Nor may the admin's own curator sign-off be followed by acting as dora.
    QJsonObject admin = principalRecord(u"admin"_s, {u"admin"_s, u"curator"_s}, {});
    admin[u"os_user"_s] = u"tester"_s;
    QCOMPARE(m_f->ingest({admin}), QString());
    QVERIFY(wf().approve(as("admin"), u"PR-2"_s, 1, u"curator ok"_s));
    auto again = wf().approve(m_f->adminAs(u"dora"_s), u"PR-2"_s, 2, u"owner ok"_s);
    QVERIFY(!again);
    QCOMPARE(again.refusal().kind, Refusal::Forbidden);
}

void TestAccessPolicy::anAdminActingAsOneReviewerAndARealOwnerAreTwoPeople()
{
    QVERIFY(wf().approve(m_f->adminAs(u"cora"_s), u"PR-1"_s, 1, u"curator ok"_s));
    auto owner = wf().approve(as("dora"), u"PR-1"_s, 2, u"owner ok"_s);
    QVERIFY2(owner, qPrintable(owner.error()));
    QCOMPARE(m_f->state(u"PR-1"_s), u"active"_s);
    // The audit keeps who acted and as whom.
    QCOMPARE(m_f->text("SELECT principal || '/' || effective_principal FROM audit WHERE "
                       "subject = ?1 AND action = 'approve' ORDER BY id LIMIT 1",
                       u"PR-1"_s),
             u"admin/cora"_s);
}

void TestAccessPolicy::signOffsOfOneRealPersonAreNotComplete()
{
    ReviewRecord curator;
    curator.decision = u"approve"_s;
    curator.role = u"curator"_s;
    curator.principal = u"admin"_s;
    curator.effectivePrincipal = u"cora"_s;
    ReviewRecord owner = curator;
    owner.role = u"domain_owner"_s;
    owner.effectivePrincipal = u"dora"_s;
    QVERIFY(!ReviewRules::signOffsComplete({curator, owner}));
    owner.principal = u"dora"_s;
    QVERIFY(ReviewRules::signOffsComplete({curator, owner}));
    // Two principals, one login (re-mapped between the two sign-offs).
    curator.login = u"adm"_s;
    owner.login = u"adm"_s;
    QVERIFY(!ReviewRules::signOffsComplete({curator, owner}));
    owner.login = u"dora"_s;
    QVERIFY(ReviewRules::signOffsComplete({curator, owner}));
    curator.login.clear(); // a sign-off from before schema 12: no login to compare
    owner.login = u"adm"_s;
    QVERIFY(ReviewRules::signOffsComplete({curator, owner}));
}

// The admin's sign-in name. The demo copied to the test server maps no
// database roles, so there the admin is given one (not a role the server
// has: the sign-off rules compare names, they do not connect).
static QString adminLogin(ReviewFixture &f)
{
    if (f.db->isServer() && signInName(*f.db, f.as(u"admin"_s).real).isEmpty()) {
        Statement named = f.db->prepare("UPDATE principals SET db_role = ?2 WHERE id = ?1");
        named.bind(1, u"admin"_s).bind(2, u"cw_admin_login"_s);
        if (!named.exec())
            return {};
    }
    return signInName(*f.db, f.as(u"admin"_s).real);
}

// Issue #36, item 4: the admin gives the curator's sign-off as cora; its
// login then ends up mapped to dora (here behind ingest's back, which
// refuses it: the test below). The same login may not give the owner's.
void TestAccessPolicy::aLoginThatSignedOnceCannotSignAgainAsAnotherPrincipal()
{
    const QString login = adminLogin(*m_f);
    QVERIFY(!login.isEmpty());
    QVERIFY(wf().approve(m_f->adminAs(u"cora"_s), u"PR-1"_s, 1, u"curator ok"_s));
    QCOMPARE(m_f->text("SELECT login FROM reviews ORDER BY id DESC LIMIT 1"), login);
    const bool server = m_f->db->isServer();
    Statement away =
        m_f->db->prepare(server ? "UPDATE principals SET db_role = NULL WHERE id = ?1"
                                : "UPDATE principals SET os_user = NULL WHERE id = ?1");
    away.bind(1, u"admin"_s);
    QVERIFY(away.exec());
    Statement onto = m_f->db->prepare(server ? "UPDATE principals SET db_role = ?2 WHERE id = ?1"
                                             : "UPDATE principals SET os_user = ?2 WHERE id = ?1");
    onto.bind(1, u"dora"_s).bind(2, login);
    QVERIFY(onto.exec());
    const qint64 before = reviews();
    auto owner = wf().approve(as("dora"), u"PR-1"_s, 2, u"owner ok"_s);
    QVERIFY(!owner);
    QCOMPARE(owner.refusal().kind, Refusal::Forbidden);
    QVERIFY2(owner.error().contains(u"the login "_s + login + u" already gave the curator"_s),
             qPrintable(owner.error()));
    QCOMPARE(reviews(), before);
    QCOMPARE(m_f->state(u"PR-1"_s), u"proposed"_s);
}

void TestAccessPolicy::aLoginWithAnOpenSignOffCannotBeRemappedByIngest()
{
    const QString login = adminLogin(*m_f);
    QVERIFY(!login.isEmpty());
    const bool server = m_f->db->isServer();
    const QString field = server ? u"db_role"_s : u"os_user"_s;
    QVERIFY(wf().approve(m_f->adminAs(u"cora"_s), u"PR-1"_s, 1, u"curator ok"_s));
    // On a file the admin's login is a real one: a second admin who can sign
    // in (daemon is a login on every Debian machine) keeps moving it away from
    // being a lock-out. On the server the admin's name is no role the server
    // has, so moving it locks nobody out.
    if (!server) {
        QJsonObject second = principalRecord(u"second"_s, {u"admin"_s}, {});
        second.insert(u"os_user"_s, u"daemon"_s);
        QVERIFY2(m_f->ingest({second}).isEmpty(), "the second admin");
    }
    QJsonObject admin = principalRecord(u"admin"_s, {u"admin"_s}, {});
    admin.insert(field, u"admin-elsewhere"_s);
    QJsonObject dora = principalRecord(u"dora"_s, {u"domain_owner"_s}, {u"data"_s});
    dora.insert(field, login);
    const QString error = m_f->ingest({admin, dora});
    QVERIFY2(error.contains(field + u" \""_s + login +
                            u"\" gave the curator sign-off of PR-1 (as cora), which waits for its "
                            u"second; it cannot be mapped to dora"_s),
             qPrintable(error));
    QCOMPARE(signInName(*m_f->db, as("admin").real), login); // the file was one transaction
    // Decided, the proposal no longer holds the login.
    QVERIFY(wf().approve(as("dora"), u"PR-1"_s, 2, u"owner ok"_s));
    QCOMPARE(m_f->ingest({admin, dora}), QString());
}

void TestAccessPolicy::aVerdictOnSomeoneElsesRetrievalIsNotFound()
{
    const qint64 anas = memoryUseFor(as("ana"));
    QVERIFY(anas > 0);
    Verdicts verdicts(*m_f->db, m_f->clock);
    auto other = verdicts.record(as("cora"), anas, u"KB-12"_s, 1, u"applies"_s, u"fits"_s);
    QVERIFY(!other);
    QCOMPARE(other.refusal().kind, Refusal::NotFound);
    auto missing = verdicts.record(as("cora"), 999999, u"KB-12"_s, 1, u"applies"_s, u"fits"_s);
    QCOMPARE(missing.refusal().kind, Refusal::NotFound);
    // The same answer as for a memory use that does not exist, and no ref.
    QCOMPARE(other.refusal().message,
             QString(missing.refusal().message).replace(u"999999"_s, QString::number(anas)));
    auto guess = verdicts.record(as("cora"), anas, u"EXP-1"_s, 1, u"applies"_s, u"fits"_s);
    QCOMPARE(guess.refusal().message, other.refusal().message);
    QCOMPARE(m_f->rows("memory_use_verdicts"), 0);
}

void TestAccessPolicy::aVerdictByWhomTheRetrievalRanForIsRecordedWithBothPrincipals()
{
    const qint64 anas = memoryUseFor(as("ana"));
    Verdicts verdicts(*m_f->db, m_f->clock);
    auto notCandidate = verdicts.record(as("ana"), anas, u"EXP-1"_s, 1, u"applies"_s, u"x"_s);
    QCOMPARE(notCandidate.refusal().kind, Refusal::Invalid);
    auto own = verdicts.record(as("ana"), anas, u"KB-12"_s, 1, u"applies"_s, u"fits"_s);
    QVERIFY2(own, qPrintable(own.error()));
    auto admin = verdicts.record(m_f->adminAs(u"ana"_s), anas, u"KB-12"_s, 1, u"needs-check"_s,
                                 u"check 5.x"_s);
    QVERIFY2(admin, qPrintable(admin.error()));
    QCOMPARE(m_f->text("SELECT group_concat(principal || '/' || real_principal, ' ') FROM "
                       "(SELECT * FROM memory_use_verdicts ORDER BY id) AS v"),
             u"ana/ana ana/admin"_s);
}

void TestAccessPolicy::theQueueRedactsCasesThePrincipalMayNotRead()
{
    auto rows = ReviewQueue(*m_f->db, as("cora")).page({}, nullptr, 100);
    QVERIFY2(rows, qPrintable(rows.error()));
    int redacted = 0;
    for (const ProposalSummary &row : *rows) {
        QVERIFY(!row.caseKey.contains(QLatin1String(NorthwindCase)));
        if (row.id == u"PR-6"_s) {
            QVERIFY(row.caseRedacted);
            QVERIFY(row.caseKey.isEmpty());
            ++redacted;
        }
    }
    QCOMPARE(redacted, 1);
    auto nils = ReviewQueue(*m_f->db, as("nils")).page({}, nullptr, 100);
    QVERIFY2(nils, qPrintable(nils.error()));
    for (const ProposalSummary &row : *nils) {
        if (row.id == u"PR-6"_s)
            QCOMPARE(row.caseKey, u"northwind/servicedesk/NW-311"_s);
        if (row.id == u"PR-1"_s)
            QVERIFY(row.caseRedacted);
    }
    // Without a principal nothing is readable.
    auto nobody = ReviewQueue(*m_f->db, std::nullopt).page({}, nullptr, 100);
    QVERIFY2(nobody, qPrintable(nobody.error()));
    for (const ProposalSummary &row : *nobody)
        QVERIFY(row.caseKey.isEmpty());
}

void TestAccessPolicy::aTenantFilterIsLimitedToOwnTenants()
{
    ProposalFilter northwind;
    northwind.tenant = u"northwind"_s;
    const ReviewQueue cora(*m_f->db, as("cora"));
    auto refused = cora.page(northwind, nullptr, 100);
    QVERIFY(!refused);
    QCOMPARE(refused.refusal().kind, Refusal::Forbidden);
    QVERIFY(!cora.count(northwind));
    auto own = ReviewQueue(*m_f->db, as("nils")).count(northwind);
    QVERIFY(own);
    QCOMPARE(*own, 1);
    // The export refuses the same filter, and writes nothing.
    QVERIFY(exportAs(as("cora"), QueueExport::Format::Csv, northwind).isEmpty());
}

void TestAccessPolicy::everyExportFormatRedactsLikeTheQueue()
{
    using Format = QueueExport::Format;
    for (Format format : {Format::Csv, Format::Json, Format::JsonLines}) {
        const QByteArray asCora = exportAs(as("cora"), format);
        QVERIFY(asCora.contains("PR-6"));
        QVERIFY2(!asCora.contains(NorthwindCase), asCora.constData());
        QVERIFY(asCora.contains("SD-1598"));
        const QByteArray asNils = exportAs(as("nils"), format);
        QVERIFY(asNils.contains(NorthwindCase));
        QVERIFY(!asNils.contains("SD-1598"));
    }
    const QJsonObject json = QJsonDocument::fromJson(exportAs(as("cora"), Format::Json)).object();
    const QJsonArray rows = json.value(u"proposals"_s).toArray();
    QVERIFY(!rows.isEmpty());
    for (const QJsonValue &row : rows) {
        if (row[u"id"_s].toString() == u"PR-6"_s) {
            QVERIFY(row[u"case"_s].isNull());
            QVERIFY(row[u"case_redacted"_s].toBool());
        }
    }
}

void TestAccessPolicy::jsonLinesExportIsInTheIngestProposalShape()
{
    const QList<QByteArray> lines =
        exportAs(as("nils"), QueueExport::Format::JsonLines).trimmed().split('\n');
    QVERIFY(lines.size() >= 6);
    bool sawPr6 = false;
    for (const QByteArray &line : lines) {
        const QJsonObject record = QJsonDocument::fromJson(line).object();
        QCOMPARE(record.value(u"type"_s).toString(), u"proposal"_s);
        for (const char *field : {"id", "kind", "domain", "title", "proof_level", "proof_refs",
                                  "product_scope", "proposed_by", "proposed_at"})
            QVERIFY2(record.contains(QLatin1String(field)), field);
        if (record.value(u"id"_s).toString() == u"PR-6"_s) {
            sawPr6 = true;
            QCOMPARE(record.value(u"case"_s).toString(), u"northwind/servicedesk/NW-311"_s);
            QVERIFY(!record.contains(u"case_redacted"_s));
        } else {
            QVERIFY(record.value(u"case"_s).isNull());
            QVERIFY(record.value(u"case_redacted"_s).toBool());
            QVERIFY(record.value(u"proof_refs"_s).toArray().isEmpty());
        }
    }
    QVERIFY(sawPr6);
}

QTEST_GUILESS_MAIN(TestAccessPolicy)
#include "tst_accesspolicy.moc"
