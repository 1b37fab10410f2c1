// curation-cli memory-search end to end: YAML and JSON shapes, exit codes.

#include "CliRunner.h"
#include "MemoryTree.h"
#include "TestDatabase.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

QJsonArray searchResults(const cw::test::CliRun &run)
{
    return run.json().value(u"search_results"_s).toArray();
}

} // namespace

using namespace cw::test;

class MemorySearchCliTest : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    TestDatabases m_databases{m_dir.path()};
    QString m_db;

    CliRun cli(const QStringList &arguments) { return runCli(m_db, arguments); }

    void write(const QString &relative, const QByteArray &content)
    {
        QVERIFY(cw::test::writeMemoryFile(m_dir.filePath(u"tree"_s), relative, content));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_db = m_databases.location(u"memory.db"_s);
        write(u"decisions/DEC-1.md"_s,
              "---\nid: DEC-1\ntitle: \"Use pooling: always\"\ndomain: infrastructure\n"
              "level: operational\nstatus: final\ntags: [database]\nrelated_to: [DEC-2]\n---\n"
              "# Use pooling: always\n\nPrevents pool exhaustion under load.\n");
        write(u"decisions/DEC-2.md"_s,
              "---\nid: DEC-2\ntitle: Database access\ndomain: infrastructure\nstatus: draft\n"
              "---\n# Database access\n\nSee DEC-1.\n");
        write(u"notes/pool.md"_s, "# Pool notes\n\npool exhaustion, DEC-1\n");
        QCOMPARE(cli({u"init"_s}).exitCode, 0);
        const CliRun imported = cli({u"import-memory"_s, m_dir.filePath(u"tree"_s)});
        QVERIFY2(imported.exitCode == 0, imported.err.constData());
        const CliRun projected = cli({u"project"_s});
        QVERIFY2(projected.exitCode == 0, projected.err.constData());
    }

    void modeAPrintsTheSkillsYamlList()
    {
        const CliRun run = cli({u"memory-search"_s, u"--mode"_s, u"A"_s, u"--domain"_s,
                                u"infrastructure"_s, u"--tag"_s, u"database"_s});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QCOMPARE(run.out, QByteArray("search_results:\n"
                                     "- file_path: decisions/DEC-1.md\n"
                                     "  id: DEC-1\n"
                                     "  title: \"Use pooling: always\"\n"
                                     "  relevance: frontmatter_match\n"));
    }

    void modeBPrintsJsonWithExcerptsAndNullIds()
    {
        const CliRun run =
            cli({u"memory-search"_s, u"--mode"_s, u"B"_s, u"exhaustion"_s, u"--json"_s});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonArray results = searchResults(run);
        QCOMPARE(results.size(), 2);
        // One occurrence each, both stamped with the import time: decisions
        // come before other files.
        QCOMPARE(results[0].toObject().value(u"id"_s).toString(), u"DEC-1"_s);
        QCOMPARE(results[0].toObject().value(u"excerpt"_s).toString(),
                 u"Prevents pool exhaustion under load."_s);
        const QJsonObject second = results[1].toObject();
        QCOMPARE(second.value(u"file_path"_s).toString(), u"notes/pool.md"_s);
        QVERIFY(second.value(u"id"_s).isNull());
        QCOMPARE(second.value(u"title"_s).toString(), u"Pool notes"_s);
        QCOMPARE(second.value(u"relevance"_s).toString(), u"content_match"_s);
        QCOMPARE(second.value(u"excerpt"_s).toString(), u"pool exhaustion, DEC-1"_s);
        QCOMPARE(QJsonDocument::fromJson(run.out).object().keys(),
                 QStringList({u"format"_s, u"notes"_s, u"search_results"_s}));
    }

    void modeCRanksInboundAndOmitsExcerpts()
    {
        const CliRun run = cli({u"memory-search"_s, u"--json"_s, u"--mode"_s, u"C"_s, u"DEC-1"_s});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonArray results = searchResults(run);
        QCOMPARE(results.size(), 2);
        // DEC-2 is DEC-1's outbound relation and mentions it: outbound wins.
        QCOMPARE(results[0].toObject().value(u"relevance"_s).toString(), u"related_to_outbound"_s);
        QCOMPARE(results[1].toObject().value(u"file_path"_s).toString(), u"notes/pool.md"_s);
        QCOMPARE(results[1].toObject().value(u"relevance"_s).toString(), u"direct_mention"_s);
        QVERIFY(!results[0].toObject().contains(u"excerpt"_s));
    }

    void anEmptyAnswerIsAnEmptyList()
    {
        const CliRun run = cli({u"memory-search"_s, u"--mode"_s, u"B"_s, u"nothinglikethis"_s});
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.out, QByteArray("search_results: []\n"));
        const CliRun json =
            cli({u"memory-search"_s, u"--mode"_s, u"A"_s, u"--status"_s, u"gone"_s, u"--json"_s});
        QCOMPARE(json.exitCode, 0);
        QVERIFY(searchResults(json).isEmpty());
    }

    void usageErrorsExitTwo_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("no mode") << QStringList{u"pool"_s};
        QTest::newRow("bad mode") << QStringList{u"--mode"_s, u"D"_s, u"pool"_s};
        QTest::newRow("B without keywords") << QStringList{u"--mode"_s, u"B"_s};
        QTest::newRow("B with four keywords")
            << QStringList{u"--mode"_s, u"B"_s, u"a"_s, u"b"_s, u"c"_s, u"d"_s};
        QTest::newRow("C with a path") << QStringList{u"--mode"_s, u"C"_s, u"DEC-1.md"_s};
        QTest::newRow("C with two ids") << QStringList{u"--mode"_s, u"C"_s, u"DEC-1"_s, u"DEC-2"_s};
        QTest::newRow("A without a field") << QStringList{u"--mode"_s, u"A"_s};
        QTest::newRow("A with a keyword") << QStringList{u"--mode"_s, u"A"_s, u"pool"_s};
        QTest::newRow("field in B")
            << QStringList{u"--mode"_s, u"B"_s, u"--tag"_s, u"x"_s, u"pool"_s};
    }

    void usageErrorsExitTwo()
    {
        QFETCH(QStringList, args);
        const CliRun run = cli(QStringList{u"memory-search"_s} + args);
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.out.isEmpty());
        QVERIFY(run.err.startsWith("curation-cli: memory-search"));
    }

    // Issue 10, item 15: a keyword that cannot match anything is a usage
    // error naming what a keyword must be, like an empty one.
    void aKeywordNothingCanIndexIsAUsageError()
    {
        for (const QString &keyword : {u"++"_s, u""_s, u"  "_s}) {
            const CliRun run = cli({u"memory-search"_s, u"--mode"_s, u"B"_s, keyword});
            QCOMPARE(run.exitCode, 2);
            QVERIFY(run.out.isEmpty());
            QVERIFY2(run.err.startsWith("curation-cli: memory-search: Mode B keywords must contain "
                                        "letters or digits"),
                     run.err.constData());
        }
    }

    // Issue 12: right after import-memory Mode B answered an empty list with
    // empty notes, as if nothing matched. The files are not projected yet,
    // and the answer says so (from the lag monitor), in JSON and in YAML.
    void aSearchRightAfterImportSaysTheFilesAreNotSearchedYet()
    {
        const QString db = m_databases.location(u"lagging.db"_s);
        QCOMPARE(runCli(db, {u"init"_s}).exitCode, 0);
        const CliRun imported = runCli(db, {u"import-memory"_s, m_dir.filePath(u"tree"_s)});
        QVERIFY2(imported.exitCode == 0, imported.err.constData());
        const CliRun run =
            runCli(db, {u"memory-search"_s, u"--mode"_s, u"B"_s, u"exhaustion"_s, u"--json"_s});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QCOMPARE(searchResults(run).size(), 0);
        QCOMPARE(run.json().value(u"notes"_s).toArray(),
                 QJsonArray({u"3 events pending: files imported after watermark 0 are not "
                             "searched yet"_s}));
        const CliRun yaml = runCli(db, {u"memory-search"_s, u"--mode"_s, u"C"_s, u"DEC-1"_s});
        QVERIFY2(yaml.out.contains("# note: 3 events pending: files imported after watermark 0"),
                 yaml.out.constData());
        // Projected, the same search finds the files and carries no note.
        QCOMPARE(runCli(db, {u"project"_s}).exitCode, 0);
        const CliRun after =
            runCli(db, {u"memory-search"_s, u"--mode"_s, u"B"_s, u"exhaustion"_s, u"--json"_s});
        QCOMPARE(searchResults(after).size(), 2);
        QCOMPARE(after.json().value(u"notes"_s).toArray(), QJsonArray());
    }

    void aMissingDatabaseIsRefused()
    {
        const CliRun run = runCli(m_dir.filePath(u"absent.db"_s),
                                  {u"memory-search"_s, u"--mode"_s, u"C"_s, u"DEC-1"_s});
        QCOMPARE(run.exitCode, 1);
    }
};

QTEST_GUILESS_MAIN(MemorySearchCliTest)
#include "tst_memorysearchcli.moc"
