// Hostile ingest input (issue 10, items 7, 8, 11, 12): each is refused with the
// line and the reason, and nothing of the file is written.
#include "IngestFixture.h"
#include "JsonLinesImport.h"
#include "OutboxStore.h"

#include <QTest>

using namespace cw;
using namespace cw::test;

class TestIngestValidation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void hostileLineIsRefusedWithLineAndReason_data();
    void hostileLineIsRefusedWithLineAndReason();
    void theFieldsAnExportAddsAreKnown();
    void aDomainOwnerEarlierInTheFileMakesTheDomainKnown();
    void aDeliverySentAgainUnchangedIsStillADuplicate();
    void theGuiImportRefusesWhatTheCliRefuses();
    void theLastAdminCannotBeDemoted();
    void anAdminCanBeDemotedWhileAnotherRemains();
    void changingAnExistingPrincipalIsAudited();
    void aDomainArticleMayStillBeRevisedByIngest();

private:
    std::unique_ptr<IngestFixture> m_f;
};

void TestIngestValidation::init()
{
    m_f = std::make_unique<IngestFixture>();
    QVERIFY2(m_f->db, qPrintable(m_f->openError));
    // EXP-1 comes in as a proposal: its revisions come through review.
    auto base =
        m_f->ingest(baseLines() + line(proposal(u"PR-1"_s, CaseSD1598, QString(), {u"P-1"_s})),
                    u"base.jsonl"_s);
    QVERIFY2(base, qPrintable(base.error()));
}

void TestIngestValidation::cleanup()
{
    m_f.reset();
}

namespace {

QByteArray with(QJsonObject record, const QString &field, const QJsonValue &value)
{
    record.insert(field, value);
    return line(record);
}

// The compact form with one text replaced: for what QJsonObject cannot hold
// (duplicate keys, escapes).
QByteArray raw(const QJsonObject &record, const QByteArray &from, const QByteArray &to)
{
    QByteArray bytes = line(record);
    bytes.replace(from, to);
    return bytes;
}

} // namespace

