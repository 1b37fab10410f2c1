// curation-cli eval end to end on a demo database (INTERFACES.md §8): import
// (and re-import), sets, run --json with a TREC run file, runs with drift,
// compare, export-qrels, from-verdicts; and the refusals: another set's run,
// a non-admin naming another principal, usage errors.

#include "CliRunner.h"
#include "TestDatabase.h"
#include "TestPaths.h"

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace cw::test;
using namespace Qt::StringLiterals;

namespace {

const QString SmallSet = TestPaths::source("tests/data/eval/demo-small.jsonl");
const QString OtherSet = TestPaths::source("tests/data/eval/other-set.jsonl");

QByteArray read(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class TestEvalCli : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    TestDatabases m_databases{m_dir.path()};
    QString m_db;
    qint64 m_runA = 0;
    qint64 m_runB = 0;

    CliRun cli(const QStringList &arguments, const QString &as = {})
    {
        return runCli(m_db, arguments, as);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_db = m_databases.location(u"demo.db"_s);
        const CliRun demo = cli({u"demo"_s});
        QVERIFY2(demo.ok(), qPrintable(demo.describe()));
        QVERIFY(cli({u"project"_s}).ok());
    }

    void importStoresASetOnceAndSetsListsIt()
    {
        const CliRun first = cli({u"eval"_s, u"import"_s, SmallSet, u"--json"_s});
        QVERIFY2(first.ok(), qPrintable(first.describe()));
        QCOMPARE(first.json().value(u"outcome"_s).toString(), u"created"_s);
        QCOMPARE(first.json().value(u"queries"_s).toInt(), 4);
        const CliRun again = cli({u"eval"_s, u"import"_s, SmallSet});
        QVERIFY2(again.ok(), qPrintable(again.describe()));
        QVERIFY2(again.out.contains("nothing changed"), again.out.constData());
        QVERIFY(cli({u"eval"_s, u"import"_s, OtherSet}).ok());
        const CliRun sets = cli({u"eval"_s, u"sets"_s});
        QVERIFY(sets.out.contains("demo-small") && sets.out.contains("other"));
    }

    void aBadSetIsRefusedWithItsFileAndLine()
    {
        const QString bad = m_dir.filePath(u"bad.jsonl"_s);
        QFile file(bad);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(read(OtherSet) + R"({"type":"judgment","query":"q1","ref":"X","grade":7})"
                                    "\n");
        file.close();
        const CliRun run = cli({u"eval"_s, u"import"_s, bad, u"--json"_s});
        QCOMPARE(run.exitCode, 1);
        QCOMPARE(run.json()[u"error"_s][u"kind"_s].toString(), u"invalid-input"_s);
        QVERIFY2(run.err.contains("bad.jsonl: line 4: field 'grade'"), run.err.constData());
    }

    void runPrintsTheRunAndWritesTrec()
    {
        const QString trec = m_dir.filePath(u"run.trec"_s);
        const CliRun run = cli({u"eval"_s, u"run"_s, u"demo-small"_s, u"--strategy"_s,
                                u"data-investigation"_s, u"--trec-run"_s, trec, u"--json"_s});
        QVERIFY2(run.ok(), qPrintable(run.describe()));
        const QJsonObject json = run.json();
        m_runA = json.value(u"run"_s).toInteger();
        QVERIFY(m_runA > 0);
        QCOMPARE(json.value(u"set"_s).toString(), u"demo-small"_s);
        QCOMPARE(json.value(u"strategy"_s).toString(), u"data-investigation@1"_s);
        QVERIFY(json.value(u"signature"_s).toString().startsWith(u"sha256:"_s));
        QVERIFY(json.value(u"metrics"_s).toObject().contains(u"ndcg@10"_s));
        QVERIFY(json.value(u"metrics"_s).toObject().contains(u"latency_ms_p95"_s));
        const QJsonArray queries = json.value(u"queries"_s).toArray();
        QCOMPARE(queries.size(), 4);
        QCOMPARE(queries.first()[u"id"_s].toString(), u"q1"_s);
        QVERIFY(queries.first()[u"candidates"_s].toArray().contains(u"EXP-9@1"_s));
        QCOMPARE(json.value(u"pairs"_s)[u"total"_s].toInt(), 1);
        // TREC run form: qid Q0 REF@REV rank score tag.
        const QList<QByteArray> lines = read(trec).trimmed().split('\n');
        QVERIFY(!lines.isEmpty());
        const QList<QByteArray> first = lines.first().split(' ');
        QCOMPARE(first.size(), 6);
        QCOMPARE(first.at(1), QByteArray("Q0"));
        QCOMPARE(first.at(3), QByteArray("1"));
        QCOMPARE(first.at(5), QByteArray("data-investigation@1"));

        const CliRun other = cli({u"eval"_s, u"run"_s, u"demo-small"_s, u"--strategy"_s,
                                  u"root-classification"_s, u"--json"_s});
        QVERIFY2(other.ok(), qPrintable(other.describe()));
        m_runB = other.json().value(u"run"_s).toInteger();
        // Text output: the metrics table and the pairs.
        const CliRun text = cli({u"eval"_s, u"run"_s, u"demo-small"_s});
        QVERIFY2(text.ok() && text.out.contains("ndcg@10") && text.out.contains("pairs held"),
                 qPrintable(text.describe()));
    }

    void aRunWritesNoMemoryUse()
    {
        // verdict on memory use N+1 would exist if eval had recorded one:
        // record one query now and check its id follows the last one before eval.
        const CliRun before = cli({u"query"_s, u"--strategy"_s, u"configuration"_s, u"--text"_s,
                                   u"timeout"_s, u"--json"_s});
        const qint64 id = before.json().value(u"memory_use_id"_s).toInteger();
        QVERIFY(cli({u"eval"_s, u"run"_s, u"demo-small"_s}).ok());
        const CliRun after = cli({u"query"_s, u"--strategy"_s, u"configuration"_s, u"--text"_s,
                                  u"timeout"_s, u"--json"_s});
        QCOMPARE(after.json().value(u"memory_use_id"_s).toInteger(), id + 1);
    }

    void runsMarksDriftedRuns()
    {
        const CliRun fresh = cli({u"eval"_s, u"runs"_s, u"--set"_s, u"demo-small"_s, u"--json"_s});
        QVERIFY2(fresh.ok(), qPrintable(fresh.describe()));
        const QJsonArray runs = fresh.json().value(u"runs"_s).toArray();
        QVERIFY(runs.size() >= 2);
        for (const QJsonValue &run : runs)
            QVERIFY(!run[u"drifted"_s].toBool());
        // A decision moves the projection: the runs drift, and say why.
        QVERIFY(cli({u"retire"_s, u"KB-12"_s, u"--version"_s, u"1"_s, u"--reason"_s,
                     u"eval drift test"_s},
                    u"dora"_s)
                    .ok());
        QVERIFY(cli({u"project"_s}).ok());
        const CliRun drifted = cli({u"eval"_s, u"runs"_s, u"--json"_s});
        for (const QJsonValue &run : drifted.json().value(u"runs"_s).toArray()) {
            QVERIFY(run[u"drifted"_s].toBool());
            QVERIFY(run[u"drift"_s].toArray().contains(
                        u"the revisions the projection holds changed"_s) ||
                    run[u"drift"_s].toArray().first().toString().contains(u"watermark"_s));
        }
        const CliRun text = cli({u"eval"_s, u"runs"_s});
        QVERIFY2(text.out.contains("drifted: "), text.out.constData());
    }

    void compareGivesDifferencesPValuesWinsAndOverlap()
    {
        const CliRun same = cli({u"eval"_s, u"compare"_s, QString::number(m_runA),
                                 QString::number(m_runA), u"--json"_s});
        QVERIFY2(same.ok(), qPrintable(same.describe()));
        for (const QJsonValue &m : same.json().value(u"metrics"_s).toArray()) {
            QCOMPARE(m[u"difference"_s].toDouble(), 0.0);
            QCOMPARE(m[u"p_value"_s].toDouble(), 1.0);
        }
        QCOMPARE(same.json().value(u"rbo"_s)[u"mean"_s].toDouble(), 1.0);
        const QStringList ab{
            u"eval"_s, u"compare"_s, QString::number(m_runA), QString::number(m_runB), u"--seed"_s,
            u"7"_s,    u"--json"_s};
        const CliRun one = cli(ab);
        const CliRun two = cli(ab);
        QVERIFY2(one.ok(), qPrintable(one.describe()));
        QCOMPARE(one.json().value(u"metrics"_s), two.json().value(u"metrics"_s));
        const QJsonObject wins = one.json().value(u"wins"_s).toObject();
        QCOMPARE(wins[u"a"_s].toArray().size() + wins[u"b"_s].toArray().size() +
                     wins[u"ties"_s].toInt(),
                 4);
        const CliRun text = cli(ab.mid(0, 4));
        QVERIFY2(text.out.contains("rank-biased overlap"), text.out.constData());
    }

    void compareRefusesRunsOfDifferentSets()
    {
        const CliRun other = cli({u"eval"_s, u"run"_s, u"other"_s, u"--json"_s});
        QVERIFY2(other.ok(), qPrintable(other.describe()));
        const CliRun refused =
            cli({u"eval"_s, u"compare"_s, QString::number(m_runA),
                 QString::number(other.json().value(u"run"_s).toInteger()), u"--json"_s});
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.err.contains("different query sets"), refused.err.constData());
        const CliRun missing = cli({u"eval"_s, u"compare"_s, u"999"_s, u"1"_s, u"--json"_s});
        QCOMPARE(missing.exitCode, 1);
        QCOMPARE(missing.json()[u"error"_s][u"kind"_s].toString(), u"not-found"_s);
    }

