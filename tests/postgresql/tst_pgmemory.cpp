// Memory on a server: import-memory, memory-search and the MCP server agents
// keep open. The demo with a database role for each principal is copied to
// a server (PgDemo); the repository's memory tree (tests/data/memory, 46
// files) is imported and projected on both the file and the server, and
// every answer is compared: the import's report, Modes A, B and C of memory
// search (the same files in the same order with the same excerpts: the
// server folds Mode B's key from its tsvector's positions by the file's
// rule), and the MCP tools, which answer as the commands do. A curator may
// not import there either, and an MCP client acts as its connection's role.

#include "McpSession.h"
#include "PgDemo.h"
#include "TestPaths.h"

#include <QDir>
#include <QDirIterator>
#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace cw;
using namespace cw::test;
using namespace Qt::StringLiterals;

namespace {

const QString MemoryTree = TestPaths::source("tests/data/memory");

// Searches over the tree: every mode, single and several keywords, a
// prefix, a hyphenated word, a word in nearly every file, a DEC id many
// files refer to and one none does.
QList<QStringList> searches()
{
    return {
        {u"--mode"_s, u"A"_s, u"--domain"_s, u"development"_s},
        {u"--mode"_s, u"A"_s, u"--level"_s, u"operational"_s},
        {u"--mode"_s, u"A"_s, u"--tag"_s, u"database"_s, u"--tag"_s, u"connection-pooling"_s},
        {u"--mode"_s, u"A"_s, u"--related-to"_s, u"DEC-1"_s},
        {u"--mode"_s, u"A"_s, u"--domain"_s, u"data"_s, u"--tag"_s, u"register"_s},
        {u"--mode"_s, u"A"_s, u"--status"_s, u"final"_s},
        {u"--mode"_s, u"B"_s, u"connection"_s, u"pool"_s},
        {u"--mode"_s, u"B"_s, u"timeout"_s, u"retry"_s},
        {u"--mode"_s, u"B"_s, u"register"_s, u"repair"_s},
        {u"--mode"_s, u"B"_s, u"connection-pooling"_s},
        {u"--mode"_s, u"B"_s, u"cache"_s, u"invalidation"_s},
        {u"--mode"_s, u"B"_s, u"migra"_s},
        {u"--mode"_s, u"B"_s, u"the"_s},
        {u"--mode"_s, u"C"_s, u"DEC-1"_s},
        {u"--mode"_s, u"C"_s, u"DEC-7"_s},
        {u"--mode"_s, u"C"_s, u"DEC-100"_s},
        {u"--mode"_s, u"C"_s, u"DEC-9999"_s},
    };
}

} // namespace

class TestPgMemory : public QObject, protected PgDemo
{
    Q_OBJECT

private:
    CliRun importOnBoth(const QString &tree, CliRun &onServer)
    {
        const Principal *admin = find(true);
        onServer = runCli(serverAs(*admin), {u"--json"_s, u"import-memory"_s, tree});
        return runCli(m_file, {u"--json"_s, u"import-memory"_s, tree});
    }

    void projectBoth()
    {
        const CliRun onFile = runCli(m_file, {u"project"_s});
        QVERIFY2(onFile.ok(), qPrintable(onFile.describe()));
        const CliRun onServer = runCli(serverAs(*find(true)), {u"project"_s});
        QVERIFY2(onServer.ok(), qPrintable(onServer.describe()));
    }

private Q_SLOTS:
    void initTestCase()
    {
        setUpDemo(u"cw_memory"_s);
        CliRun onServer;
        const CliRun onFile = importOnBoth(MemoryTree, onServer);
        QVERIFY2(onFile.ok(), qPrintable(onFile.describe()));
        QVERIFY2(onServer.ok(), qPrintable(onServer.describe()));
        QCOMPARE(onServer.json(), onFile.json());
        QVERIFY(onFile.json()[u"imported"_s].toInt() >= 40);
        projectBoth();
    }
    void cleanupTestCase() { tearDownDemo(); }

    // Every search answers on the server as on the file, for a curator and
    // an analyst alike (memory is read by every principal).
    void memorySearchAnswersAsOnTheFile()
    {
        int hits = 0;
        for (const QString &id : {u"cora"_s, u"ana"_s}) {
            const Principal *p = byId(id);
            QVERIFY(p);
            for (const QStringList &search : searches()) {
                const QStringList line = QStringList{u"--json"_s, u"memory-search"_s} + search;
                const CliRun onFile = runCli(m_file, line, p->id);
                QVERIFY2(onFile.ok(), qPrintable(onFile.describe()));
                const CliRun onServer = runCli(serverAs(*p), line);
                QVERIFY2(onServer.ok(), qPrintable(onServer.describe()));
                QVERIFY2(onServer.json() == onFile.json(),
                         qPrintable(search.join(u' ') + u"\nserver: "_s +
                                    QString::fromUtf8(onServer.out) + u"\nfile: "_s +
                                    QString::fromUtf8(onFile.out)));
                hits += int(onServer.json()[u"search_results"_s].toArray().size());
            }
        }
        QVERIFY2(hits > 100, "the searches find files to compare");
    }

