// curation-cli end to end: real processes, real database files.

#include "CliRunner.h"
#include "Database.h"
#include "Paths.h"
#include "PgSchema.h"
#include "Schema.h"
#include "TestDatabase.h"
#include "TestPaths.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace cw::test;

class CliTest : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    TestDatabases m_databases{m_dir.path()};
    QString m_demo;

    // No db: the CLI's default database (only for what never opens one).
    CliRun cli(const QStringList &arguments, const QString &db = {})
    {
        return runCli(db, arguments);
    }

    QString writeFile(const QString &name, const QByteArray &content)
    {
        const QString path = m_dir.filePath(name);
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly))
            return {};
        file.write(content);
        return path;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_demo = m_databases.location(QStringLiteral("demo.db"));
        const CliRun run = cli({QStringLiteral("demo")}, m_demo);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.endsWith('\n'), run.out.constData());
    }

    // Output that ends mid-line leaves the shell prompt on the same line and
    // makes `cmd | tail -1` and line readers miss the last line.
    void everyOutputEndsInANewline_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<bool>("onStdout");
        const auto row = [](const char *name, const QStringList &arguments, bool onStdout = true) {
            QTest::newRow(name) << arguments << onStdout;
        };
        row("help", {QStringLiteral("--help")});
        row("version", {QStringLiteral("--version")});
        row("command help", {QStringLiteral("demo"), QStringLiteral("--help")});
        row("demo again (refused)", {QStringLiteral("demo")}, false);
        row("init", {QStringLiteral("init")});
        row("proposals", {QStringLiteral("proposals")});
        row("proposals json", {QStringLiteral("proposals"), QStringLiteral("--json")});
        row("show", {QStringLiteral("show"), QStringLiteral("PR-1")});
        row("lag", {QStringLiteral("lag")});
        row("memory-search",
            {QStringLiteral("memory-search"), QStringLiteral("--mode"), QStringLiteral("A"),
             QStringLiteral("--domain"), QStringLiteral("data")});
        row("refusal", {QStringLiteral("show"), QStringLiteral("EXP-9999")}, false);
        row("usage error", {QStringLiteral("frobnicate")}, false);
    }

    void everyOutputEndsInANewline()
    {
        QFETCH(QStringList, arguments);
        QFETCH(bool, onStdout);
        const CliRun run = cli(arguments, m_demo);
        const QByteArray &output = onStdout ? run.out : run.err;
        QVERIFY2(!output.isEmpty(), run.err.constData());
        QVERIFY2(output.endsWith('\n'), output.right(200).constData());
    }

    void helpListsEveryCommandAndExitsZero()
    {
        const CliRun run = cli({QStringLiteral("--help")});
        QCOMPARE(run.exitCode, 0);
        for (const char *command : {"init", "demo", "ingest", "import-memory", "proposals", "show"})
            QVERIFY2(run.out.contains(command), command);
    }

    void unknownCommandIsAUsageError()
    {
        const CliRun run = cli({QStringLiteral("frobnicate")});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.err.contains("unknown command 'frobnicate'"));
    }

    void unknownOptionIsAUsageError()
    {
        QCOMPARE(cli({QStringLiteral("proposals"), QStringLiteral("--colour")}, m_demo).exitCode,
                 2);
        QCOMPARE(
            cli({QStringLiteral("proposals"), QStringLiteral("--status"), QStringLiteral("maybe")},
                m_demo)
                .exitCode,
            2);
    }

    void initIsIdempotentAndReportsTheSchemaVersion()
    {
        const QString db = m_databases.location(QStringLiteral("init.db"));
        const CliRun first = cli({QStringLiteral("init"), QStringLiteral("--json")}, db);
        QCOMPARE(first.exitCode, 0);
        QCOMPARE(first.json().value(QStringLiteral("schema_version")).toInt(),
                 TestDatabase::onServer() ? cw::PgSchema::currentVersion()
                                          : cw::Schema::currentVersion());
        QCOMPARE(cli({QStringLiteral("init")}, db).exitCode, 0);
    }

    void demoTwiceIsRefusedTheSecondTime()
    {
        const CliRun again = cli({QStringLiteral("demo"), QStringLiteral("--json")}, m_demo);
        QCOMPARE(again.exitCode, 1);
        QVERIFY(again.err.contains("only creates a new database"));
        const CliRun scaled =
            cli({QStringLiteral("demo"), QStringLiteral("--scale"), QStringLiteral("10")}, m_demo);
        QCOMPARE(scaled.exitCode, 1);
        QVERIFY(scaled.err.contains("new database"));
    }

    void demoScaleGeneratesProportionateVolume()
    {
        const QString db = m_databases.location(QStringLiteral("scale.db"));
        const CliRun run = cli({QStringLiteral("demo"), QStringLiteral("--scale"),
                                QStringLiteral("200"), QStringLiteral("--json")},
                               db);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY(run.json().value(QStringLiteral("generated_records")).toInt() > 400);
        const CliRun listed = cli({QStringLiteral("proposals"), QStringLiteral("--json"),
                                   QStringLiteral("--limit"), QStringLiteral("1000")},
                                  db);
        // 16 scenario proposals (PR-0 behind EXP-2, PR-12..15 behind the demo
        // query set's verified fixes) plus one per twenty generated cases.
        QCOMPARE(listed.json().value(QStringLiteral("total")).toInt(), 16 + 10);
    }

    void proposalsListsEveryDemoProposalAsJson()
    {
        const CliRun run = cli({QStringLiteral("proposals"), QStringLiteral("--json")}, m_demo);
        QCOMPARE(run.exitCode, 0);
        const QJsonArray rows = run.json().value(QStringLiteral("proposals")).toArray();
        QCOMPARE(rows.size(), 16);
        QSet<QString> statuses;
        QSet<QString> levels;
        for (const QJsonValue &row : rows) {
            statuses.insert(row.toObject().value(QStringLiteral("status")).toString());
            levels.insert(row.toObject().value(QStringLiteral("proof_level")).toString());
        }
        // The demo shows every state a proposal can be in, and every proof level.
        QCOMPARE(statuses, (QSet<QString>{QStringLiteral("pending"), QStringLiteral("returned"),
                                          QStringLiteral("rejected"), QStringLiteral("approved"),
                                          QStringLiteral("published")}));
        QCOMPARE(levels, (QSet<QString>{QStringLiteral("verified"), QStringLiteral("executed"),
                                        QStringLiteral("proposed")}));
        const QJsonObject first = rows.first().toObject();
        for (const char *field : {"id", "status", "article", "revision", "kind", "domain", "title",
                                  "proof_level", "case", "case_redacted", "proposed_at"})
            QVERIFY2(first.contains(QLatin1String(field)), field);
    }

    void anotherTenantsCaseHandleIsRedacted()
    {
        const CliRun run = cli({QStringLiteral("--as"), QStringLiteral("cora"),
                                QStringLiteral("proposals"), QStringLiteral("--json")},
                               m_demo);
        QCOMPARE(run.exitCode, 0);
        bool sawForeign = false;
        for (const QJsonValue &value : run.json().value(QStringLiteral("proposals")).toArray()) {
            const QJsonObject row = value.toObject();
            if (row.value(QStringLiteral("id")).toString() == QLatin1String("PR-6")) {
                sawForeign = true;
                QVERIFY(row.value(QStringLiteral("case")).isNull());
                QVERIFY(row.value(QStringLiteral("case_redacted")).toBool());
            }
        }
        QVERIFY(sawForeign);
        const CliRun show =
            cli({QStringLiteral("--as"), QStringLiteral("cora"), QStringLiteral("show"),
                 QStringLiteral("northwind/servicedesk/NW-311")},
                m_demo);
        QCOMPARE(show.exitCode, 1);
        QVERIFY(!show.out.contains("Halvorsen"));
    }

    void showCaseExplainsWhyDeliveriesWereAttached()
    {
        const CliRun run =
            cli({QStringLiteral("show"), QStringLiteral("studio/servicedesk/SD-1598"),
                 QStringLiteral("--json")},
                m_demo);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonArray arrivals = run.json().value(QStringLiteral("arrivals")).toArray();
        QCOMPARE(arrivals.size(), 3);
        QStringList kinds;
        for (const QJsonValue &a : arrivals)
            kinds << a.toObject().value(QStringLiteral("attach_kind")).toString();
        QCOMPARE(kinds,
                 QStringList({QStringLiteral("new-case"), QStringLiteral("duplicate-delivery"),
                              QStringLiteral("new-revision")}));
        QVERIFY(
            !arrivals[1].toObject().value(QStringLiteral("attach_reason")).toString().isEmpty());
    }

    void showProposalCarriesClaimAndProofs()
    {
        const CliRun run =
            cli({QStringLiteral("show"), QStringLiteral("PR-1"), QStringLiteral("--json")}, m_demo);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject json = run.json();
        QCOMPARE(json.value(QStringLiteral("type")).toString(), QStringLiteral("proposal"));
        QCOMPARE(json.value(QStringLiteral("proofs")).toArray().size(), 2);
        QCOMPARE(json.value(QStringLiteral("revision"))
                     .toObject()
                     .value(QStringLiteral("proof_level"))
                     .toString(),
                 QStringLiteral("verified"));
    }

    void showArticleListsItsRevisions()
    {
        const CliRun run = cli(
            {QStringLiteral("show"), QStringLiteral("DEC-4"), QStringLiteral("--json")}, m_demo);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject revision =
            run.json().value(QStringLiteral("revisions")).toArray().first().toObject();
        QCOMPARE(revision.value(QStringLiteral("supersedes")).toArray().first().toString(),
                 QStringLiteral("DEC-1"));
        QCOMPARE(revision.value(QStringLiteral("state")).toString(), QStringLiteral("active"));
    }

    void showUnknownRefIsRefused()
    {
        const CliRun run = cli({QStringLiteral("show"), QStringLiteral("EXP-9999")}, m_demo);
        QCOMPARE(run.exitCode, 1);
        QCOMPARE(run.err.count('\n'), 1);
        QVERIFY(run.err.contains("EXP-9999"));
    }

    void actingAsAnotherPrincipalNeedsAdmin()
    {
        const QString db = m_databases.location(QStringLiteral("roles.db"));
        const QString file = writeFile(
            QStringLiteral("roles.jsonl"),
            QStringLiteral("{\"type\":\"tenant\",\"id\":\"t\",\"name\":\"T\"}\n"
                           "{\"type\":\"principal\",\"id\":\"me\",\"name\":\"Me\",%1,"
                           "\"roles\":[\"curator\"],\"tenants\":[\"t\"],\"domains\":[]}\n"
                           "{\"type\":\"principal\",\"id\":\"other\",\"name\":\"Other\","
                           "\"roles\":[\"analyst\"],\"tenants\":[\"t\"],\"domains\":[]}\n")
                .arg(TestDatabase::selfIdentityMember(cw::Paths::osLoginName()))
                .toUtf8());
        QCOMPARE(cli({QStringLiteral("ingest"), file}, db).exitCode, 0);
        QCOMPARE(cli({QStringLiteral("proposals")}, db).exitCode, 0);
        const CliRun run =
            cli({QStringLiteral("--as"), QStringLiteral("other"), QStringLiteral("proposals")}, db);
        QCOMPARE(run.exitCode, 1);
        QVERIFY(run.err.contains("only for admins"));
        // A curator may not ingest once principals exist.
        QCOMPARE(cli({QStringLiteral("ingest"), file}, db).exitCode, 1);
    }

    void badIngestLineIsNamedAndNothingIsWritten()
    {
        const QString db = m_databases.location(QStringLiteral("bad.db"));
        const QString file = writeFile(
            QStringLiteral("bad.jsonl"),
            "{\"type\":\"tenant\",\"id\":\"t\",\"name\":\"T\"}\n{\"type\":\"tenant\",\"id\":\n");
        const CliRun run = cli({QStringLiteral("ingest"), file}, db);
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("bad.jsonl:2"), run.err.constData());
        QCOMPARE(run.err.count('\n'), 1);
        auto opened = cw::Database::open(db, cw::Database::Mode::OpenExisting);
        QVERIFY2(opened, qPrintable(opened.error()));
        QCOMPARE(*(*opened)->queryInt("SELECT count(*) FROM tenants"), 0);
    }

    void foreignFileIsRefusedUntouched()
    {
        const QString path = writeFile(QStringLiteral("notes.txt"), "these are my notes\n");
        const CliRun run = cli({QStringLiteral("proposals")}, path);
        QCOMPARE(run.exitCode, 1);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), QByteArray("these are my notes\n"));
    }

    void importMemoryImportsTheRepositoryCorpus()
    {
        const QString db = m_databases.location(QStringLiteral("corpus.db"));
        const CliRun run = cli({QStringLiteral("import-memory"),
                                TestPaths::source("tests/data/memory"), QStringLiteral("--json")},
                               db);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QCOMPARE(run.json().value(QStringLiteral("imported")).toInt(), 51);
        QVERIFY(run.json().value(QStringLiteral("problems")).toArray().isEmpty());
    }
};

QTEST_GUILESS_MAIN(CliTest)
#include "tst_cli.moc"
