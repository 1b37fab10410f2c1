// What analysts and curators take out of a server: evaluation runs and the
// exports. The demo with a database role for each principal is copied to a
// server (PgDemo); each command runs there as the principal's own role and
// on the file as the admin acting for it, and answers alike: an evaluation
// scores the same candidates with the same findings (the order inside a
// ranking may differ: the server ranks with another index; under a token
// budget the packing may, as its excerpts are the server's), the query set,
// its qrels and the run list are the same, the review queue exports the
// same rows with the same redactions in every format, and the memory tree
// is the same files byte for byte. The wrong person is refused on a server
// as on a file, and nothing is written then.

#include "PgDemo.h"
#include "TestPaths.h"
#include "TreeFiles.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace cw;
using namespace cw::test;
using namespace Qt::StringLiterals;

namespace {

QStringList sortedStrings(const QJsonValue &array)
{
    QStringList values;
    for (const QJsonValue &v : array.toArray())
        values << (v.isString() ? v.toString()
                                : QString::fromUtf8(
                                      QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact)));
    values.sort();
    return values;
}

// What an evaluation query must score alike on both indexes: who it ran
// as, the strategy, the exact matches, the findings (unauthorised, stale,
// unsupported) and the best candidate; without a token budget also the set
// of candidates and the measures that do not depend on the order inside the
// ranking. Under a budget the packed set depends on the excerpts' lengths,
// which each index makes its own way (snippet, ts_headline).
QString queryFacts(const QJsonObject &q, bool budgeted)
{
    const QJsonObject m = q[u"metrics"_s].toObject();
    QStringList measures{u"unauthorised"_s, u"stale"_s, u"unsupported"_s};
    if (!budgeted)
        measures << u"evidence_recall"_s << u"p@10"_s << u"r@10"_s << u"judged@10"_s;
    for (QString &name : measures)
        name += u'=' + QString::number(m[name].toDouble(), 'g', 10);
    const QJsonArray candidates = q[u"candidates"_s].toArray();
    return u"%1 as %2 by %3: best %4 [%5] exact [%6] findings [%7] %8"_s.arg(
        q[u"id"_s].toString(), q[u"principal"_s].toString(), q[u"strategy"_s].toString(),
        candidates.isEmpty() ? u"-"_s : candidates.first().toString(),
        budgeted ? u"packed"_s : sortedStrings(candidates).join(u' '),
        sortedStrings(q[u"exact_matches"_s]).join(u' '),
        sortedStrings(q[u"findings"_s]).join(u" | "), measures.join(u' '));
}

// The ids of the demo set's queries that carry a token budget.
QSet<QString> budgetedQueries()
{
    QSet<QString> ids;
    QFile set(TestPaths::source("resources/eval/demo-queries.jsonl"));
    if (!set.open(QIODevice::ReadOnly))
        return ids;
    while (!set.atEnd()) {
        const QJsonObject line = QJsonDocument::fromJson(set.readLine()).object();
        if (line[u"type"_s] == u"query"_s && line.contains(u"budget_tokens"_s))
            ids.insert(line[u"id"_s].toString());
    }
    return ids;
}

} // namespace

class TestPgAnalysis : public QObject, protected PgDemo
{
    Q_OBJECT

private:
    QString m_set; // the demo's judged query set

    int storedRuns(const Principal &as) const
    {
        const CliRun runs = runCli(serverAs(as), {u"--json"_s, u"eval"_s, u"runs"_s});
        return runs.ok() ? int(runs.json()[u"runs"_s].toArray().size()) : -1;
    }

private Q_SLOTS:
    void initTestCase()
    {
        setUpDemo(u"cw_analysis"_s);
        const CliRun sets = runCli(m_file, {u"--json"_s, u"eval"_s, u"sets"_s});
        QVERIFY2(sets.ok(), qPrintable(sets.describe()));
        const QJsonArray list = sets.json()[u"sets"_s].toArray();
        QVERIFY2(!list.isEmpty(), "the demo holds a judged query set");
        m_set = list.first()[u"id"_s].toString();
    }
    void cleanupTestCase() { tearDownDemo(); }

