// Keeping a server database sound (issue #15): `rebuild`, `rebuild --verify`,
// the projection check of `copy`, and `check` on a server. The demo with a database
// role for each principal is on the server (PgDemo); each test that writes
// takes a fresh copy. The table owner tampers with the projection and its
// content index in plain SQL, verify names every place, rebuild mends it to
// what the projector wrote, and an analyst may do neither. check says what
// it could not check, and with amcheck finds a row its index lacks (made by
// the superuser's catalogue trick amcheck's own tests use: the index not
// ready while a row goes in).

#include "PgDemo.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace cw;
using namespace cw::test;
using namespace Qt::StringLiterals;

namespace {

// Every projection row as text in ref order, without its rowid (a rebuild
// gives rows new ones).
constexpr const char *ProjectionRows =
    "SELECT string_agg(row_to_json(p)::jsonb - 'rowid' #>> '{}', E'\\n' ORDER BY ref COLLATE "
    "\"C\") FROM projection p";

// Each tampering of the owner's, one statement, and the difference verify
// reports for it: kind and field (the ref is the statement's).
struct Tampering
{
    const char *sql;
    const char *kind;
    const char *field;
};

const Tampering Tamperings[] = {
    {"UPDATE projection SET owner = 'mallory' WHERE ref = 'DEC-1'", "field", "owner"},
    {"DELETE FROM projection WHERE ref = 'DEC-2'", "missing", ""},
    {"UPDATE projection_fts SET document = to_tsvector('simple', 'tampered words') WHERE rowid = "
     "(SELECT rowid FROM projection WHERE ref = 'DEC-3')",
     "text", "words"},
    {"UPDATE projection_fts SET document = setweight(document, 'D') WHERE rowid = (SELECT rowid "
     "FROM projection WHERE ref = 'DEC-4')",
     "text", "positions"},
    {"INSERT INTO projection_fts (rowid, document) VALUES (999999, to_tsvector('simple', "
     "'stray'))",
     "stray-text", ""},
};

} // namespace

class TestPgMaintenance : public QObject, protected PgDemo
{
    Q_OBJECT

private:
    QString owner(const QString &database) const { return PgTestServer::uri(database); }
    QString as(const QString &database, const QString &id) const
    {
        return PgTestServer::uri(database, byId(id)->role);
    }

    static QString answer(const QString &uri, const char *sql)
    {
        auto connection = PgTestServer::connect(uri);
        auto rows = connection ? connection->query(sql) : Result<PgRows>(fail(u"no connection"_s));
        return rows && rows->count() == 1 ? rows->text(0, 0) : u"(no answer)"_s;
    }

    static bool tamper(const QString &uri)
    {
        auto connection = PgTestServer::connect(uri);
        if (!connection)
            return false;
        for (const Tampering &t : Tamperings)
            if (!connection->execScript(t.sql))
                return false;
        return true;
    }

private Q_SLOTS:
    void initTestCase() { setUpDemo(u"cw_maintenance"_s); }
    void cleanupTestCase() { tearDownDemo(); }

    void aProjectedServerVerifiesIdentical()
    {
        const CliRun verify = runCli(as(m_database, u"admin"_s), {u"rebuild"_s, u"--verify"_s});
        QVERIFY2(verify.ok(), qPrintable(verify.describe()));
        QVERIFY2(verify.out.startsWith("identical: "), verify.out.constData());
        const CliRun json =
            runCli(as(m_database, u"admin"_s), {u"--json"_s, u"rebuild"_s, u"--verify"_s});
        QVERIFY2(json.ok(), qPrintable(json.describe()));
        const QString rows = answer(owner(m_database), "SELECT count(*) FROM projection");
        QCOMPARE(json.json()[u"live_rows"_s].toInteger(), rows.toLongLong());
        QCOMPARE(json.json()[u"rebuilt_rows"_s].toInteger(), rows.toLongLong());
        QVERIFY(json.json()[u"identical"_s].toBool());
        // The file the server was copied from agrees.
        const CliRun onFile = runCli(m_file, {u"--json"_s, u"rebuild"_s, u"--verify"_s});
        QCOMPARE(onFile.json()[u"rebuilt_rows"_s], json.json()[u"rebuilt_rows"_s]);
        QCOMPARE(onFile.json()[u"watermark"_s], json.json()[u"watermark"_s]);
    }

