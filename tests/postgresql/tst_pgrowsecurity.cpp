// Row-level security on a real server, in plain SQL: each principal's
// database role sees and writes only the rows of the cases it may read (its
// tenants, and cases granted to it), the same rule the model applies
// (Access::mayReadCase). The table owner, which migrates and projects, sees
// everything.

#include "PgSchema.h"
#include "PgTestServer.h"
#include "TestPaths.h"

#include <QProcess>
#include <QTest>

using namespace cw;
using namespace cw::test;
using namespace Qt::StringLiterals;

class TestPgRowSecurity : public QObject
{
    Q_OBJECT

private:
    QString m_database;
    QString m_ana;      // tenant north
    QString m_nils;     // tenant south, and a grant for one case of north
    QString m_stranger; // a member of cw_member that is no principal
    std::unique_ptr<PgConnection> m_owner;

    std::unique_ptr<PgConnection> as(const QString &role)
    {
        return PgTestServer::connect(PgTestServer::uri(m_database, role));
    }

    static QString count(const PgConnection &db, const char *sql)
    {
        auto rows = db.query(sql);
        return rows ? rows->text(0, 0) : rows.error();
    }

    // Two tenants, three cases (two north, one south), an arrival, a proof,
    // a proposal per case, and a memory-use row per principal.
    bool seed()
    {
        const QByteArray roles = "CREATE ROLE " + m_ana.toUtf8() + " LOGIN IN ROLE cw_member;" +
                                 "CREATE ROLE " + m_nils.toUtf8() + " LOGIN IN ROLE cw_member;" +
                                 "CREATE ROLE " + m_stranger.toUtf8() + " LOGIN IN ROLE cw_member;";
        if (auto made = m_owner->execScript(roles); !made) {
            qWarning("%s", qPrintable(made.error()));
            return false;
        }
        auto run = [this](const char *sql, const QStringList &values = {}) {
            auto done = m_owner->query(sql, values);
            if (!done)
                qWarning("%s", qPrintable(done.error()));
            return done.ok();
        };
        return run("INSERT INTO tenants VALUES ('north', 'North'), ('south', 'South')") &&
               run("INSERT INTO principals (id, name, db_role) VALUES ('ana', 'Ana', $1), "
                   "('nils', 'Nils', $2)",
                   {m_ana, m_nils}) &&
               run("INSERT INTO principal_roles VALUES ('ana', 'analyst'), ('nils', 'curator')") &&
               run("INSERT INTO principal_tenants VALUES ('ana', 'north'), ('nils', 'south')") &&
               run("INSERT INTO cases (id, tenant, source_system, source_request, title, "
                   "latest_revision, opened_at, updated_at) VALUES "
                   "(1, 'north', 'desk', 'N-1', 'north one', 'r1', '2026-01-01T00:00:00Z', "
                   "'2026-01-01T00:00:00Z'), "
                   "(2, 'north', 'desk', 'N-2', 'north two', 'r1', '2026-01-01T00:00:00Z', "
                   "'2026-01-01T00:00:00Z'), "
                   "(3, 'south', 'desk', 'S-1', 'south one', 'r1', '2026-01-01T00:00:00Z', "
                   "'2026-01-01T00:00:00Z')") &&
               run("SELECT setval(pg_get_serial_sequence('cases', 'id'), 3)") &&
               run("INSERT INTO grants VALUES ('nils', 2)") &&
               run("INSERT INTO arrivals (case_id, source_revision, delivery_id, received_at, "
                   "title, attach_kind, attach_reason) SELECT id, 'r1', 'd' || id, "
                   "'2026-01-01T00:00:00Z', title, 'new-case', 'first' FROM cases") &&
               run("INSERT INTO proof_records (case_id, proof_id, kind, title, content_type, "
                   "content, result, captured_at) SELECT id, 'p1', 'log', 'log', 'text/plain', "
                   "'ok', 'verified', '2026-01-01T00:00:00Z' FROM cases") &&
               run("INSERT INTO articles (id, ref, kind, domain, created_at) SELECT id, "
                   "'EXP-' || id, 'experience', 'billing', '2026-01-01T00:00:00Z' FROM cases") &&
               run("INSERT INTO revisions (id, article_id, revision, state, title, "
                   "source_case_id, created_at, updated_at) SELECT id, id, 1, 'proposed', title, "
                   "id, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z' FROM cases") &&
               run("INSERT INTO proposals (id, revision_id, case_id, proposed_by, proposed_at) "
                   "SELECT 'PR-' || id, id, id, 'nils', '2026-01-01T00:00:00Z' FROM cases") &&
               run("INSERT INTO memory_use (at, strategy, strategy_version, principal, "
                   "effective_principal, inputs, watermark, canonical_head, candidates) VALUES "
                   "('2026-01-01T00:00:00Z', 'balanced', 1, 'ana', 'ana', '{}', 0, 0, '[]'), "
                   "('2026-01-01T00:00:00Z', 'balanced', 1, 'nils', 'nils', '{}', 0, 0, '[]')");
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(!PgTestServer::ownerUri().isEmpty(), "the fixture started no server");
        m_database = PgTestServer::unique(u"cw_rls"_s);
        m_ana = PgTestServer::unique(u"ana"_s);
        m_nils = PgTestServer::unique(u"nils"_s);
        m_stranger = PgTestServer::unique(u"stranger"_s);
        cleanupTestCase(); // what a killed run left
        QVERIFY(PgTestServer::createDatabase(m_database));
        m_owner = PgTestServer::connect(PgTestServer::uri(m_database));
        QVERIFY(m_owner);
        auto version = PgSchema::migrate(*m_owner);
        QVERIFY2(version, qPrintable(version.error()));
        QVERIFY(seed());
    }

