// curation-cli export memory end to end: the summary in text and --json, the
// exported tree imported again changes nothing, the memory-search skill's
// grep procedure over the tree answers as `memory-search` does, and every
// refusal (a folder in use, one that cannot be written, the wrong person, a
// wrong command line) writes nothing.

#include "CliRunner.h"
#include "MemoryTree.h"
#include "TestDatabase.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace cw::test;

namespace {

// The memory-search skill (shared/seeds/001_…) as an agent runs it: grep over
// the files of a contexts/memory/ tree, nothing else. Each mode returns the
// set of file paths (relative to contexts/memory/) it finds.
class GrepSkill
{
public:
    explicit GrepSkill(QString root)
        : m_root(std::move(root))
    {
    }

    // Mode A: frontmatter blocks (between the --- lines) of decisions/DEC-*.md,
    // every field given must match (AND). Values: plain words.
    QStringList modeA(const QList<std::pair<QString, QString>> &fields) const
    {
        QStringList patterns;
        for (const auto &[field, value] : fields) {
            if (field == u"tag"_s || field == u"related-to"_s) {
                const QString key = field == u"tag"_s ? u"tags"_s : u"related_to"_s;
                patterns.append(u"^%1: *(\\[(.*, *)?%2 *(,.*)?\\]|%2) *$"_s.arg(key, value));
            } else {
                patterns.append(u"^%1: *\"?%2\"? *$"_s.arg(field, value));
            }
        }
        const QString script =
            u"cd \"$1\" && shift && for f in decisions/DEC-*.md; do "
            "fm=$(sed -n '2,/^---$/p' \"$f\"); ok=1; "
            "for p in \"$@\"; do printf '%s\\n' \"$fm\" | grep -qE -- \"$p\" || ok=0; done; "
            "[ $ok = 1 ] && echo \"$f\"; done; true"_s;
        return lines(
            run(u"bash"_s, QStringList{u"-c"_s, script, u"grep-skill"_s, m_root} + patterns));
    }

    // Mode B: every file under the tree holding any keyword, case-insensitively.
    QStringList modeB(const QStringList &keywords) const
    {
        QStringList args{u"-rliF"_s, u"--include=*.md"_s};
        for (const QString &keyword : keywords)
            args << u"-e"_s << keyword;
        return lines(run(u"grep"_s, args << u"."_s));
    }

    // Mode C: files mentioning the id (as a word), decisions whose related_to
    // lists it, and the files its own related_to lists; not the file itself.
    QStringList modeC(const QString &id) const
    {
        QStringList found = lines(run(u"grep"_s, {u"-rlwF"_s, u"--include=*.md"_s, id, u"."_s}));
        const QString related = u"^related_to:.*\\b%1\\b"_s.arg(id);
        const QStringList decisions =
            QDir(m_root + u"/decisions"_s).entryList({u"DEC-*.md"_s}, QDir::Files);
        for (const QString &file : decisions) {
            if (!run(u"grep"_s, {u"-lE"_s, related, u"decisions/"_s + file}).isEmpty())
                found.append(u"decisions/"_s + file);
        }
        const QString own =
            run(u"grep"_s, {u"-m1"_s, u"^related_to:"_s, u"decisions/"_s + id + u".md"_s});
        static const QRegularExpression ids(u"DEC-[0-9]+"_s);
        for (auto it = ids.globalMatch(own); it.hasNext();) {
            const QString path = u"decisions/"_s + it.next().captured() + u".md"_s;
            if (QFile::exists(m_root + u'/' + path))
                found.append(path);
        }
        found.removeAll(u"decisions/"_s + id + u".md"_s);
        found.removeDuplicates();
        found.sort();
        return found;
    }

private:
    QString run(const QString &program, const QStringList &args) const
    {
        QProcess process;
        process.setWorkingDirectory(m_root);
        process.start(program, args);
        if (!process.waitForFinished(30000))
            qWarning("%s did not finish", qPrintable(program));
        return QString::fromUtf8(process.readAllStandardOutput());
    }
    static QStringList lines(const QString &output)
    {
        QStringList paths;
        for (QString line : output.split(u'\n', Qt::SkipEmptyParts)) {
            if (line.startsWith(u"./"_s))
                line.remove(0, 2);
            paths.append(line);
        }
        paths.removeDuplicates();
        paths.sort();
        return paths;
    }