    void exportQrelsWritesEveryJudgment()
    {
        const QString path = m_dir.filePath(u"qrels"_s);
        const CliRun run = cli({u"eval"_s, u"export-qrels"_s, u"demo-small"_s, path});
        QVERIFY2(run.ok(), qPrintable(run.describe()));
        const QByteArray qrels = read(path);
        QVERIFY2(qrels.contains("q1 0 EXP-9@1 3\n"), qrels.constData());
        // KB-12 judged without a revision: written for the revision the runs returned.
        QVERIFY2(qrels.contains("q1 0 KB-12@1 2\n"), qrels.constData());
    }

    void fromVerdictsBuildsASetFromEverydayWork()
    {
        const CliRun query = cli({u"query"_s, u"--strategy"_s, u"data-investigation"_s, u"--text"_s,
                                  u"register row missing"_s, u"--json"_s},
                                 u"ana"_s);
        const QJsonObject first = query.json()[u"candidates"_s].toArray().first().toObject();
        QVERIFY(cli({u"verdict"_s, QString::number(query.json()[u"memory_use_id"_s].toInteger()),
                     first[u"ref"_s].toString(), u"--revision"_s,
                     QString::number(first[u"revision"_s].toInt()), u"--verdict"_s, u"applies"_s,
                     u"--reason"_s, u"fits"_s},
                    u"ana"_s)
                    .ok());
        const CliRun built =
            cli({u"eval"_s, u"from-verdicts"_s, u"--name"_s, u"everyday"_s, u"--json"_s});
        QVERIFY2(built.ok(), qPrintable(built.describe()));
        QCOMPARE(built.json().value(u"queries"_s).toInt(), 1);
        QCOMPARE(built.json().value(u"judgments"_s).toInt(), 1);
        QVERIFY2(cli({u"eval"_s, u"run"_s, u"everyday"_s}).ok(), "the built set runs");
        // cora has no verdicts of her own; ana's are not hers to use.
        const CliRun cora = cli({u"eval"_s, u"from-verdicts"_s, u"--json"_s}, u"cora"_s);
        QCOMPARE(cora.exitCode, 1);
        const CliRun since = cli({u"eval"_s, u"from-verdicts"_s, u"--since"_s, u"yesterday"_s});
        QCOMPARE(since.exitCode, 2);
    }