void TestIngestValidation::hostileLineIsRefusedWithLineAndReason_data()
{
    QTest::addColumn<QByteArray>("before"); // good lines (line 1..n)
    QTest::addColumn<QByteArray>("badLine");
    QTest::addColumn<QString>("reason");

    const QJsonObject t = tenant(u"acme"_s, u"Acme"_s);
    const QJsonObject a = arrival(u"SD-2000"_s, u"1"_s, u"d-9"_s, u"2026-03-05T09:00:00Z"_s);
    const QJsonObject p = proof(CaseSD1598, u"P-2"_s);
    const QJsonObject pr = proposal(u"PR-2"_s, CaseSD1598, QString(), {u"P-1"_s});
    const QJsonObject art = article(u"KB-1"_s, u"Registers"_s);
    const QJsonObject who = principal(u"eve"_s, u"curator"_s, u"studio"_s);
    QJsonObject owen = principal(u"owen"_s, u"domain_owner"_s, u"studio"_s);
    owen.insert(u"domains"_s, QJsonArray{u"configuration"_s});
    const QByteArray good = line(tenant(u"other"_s, u"Other"_s));
    const auto row = [](const char *name, const QByteArray &before, const QByteArray &bad,
                        const QString &reason) { QTest::newRow(name) << before << bad << reason; };

    // What the JSON parser accepts silently.
    row("raw NUL in a string", good, raw(t, "Acme", QByteArray("Ac\0me", 5)),
        u"field \"name\" contains a raw NUL byte"_s);
    row("NUL escape in an id", good, raw(t, "\"acme\"", "\"ac\\u0000me\""),
        u"field \"id\" contains a NUL character (\\u0000)"_s);
    row("lone high surrogate", good, raw(t, "Acme", "Acme\\ud800"),
        u"field \"name\" contains a lone UTF-16 surrogate (\\ud800 without its pair)"_s);
    row("lone low surrogate", good, raw(t, "Acme", "\\udc00Acme"),
        u"field \"name\" contains a lone UTF-16 surrogate (\\udc00"_s);
    row("duplicate key", good, raw(t, "\"name\":", "\"id\":\"acme2\",\"name\":"),
        u"duplicate key \"id\" in one object"_s);
    row("duplicate key nested", good,
        raw(pr, "\"versions\":", "\"versions\":\"<9.0\",\"versions\":"),
        u"duplicate key \"product_scope.versions\" in one object"_s);
    row("duplicate key spelt with an escape", good,
        raw(t, "\"name\":", "\"\\u0069d\":\"x\",\"name\":"),
        u"duplicate key \"id\" in one object"_s);

    // Unknown fields (issue #36, item 12): a typo must not lose what it
    // names, on any record type, at the top or inside an object.
    const QString docs = u" (the fields of each record type: docs/cli.md, \"JSON Lines ingest\")"_s;
    row("unknown field on a proposal", good, with(pr, u"zzz_bogus"_s, 1),
        u"proposal: unknown field \"zzz_bogus\""_s + docs);
    row("misspelt proof_refs", good, with(pr, u"proof_ref"_s, QJsonArray{u"P-1"_s}),
        u"proposal: unknown field \"proof_ref\""_s);
    row("authority before it exists", good,
        with(pr, u"authority"_s, QJsonObject{{u"outcome"_s, u"human-asserted"_s}}),
        u"proposal: unknown field \"authority\""_s);
    row("unknown member of effort", good, with(pr, u"effort"_s, QJsonObject{{u"active_hour"_s, 2}}),
        u"proposal: unknown field \"effort.active_hour\""_s);
    row("unknown field on an arrival", good, with(a, u"recieved_at"_s, u"x"_s),
        u"arrival: unknown field \"recieved_at\""_s);
    row("unknown field on a principal", good, with(who, u"role"_s, QJsonArray{u"admin"_s}),
        u"principal: unknown field \"role\""_s);
    row("unknown field on a tenant", good, with(t, u"nmae"_s, u"x"_s),
        u"tenant: unknown field \"nmae\""_s);
    row("unknown field on a proof", good, with(p, u"outcome"_s, u"x"_s),
        u"proof: unknown field \"outcome\""_s);
    row("unknown field on an article", good, with(art, u"proposed_by"_s, u"x"_s),
        u"article: unknown field \"proposed_by\""_s);
    row("an unknown name is shown quoted", good, with(t, u"a\u001b[2Jb"_s, 1),
        u"tenant: unknown field \"a\\u001b[2Jb\""_s);

    // The same id twice in one file.
    row("tenant twice", line(t), with(t, u"name"_s, u"Acme 2"_s),
        u"tenant \"acme\" appears twice in this file (first on line 1)"_s);
    row("principal twice", line(who), with(who, u"name"_s, u"Eve 2"_s),
        u"principal \"eve\" appears twice in this file (first on line 1)"_s);
    row("proof twice", line(p), line(p),
        u"proof \"studio/servicedesk/SD-1598 P-2\" appears twice in this file (first on line 1)"_s);
    row("proposal twice", line(pr), line(pr),
        u"proposal \"PR-2\" appears twice in this file (first on line 1)"_s);
    row("article twice", line(art), with(art, u"title"_s, u"Registers again"_s),
        u"article \"KB-1\" appears twice in this file (first on line 1)"_s);

    // Ids.
    row("tenant id with a slash", good, with(t, u"id"_s, u"ac/me"_s),
        u"tenant: field \"id\" contains '/' (\"ac/me\")"_s);
    row("id with surrounding spaces", good, with(t, u"id"_s, u" acme"_s),
        u"tenant: field \"id\" has surrounding spaces: \" acme\""_s);
    row("id of only spaces", good, with(who, u"id"_s, u"   "_s),
        u"principal: field \"id\" is blank"_s);
    row("proof id with a trailing space", good, with(p, u"id"_s, u"P-3 "_s),
        u"proof: field \"id\" has surrounding spaces"_s);
    row("delivery id of only spaces", good, with(a, u"delivery_id"_s, u" "_s),
        u"arrival: field \"delivery_id\" is blank"_s);

    // References that could never be reviewed or that silently create.
    row("article owner is an analyst", good, with(art, u"owner"_s, u"ana"_s),
        u"article: owner \"ana\" is not a domain owner of domain \"data\""_s);
    row("article owner owns another domain", line(owen), with(art, u"owner"_s, u"owen"_s),
        u"article: owner \"owen\" is not a domain owner of domain \"data\""_s);
    row("proposal names a missing article", good, with(pr, u"article"_s, u"EXP-9"_s),
        u"proposal: article EXP-9 does not exist; a proposal for a new article leaves out "
        u"\"article\""_s);
    row("proposal in an unknown domain", good, with(pr, u"domain"_s, u"billing"_s),
        u"proposal: unknown domain \"billing\": no domain owner owns it"_s);
    row("article in an unknown domain", good, with(art, u"domain"_s, u"billing"_s),
        u"article: unknown domain \"billing\""_s);
    row("same delivery id, other content", good,
        with(arrival(u"SD-1598"_s, u"1"_s, u"d-1"_s, u"2026-03-01T09:00:00Z"_s), u"object"_s,
             u"policy/P-99/register"_s),
        u"arrival: delivery d-1 of studio/servicedesk/SD-1598 was already recorded with "
        u"different content (object: \"policy/P-17/register\" recorded"_s);

    // One database role is one principal on a server, as one login is.
    QJsonObject cora = principal(u"cora"_s, u"curator"_s, u"studio"_s);
    cora.insert(u"db_role"_s, u"team_cora"_s);
    QJsonObject dora = principal(u"dora"_s, u"domain_owner"_s, u"studio"_s);
    row("a db_role another principal has", line(cora), with(dora, u"db_role"_s, u"team_cora"_s),
        u"principal: db_role \"team_cora\" already belongs to principal cora"_s);
    row("a db_role with a slash", QByteArray(), with(dora, u"db_role"_s, u"team/dora"_s),
        u"db_role"_s);

    // Version scopes.
    row("unreadable scope on a proposal", good,
        with(pr, u"product_scope"_s,
             QJsonObject{{u"product"_s, u"lifeline"_s}, {u"versions"_s, u"banana >>= <<"_s}}),
        u"proposal: field \"product_scope.versions\": version scope \"banana >>= <<\": "
        u"\"banana\" is not a version clause"_s);
    row("unreadable scope on an article", good,
        with(art, u"product_scope"_s, QJsonObject{{u"versions"_s, u">=4.0 <<"_s}}),
        u"\"<<\" is not a version clause"_s);

    // Ingest never bypasses review.
    QJsonObject experience = art;
    experience.insert(u"kind"_s, u"experience"_s);
    experience.insert(u"ref"_s, u"EXP-50"_s);
    row("active experience without approvals", good, line(experience),
        u"article: an active experience revision of EXP-50 needs a curator's and a domain "
        u"owner's approval; ingest cannot publish it: propose a revision and review it"_s);
    QJsonObject reviewed = experience;
    reviewed.insert(u"ref"_s, u"EXP-1"_s);
    reviewed.insert(u"status"_s, u"retired"_s);
    row("revision of a reviewed article", good, line(reviewed),
        u"article: EXP-1 has revisions that came through review (revision 1); ingest cannot "
        u"create or replace its revisions: propose a revision and review it"_s);
}

