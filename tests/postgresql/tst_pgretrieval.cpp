// The retrieval engine on a server: every principal's queries answer the
// same whether row-level security scopes the connection to that principal
// (its own role) or not (the admin's role, acting --as it: the server then
// shows the admin's tenants, and the model alone narrows them), and they
// find on the server the candidates they find on the file it was copied
// from, with the same flags and redactions (scores come from another index:
// tsvector instead of FTS5). A verdict is recorded on the server as on a
// file, and nobody gives one on another principal's memory use.

#include "McpSession.h"
#include "PgDemo.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <memory>

using namespace cw;
using namespace cw::test;
using namespace Qt::StringLiterals;

namespace {

// Requests across the demo's strategies: text, a current case (read only
// where the principal may read it), tags and symptoms, explicit refs.
QList<QStringList> requests()
{
    return {
        {u"--strategy"_s, u"root-classification"_s, u"--text"_s,
         u"register row missing after period close"_s},
        {u"--strategy"_s, u"data-investigation"_s, u"--text"_s, u"renewal family members"_s},
        {u"--strategy"_s, u"root-classification"_s, u"--case"_s, u"northwind/servicedesk/NW-311"_s},
        {u"--strategy"_s, u"root-classification"_s, u"--case"_s, u"studio/servicedesk/SD-1710"_s,
         u"--text"_s, u"renewal"_s},
        {u"--strategy"_s, u"configuration"_s, u"--symptom"_s, u"missing-register-row"_s, u"--tag"_s,
         u"register"_s},
        {u"--strategy"_s, u"effort-assessment"_s, u"--text"_s, u"endorsement lock"_s, u"--ref"_s,
         u"EXP-11"_s},
    };
}

// The answer without what differs between two runs of one request: the
// memory use's number and who ran it.
QJsonObject comparable(QJsonObject answer)
{
    answer.remove(u"memory_use_id"_s);
    answer.remove(u"principal"_s);
    return answer;
}

// What must not change with the index: each candidate's ref, stages, flags,
// review state and source-case redaction, as a sorted list.
QStringList candidateFacts(const QJsonObject &answer)
{
    QStringList facts;
    for (const QJsonValue &value : answer[u"candidates"_s].toArray()) {
        const QJsonObject c = value.toObject();
        QStringList stages;
        for (const QJsonValue &stage : c[u"stages"_s].toArray())
            stages << stage.toString();
        QStringList flags;
        for (const QJsonValue &flag : c[u"applicability"_s][u"flags"_s].toArray())
            flags << flag.toString();
        facts << u"%1@%2 %3 [%4] [%5] %6 %7"_s.arg(
            c[u"ref"_s].toString(), QString::number(c[u"revision"_s].toInt()),
            c[u"review_state"_s].toString(), stages.join(u','), flags.join(u','),
            c[u"source_case"_s].toString(u"-"_s),
            c[u"source_case_redacted"_s].toBool() ? u"redacted"_s : u"shown"_s);
    }
    facts.sort();
    return facts;
}

} // namespace

class TestPgRetrieval : public QObject, protected PgDemo
{
    Q_OBJECT

private:
    // A request's options as the MCP query tool's arguments: each --NAME
    // VALUE a member, the repeatable ones (tag, symptom, ref) lists.
    static QJsonObject toolArguments(const QStringList &request)
    {
        QJsonObject arguments;
        for (qsizetype i = 0; i + 1 < request.size(); i += 2) {
            const QString name = request[i].mid(2);
            if (name == u"tag"_s || name == u"symptom"_s || name == u"ref"_s) {
                QJsonArray values = arguments[name].toArray();
                values.append(request[i + 1]);
                arguments[name] = values;
            } else {
                arguments[name] = request[i + 1];
            }
        }
        return arguments;
    }

    // The query's answer through an MCP session, which answers as
    // `curation-cli query --json` does (tst_mcp): one process for all of a
    // principal's requests instead of one a request.
    static QJsonObject query(McpSession &session, const QStringList &request)
    {
        const QJsonObject result = session.call(u"query"_s, toolArguments(request));
        if (result.isEmpty() || result[u"isError"_s].toBool())
            qWarning("query %s: %s", qPrintable(request.join(u' ')),
                     QJsonDocument(result).toJson(QJsonDocument::Compact).constData());
        return result[u"isError"_s].toBool() ? QJsonObject()
                                             : result[u"structuredContent"_s].toObject();
    }

    static std::unique_ptr<McpSession> session(const QString &database, const QString &as = {})
    {
        auto started = std::make_unique<McpSession>(database, as);
        started->initialize();
        return started;
    }

private Q_SLOTS:
    void initTestCase() { setUpDemo(u"cw_retrieval"_s); }
    void cleanupTestCase() { tearDownDemo(); }