    // Issue #36, item 7: an admin's set from everyone's verdicts, read by
    // an analyst, names neither the memory uses nor whose they were.
    void anAdminsVerdictSetNamesNoOneElsesRetrievalsToAnAnalyst()
    {
        const CliRun query = cli({u"query"_s, u"--strategy"_s, u"data-investigation"_s, u"--text"_s,
                                  u"register row missing"_s, u"--json"_s},
                                 u"cora"_s);
        const qint64 use = query.json()[u"memory_use_id"_s].toInteger();
        const QJsonObject first = query.json()[u"candidates"_s].toArray().first().toObject();
        QVERIFY(cli({u"verdict"_s, QString::number(use), first[u"ref"_s].toString(),
                     u"--revision"_s, QString::number(first[u"revision"_s].toInt()), u"--verdict"_s,
                     u"rejected"_s, u"--reason"_s, u"not this"_s},
                    u"cora"_s)
                    .ok());
        QVERIFY(cli({u"eval"_s, u"from-verdicts"_s, u"--name"_s, u"everyone"_s}).ok());
        // The admin's runs, two strategies.
        const CliRun adminRun =
            cli({u"eval"_s, u"run"_s, u"everyone"_s, u"--strategy"_s, u"data-investigation"_s,
                 u"--strategy"_s, u"root-classification"_s, u"--json"_s});
        QVERIFY2(adminRun.ok(), qPrintable(adminRun.describe()));
        QVERIFY(adminRun.out.contains("\"cora\""));
        const QJsonArray made = adminRun.json()[u"runs"_s].toArray();
        QCOMPARE(made.size(), 2);
        const QStringList compare{u"eval"_s, u"compare"_s,
                                  QString::number(made[0][u"run"_s].toInteger()),
                                  QString::number(made[1][u"run"_s].toInteger()), u"--json"_s};
        const QByteArray useId = "mu-" + QByteArray::number(use);

        // The admin sees where each query came from.
        const QString adminQrels = m_dir.filePath(u"admin.qrels"_s);
        QVERIFY(cli({u"eval"_s, u"export-qrels"_s, u"everyone"_s, adminQrels}).ok());
        QVERIFY(read(adminQrels).contains(QByteArray(useId + ' ')));
        QVERIFY(cli(compare).out.contains(useId));

        // The analyst sees neither the memory use nor cora.
        const QString qrels = m_dir.filePath(u"ana.qrels"_s);
        const CliRun exported = cli({u"eval"_s, u"export-qrels"_s, u"everyone"_s, qrels}, u"ana"_s);
        QVERIFY2(exported.ok(), qPrintable(exported.describe()));
        // (ana's own retrieval, from the test before, she still sees as hers)
        QVERIFY2(!read(qrels).contains(QByteArray(useId + ' ')) && read(qrels).contains("query-"),
                 read(qrels).constData());
        const CliRun compared = cli(compare, u"ana"_s);
        QVERIFY2(compared.ok(), qPrintable(compared.describe()));
        QVERIFY2(!compared.out.contains(QByteArray(useId + '"')) && compared.out.contains("query-"),
                 compared.out.constData());
        const CliRun run = cli({u"eval"_s, u"run"_s, u"everyone"_s, u"--json"_s}, u"ana"_s);
        QCOMPARE(run.exitCode, 1);
        QCOMPARE(run.json()[u"error"_s][u"kind"_s].toString(), u"forbidden"_s);
        QVERIFY2(!run.err.contains(useId) && !run.err.contains("cora"), run.err.constData());
    }