    void cleanupTestCase()
    {
        m_owner.reset();
        QVERIFY(PgTestServer::dropDatabase(m_database));
        auto server = PgTestServer::connect(PgTestServer::ownerUri());
        QVERIFY(server);
        for (const QString &role : {m_ana, m_nils, m_stranger})
            QVERIFY(server->execScript("DROP ROLE IF EXISTS " + role.toUtf8()));
    }

    void aRoleSeesOnlyTheCasesItsPrincipalReads()
    {
        auto ana = as(m_ana);
        QVERIFY(ana);
        QCOMPARE(count(*ana, "SELECT string_agg(source_request, ',' ORDER BY id) FROM cases"),
                 u"N-1,N-2"_s);
        // nils: his tenant, and the one case of north granted to him.
        auto nils = as(m_nils);
        QVERIFY(nils);
        QCOMPARE(count(*nils, "SELECT string_agg(source_request, ',' ORDER BY id) FROM cases"),
                 u"N-2,S-1"_s);
    }

    void whatHangsOnACaseFollowsIt()
    {
        auto ana = as(m_ana);
        QVERIFY(ana);
        QCOMPARE(count(*ana, "SELECT count(*) FROM arrivals"), u"2"_s);
        QCOMPARE(count(*ana, "SELECT count(*) FROM proof_records"), u"2"_s);
        QCOMPARE(count(*ana, "SELECT count(*) FROM arrivals WHERE case_id = 3"), u"0"_s);
        // Every principal sees every proposal, its case handle redacted when
        // the case is out of scope (docs/access-policy.md): the proposal
        // rows stay, the case behind them does not.
        const char *proposalCases = "SELECT string_agg(p.id || ':' || coalesce(c.source_request, "
                                    "'-'), ',' ORDER BY p.id) FROM proposals p "
                                    "LEFT JOIN cases c ON c.id = p.case_id";
        QCOMPARE(count(*ana, proposalCases), u"PR-1:N-1,PR-2:N-2,PR-3:-"_s);
        auto nils = as(m_nils);
        QVERIFY(nils);
        QCOMPARE(count(*nils, proposalCases), u"PR-1:-,PR-2:N-2,PR-3:S-1"_s);
        // Deciding is writing: only on a proposal whose case one may read.
        auto decided = ana->query("UPDATE proposals SET status = 'approved' WHERE id = 'PR-3'");
        QVERIFY(decided);
        QCOMPARE(count(*m_owner, "SELECT status FROM proposals WHERE id = 'PR-3'"), u"pending"_s);
    }