void TestIngestValidation::hostileLineIsRefusedWithLineAndReason()
{
    QFETCH(QByteArray, before);
    QFETCH(QByteArray, badLine);
    QFETCH(QString, reason);
    const auto snapshot = m_f->snapshot();
    const int badNumber = int(before.count('\n')) + 1;
    auto report = m_f->ingest(before + badLine);
    QVERIFY2(!report, "the hostile line was accepted");
    const QString prefix =
        m_f->dir.filePath(u"batch.jsonl"_s) + u':' + QString::number(badNumber) + u": "_s;
    QVERIFY2(report.error().startsWith(prefix), qPrintable(report.error()));
    QVERIFY2(report.error().contains(reason), qPrintable(report.error()));
    QCOMPARE(m_f->snapshot(), snapshot);
}

void TestIngestValidation::theFieldsAnExportAddsAreKnown()
{
    // export queue --format jsonl writes status and case_redacted beside a
    // proposal record; its output is documented as ingestible.
    QJsonObject exported = proposal(u"PR-3"_s, CaseSD1598, QString(), {u"P-1"_s});
    exported.insert(u"status"_s, u"published"_s);
    exported.insert(u"case_redacted"_s, false);
    auto report = m_f->ingest(line(exported));
    QVERIFY2(report, qPrintable(report.error()));
    QCOMPARE(report->byType.value(u"proposal"_s), 1);
}

