// erase, retain and reverify through curation-cli (issue 17): the dependency
// report as text and JSON, the refusals (another role, --as, another tenant)
// and the files after an erasure. The demo admin is the
// OS user running the tests; --as acts as the demo's principals.

#include "CliRunner.h"
#include "TestDatabase.h"

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace cw::test;
using namespace Qt::StringLiterals;

namespace {

const QString Case = u"studio/servicedesk/SD-1598"_s;

} // namespace

class TestEraseCli : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    TestDatabases m_databases{m_dir.path()};
    QString m_db;

    CliRun cli(const QStringList &arguments, const QString &as = {})
    {
        return runCli(m_db, arguments, as);
    }

    QString file(const QString &name, const QByteArray &content)
    {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        if (f.open(QIODevice::WriteOnly))
            f.write(content);
        return path;
    }

    qint64 occurrences(const QString &path, const QByteArray &needle)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll().count(needle) : 0;
    }

private Q_SLOTS:
    void init()
    {
        QVERIFY(m_dir.isValid());
        m_db = m_databases.location(
            u"demo-%1.db"_s.arg(QString::fromLatin1(QTest::currentTestFunction())));
        const CliRun demo = cli({u"demo"_s});
        QVERIFY2(demo.ok(), qPrintable(demo.describe()));
    }

    void dryRunPrintsTheReportAndChangesNothing()
    {
        const CliRun text = cli({u"erase"_s, u"case"_s, Case, u"--dry-run"_s});
        QVERIFY2(text.ok(), qPrintable(text.describe()));
        for (const char *line : {"cases: 1 (deleted)", "arrivals: 3 (deleted)", "  P-1 (verified)",
                                 "proposals_published: 2", "  EXP-9@1 active", "evaluation: 1",
                                 "  query set demo-paired-2026-12"})
            QVERIFY2(text.out.contains(line), line);
        const CliRun json = cli({u"erase"_s, u"case"_s, Case, u"--dry-run"_s, u"--json"_s});
        QVERIFY2(json.ok(), qPrintable(json.describe()));
        const QJsonObject deps = json.json().value(u"dependencies"_s).toObject();
        QCOMPARE(deps.value(u"proof_records"_s)[u"count"_s].toInt(), 3);
        QCOMPARE(deps.value(u"grants"_s)[u"items"_s].toArray(), QJsonArray{u"owen"_s});
        QCOMPARE(json.json().value(u"dry_run"_s).toBool(), true);
        QVERIFY(cli({u"show"_s, Case}).ok());
    }

    void theWrongPeopleAreRefusedAndNothingChanges()
    {
        const QStringList erase{u"erase"_s, u"case"_s, Case, u"--reason"_s, u"x"_s, u"--json"_s};
        for (const QString &who : {u"cora"_s, u"dora"_s, u"ana"_s}) {
            const CliRun refused = cli(erase, who);
            QCOMPARE(refused.exitCode, 1);
            QCOMPARE(refused.json()[u"error"_s][u"kind"_s].toString(), u"forbidden"_s);
        }
        // nils's tenant is northwind: an admin of northwind only finds nothing.
        const QString admin = file(
            u"adam.jsonl"_s,
            R"({"type":"principal","id":"adam","name":"Adam","roles":["admin"],"tenants":["northwind"],"domains":[]})"
            "\n");
        QVERIFY(cli({u"ingest"_s, admin}).ok());
        const CliRun other = cli(erase, u"adam"_s);
        QCOMPARE(other.exitCode, 1);
        QCOMPARE(other.json()[u"error"_s][u"kind"_s].toString(), u"not-found"_s);
        const CliRun tenant =
            cli({u"erase"_s, u"tenant"_s, u"studio"_s, u"--reason"_s, u"x"_s}, u"adam"_s);
        QCOMPARE(tenant.exitCode, 1);
        QCOMPARE(cli({u"retain"_s, u"--set"_s, u"memory-use-days=1"_s}, u"ana"_s).exitCode, 1);
        QCOMPARE(cli({u"retain"_s, u"--dry-run"_s}, u"ana"_s).exitCode, 1);
        QCOMPARE(cli({u"reverify"_s, u"EXP-9"_s, u"--reason"_s, u"x"_s}, u"ana"_s).exitCode, 1);
        QCOMPARE(cli({u"erase"_s, u"case"_s, Case}).exitCode, 2); // no reason: usage
        QVERIFY(cli({u"show"_s, Case}).ok());
    }

    void eraseLeavesNoTraceInTheFilesAndTheProjectionEqualsARebuild()
    {
        const QByteArray token = "WOMBATQUILL5519";
        const QString proof = file(
            u"proof.jsonl"_s,
            R"({"type":"proof","case":"studio/servicedesk/SD-1598","id":"P-77","kind":"log","title":"extra","content_type":"log","content":"line WOMBATQUILL5519","result":"verified","captured_at":"2026-03-05T10:00:00Z"})"
            "\n");
        QVERIFY(cli({u"ingest"_s, proof}).ok());
        QVERIFY(cli({u"query"_s, u"--strategy"_s, u"data-investigation"_s, u"--case"_s, Case,
                     u"--text"_s, u"register WOMBATQUILL5519"_s})
                    .ok());
        const CliRun erased =
            cli({u"erase"_s, u"case"_s, Case, u"--reason"_s, u"request 42"_s, u"--json"_s});
        QVERIFY2(erased.ok(), qPrintable(erased.describe()));
        // A file's bytes (a server's pages: tst_pgerasure).
        if (!TestDatabase::onServer()) {
            QVERIFY(erased.json()[u"files"_s][u"wal_truncated"_s].toBool());
            for (const QString &suffix : {u""_s, u"-wal"_s, u"-shm"_s})
                QCOMPARE(occurrences(m_db + suffix, token), 0);
        }
        QCOMPARE(cli({u"show"_s, Case}).exitCode, 1);
        const CliRun verify = cli({u"rebuild"_s, u"--verify"_s});
        QVERIFY2(verify.ok(), qPrintable(verify.describe()));
        // EXP-9 is flagged, and its owner's re-verification clears the flag.
        const CliRun query = cli({u"query"_s, u"--strategy"_s, u"data-investigation"_s, u"--ref"_s,
                                  u"EXP-9"_s, u"--json"_s});
        bool flagged = false;
        for (const QJsonValue &c : query.json()[u"candidates"_s].toArray()) {
            if (c[u"ref"_s] == u"EXP-9"_s)
                flagged =
                    c[u"applicability"_s][u"flags"_s].toArray().contains(u"source-changed"_s) &&
                    c[u"source_case_erased"_s].toBool() && c[u"source_case"_s].isNull();
        }
        QVERIFY2(flagged, query.out.constData());
        // show says so too, as text and JSON, until the owner re-verifies.
        const CliRun shown = cli({u"show"_s, u"EXP-9"_s});
        QVERIFY2(shown.out.contains("source case     erased"), shown.out.constData());
        QVERIFY2(shown.out.contains("source changed (case-erased"), shown.out.constData());
        const CliRun shownJson = cli({u"show"_s, u"EXP-9"_s, u"--json"_s});
        QCOMPARE(shownJson.json()[u"source_changes"_s][0][u"change"_s].toString(),
                 u"case-erased"_s);
        bool erasedRevision = false;
        for (const QJsonValue &r : shownJson.json()[u"revisions"_s].toArray())
            erasedRevision |= r[u"state"_s] == u"active"_s && r[u"source_case_erased"_s].toBool();
        QVERIFY(erasedRevision);
        const CliRun reverified =
            cli({u"reverify"_s, u"EXP-9"_s, u"--reason"_s, u"checked"_s, u"--json"_s}, u"dora"_s);
        QVERIFY2(reverified.ok(), qPrintable(reverified.describe()));
        QCOMPARE(reverified.json()[u"cleared"_s][0][u"change"_s].toString(), u"case-erased"_s);
        QVERIFY(cli({u"show"_s, u"EXP-9"_s, u"--json"_s})
                    .json()[u"source_changes"_s]
                    .toArray()
                    .isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestEraseCli)
#include "tst_erasecli.moc"