    void aRoleCannotWriteAnotherTenantsRows()
    {
        auto ana = as(m_ana);
        QVERIFY(ana);
        auto inserted = ana->query(
            "INSERT INTO cases (tenant, source_system, source_request, title, latest_revision, "
            "opened_at, updated_at) VALUES ('south', 'desk', 'S-9', 'planted', 'r1', "
            "'2026-01-02T00:00:00Z', '2026-01-02T00:00:00Z')");
        QVERIFY(!inserted);
        QVERIFY2(inserted.error().contains(u"row-level security"_s), qPrintable(inserted.error()));
        QVERIFY2(inserted.error().contains(u"42501"_s), qPrintable(inserted.error()));

        auto updated = ana->query("UPDATE cases SET title = 'changed' WHERE tenant = 'south'");
        QVERIFY(updated);
        auto deleted = ana->query("DELETE FROM proof_records WHERE case_id = 3");
        QVERIFY(deleted);
        // Moving her own case into another tenant is writing there too.
        QVERIFY(!ana->query("UPDATE cases SET tenant = 'south' WHERE id = 1"));
        QVERIFY(!ana->query("INSERT INTO arrivals (case_id, source_revision, delivery_id, "
                            "received_at, title, attach_kind, attach_reason) VALUES (3, 'r2', "
                            "'x', '2026-01-02T00:00:00Z', 'planted', 'new-revision', 'x')"));

        QCOMPARE(count(*m_owner, "SELECT title FROM cases WHERE id = 3"), u"south one"_s);
        QCOMPARE(count(*m_owner, "SELECT tenant FROM cases WHERE id = 1"), u"north"_s);
        QCOMPARE(count(*m_owner, "SELECT count(*) FROM proof_records"), u"3"_s);
        QCOMPARE(count(*m_owner, "SELECT count(*) FROM arrivals"), u"3"_s);
        QCOMPARE(count(*m_owner, "SELECT count(*) FROM cases"), u"3"_s);
    }

    void memoryUseIsEachPrincipalsOwn()
    {
        auto ana = as(m_ana);
        QVERIFY(ana);
        QCOMPARE(count(*ana, "SELECT string_agg(principal, ',') FROM memory_use"), u"ana"_s);
        QVERIFY(!ana->query("INSERT INTO memory_use (at, strategy, strategy_version, principal, "
                            "effective_principal, inputs, watermark, canonical_head, candidates) "
                            "VALUES ('2026-01-02T00:00:00Z', 'balanced', 1, 'nils', 'nils', '{}', "
                            "0, 0, '[]')"));
    }

    void aRoleThatIsNoPrincipalSeesNothing()
    {
        auto stranger = as(m_stranger);
        QVERIFY(stranger);
        QCOMPARE(count(*stranger, "SELECT count(*) FROM cases"), u"0"_s);
        QCOMPARE(count(*stranger, "SELECT count(*) FROM arrivals"), u"0"_s);
        QCOMPARE(count(*stranger, "SELECT count(*) FROM memory_use"), u"0"_s);
    }

    // The fuller check in plain psql (tests/postgresql/rls_check.sql): an
    // admin, identity tables, grants, verdicts, acting as another; 65
    // checks, each raising an error when it does not hold.
    void thePlainSqlChecksHold()
    {
        const QString database = PgTestServer::unique(u"cw_rls_psql"_s);
        QVERIFY(PgTestServer::createDatabase(database));
        const QString uri = PgTestServer::uri(database);
        {
            auto db = PgTestServer::connect(uri);
            QVERIFY(db);
            QVERIFY(PgSchema::migrate(*db));
        }
        QProcess psql;
        psql.start(u"psql"_s, {u"-X"_s, u"-v"_s, u"ON_ERROR_STOP=1"_s, u"-f"_s,
                               TestPaths::source("tests/postgresql/rls_check.sql"), uri});
        QVERIFY(psql.waitForFinished(120000));
        const QByteArray output = psql.readAllStandardOutput() + psql.readAllStandardError();
        QVERIFY(PgTestServer::dropDatabase(database));
        QVERIFY2(psql.exitStatus() == QProcess::NormalExit && psql.exitCode() == 0,
                 output.constData());
    }

    void theOwnerSeesEveryRow()
    {
        QCOMPARE(count(*m_owner, "SELECT count(*) FROM cases"), u"3"_s);
        QCOMPARE(count(*m_owner, "SELECT count(*) FROM proposals"), u"3"_s);
        QCOMPARE(count(*m_owner, "SELECT count(*) FROM memory_use"), u"2"_s);
    }
};

QTEST_GUILESS_MAIN(TestPgRowSecurity)
#include "tst_pgrowsecurity.moc"