    // The demo's set (queries as every principal, over all five
    // strategies), run by the admin on both: the same candidates, findings
    // and order-free measures query by query, the same projection signature.
    void anEvaluationScoresAsOnTheFile()
    {
        const Principal *admin = find(true);
        QVERIFY(admin);
        const QStringList run{u"--json"_s, u"eval"_s, u"run"_s, m_set};
        const CliRun onFile = runCli(m_file, run);
        QVERIFY2(onFile.ok(), qPrintable(onFile.describe()));
        const CliRun onServer = runCli(serverAs(*admin), run);
        QVERIFY2(onServer.ok(), qPrintable(onServer.describe()));
        const QJsonObject file = onFile.json(), server = onServer.json();
        QCOMPARE(server[u"signature"_s], file[u"signature"_s]);
        QCOMPARE(server[u"watermark"_s], file[u"watermark"_s]);
        QCOMPARE(server[u"pairs"_s][u"total"_s], file[u"pairs"_s][u"total"_s]);
        const QJsonArray fileQueries = file[u"queries"_s].toArray();
        const QJsonArray serverQueries = server[u"queries"_s].toArray();
        QVERIFY(fileQueries.size() >= 20);
        QCOMPARE(serverQueries.size(), fileQueries.size());
        const QSet<QString> budgeted = budgetedQueries();
        QVERIFY2(!budgeted.isEmpty() && budgeted.size() < fileQueries.size(),
                 "the set has queries with a budget and without");
        int candidates = 0;
        for (qsizetype i = 0; i < fileQueries.size(); ++i) {
            const bool budget = budgeted.contains(fileQueries[i][u"id"_s].toString());
            QCOMPARE(queryFacts(serverQueries[i].toObject(), budget),
                     queryFacts(fileQueries[i].toObject(), budget));
            candidates += int(fileQueries[i][u"candidates"_s].toArray().size());
        }
        QVERIFY2(candidates > 50, "the set's queries find something to compare");

        // The run is stored on the server, current, and compares with a
        // second one of another strategy.
        const qint64 first = server[u"run"_s].toInteger();
        const CliRun again =
            runCli(serverAs(*admin), run + QStringList{u"--strategy"_s, u"root-classification"_s});
        QVERIFY2(again.ok(), qPrintable(again.describe()));
        const CliRun runs =
            runCli(serverAs(*admin), {u"--json"_s, u"eval"_s, u"runs"_s, u"--set"_s, m_set});
        QVERIFY2(runs.ok(), qPrintable(runs.describe()));
        const QJsonArray listed = runs.json()[u"runs"_s].toArray();
        QCOMPARE(listed.size(), 2);
        QCOMPARE(listed.first()[u"run"_s].toInteger(), first);
        QCOMPARE(listed.first()[u"drifted"_s].toBool(), false);
        const CliRun compared =
            runCli(serverAs(*admin), {u"--json"_s, u"eval"_s, u"compare"_s, QString::number(first),
                                      QString::number(again.json()[u"run"_s].toInteger())});
        QVERIFY2(compared.ok(), qPrintable(compared.describe()));
        QCOMPARE(compared.json()[u"set"_s].toString(), m_set);
    }

    // The judgments leave a server as they leave the file: the same qrels.
    void qrelsAreTheFiles()
    {
        const Principal *admin = find(true);
        QVERIFY(admin);
        const QString fromFile = m_dir.filePath(u"file.qrels"_s);
        const QString fromServer = m_dir.filePath(u"server.qrels"_s);
        QVERIFY(runCli(m_file, {u"eval"_s, u"export-qrels"_s, m_set, fromFile}).ok());
        const CliRun run =
            runCli(serverAs(*admin), {u"eval"_s, u"export-qrels"_s, m_set, fromServer});
        QVERIFY2(run.ok(), qPrintable(run.describe()));
        QFile a(fromFile), b(fromServer);
        QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
        const QByteArray qrels = a.readAll();
        QVERIFY(qrels.count('\n') > 20);
        QCOMPARE(b.readAll(), qrels);
    }

    // An analyst's own role may not run the set's queries as others: the
    // model refuses before any query runs, and no run is stored.
    void anAnalystRunsNoQueryAsAnother()
    {
        const Principal *analyst = byId(u"ana"_s);
        QVERIFY(analyst);
        const int before = storedRuns(*analyst);
        QVERIFY(before >= 0);
        const CliRun refused =
            runCli(serverAs(*analyst), {u"--json"_s, u"eval"_s, u"run"_s, m_set});
        QCOMPARE(refused.exitCode, 1);
        QCOMPARE(refused.json()[u"error"_s][u"kind"_s].toString(), u"forbidden"_s);
        QVERIFY2(refused.err.contains("may not run evaluation queries as"),
                 refused.err.constData());
        QCOMPARE(storedRuns(*analyst), before);
    }