    QString m_root;
};

} // namespace

class ExportMemoryCliTest : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    TestDatabases m_databases{m_dir.path()};
    QString m_db;
    QString m_tree; // the exported tree

    CliRun cli(const QStringList &arguments, const QString &as = {})
    {
        return runCli(m_db, arguments, as);
    }
    QStringList searched(const QStringList &query)
    {
        const CliRun run = cli(QStringList{u"memory-search"_s} + query + QStringList{u"--json"_s});
        if (!run.ok())
            qWarning("memory-search: %s", qPrintable(run.describe()));
        QStringList paths;
        for (const QJsonValue &hit : run.json().value(u"search_results"_s).toArray())
            paths.append(hit.toObject().value(u"file_path"_s).toString());
        // The skill returns the top 10: compare sets only below that bound.
        if (paths.size() >= 10)
            qWarning("memory-search returned 10: the set comparison would be cut");
        paths.sort();
        return paths;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_db = m_databases.location(u"demo.db"_s);
        const CliRun demo = cli({u"demo"_s});
        QVERIFY2(demo.ok(), qPrintable(demo.describe()));
        // Beside the demo's decisions, a tree of our own with tags, levels,
        // statuses, cross-references and a file without frontmatter.
        const QString own = m_dir.filePath(u"own"_s);
        QVERIFY(writeMemoryFile(
            own, u"decisions/DEC-10.md"_s,
            "---\nid: DEC-10\ntitle: Use connection pooling\ndomain: infrastructure\n"
            "level: operational\nstatus: active\ntags: [pool, database]\nrelated_to: [DEC-4]\n"
            "---\n# Use connection pooling\n\nPrevents connection exhaustion under load. Pool "
            "size is set per tenant.\n"));
        QVERIFY(writeMemoryFile(
            own, u"decisions/DEC-11.md"_s,
            "---\nid: DEC-11\ntitle: Pool sizing\ndomain: infrastructure\nlevel: strategic\n"
            "status: draft\ntags: [pool]\nrelated_to: [DEC-10, DEC-3]\n---\n# Pool sizing\n\n"
            "See DEC-10. Pool exhaustion showed in the outbox projector.\n"));
        QVERIFY(writeMemoryFile(
            own, u"decisions/DEC-12.md"_s,
            "---\nid: DEC-12\ntitle: Title dedupe\ndomain: case-registry\nlevel: operational\n"
            "status: superseded\ntags: [dedupe]\nsuperseded_by: DEC-3\n---\n# Title dedupe\n\n"
            "Old rule for deliveries.\n"));
        QVERIFY(writeMemoryFile(own, u"notes/pooling.md"_s,
                                "# Pool notes\n\nDEC-10 and DEC-11 discuss pool exhaustion; "
                                "DEC-30 is another matter.\n"));
        const CliRun imported = cli({u"import-memory"_s, own, u"--json"_s});
        QVERIFY2(imported.ok(), qPrintable(imported.describe()));
        QCOMPARE(imported.json().value(u"imported"_s).toInt(), 4);
        QVERIFY(cli({u"project"_s}).ok());

        m_tree = m_dir.filePath(u"export/memory"_s);
        QVERIFY(QDir().mkpath(m_dir.filePath(u"export"_s)));
        const CliRun exported = cli({u"export"_s, u"memory"_s, m_tree, u"--json"_s});
        QVERIFY2(exported.ok(), qPrintable(exported.describe()));
        const QJsonObject answer = exported.json();
        QCOMPARE(answer.value(u"dir"_s).toString(), m_tree);
        QCOMPARE(answer.value(u"files"_s).toInt(), 10);
        QCOMPARE(answer.value(u"decisions"_s).toInt(), 8);
        QCOMPARE(answer.value(u"articles"_s).toInt(), 2);
        QCOMPARE(answer.value(u"not_current"_s).toInt(), 3);
        QCOMPARE(answer.value(u"from_workbench"_s).toInt(), 0);
        QCOMPARE(answer.value(u"replaced"_s).toBool(), false);
        QVERIFY(answer.value(u"left_out"_s).toObject().value(u"experience"_s).toInt() > 0);
    }

    void theTextSummarySaysWhatWasWritten()
    {
        const QString dir = m_dir.filePath(u"export/text"_s);
        const CliRun run = cli({u"export"_s, u"memory"_s, dir});
        QVERIFY2(run.ok(), qPrintable(run.describe()));
        const QString out = QString::fromUtf8(run.out);
        QVERIFY2(out.startsWith(u"exported 10 files to %1: 8 decisions, 2 other articles; 3 not "
                                "current, 0 made in the workbench\n"_s.arg(dir)),
                 qPrintable(out));
        QVERIFY2(out.contains(u"left out (no file form in a memory tree): "_s), qPrintable(out));
        QVERIFY(out.contains(u"experiences"_s));
    }

    void importingTheExportedTreeChangesNothing()
    {
        const qint64 head =
            cli({u"lag"_s, u"--json"_s}).json().value(u"canonical_head"_s).toInteger();
        const CliRun run = cli({u"import-memory"_s, m_tree, u"--json"_s});
        QVERIFY2(run.ok(), qPrintable(run.describe()));
        const QJsonObject summary = run.json();
        QCOMPARE(summary.value(u"imported"_s).toInt(), 0);
        QCOMPARE(summary.value(u"revised"_s).toInt(), 0);
        QCOMPARE(summary.value(u"restored"_s).toInt(), 0);
        QCOMPARE(summary.value(u"retired"_s).toInt(), 0);
        QCOMPARE(summary.value(u"unchanged"_s).toInt(), 10);
        QCOMPARE(summary.value(u"problems"_s).toArray().size(), 0);
        // No outbox event: nothing for the projector, nothing changed for search.
        QCOMPARE(cli({u"lag"_s, u"--json"_s}).json().value(u"canonical_head"_s).toInteger(), head);
    }

    void grepOverTheTreeAnswersAsMemorySearch_data()
    {
        QTest::addColumn<QStringList>("query");
        QTest::addColumn<int>("atLeast"); // guards against two empty answers agreeing
        const QString A = u"A"_s, B = u"B"_s, C = u"C"_s;
        QTest::newRow("A domain") << QStringList{A, u"--domain"_s, u"infrastructure"_s} << 3;
        QTest::newRow("A tag") << QStringList{A, u"--tag"_s, u"pool"_s} << 2;
        QTest::newRow("A two tags")
            << QStringList{A, u"--tag"_s, u"pool"_s, u"--tag"_s, u"database"_s} << 1;
        QTest::newRow("A status") << QStringList{A, u"--status"_s, u"active"_s} << 3;
        QTest::newRow("A level and domain")
            << QStringList{A, u"--level"_s, u"operational"_s, u"--domain"_s, u"case-registry"_s}
            << 1;
        QTest::newRow("A related_to") << QStringList{A, u"--related-to"_s, u"DEC-3"_s} << 2;
        QTest::newRow("B outbox") << QStringList{B, u"outbox"_s} << 2;
        QTest::newRow("B canonical") << QStringList{B, u"canonical"_s} << 2;
        QTest::newRow("B two keywords") << QStringList{B, u"exhaustion"_s, u"deliveries"_s} << 3;
        QTest::newRow("B tenant") << QStringList{B, u"tenant"_s} << 2;
        QTest::newRow("C DEC-3") << QStringList{C, u"DEC-3"_s} << 4;
        QTest::newRow("C DEC-10") << QStringList{C, u"DEC-10"_s} << 3;
        QTest::newRow("C DEC-4") << QStringList{C, u"DEC-4"_s} << 3;
        QTest::newRow("C DEC-1") << QStringList{C, u"DEC-1"_s} << 1;
    }

    void grepOverTheTreeAnswersAsMemorySearch()
    {
        QFETCH(QStringList, query);
        QFETCH(int, atLeast);
        const GrepSkill skill(m_tree);
        const QString mode = query.first();
        const QStringList args = query.mid(1);
        QStringList grep;
        if (mode == u"A"_s) {
            QList<std::pair<QString, QString>> fields;
            for (qsizetype i = 0; i + 1 < args.size(); i += 2)
                fields.append({args.at(i).mid(2), args.at(i + 1)});
            grep = skill.modeA(fields);
        } else if (mode == u"B"_s) {
            grep = skill.modeB(args);
        } else {
            grep = skill.modeC(args.first());
        }
        const QStringList search = searched(QStringList{u"--mode"_s, mode} + args);
        QVERIFY2(search.size() >= atLeast, qPrintable(search.join(u", "_s)));
        QCOMPARE(grep, search);
    }

    void aFolderInUseIsRefusedNamingIt()
    {
        const CliRun text = cli({u"export"_s, u"memory"_s, m_tree});
        QCOMPARE(text.exitCode, 1);
        QVERIFY2(text.err.contains(m_tree.toUtf8()) && text.err.contains("--force"),
                 text.err.constData());
        const CliRun json = cli({u"export"_s, u"memory"_s, m_tree, u"--json"_s});
        QCOMPARE(json.exitCode, 1);
        QCOMPARE(json.json()[u"error"_s][u"kind"_s].toString(), u"invalid-input"_s);
        // --force replaces the earlier export; the tree is whole afterwards.
        const CliRun forced = cli({u"export"_s, u"memory"_s, m_tree, u"--force"_s, u"--json"_s});
        QVERIFY2(forced.ok(), qPrintable(forced.describe()));
        QVERIFY(forced.json().value(u"replaced"_s).toBool());
        QVERIFY(QFile::exists(m_tree + u"/decisions/DEC-10.md"_s));
        QCOMPARE(QDir(m_dir.filePath(u"export"_s))
                     .entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden)
                     .filter(u"memory"_s),
                 QStringList{u"memory"_s}); // no staging or replaced folder left behind
    }

    void aFolderThatCannotBeWrittenIsRefused()
    {
        const CliRun run = cli({u"export"_s, u"memory"_s, u"/proc/cw-export-cli"_s, u"--json"_s});
        QCOMPARE(run.exitCode, 1);
        QCOMPARE(run.json()[u"error"_s][u"kind"_s].toString(), u"io"_s);
        QVERIFY2(run.json()[u"error"_s][u"message"_s].toString().contains(u"/proc/cw-export-cli"_s),
                 run.out.constData());
    }

    void theWrongPersonIsRefusedAndNothingIsWritten()
    {
        const QString dir = m_dir.filePath(u"export/ana"_s);
        // ana: an analyst of Studio; dora: the data domain owner.
        for (const QString &who : {u"ana"_s, u"dora"_s}) {
            const CliRun run = cli({u"export"_s, u"memory"_s, dir, u"--json"_s}, who);
            QCOMPARE(run.exitCode, 1);
            QCOMPARE(run.json()[u"error"_s][u"kind"_s].toString(), u"forbidden"_s);
            QVERIFY2(run.json()[u"error"_s][u"message"_s].toString().contains(who),
                     run.out.constData());
            QVERIFY(!QFileInfo::exists(dir));
        }
        // nils curates Northwind: memory is not a tenant's, he may export it.
        const CliRun nils = cli({u"export"_s, u"memory"_s, dir}, u"nils"_s);
        QVERIFY2(nils.ok(), qPrintable(nils.describe()));
    }

    void aWrongCommandLineIsAUsageError()
    {
        for (const QStringList &line :
             {QStringList{u"export"_s, u"memory"_s},
              QStringList{u"export"_s, u"memory"_s, m_dir.filePath(u"x"_s), u"--format"_s,
                          u"json"_s},
              QStringList{u"export"_s, u"memory"_s, m_dir.filePath(u"x"_s), u"--out"_s, u"f"_s},
              QStringList{u"export"_s, u"queue"_s, u"--force"_s},
              QStringList{u"export"_s, u"everything"_s}}) {
            const CliRun run = cli(line);
            QVERIFY2(run.exitCode == 2, qPrintable(line.join(u' ') + u": "_s + run.describe()));
            QVERIFY2(run.err.contains("export --help"), run.err.constData());
        }
        QVERIFY(!QFileInfo::exists(m_dir.filePath(u"x"_s)));
    }

    void helpNamesExportMemory()
    {
        const CliRun main = runCli({}, {u"--help"_s});
        QVERIFY(main.out.contains("export queue|memory"));
        const CliRun help = runCli({}, {u"export"_s, u"--help"_s});
        QVERIFY2(help.out.contains("memory: DIR [--force]") && help.out.contains("With memory DIR"),
                 help.out.constData());
    }
};

QTEST_GUILESS_MAIN(ExportMemoryCliTest)
#include "tst_exportmemorycli.moc"