    void verifyNamesEveryTamperingAndRebuildMendsIt()
    {
        const QString database = freshDatabase(u"cw_maintenance_tampered"_s);
        QVERIFY(!database.isEmpty());
        const QString projected = answer(owner(database), ProjectionRows);
        QVERIFY(tamper(owner(database)));

        const CliRun verify =
            runCli(as(database, u"admin"_s), {u"--json"_s, u"rebuild"_s, u"--verify"_s});
        QCOMPARE(verify.exitCode, 1);
        const QJsonObject report = verify.json();
        QCOMPARE(report[u"error"_s][u"kind"_s].toString(), u"conflict"_s);
        QStringList found;
        for (const QJsonValue &d : report[u"differences"_s].toArray())
            found << d[u"kind"_s].toString() + u' ' + d[u"ref"_s].toString() + u' ' +
                         d[u"field"_s].toString();
        QStringList expected;
        for (const Tampering &t : Tamperings) {
            const QString sql = QString::fromUtf8(t.sql);
            const qsizetype at = sql.indexOf(u"'DEC-");
            const QString ref = at < 0 ? QString() : sql.mid(at + 1, 5);
            expected << QString::fromUtf8(t.kind) + u' ' + ref + u' ' + QString::fromUtf8(t.field);
        }
        found.sort();
        expected.sort();
        QCOMPARE(found, expected);
        QVERIFY2(verify.out.contains("\\\"tampered words\\\""), verify.out.constData());

        const CliRun rebuild = runCli(as(database, u"admin"_s), {u"--json"_s, u"rebuild"_s});
        QVERIFY2(rebuild.ok(), qPrintable(rebuild.describe()));
        QCOMPARE(QString::number(rebuild.json()[u"rows"_s].toInteger()),
                 answer(owner(database), "SELECT count(*) FROM projection"));
        const CliRun again = runCli(as(database, u"admin"_s), {u"rebuild"_s, u"--verify"_s});
        QVERIFY2(again.ok(), qPrintable(again.describe()));
        // What the projector wrote, row for row; the derived tables follow.
        QCOMPARE(answer(owner(database), ProjectionRows), projected);
        QCOMPARE(answer(owner(database),
                        "SELECT (SELECT rows FROM projection_size) = count(*) AND count(*) = "
                        "(SELECT count(*) FROM projection_keys) AND count(*) = (SELECT count(*) "
                        "FROM projection_fts) FROM projection"),
                 u"t"_s);
        QVERIFY(PgTestServer::dropDatabase(database));
    }

    // Curators, domain owners and admins may (ProjectionAccess); an analyst
    // may not, nor a role that is no principal.
    void anAnalystMayNeitherRebuildNorVerify()
    {
        const QString before = answer(owner(m_database), ProjectionRows);
        for (const QString &uri :
             {as(m_database, u"ana"_s), PgTestServer::uri(m_database, m_stranger)}) {
            for (const QStringList &line :
                 {QStringList{u"--json"_s, u"rebuild"_s},
                  QStringList{u"--json"_s, u"rebuild"_s, u"--verify"_s}}) {
                const CliRun run = runCli(uri, line);
                QVERIFY2(run.exitCode == 1, qPrintable(run.describe()));
                QVERIFY2(run.json()[u"error"_s][u"kind"_s].toString() == u"forbidden"_s,
                         qPrintable(run.describe()));
            }
        }
        QCOMPARE(answer(owner(m_database), ProjectionRows), before);
    }

    void checkSaysWhatItCouldNotCheck()
    {
        const CliRun admin = runCli(as(m_database, u"admin"_s), {u"--json"_s, u"check"_s});
        QVERIFY2(admin.ok(), qPrintable(admin.describe()));
        QVERIFY(admin.json()[u"sound"_s].toBool());
        QCOMPARE(admin.json()[u"scan"_s].toString(), u"full"_s);
        const QString limits = admin.json()[u"limits"_s].toVariant().toStringList().join(u'\n');
        QVERIFY2(limits.contains(u"amcheck extension is not installed"_s), qPrintable(limits));
        QVERIFY2(limits.contains(u"row-level security"_s), qPrintable(limits));
        const CliRun text = runCli(as(m_database, u"ana"_s), {u"check"_s, u"--quick"_s});
        QVERIFY2(text.ok(), qPrintable(text.describe()));
        QVERIFY2(text.out.contains("not checked: pages and indexes were not verified"),
                 text.out.constData());
        QVERIFY2(text.out.contains("sound: quick scan found no damage"), text.out.constData());
        const CliRun stranger =
            runCli(PgTestServer::uri(m_database, m_stranger), {u"--json"_s, u"check"_s});
        QVERIFY2(stranger.exitCode == 1, qPrintable(stranger.describe()));
    }