    void aNonAdminMayNotRunQueriesAsOthers()
    {
        const CliRun ana = cli({u"eval"_s, u"run"_s, u"demo-small"_s, u"--json"_s}, u"ana"_s);
        QCOMPARE(ana.exitCode, 1);
        QCOMPARE(ana.json()[u"error"_s][u"kind"_s].toString(), u"forbidden"_s);
        QVERIFY2(ana.err.contains("as nils"), ana.err.constData());
    }

    void usageErrors()
    {
        QCOMPARE(cli({u"eval"_s}).exitCode, 2);
        QCOMPARE(cli({u"eval"_s, u"grade"_s}).exitCode, 2);
        QCOMPARE(cli({u"eval"_s, u"run"_s, u"demo-small"_s, u"--k"_s, u"0"_s}).exitCode, 2);
        QCOMPARE(cli({u"eval"_s, u"sets"_s, u"--seed"_s, u"3"_s}).exitCode, 2);
        QCOMPARE(cli({u"eval"_s, u"compare"_s, u"1"_s}).exitCode, 2);
        const CliRun unknown = cli({u"eval"_s, u"run"_s, u"nope"_s, u"--json"_s});
        QCOMPARE(unknown.exitCode, 1);
        QCOMPARE(unknown.json()[u"error"_s][u"kind"_s].toString(), u"not-found"_s);
        const CliRun strategy =
            cli({u"eval"_s, u"run"_s, u"demo-small"_s, u"--strategy"_s, u"guesswork"_s});
        QCOMPARE(strategy.exitCode, 1);
    }
};

QTEST_GUILESS_MAIN(TestEvalCli)
#include "tst_evalcli.moc"