void TestIngestValidation::aDomainOwnerEarlierInTheFileMakesTheDomainKnown()
{
    QJsonObject owen = principal(u"owen"_s, u"domain_owner"_s, u"studio"_s);
    owen.insert(u"domains"_s, QJsonArray{u"billing"_s});
    QJsonObject pr = proposal(u"PR-2"_s, CaseSD1598, QString(), {});
    pr.insert(u"domain"_s, u"billing"_s);
    QJsonObject art = article(u"KB-5"_s, u"Billing runs"_s);
    art.insert(u"domain"_s, u"billing"_s);
    art.insert(u"owner"_s, u"owen"_s);
    auto report = m_f->ingest(line(owen) + line(pr) + line(art));
    QVERIFY2(report, qPrintable(report.error()));
    QCOMPARE(report->createdArticles, QStringList({u"EXP-2"_s, u"KB-5"_s}));
}

void TestIngestValidation::aDeliverySentAgainUnchangedIsStillADuplicate()
{
    auto report =
        m_f->ingest(line(arrival(u"SD-1598"_s, u"1"_s, u"d-1"_s, u"2026-03-01T09:00:00Z"_s)));
    QVERIFY2(report, qPrintable(report.error()));
    QCOMPARE(report->alreadyRecorded, 1);
}

void TestIngestValidation::theGuiImportRefusesWhatTheCliRefuses()
{
    const auto snapshot = m_f->snapshot();
    const QString path =
        m_f->write(line(tenant(u"other"_s, u"Other"_s)) +
                       "{\"type\":\"tenant\",\"id\":\"a\",\"id\":\"b\",\"name\":\"x\"}\n",
                   u"gui.jsonl"_s);
    auto report = JsonLinesImport(*m_f->db, m_f->clock, u"admin"_s).run(path);
    QVERIFY(!report);
    QVERIFY2(report.error().startsWith(path + u":2: duplicate key \"id\""_s),
             qPrintable(report.error()));
    QCOMPARE(m_f->snapshot(), snapshot);
}

void TestIngestValidation::theLastAdminCannotBeDemoted()
{
    QVERIFY2(m_f->ingest(line(principal(u"root"_s, u"admin"_s, u"studio"_s))), "admin");
    const auto snapshot = m_f->snapshot();
    auto report = m_f->ingest(line(tenant(u"other"_s, u"Other"_s)) +
                              line(principal(u"root"_s, u"analyst"_s, u"studio"_s)));
    QVERIFY(!report);
    QVERIFY2(report.error().endsWith(u"batch.jsonl:2: principal: root is the last admin who can "
                                     u"sign in; this record would take the admin role away and "
                                     u"leave nobody "
                                     u"able to administer the database (ingest another admin "
                                     u"first)"_s),
             qPrintable(report.error()));
    QCOMPARE(m_f->snapshot(), snapshot);
    QCOMPARE(m_f->text("SELECT group_concat(role) FROM principal_roles WHERE principal = 'root'"),
             u"admin"_s);
}

