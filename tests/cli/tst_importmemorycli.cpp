// curation-cli import-memory end to end: what the summary says about files it
// did not import and articles it retired, in text and --json, and that a
// removed file is gone from memory-search once projected.

#include "CliRunner.h"
#include "MemoryTree.h"
#include "TestDatabase.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace cw::test;

class ImportMemoryCliTest : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    TestDatabases m_databases{m_dir.path()};
    QString m_db;

    CliRun cli(const QStringList &arguments) { return runCli(m_db, arguments); }
    QString tree() const { return m_dir.filePath(u"tree"_s); }
    QString memory(const QString &relative) const
    {
        return tree() + u"/contexts/memory/"_s + relative;
    }
    void write(const QString &relative, const QByteArray &content)
    {
        QVERIFY(writeMemoryFile(tree(), relative, content));
    }
    QStringList modeA()
    {
        const CliRun projected = cli({u"project"_s});
        if (!projected.ok())
            qWarning("project: %s", qPrintable(projected.describe()));
        const CliRun run = cli({u"memory-search"_s, u"--mode"_s, u"A"_s, u"--domain"_s,
                                u"infrastructure"_s, u"--json"_s});
        QStringList paths;
        for (const QJsonValue &hit : run.json().value(u"search_results"_s).toArray())
            paths.append(hit.toObject().value(u"file_path"_s).toString());
        return paths;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_db = m_databases.location(u"memory.db"_s);
        for (int n = 1; n <= 2; ++n)
            write(u"decisions/DEC-%1.md"_s.arg(n),
                  "---\nid: DEC-" + QByteArray::number(n) +
                      "\ntitle: Decision\ndomain: infrastructure\nstatus: final\n---\n# D\n");
        QCOMPARE(cli({u"init"_s}).exitCode, 0);
        const CliRun imported = cli({u"import-memory"_s, tree(), u"--json"_s});
        QVERIFY2(imported.ok(), qPrintable(imported.describe()));
        QCOMPARE(imported.json().value(u"imported"_s).toInt(), 2);
        QCOMPARE(imported.json().value(u"retired"_s).toInt(), 0);
    }

    void jsonSummaryListsRetiredArticlesAndSkippedSymlinks()
    {
        QCOMPARE(modeA(), QStringList({u"decisions/DEC-1.md"_s, u"decisions/DEC-2.md"_s}));
        QVERIFY(QFile::remove(memory(u"decisions/DEC-2.md"_s)));
        QVERIFY(QDir().mkpath(memory(u"notes"_s)));
        QVERIFY(QFile::link(u"/etc/passwd"_s, memory(u"notes/passwd.md"_s)));

        const CliRun run = cli({u"import-memory"_s, tree(), u"--json"_s});
        QVERIFY2(run.ok(), qPrintable(run.describe()));
        const QJsonObject summary = run.json();
        QCOMPARE(summary.value(u"unchanged"_s).toInt(), 1);
        QCOMPARE(summary.value(u"retired"_s).toInt(), 1);
        const QJsonObject retired = summary.value(u"retired_articles"_s).toArray().at(0).toObject();
        QCOMPARE(retired.value(u"ref"_s).toString(), u"DEC-2"_s);
        QCOMPARE(retired.value(u"source_path"_s).toString(), u"decisions/DEC-2.md"_s);
        QCOMPARE(retired.value(u"revision"_s).toInt(), 1);
        QCOMPARE(retired.value(u"was_current"_s).toBool(), true);
        QCOMPARE(summary.value(u"problems"_s).toArray(),
                 QJsonArray{u"notes/passwd.md: symlink leaves the tree, not imported"_s});
        QCOMPARE(modeA(), QStringList{u"decisions/DEC-1.md"_s});
    }

    void textSummaryNamesTheRestoredAndTheRetired()
    {
        write(u"decisions/DEC-2.md"_s,
              "---\nid: DEC-2\ntitle: Decision\ndomain: infrastructure\nstatus: final\n---\n# D\n");
        QVERIFY(QFile::remove(memory(u"decisions/DEC-1.md"_s)));
        const CliRun run = cli({u"import-memory"_s, tree()});
        QVERIFY2(run.ok(), qPrintable(run.describe()));
        QCOMPARE(run.out,
                 QByteArray("imported 0 files, 0 revised, 0 unchanged, 1 not imported, 1 retired "
                            "(file removed), 1 restored\n"
                            "  notes/passwd.md: symlink leaves the tree, not imported\n"
                            "  decisions/DEC-1.md: removed from the tree, retired DEC-1 revision "
                            "1\n"));
        QCOMPARE(modeA(), QStringList{u"decisions/DEC-2.md"_s});
    }

    void anAmbiguousFolderIsRefusedAndNothingIsWritten()
    {
        QTemporaryDir both;
        QVERIFY(writeMemoryFile(both.path(), u"decisions/DEC-7.md"_s,
                                "---\nid: DEC-7\ndomain: infrastructure\n---\n# Seven\n"));
        QVERIFY(QDir().mkpath(both.filePath(u"decisions"_s)));
        const CliRun run = cli({u"import-memory"_s, both.path()});
        QCOMPARE(run.exitCode, 1);
        const QByteArray pass =
            "pass " + QDir::cleanPath(both.path()).toUtf8() + "/contexts/memory";
        QVERIFY2(run.err.contains(pass), run.err.constData());
        QCOMPARE(modeA(), QStringList{u"decisions/DEC-2.md"_s});
    }

    void anotherTreeRetiresNothingAndAMovedTreeSaysItsArticlesAreNowFromIt()
    {
        const QString other = m_dir.filePath(u"other"_s);
        QVERIFY(writeMemoryFile(other, u"decisions/DEC-8.md"_s,
                                "---\nid: DEC-8\ndomain: infrastructure\n---\n# Eight\n"));
        const CliRun run = cli({u"import-memory"_s, other, u"--json"_s});
        QVERIFY2(run.ok(), qPrintable(run.describe()));
        const QJsonObject summary = run.json();
        QCOMPARE(summary.value(u"imported"_s).toInt(), 1);
        QCOMPARE(summary.value(u"retired"_s).toInt(), 0);
        QCOMPARE(summary.value(u"retired_articles"_s).toArray(), QJsonArray());
        QCOMPARE(summary.value(u"adopted"_s).toInt(), 0);
        QCOMPARE(summary.value(u"adopted_articles"_s).toArray(), QJsonArray());
        QCOMPARE(summary.value(u"tree"_s).toString(),
                 QFileInfo(other + u"/contexts/memory"_s).canonicalFilePath());
        QCOMPARE(modeA(), QStringList({u"decisions/DEC-2.md"_s, u"decisions/DEC-8.md"_s}));

        const QString old = QFileInfo(memory(QString())).canonicalFilePath();
        const QString moved = m_dir.filePath(u"moved"_s);
        QVERIFY(QDir().rename(tree(), moved));
        const CliRun again = cli({u"import-memory"_s, moved});
        QVERIFY2(again.ok(), qPrintable(again.describe()));
        QCOMPARE(again.out,
                 "imported 0 files, 0 revised, 1 unchanged, 1 not imported, 0 retired (file "
                 "removed), 0 restored, 1 now from this tree\n"
                 "  notes/passwd.md: symlink leaves the tree, not imported\n"
                 "  decisions/DEC-2.md: DEC-2 was imported from " +
                     old.toUtf8() + ", now from this tree\n");
        QCOMPARE(modeA(), QStringList({u"decisions/DEC-2.md"_s, u"decisions/DEC-8.md"_s}));
    }
};

QTEST_GUILESS_MAIN(ImportMemoryCliTest)
#include "tst_importmemorycli.moc"