    void checkWithAmcheckFindsARowItsIndexLacks()
    {
        const QString database = freshDatabase(u"cw_maintenance_check"_s);
        QVERIFY(!database.isEmpty());
        {
            auto superuser = PgTestServer::connect(owner(database));
            // The admin's role is no superuser: it is granted amcheck.
            QVERIFY(superuser &&
                    superuser->execScript(
                        "CREATE EXTENSION amcheck; GRANT EXECUTE ON FUNCTION "
                        "bt_index_check(regclass, boolean), verify_heapam(regclass, boolean, "
                        "boolean, text, bigint, bigint) TO cw_member"));
        }
        const QString admin = as(database, u"admin"_s);
        const CliRun sound = runCli(admin, {u"--json"_s, u"check"_s});
        QVERIFY2(sound.ok(), qPrintable(sound.describe()));
        const QString limits = sound.json()[u"limits"_s].toVariant().toStringList().join(u'\n');
        QVERIFY2(!limits.contains(u"not verified"_s) && limits.contains(u"GIN"_s),
                 qPrintable(limits));
        // Each step a connection of its own: the next one reads the catalogue anew.
        for (const char *step :
             {"UPDATE pg_index SET indisready = false WHERE indexrelid = 'tenants_pkey'::regclass",
              "INSERT INTO tenants (id, name) VALUES ('ghost', 'Ghost')",
              "UPDATE pg_index SET indisready = true WHERE indexrelid = "
              "'tenants_pkey'::regclass"}) {
            auto superuser = PgTestServer::connect(owner(database));
            QVERIFY(superuser && superuser->execScript(step));
        }
        const CliRun damaged = runCli(admin, {u"--json"_s, u"check"_s});
        QVERIFY2(damaged.exitCode == 1, qPrintable(damaged.describe()));
        QVERIFY(!damaged.json()[u"sound"_s].toBool());
        const QStringList problems = damaged.json()[u"problems"_s].toVariant().toStringList();
        QCOMPARE(problems.size(), 1);
        QVERIFY2(problems.first().startsWith(u"index tenants_pkey: heap tuple"_s) &&
                     problems.first().contains(u"lacks matching index tuple"_s),
                 qPrintable(problems.first()));
        QVERIFY2(damaged.err.contains("the database is corrupt: the full scan found 1 problem"),
                 damaged.err.constData());
        // A quick scan reads the tables only.
        QVERIFY(runCli(admin, {u"check"_s, u"--quick"_s}).ok());
        QVERIFY(PgTestServer::dropDatabase(database));
    }

    // copy checks the copy's projection against its canonical state: a
    // tampered source gives a kept copy and a conflict naming the count.
    void aCopyOfATamperedProjectionIsReported()
    {
        const QString file = m_dir.filePath(u"tampered.db"_s);
        QFile::remove(file);
        QVERIFY(QFile::copy(m_file, file));
        QProcess sqlite;
        sqlite.start(u"sqlite3"_s, {file, u"UPDATE projection SET owner = 'mallory' WHERE ref = "
                                          "'DEC-1' RETURNING ref"_s});
        QVERIFY(sqlite.waitForFinished(30000));
        QCOMPARE(sqlite.readAllStandardOutput().trimmed(), "DEC-1");
        const QString database = PgTestServer::unique(u"cw_maintenance_copy"_s);
        QVERIFY(PgTestServer::createDatabase(database));
        const CliRun copy = runCli(file, {u"--json"_s, u"copy"_s, u"--to"_s, owner(database)});
        QVERIFY2(copy.exitCode == 1, qPrintable(copy.describe()));
        QCOMPARE(copy.json()[u"error"_s][u"kind"_s].toString(), u"conflict"_s);
        QVERIFY2(copy.err.contains("differs from a rebuild of its canonical state in 1 place"),
                 copy.err.constData());
        QCOMPARE(copy.json()[u"projection_differences"_s].toInteger(), 1);
        QVERIFY(copy.json()[u"counts_match"_s].toBool());
        // Kept: the server holds the tampered row, and rebuild mends it there.
        QCOMPARE(answer(owner(database), "SELECT owner FROM projection WHERE ref = 'DEC-1'"),
                 u"mallory"_s);
        const CliRun rebuild = runCli(as(database, u"admin"_s), {u"rebuild"_s});
        QVERIFY2(rebuild.ok(), qPrintable(rebuild.describe()));
        QVERIFY(runCli(as(database, u"admin"_s), {u"rebuild"_s, u"--verify"_s}).ok());
        QVERIFY(PgTestServer::dropDatabase(database));
    }
};

QTEST_GUILESS_MAIN(TestPgMaintenance)
#include "tst_pgmaintenance.moc"