    // A set built from one's own recorded retrievals and verdicts: the
    // analyst's verdict on the server makes a set of her request; a curator
    // with no verdicts of his own gets none of hers.
    void aSetFromOnesOwnVerdicts()
    {
        const Principal *analyst = byId(u"ana"_s);
        const Principal *curator = byId(u"cora"_s);
        QVERIFY(analyst && curator);
        const CliRun query = runCli(serverAs(*analyst), {u"--json"_s, u"query"_s, u"--strategy"_s,
                                                         u"data-investigation"_s, u"--text"_s,
                                                         u"register row missing"_s});
        QVERIFY2(query.ok(), qPrintable(query.describe()));
        const QJsonArray candidates = query.json()[u"candidates"_s].toArray();
        QVERIFY(!candidates.isEmpty());
        const CliRun verdict =
            runCli(serverAs(*analyst),
                   {u"verdict"_s, QString::number(query.json()[u"memory_use_id"_s].toInteger()),
                    candidates.first()[u"ref"_s].toString(), u"--revision"_s,
                    QString::number(candidates.first()[u"revision"_s].toInt()), u"--verdict"_s,
                    u"applies"_s, u"--reason"_s, u"it was the row"_s});
        QVERIFY2(verdict.ok(), qPrintable(verdict.describe()));

        const CliRun none = runCli(serverAs(*curator), {u"--json"_s, u"eval"_s, u"from-verdicts"_s,
                                                        u"--name"_s, u"coras"_s});
        QCOMPARE(none.exitCode, 1);
        const CliRun built = runCli(serverAs(*analyst), {u"--json"_s, u"eval"_s, u"from-verdicts"_s,
                                                         u"--name"_s, u"anas"_s});
        QVERIFY2(built.ok(), qPrintable(built.describe()));
        const CliRun sets = runCli(serverAs(*analyst), {u"--json"_s, u"eval"_s, u"sets"_s});
        QVERIFY(sets.ok());
        QJsonObject anas;
        for (const QJsonValue &set : sets.json()[u"sets"_s].toArray())
            if (set[u"id"_s].toString() == u"anas"_s)
                anas = set.toObject();
        QCOMPARE(anas[u"queries"_s].toInt(), 1);
        QVERIFY(anas[u"judgments"_s].toInt() >= 1);
    }

    // The review queue as each principal sees it, in each format: the same
    // bytes from the server as from the file, redactions included.
    void theQueueExportsAsOnTheFile()
    {
        int redacted = 0;
        for (const Principal &p : std::as_const(m_principals)) {
            for (const QString &format : {u"csv"_s, u"json"_s, u"jsonl"_s}) {
                const QStringList exportQueue{u"export"_s, u"queue"_s, u"--format"_s, format};
                const CliRun onFile = runCli(m_file, exportQueue, p.id);
                QVERIFY2(onFile.ok(), qPrintable(onFile.describe()));
                const CliRun onServer = runCli(serverAs(p), exportQueue);
                QVERIFY2(onServer.ok(), qPrintable(onServer.describe()));
                QCOMPARE(onServer.out, onFile.out);
                if (format == u"json"_s)
                    redacted += int(onServer.out.count("\"case_redacted\":true"));
            }
        }
        QVERIFY2(redacted > 0, "someone's export has a case redacted");
    }

    // The memory tree from a server is the file's, byte for byte; an
    // analyst may not export it there either, and no folder is made.
    void theMemoryTreeIsTheFiles()
    {
        const Principal *admin = find(true);
        const Principal *analyst = byId(u"ana"_s);
        QVERIFY(admin && analyst);
        const QString fromFile = m_dir.filePath(u"memory-file"_s);
        const QString fromServer = m_dir.filePath(u"memory-server"_s);
        QVERIFY(runCli(m_file, {u"export"_s, u"memory"_s, fromFile}).ok());
        const CliRun run = runCli(serverAs(*admin), {u"export"_s, u"memory"_s, fromServer});
        QVERIFY2(run.ok(), qPrintable(run.describe()));
        const auto files = treeFiles(fromFile);
        QVERIFY(files.size() >= 5);
        QCOMPARE(treeFiles(fromServer), files);

        const QString refusedDir = m_dir.filePath(u"memory-analyst"_s);
        const CliRun refused =
            runCli(serverAs(*analyst), {u"--json"_s, u"export"_s, u"memory"_s, refusedDir});
        QCOMPARE(refused.exitCode, 1);
        QCOMPARE(refused.json()[u"error"_s][u"kind"_s].toString(), u"forbidden"_s);
        QVERIFY(!QFileInfo::exists(refusedDir));
    }
};

QTEST_GUILESS_MAIN(TestPgAnalysis)
#include "tst_pganalysis.moc"