    // The tree imported again changes nothing; with files removed they are
    // retired on both; a curator's import is refused and changes nothing.
    void importAnswersAsOnTheFile()
    {
        CliRun onServer;
        CliRun onFile = importOnBoth(MemoryTree, onServer);
        QVERIFY2(onFile.ok() && onServer.ok(), qPrintable(onServer.describe()));
        QCOMPARE(onServer.json(), onFile.json());
        QCOMPARE(onServer.json()[u"imported"_s].toInt(), 0);

        // The tree moved to another folder (its files now from there), then
        // three of its decisions removed: retired alike on both.
        QTemporaryDir moved;
        QVERIFY(moved.isValid());
        QDirIterator files(MemoryTree, {u"*.md"_s}, QDir::Files, QDirIterator::Subdirectories);
        while (files.hasNext()) {
            const QString from = files.next();
            const QString to = moved.filePath(QDir(MemoryTree).relativeFilePath(from));
            QVERIFY(QDir().mkpath(QFileInfo(to).path()) && QFile::copy(from, to));
        }
        onFile = importOnBoth(moved.path(), onServer);
        QVERIFY2(onFile.ok() && onServer.ok(), qPrintable(onServer.describe()));
        QCOMPARE(onServer.json(), onFile.json());
        const QDir decisions(moved.filePath(u"contexts/memory/decisions"_s));
        const QStringList names = decisions.entryList({u"DEC-*.md"_s}, QDir::Files, QDir::Name);
        QVERIFY(names.size() > 5);
        for (const QString &name : names.mid(0, 3))
            QVERIFY(QFile::remove(decisions.filePath(name)));
        onFile = importOnBoth(moved.path(), onServer);
        QVERIFY2(onFile.ok() && onServer.ok(), qPrintable(onServer.describe()));
        QCOMPARE(onServer.json(), onFile.json());
        QCOMPARE(onServer.json()[u"retired"_s].toInt(), 3);

        const Principal *curator = byId(u"cora"_s);
        const CliRun refused =
            runCli(serverAs(*curator), {u"--json"_s, u"import-memory"_s, MemoryTree});
        QCOMPARE(refused.exitCode, 1);
        QCOMPARE(refused.json()[u"error"_s][u"kind"_s].toString(), u"forbidden"_s);
        const CliRun lag = runCli(serverAs(*curator), {u"--json"_s, u"lag"_s});
        QVERIFY(lag.ok());
        projectBoth();
        const QStringList search{u"--json"_s, u"memory-search"_s, u"--mode"_s,
                                 u"A"_s,      u"--level"_s,       u"operational"_s};
        QCOMPARE(runCli(serverAs(*curator), search).json(), runCli(m_file, search).json());
    }

    // An agent's MCP session on a server acts as its connection's role: the
    // tools answer what the commands print for that role, a verdict on its
    // own memory use is recorded and one on another's refused, and closing
    // stdin ends the session cleanly.
    void theMcpServerAnswersAsTheCommands()
    {
        const Principal *analyst = byId(u"ana"_s);
        const Principal *curator = byId(u"cora"_s);
        QVERIFY(analyst && curator);
        McpSession session(serverAs(*analyst));
        const QJsonObject hello = session.initialize();
        QVERIFY2(hello.contains(u"result"_s), QJsonDocument(hello).toJson().constData());
        const QJsonObject listed = session.request(u"tools/list"_s);
        QCOMPARE(listed[u"result"_s][u"tools"_s].toArray().size(), 4);

        const QJsonObject search = session.call(
            u"memory-search"_s,
            {{u"mode"_s, u"B"_s}, {u"keywords"_s, QJsonArray{u"connection"_s, u"pool"_s}}});
        QVERIFY(!search[u"isError"_s].toBool());
        const CliRun cli = runCli(serverAs(*analyst), {u"--json"_s, u"memory-search"_s, u"--mode"_s,
                                                       u"B"_s, u"connection"_s, u"pool"_s});
        QCOMPARE(search[u"structuredContent"_s].toObject(), cli.json());

        const QJsonObject shown = session.call(u"show"_s, {{u"ref"_s, u"PR-1"_s}});
        QVERIFY(!shown[u"isError"_s].toBool());
        QCOMPARE(shown[u"structuredContent"_s].toObject(),
                 runCli(serverAs(*analyst), {u"--json"_s, u"show"_s, u"PR-1"_s}).json());

        const QJsonObject answer =
            session
                .call(u"query"_s, {{u"strategy"_s, u"data-investigation"_s},
                                   {u"text"_s, u"register row missing"_s}})[u"structuredContent"_s]
                .toObject();
        QCOMPARE(answer[u"principal"_s][u"effective"_s].toString(), analyst->id);
        const QJsonArray candidates = answer[u"candidates"_s].toArray();
        QVERIFY(!candidates.isEmpty());
        const QJsonObject verdict{{u"memory_use_id"_s, answer[u"memory_use_id"_s]},
                                  {u"ref"_s, candidates.first()[u"ref"_s]},
                                  {u"revision"_s, candidates.first()[u"revision"_s]},
                                  {u"verdict"_s, u"applies"_s},
                                  {u"reason"_s, u"the row was back"_s}};
        const QJsonObject given = session.call(u"verdict"_s, verdict);
        QVERIFY2(!given[u"isError"_s].toBool(), QJsonDocument(given).toJson().constData());

        McpSession other(serverAs(*curator));
        other.initialize();
        const QJsonObject foreign = other.call(u"verdict"_s, verdict);
        QVERIFY(foreign[u"isError"_s].toBool());
        QCOMPARE(other.finish().exitCode, 0);
        QCOMPARE(session.finish().exitCode, 0);
    }
};

QTEST_GUILESS_MAIN(TestPgMemory)
#include "tst_pgmemory.moc"