void TestIngestValidation::anAdminCanBeDemotedWhileAnotherRemains()
{
    QVERIFY2(m_f->ingest(line(principal(u"root"_s, u"admin"_s, u"studio"_s))), "admin");
    // The other admin must be able to sign in: daemon is a login on every
    // Debian machine, second is one on none.
    QJsonObject second = principal(u"second"_s, u"admin"_s, u"studio"_s);
    auto unreachable =
        m_f->ingest(line(second) + line(principal(u"root"_s, u"analyst"_s, u"studio"_s)));
    QVERIFY(!unreachable);
    QVERIFY2(unreachable.error().contains(u"root is the last admin who can sign in"_s),
             qPrintable(unreachable.error()));
    second.insert(u"os_user"_s, u"daemon"_s);
    auto report = m_f->ingest(line(second) + line(principal(u"root"_s, u"analyst"_s, u"studio"_s)));
    QVERIFY2(report, qPrintable(report.error()));
}

void TestIngestValidation::changingAnExistingPrincipalIsAudited()
{
    QJsonObject cora = principal(u"cora"_s, u"curator"_s, u"studio"_s);
    cora.insert(u"os_user"_s, u"mallory"_s);
    cora.insert(u"roles"_s, QJsonArray{u"curator"_s, u"admin"_s});
    Ingest ingest(*m_f->db, m_f->clock, u"root"_s);
    ingest.setRealPrincipal(u"boss"_s);
    auto report = ingest.ingestFile(
        m_f->write(line(tenant(u"other"_s, u"Other"_s)) + line(cora), u"change.jsonl"_s));
    QVERIFY2(report, qPrintable(report.error()));

    AuditStore audit(*m_f->db);
    auto trail = audit.forSubject(u"cora"_s);
    QVERIFY2(trail && trail->size() == 1, "one audit row for cora");
    const AuditRecord &row = trail->first();
    QCOMPARE(row.action, u"ingest-principal"_s);
    QCOMPARE(row.principal, u"boss"_s);
    QCOMPARE(row.effectivePrincipal, u"root"_s);
    QVERIFY2(row.reason.endsWith(u"change.jsonl:2"_s), qPrintable(row.reason));
    const QJsonObject details = QJsonDocument::fromJson(row.details.toUtf8()).object();
    QCOMPARE(details.value(u"before"_s).toObject().value(u"os_user"_s).toString(), u"cora"_s);
    QCOMPARE(details.value(u"after"_s).toObject().value(u"os_user"_s).toString(), u"mallory"_s);
    QCOMPARE(details.value(u"changed"_s).toArray(), QJsonArray({u"os_user"_s, u"roles"_s}));
    QCOMPARE(details.value(u"line"_s).toInt(), 2);

    // Naming its server role is a change too, audited like the rest.
    cora.insert(u"db_role"_s, u"team_cora"_s);
    QVERIFY(ingest.ingestFile(m_f->write(line(cora), u"role.jsonl"_s)));
    trail = audit.forSubject(u"cora"_s);
    QVERIFY(trail && trail->size() == 2);
    const QJsonObject roleChange =
        QJsonDocument::fromJson(trail->constLast().details.toUtf8()).object();
    QCOMPARE(roleChange.value(u"changed"_s).toArray(), QJsonArray({u"db_role"_s}));
    QCOMPARE(m_f->text("SELECT db_role FROM principals WHERE id = 'cora'"), u"team_cora"_s);
    // A new principal is no change of an existing one.
    QVERIFY(audit.forSubject(u"other"_s)->isEmpty());
}

void TestIngestValidation::aDomainArticleMayStillBeRevisedByIngest()
{
    auto first = m_f->ingest(line(article(u"KB-12"_s, u"Registers"_s)));
    QVERIFY2(first, qPrintable(first.error()));
    auto second = m_f->ingest(line(article(u"KB-12"_s, u"Registers, corrected"_s)));
    QVERIFY2(second, qPrintable(second.error()));
    QCOMPARE(m_f->text("SELECT group_concat(revision || ':' || state) FROM revisions r JOIN "
                       "articles a ON a.id = r.article_id WHERE a.ref = 'KB-12'"),
             u"1:superseded,2:active"_s);
}

QTEST_GUILESS_MAIN(TestIngestValidation)
#include "tst_ingestvalidation.moc"