    void answersAreTheSameWithAndWithoutThePolicies()
    {
        const Principal *admin = find(true);
        QVERIFY(admin);
        int candidates = 0;
        bool redacted = false;
        for (const Principal &p : std::as_const(m_principals)) {
            const auto asItself = session(serverAs(p));
            const auto adminAsIt = session(serverAs(*admin), p.id);
            for (const QStringList &request : requests()) {
                const QJsonObject scoped = query(*asItself, request);
                QVERIFY2(!scoped.isEmpty(), qPrintable(request.join(u' ')));
                const QJsonObject unscoped = query(*adminAsIt, request);
                QVERIFY(!unscoped.isEmpty());
                QCOMPARE(scoped[u"principal"_s][u"effective"_s].toString(), p.id);
                QCOMPARE(comparable(scoped), comparable(unscoped));
                candidates += int(scoped[u"candidates"_s].toArray().size());
                for (const QJsonValue &c : scoped[u"candidates"_s].toArray())
                    redacted = redacted || c[u"source_case_redacted"_s].toBool();
            }
        }
        QVERIFY2(candidates > 50, "the requests find something to compare");
        QVERIFY2(redacted, "some principal sees a source case redacted");
    }

    void theServerFindsWhatTheFileFinds()
    {
        for (const Principal &p : std::as_const(m_principals)) {
            const auto serverSession = session(serverAs(p));
            const auto fileSession = session(m_file, p.id);
            for (const QStringList &request : requests()) {
                const QJsonObject onServer = query(*serverSession, request);
                const QJsonObject onFile = query(*fileSession, request);
                QVERIFY(!onServer.isEmpty() && !onFile.isEmpty());
                const QString what = p.id + u": "_s + request.join(u' ');
                QVERIFY2(candidateFacts(onServer) == candidateFacts(onFile),
                         qPrintable(what + u"\nserver: "_s + candidateFacts(onServer).join(u"; ") +
                                    u"\nfile: "_s + candidateFacts(onFile).join(u"; ")));
                QCOMPARE(onServer[u"exact_matches"_s], onFile[u"exact_matches"_s]);
                QCOMPARE(onServer[u"index_watermark"_s], onFile[u"index_watermark"_s]);
                QCOMPARE(onServer[u"lag_events"_s], onFile[u"lag_events"_s]);
                // The best candidate is the same one: both indexes rank the
                // record the request names best first.
                const QJsonArray server = onServer[u"candidates"_s].toArray();
                const QJsonArray file = onFile[u"candidates"_s].toArray();
                if (!file.isEmpty())
                    QCOMPARE(server.first()[u"ref"_s], file.first()[u"ref"_s]);
            }
        }
    }

    void aVerdictIsRecordedOnlyByWhoeverRanTheQuery()
    {
        const Principal *analyst = byId(u"ana"_s);
        const Principal *curator = byId(u"cora"_s);
        QVERIFY(analyst && curator);
        const CliRun run =
            runCli(serverAs(*analyst), QStringList{u"--json"_s, u"query"_s} + requests().first());
        QVERIFY2(run.ok(), qPrintable(run.describe()));
        const QJsonObject answer = run.json();
        const QJsonArray candidates = answer[u"candidates"_s].toArray();
        QVERIFY(!candidates.isEmpty());
        const QString use = QString::number(answer[u"memory_use_id"_s].toInteger());
        const QJsonObject first = candidates.first().toObject();
        const QStringList verdict{u"--json"_s,
                                  u"verdict"_s,
                                  use,
                                  first[u"ref"_s].toString(),
                                  u"--revision"_s,
                                  QString::number(first[u"revision"_s].toInt()),
                                  u"--verdict"_s,
                                  u"applies"_s,
                                  u"--reason"_s,
                                  u"matched the case"_s};
        // Another principal's memory use: refused, nothing recorded.
        const CliRun foreign = runCli(serverAs(*curator), verdict);
        QVERIFY2(!foreign.ok(), foreign.out.constData());
        const CliRun own = runCli(serverAs(*analyst), verdict);
        QVERIFY2(own.ok(), qPrintable(own.describe()));
        QCOMPARE(own.json()[u"verdict"_s].toString(), u"applies"_s);
        auto owner = PgTestServer::connect(PgTestServer::uri(m_database));
        QVERIFY(owner);
        auto rows = owner->query("SELECT count(*) || ' ' || min(principal) FROM "
                                 "memory_use_verdicts WHERE memory_use_id = $1",
                                 {use});
        QVERIFY2(rows, qPrintable(rows.error()));
        QCOMPARE(rows->text(0, 0), u"1 ana"_s);
    }
};

QTEST_GUILESS_MAIN(TestPgRetrieval)
#include "tst_pgretrieval.moc"
