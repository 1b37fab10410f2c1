// curation-cli mcp driven by a scripted client: the Model Context Protocol
// over stdio (JSON-RPC 2.0, one message a line). The tools answer exactly
// what the commands print with --json, for the same person; protocol
// mistakes get JSON-RPC errors; a client that goes away mid-call leaves the
// server to exit cleanly and the database whole.

#include "CliRunner.h"
#include "Database.h"
#include "LineReader.h"
#include "McpSession.h"
#include "Statement.h"
#include "TestDatabase.h"
#include "TestPaths.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace cw;
using namespace cw::test;
using namespace Qt::StringLiterals;

namespace {

QJsonObject without(QJsonObject object, const QStringList &fields)
{
    for (const QString &field : fields)
        object.remove(field);
    return object;
}

} // namespace

class TestMcp : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    TestDatabases m_databases{m_dir.path()};
    QString m_db;

    CliRun cli(const QStringList &arguments, const QString &as = {})
    {
        return runCli(m_db, arguments + QStringList{u"--json"_s}, as);
    }

    // "ok", or what `check` (a full scan, on either backend) found.
    static QString integrityOf(const QString &location)
    {
        const CliRun check = runCli(location, {u"check"_s, u"--json"_s});
        return check.ok() && check.json().value(u"sound"_s).toBool() ? u"ok"_s : check.describe();
    }

    // A tool call's result must be the command's own --json answer, both as
    // structuredContent and as the text block.
    static void verifyTheSameAnswer(const QJsonObject &result, const QJsonObject &cliAnswer,
                                    const QStringList &volatileFields = {})
    {
        QVERIFY2(!result.value(u"isError"_s).toBool(), QJsonDocument(result).toJson().constData());
        const QJsonObject structured = result.value(u"structuredContent"_s).toObject();
        const QJsonArray content = result.value(u"content"_s).toArray();
        QCOMPARE(content.size(), 1);
        QCOMPARE(content.first()[u"type"_s].toString(), u"text"_s);
        QCOMPARE(QJsonDocument::fromJson(content.first()[u"text"_s].toString().toUtf8()).object(),
                 structured);
        QCOMPARE(without(structured, volatileFields), without(cliAnswer, volatileFields));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_db = m_databases.location(u"demo.db"_s);
        const CliRun demo = runCli(m_db, {u"demo"_s});
        QVERIFY2(demo.ok(), qPrintable(demo.describe()));
        QVERIFY(runCli(m_db, {u"project"_s}).ok());
    }

    void initializeNegotiatesTheVersionAndOffersTools()
    {
        McpSession session(m_db);
        const QJsonObject answer = session.initialize();
        QCOMPARE(answer.value(u"jsonrpc"_s).toString(), u"2.0"_s);
        QCOMPARE(answer.value(u"id"_s).toInt(), 1);
        const QJsonObject result = answer.value(u"result"_s).toObject();
        QCOMPARE(result.value(u"protocolVersion"_s).toString(), u"2025-06-18"_s);
        QVERIFY(result[u"capabilities"_s][u"tools"_s].isObject());
        QCOMPARE(result[u"serverInfo"_s][u"name"_s].toString(), u"curation-cli"_s);
        QCOMPARE(session.request(u"ping"_s).value(u"result"_s).toObject(), QJsonObject());
        const CliRun end = session.finish();
        QCOMPARE(end.exitCode, 0);
        // stdout carries protocol messages only; the log is on stderr.
        for (const QByteArray &line : end.out.split('\n')) {
            if (!line.isEmpty())
                QVERIFY2(QJsonDocument::fromJson(line).object().value(u"jsonrpc"_s) == u"2.0"_s,
                         line.constData());
        }
        QVERIFY(end.err.contains("curation-cli mcp: serving"));
    }

    void anUnknownProtocolVersionGetsTheNewest()
    {
        McpSession session(m_db);
        const QJsonObject answer = session.request(
            u"initialize"_s, {{u"protocolVersion"_s, u"1999-01-01"_s},
                              {u"capabilities"_s, QJsonObject{}},
                              {u"clientInfo"_s, QJsonObject{{u"name"_s, u"old"_s}}}});
        QCOMPARE(answer[u"result"_s][u"protocolVersion"_s].toString(), u"2025-11-25"_s);
        QCOMPARE(session.finish().exitCode, 0);
    }

    void toolsListNamesTheFourToolsWithTheirSchemas()
    {
        McpSession session(m_db);
        session.initialize();
        const QJsonArray tools =
            session.request(u"tools/list"_s)[u"result"_s][u"tools"_s].toArray();
        QStringList names;
        for (const QJsonValue &tool : tools) {
            names.append(tool[u"name"_s].toString());
            QVERIFY(!tool[u"description"_s].toString().isEmpty());
            QCOMPARE(tool[u"inputSchema"_s][u"type"_s].toString(), u"object"_s);
            QCOMPARE(tool[u"inputSchema"_s][u"additionalProperties"_s].toBool(true), false);
        }
        QCOMPARE(names, (QStringList{u"query"_s, u"memory-search"_s, u"show"_s, u"verdict"_s}));
        const QJsonObject query = tools[0][u"inputSchema"_s].toObject();
        QCOMPARE(query[u"required"_s].toArray(), QJsonArray{u"strategy"_s});
        QCOMPARE(query[u"properties"_s][u"tag"_s][u"type"_s].toString(), u"array"_s);
        QCOMPARE(query[u"properties"_s][u"limit"_s][u"type"_s].toString(), u"integer"_s);
        QCOMPARE(query[u"properties"_s][u"min-proof"_s][u"enum"_s].toArray().size(), 3);
        const QJsonObject search = tools[1][u"inputSchema"_s].toObject();
        QCOMPARE(search[u"properties"_s][u"mode"_s][u"enum"_s].toArray(),
                 (QJsonArray{u"A"_s, u"B"_s, u"C"_s}));
        QCOMPARE(search[u"properties"_s][u"keywords"_s][u"maxItems"_s].toInt(), 3);
        const QJsonObject verdict = tools[3][u"inputSchema"_s].toObject();
        QCOMPARE(verdict[u"required"_s].toArray().size(), 5);
        QCOMPARE(verdict[u"properties"_s][u"verdict"_s][u"enum"_s].toArray(),
                 (QJsonArray{u"applies"_s, u"rejected"_s, u"needs-check"_s}));
        QCOMPARE(session.finish().exitCode, 0);
    }

    void eachToolAnswersWhatTheCommandPrints()
    {
        McpSession session(m_db);
        session.initialize();
        verifyTheSameAnswer(
            session.call(u"memory-search"_s,
                         {{u"mode"_s, u"B"_s}, {u"keywords"_s, QJsonArray{u"outbox"_s}}}),
            cli({u"memory-search"_s, u"--mode"_s, u"B"_s, u"outbox"_s}).json());
        verifyTheSameAnswer(
            session.call(u"memory-search"_s,
                         {{u"mode"_s, u"A"_s}, {u"domain"_s, u"infrastructure"_s}}),
            cli({u"memory-search"_s, u"--mode"_s, u"A"_s, u"--domain"_s, u"infrastructure"_s})
                .json());
        verifyTheSameAnswer(
            session.call(u"memory-search"_s, {{u"mode"_s, u"C"_s}, {u"decision"_s, u"DEC-3"_s}}),
            cli({u"memory-search"_s, u"--mode"_s, u"C"_s, u"DEC-3"_s}).json());
        for (const QString &ref : {u"DEC-4"_s, u"PR-1"_s, u"studio/servicedesk/SD-1598"_s})
            verifyTheSameAnswer(session.call(u"show"_s, {{u"ref"_s, ref}}),
                                cli({u"show"_s, ref}).json());

        // Each query records its own memory use: the rest is the same.
        const QJsonObject query =
            session.call(u"query"_s, {{u"strategy"_s, u"data-investigation"_s},
                                      {u"text"_s, u"register row missing"_s},
                                      {u"symptom"_s, QJsonArray{u"missing-register-row"_s}},
                                      {u"product"_s, u"lifeline"_s},
                                      {u"version"_s, u"5.1"_s},
                                      {u"limit"_s, 2}});
        const QJsonObject cliQuery =
            cli({u"query"_s, u"--strategy"_s, u"data-investigation"_s, u"--text"_s,
                 u"register row missing"_s, u"--symptom"_s, u"missing-register-row"_s,
                 u"--product"_s, u"lifeline"_s, u"--version"_s, u"5.1"_s, u"--limit"_s, u"2"_s})
                .json();
        verifyTheSameAnswer(query, cliQuery, {u"memory_use_id"_s});
        const QJsonObject answer = query[u"structuredContent"_s].toObject();
        QVERIFY(answer[u"memory_use_id"_s].toInteger() > 0);
        QCOMPARE(answer[u"candidates"_s].toArray().size(), 2);

        const QJsonObject first = answer[u"candidates"_s][0].toObject();
        const QJsonObject verdict =
            session.call(u"verdict"_s, {{u"memory_use_id"_s, answer[u"memory_use_id"_s]},
                                        {u"ref"_s, first[u"ref"_s]},
                                        {u"revision"_s, first[u"revision"_s]},
                                        {u"verdict"_s, u"applies"_s},
                                        {u"reason"_s, u"the MCP test"_s}});
        const QJsonObject cliVerdict =
            cli({u"verdict"_s, QString::number(cliQuery[u"memory_use_id"_s].toInteger()),
                 first[u"ref"_s].toString(), u"--revision"_s,
                 QString::number(first[u"revision"_s].toInt()), u"--verdict"_s, u"applies"_s,
                 u"--reason"_s, u"the MCP test"_s})
                .json();
        QVERIFY(verdict[u"structuredContent"_s][u"verdict_id"_s].toInteger() > 0);
        // Two verdicts on two memory uses: the rest is the same.
        verifyTheSameAnswer(verdict, cliVerdict, {u"verdict_id"_s, u"memory_use_id"_s});
        QCOMPARE(verdict[u"structuredContent"_s][u"memory_use_id"_s], answer[u"memory_use_id"_s]);
        QCOMPARE(session.finish().exitCode, 0);
    }

    // A tool's answer is spliced into the message (McpServer.cpp): the id
    // comes back exactly as sent, whatever characters it holds, and the
    // message is one valid JSON line.
    void aToolAnswerEchoesAnyStringIdExactly()
    {
        McpSession session(m_db);
        session.initialize();
        const QString id = u"q\"1\\ \u0001\t\u00e9\u2603 }],\"x\":{"_s;
        session.send(
            {{u"jsonrpc"_s, u"2.0"_s},
             {u"id"_s, id},
             {u"method"_s, u"tools/call"_s},
             {u"params"_s, QJsonObject{{u"name"_s, u"show"_s},
                                       {u"arguments"_s, QJsonObject{{u"ref"_s, u"DEC-4"_s}}}}}});
        const QJsonObject answer = session.next();
        QCOMPARE(answer.value(u"id"_s).toString(), id);
        QCOMPARE(answer.value(u"jsonrpc"_s).toString(), u"2.0"_s);
        QCOMPARE(answer.keys(), (QStringList{u"id"_s, u"jsonrpc"_s, u"result"_s}));
        verifyTheSameAnswer(answer[u"result"_s].toObject(), cli({u"show"_s, u"DEC-4"_s}).json());
        QCOMPARE(session.finish().exitCode, 0);
    }

    void aRefusedCallIsAToolErrorWithTheCommandsErrorDocument()
    {
        McpSession session(m_db);
        session.initialize();
        const QJsonObject missing = session.call(u"show"_s, {{u"ref"_s, u"NOPE-1"_s}});
        QVERIFY(missing[u"isError"_s].toBool());
        QCOMPARE(missing[u"structuredContent"_s].toObject(), cli({u"show"_s, u"NOPE-1"_s}).json());
        // What the command line refuses as usage, the tool refuses alike.
        const QJsonObject noKeywords = session.call(u"memory-search"_s, {{u"mode"_s, u"B"_s}});
        QVERIFY(noKeywords[u"isError"_s].toBool());
        QCOMPARE(noKeywords[u"structuredContent"_s].toObject(),
                 cli({u"memory-search"_s, u"--mode"_s, u"B"_s}).json());
        QCOMPARE(session.finish().exitCode, 0);
    }

    void argumentsOutsideTheSchemaAreUsageErrors()
    {
        McpSession session(m_db);
        session.initialize();
        const auto usageOf = [&](const QString &tool, const QJsonObject &arguments) -> QString {
            const QJsonObject result = session.call(tool, arguments);
            if (!result[u"isError"_s].toBool())
                return u"not an error"_s;
            const QJsonObject error = result[u"structuredContent"_s][u"error"_s].toObject();
            return error[u"kind"_s].toString() + u": "_s + error[u"message"_s].toString();
        };
        QCOMPARE(usageOf(u"query"_s, {{u"text"_s, u"x"_s}}),
                 u"usage: query: 'strategy' is required"_s);
        QCOMPARE(usageOf(u"query"_s, {{u"strategy"_s, u"configuration"_s}, {u"limit"_s, u"5"_s}}),
                 u"usage: query: 'limit' must be a whole number, not a string"_s);
        QCOMPARE(usageOf(u"query"_s, {{u"strategy"_s, u"configuration"_s}, {u"limit"_s, 2.5}}),
                 u"usage: query: 'limit' must be a whole number, not 2.5"_s);
        QCOMPARE(usageOf(u"query"_s, {{u"strategy"_s, u"configuration"_s}, {u"limit"_s, 0}}),
                 u"usage: query: --limit needs a positive whole number"_s);
        QCOMPARE(usageOf(u"show"_s, {{u"ref"_s, u"DEC-4"_s}, {u"db"_s, u"/tmp/other.db"_s}}),
                 u"usage: show: no argument 'db'; it takes ref"_s);
        // Nor can a call choose who it acts as: the session's login (or
        // --as) decides, never an argument.
        QCOMPARE(usageOf(u"show"_s, {{u"ref"_s, u"DEC-4"_s}, {u"as"_s, u"cora"_s}}),
                 u"usage: show: no argument 'as'; it takes ref"_s);
        QCOMPARE(usageOf(u"memory-search"_s,
                         {{u"mode"_s, u"B"_s},
                          {u"keywords"_s, QJsonArray{u"a"_s, u"b"_s, u"c"_s, u"d"_s}}}),
                 u"usage: memory-search: 'keywords' takes at most 3 items, got 4"_s);
        QCOMPARE(usageOf(u"verdict"_s, {{u"memory_use_id"_s, 1},
                                        {u"ref"_s, u"EXP-1"_s},
                                        {u"revision"_s, 1},
                                        {u"verdict"_s, u"maybe"_s},
                                        {u"reason"_s, u"x"_s}}),
                 u"usage: verdict: 'verdict' must be one of applies, rejected, needs-check, not "
                 "'maybe'"_s);
        // A value that looks like an option is a value: an argument cannot
        // smuggle an option (here --as) onto the command's line.
        QCOMPARE(usageOf(u"show"_s, {{u"ref"_s, u"--as=cora"_s}}),
                 u"not-found: --as=cora: no case, proposal or article by that name visible to "
                 "admin"_s);
        QCOMPARE(session.finish().exitCode, 0);
    }

    void protocolMistakesGetJsonRpcErrors()
    {
        McpSession session(m_db);
        // Before initialize: only ping.
        const QJsonObject early = session.request(u"tools/list"_s);
        QCOMPARE(early[u"error"_s][u"code"_s].toInt(), -32600);
        QCOMPARE(early[u"id"_s].toInt(), 1);
        session.initialize();
        QCOMPARE(session.request(u"resources/list"_s)[u"error"_s][u"code"_s].toInt(), -32601);
        QCOMPARE(session.request(u"tools/call"_s, {{u"name"_s, u"erase"_s}})[u"error"_s][u"code"_s]
                     .toInt(),
                 -32602);
        session.sendLine(
            R"({"jsonrpc":"2.0","id":"s1","method":"tools/call","params":{"name":"show","arguments":["DEC-4"]}})");
        const QJsonObject notAnObject = session.next();
        QCOMPARE(notAnObject[u"id"_s].toString(), u"s1"_s);
        QCOMPARE(notAnObject[u"error"_s][u"code"_s].toInt(), -32602);
        session.sendLine(R"({"jsonrpc":"2.0","id":7,"method":"tools/call","params":"show"})");
        QCOMPARE(session.next()[u"error"_s][u"code"_s].toInt(), -32602);
        session.sendLine("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"tools/li");
        const QJsonObject parse = session.next();
        QCOMPARE(parse[u"error"_s][u"code"_s].toInt(), -32700);
        QVERIFY(parse[u"id"_s].isNull());
        session.sendLine(R"({"id":9,"method":"ping"})");
        QCOMPARE(session.next()[u"error"_s][u"code"_s].toInt(), -32600);
        session.sendLine(R"([{"jsonrpc":"2.0","id":10,"method":"ping"}])");
        QCOMPARE(session.next()[u"error"_s][u"code"_s].toInt(), -32600);
        // Notifications are never answered, known or not: the next line is
        // the ping's.
        session.sendLine(
            R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3}})");
        session.sendLine(R"({"jsonrpc":"2.0","method":"notifications/whatever"})");
        session.sendLine(R"({"jsonrpc":"2.0","id":"last","method":"ping"})");
        QCOMPARE(session.next()[u"id"_s].toString(), u"last"_s);
        // A line past 16 MiB is answered as an invalid request and skipped,
        // never held whole; the next line is served.
        session.sendLine(QByteArray(LineReader::MaxLineBytes + 1, 'x'));
        const QJsonObject tooLong = session.next();
        QCOMPARE(tooLong[u"error"_s][u"code"_s].toInt(), -32600);
        QVERIFY2(tooLong[u"error"_s][u"message"_s].toString().contains(u"longer than 16 MiB"_s),
                 qPrintable(tooLong[u"error"_s][u"message"_s].toString()));
        session.sendLine(R"({"jsonrpc":"2.0","id":"after","method":"ping"})");
        QCOMPARE(session.next()[u"id"_s].toString(), u"after"_s);
        // A second initialize is a mistake; the session goes on.
        QCOMPARE(session
                     .request(u"initialize"_s,
                              {{u"protocolVersion"_s, u"2025-06-18"_s}})[u"error"_s][u"code"_s]
                     .toInt(),
                 -32600);
        QVERIFY(!session.call(u"show"_s, {{u"ref"_s, u"DEC-4"_s}})[u"isError"_s].toBool());
        QCOMPARE(session.finish().exitCode, 0);
    }

    // The wrong person through MCP is refused exactly as on the command
    // line: a verdict on someone else's retrieval is not found, and a query
    // sees only the tenants of the one who asks.
    void aVerdictByTheWrongPersonIsRefusedAsTheCommandRefusesIt()
    {
        const QJsonObject anasQuery = cli({u"query"_s, u"--strategy"_s, u"root-classification"_s,
                                           u"--text"_s, u"register row missing"_s},
                                          u"ana"_s)
                                          .json();
        const qint64 use = anasQuery[u"memory_use_id"_s].toInteger();
        const QJsonObject candidate = anasQuery[u"candidates"_s][0].toObject();
        QVERIFY(use > 0);
        const QJsonObject arguments{{u"memory_use_id"_s, use},
                                    {u"ref"_s, candidate[u"ref"_s]},
                                    {u"revision"_s, candidate[u"revision"_s]},
                                    {u"verdict"_s, u"applies"_s},
                                    {u"reason"_s, u"fits"_s}};
        const QStringList line{u"verdict"_s,
                               QString::number(use),
                               candidate[u"ref"_s].toString(),
                               u"--revision"_s,
                               QString::number(candidate[u"revision"_s].toInt()),
                               u"--verdict"_s,
                               u"applies"_s,
                               u"--reason"_s,
                               u"fits"_s};
        McpSession cora(m_db, u"cora"_s);
        cora.initialize();
        const QJsonObject refused = cora.call(u"verdict"_s, arguments);
        QVERIFY(refused[u"isError"_s].toBool());
        const CliRun cliRefused = cli(line, u"cora"_s);
        QCOMPARE(cliRefused.exitCode, 1);
        QCOMPARE(refused[u"structuredContent"_s].toObject(), cliRefused.json());
        QCOMPARE(refused[u"structuredContent"_s][u"error"_s][u"kind"_s].toString(), u"not-found"_s);
        QCOMPARE(cora.finish().exitCode, 0);

        McpSession ana(m_db, u"ana"_s);
        ana.initialize();
        const QJsonObject own = ana.call(u"verdict"_s, arguments);
        QVERIFY2(!own[u"isError"_s].toBool(), QJsonDocument(own).toJson().constData());
        QCOMPARE(ana.finish().exitCode, 0);
    }

    void anAnalystsQuerySeesOnlyItsTenants()
    {
        const QJsonObject arguments{{u"strategy"_s, u"data-investigation"_s},
                                    {u"text"_s, u"register row missing"_s},
                                    {u"source"_s, u"servicedesk/NW-311/1"_s}};
        // agent-data reads both tenants and sees the northwind duplicate.
        McpSession agent(m_db, u"agent-data"_s);
        agent.initialize();
        const QJsonObject both = agent.call(u"query"_s, arguments);
        QVERIFY(QJsonDocument(both).toJson().contains("northwind/servicedesk/NW-311"));
        QCOMPARE(agent.finish().exitCode, 0);
        // ana (studio only) does not, through MCP as on the command line.
        McpSession ana(m_db, u"ana"_s);
        ana.initialize();
        const QJsonObject studio = ana.call(u"query"_s, arguments);
        QVERIFY(!studio[u"isError"_s].toBool());
        QVERIFY2(!QJsonDocument(studio).toJson().contains("northwind"),
                 QJsonDocument(studio).toJson().constData());
        QVERIFY(studio[u"structuredContent"_s][u"exact_matches"_s].toArray().isEmpty());
        QCOMPARE(ana.finish().exitCode, 0);
    }

    void endOfInputAfterACallAnswersItAndEnds()
    {
        McpSession session(m_db);
        session.initialize();
        session.send(
            {{u"jsonrpc"_s, u"2.0"_s},
             {u"id"_s, 99},
             {u"method"_s, u"tools/call"_s},
             {u"params"_s,
              QJsonObject{{u"name"_s, u"query"_s},
                          {u"arguments"_s, QJsonObject{{u"strategy"_s, u"configuration"_s},
                                                       {u"text"_s, u"numeric parsing"_s}}}}}});
        const CliRun end = session.finish();
        QCOMPARE(end.exitCode, 0);
        QVERIFY2(end.out.contains("\"id\":99"), end.out.constData());
    }

    // The client reads the first answer, then goes away while a verdict runs:
    // the verdict is one transaction, recorded whole, and the server notices
    // its answer cannot be delivered and exits cleanly (not by SIGPIPE).
    void aClientThatStopsReadingMidCallLeavesTheDatabaseWhole()
    {
        const QJsonObject query = cli({u"query"_s, u"--strategy"_s, u"data-investigation"_s,
                                       u"--text"_s, u"register row missing"_s})
                                      .json();
        const qint64 use = query[u"memory_use_id"_s].toInteger();
        const QJsonObject candidate = query[u"candidates"_s][0].toObject();
        QVERIFY(use > 0);
        QVERIFY(candidate.contains(u"ref"_s));
        const QByteArray init =
            R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"gone"}}})";
        const QByteArray call =
            QJsonDocument(
                QJsonObject{{u"jsonrpc"_s, u"2.0"_s},
                            {u"id"_s, 2},
                            {u"method"_s, u"tools/call"_s},
                            {u"params"_s,
                             QJsonObject{{u"name"_s, u"verdict"_s},
                                         {u"arguments"_s,
                                          QJsonObject{{u"memory_use_id"_s, use},
                                                      {u"ref"_s, candidate[u"ref"_s]},
                                                      {u"revision"_s, candidate[u"revision"_s]},
                                                      {u"verdict"_s, u"needs-check"_s},
                                                      {u"reason"_s, u"gone"_s}}}}}})
                .toJson(QJsonDocument::Compact);
        // head reads one byte of the initialize answer and exits; the call
        // comes after, so its answer meets a closed pipe.
        QProcess shell;
        auto environment = QProcessEnvironment::systemEnvironment();
        environment.insert(u"CLI"_s, TestPaths::cliPath());
        environment.insert(u"DB"_s, m_db);
        environment.insert(u"INIT"_s, QString::fromUtf8(init));
        environment.insert(u"CALL"_s, QString::fromUtf8(call));
        // A ping well after head has gone, should the verdict's answer still
        // have fitted in the pipe on a slow machine.
        environment.insert(u"PING"_s, u"{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}"_s);
        shell.setProcessEnvironment(environment);
        shell.start(u"bash"_s,
                    {u"-c"_s, u"{ printf '%s\\n' \"$INIT\"; sleep 1; printf '%s\\n' \"$CALL\"; "
                              "sleep 1; printf '%s\\n' \"$PING\"; sleep 1; } | "
                              "\"$CLI\" --db \"$DB\" mcp | head -c 1 >/dev/null; "
                              "echo \"server exit ${PIPESTATUS[1]}\""_s});
        QVERIFY(shell.waitForFinished(CliTimeoutMs));
        const QByteArray out = shell.readAllStandardOutput();
        const QByteArray err = shell.readAllStandardError();
        QVERIFY2(out.contains("server exit 0"), QByteArray(out + err).constData());
        QVERIFY2(err.contains("the client stopped reading"), err.constData());
        QCOMPARE(integrityOf(m_db), u"ok"_s);
        auto db = Database::open(m_db, Database::Mode::OpenExisting);
        QVERIFY(db);
        auto count = (*db)->prepare("SELECT count(*) FROM memory_use_verdicts WHERE "
                                    "memory_use_id = ?1 AND verdict = 'needs-check'");
        count.bind(1, std::int64_t(use));
        QVERIFY(count.step().value());
        QVERIFY2(count.integer(0) == 1, err.constData());
    }

    void aServerKilledMidCallLeavesTheDatabaseWhole()
    {
        McpSession session(m_db);
        session.initialize();
        for (int i = 0; i < 5; ++i)
            session.send({{u"jsonrpc"_s, u"2.0"_s},
                          {u"id"_s, 100 + i},
                          {u"method"_s, u"tools/call"_s},
                          {u"params"_s,
                           QJsonObject{{u"name"_s, u"query"_s},
                                       {u"arguments"_s,
                                        QJsonObject{{u"strategy"_s, u"data-investigation"_s},
                                                    {u"text"_s, u"register row missing"_s}}}}}});
        session.next(); // one answered, the others under way or waiting
        session.process().kill();
        QVERIFY(session.process().waitForFinished(5000));
        QCOMPARE(integrityOf(m_db), u"ok"_s);
        QVERIFY(cli({u"lag"_s}).ok());
    }
};

QTEST_GUILESS_MAIN(TestMcp)
#include "tst_mcp.moc"
