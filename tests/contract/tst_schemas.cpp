// The contract in the repository (issue 14): every --json answer of
// curation-cli, its error documents, the project --follow stream and the
// ingest records are checked against docs/schema/ by a real JSON Schema
// validator (python3-jsonschema, tests/contract/validate_json.py). The
// commands run on a demo database in the order a day of work would take
// them; every command the CLI lists must have a schema and be validated.
#include "CliRunner.h"
#include "PgTestServer.h"
#include "TestPaths.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace cw::test;
using namespace Qt::Literals::StringLiterals;

namespace {

const QString SchemaDir = TestPaths::source("docs/schema");
const QString Validator = TestPaths::source("tests/contract/validate_json.py");

struct Validation
{
    int exitCode = -1;
    QString output;
};

// The commands `curation-cli --help` lists, by name.
QStringList listedCommands()
{
    const CliRun help = runCli({}, {u"--help"_s});
    const QString text = QString::fromUtf8(help.out);
    const qsizetype from = text.indexOf(u"\nCommands:\n"_s);
    QStringList names;
    if (from < 0)
        return names;
    static const QRegularExpression line(u"^  ([a-z][a-z-]*)( |$)"_s);
    for (const QString &row : text.sliced(from + 11).split(u'\n')) {
        if (row.trimmed().isEmpty())
            break;
        if (const auto match = line.match(row); match.hasMatch())
            names.append(match.captured(1));
    }
    return names;
}

} // namespace

class SchemaTest : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_db;
    QJsonArray m_checks;     // {"schema","file","lines"} for the validator
    QSet<QString> m_checked; // commands with an answer among the checks
    int m_files = 0;

    QString keep(const QByteArray &output)
    {
        const QString path = m_dir.filePath(u"out-%1.json"_s.arg(++m_files, 3, 10, QChar(u'0')));
        QFile file(path);
        if (file.open(QIODevice::WriteOnly))
            file.write(output);
        return path;
    }

    void check(const QString &schema, const QString &file, bool lines = false)
    {
        m_checks.append(QJsonObject{{u"schema"_s, schema}, {u"file"_s, file}, {u"lines"_s, lines}});
    }

    // Runs a command with --json and keeps its answer for the validator:
    // against `schema` (default COMMAND.schema.json) when it exits 0, against
    // error.schema.json otherwise. The exit code must be `exit`.
    CliRun answer(const QStringList &arguments, const QString &as = {}, int exit = 0,
                  const QString &schema = {})
    {
        const CliRun run = runCli(m_db, arguments + QStringList{u"--json"_s}, as);
        [&] {
            QVERIFY2(run.exitCode == exit,
                     qPrintable(arguments.join(u' ') + u": "_s + run.describe()));
        }();
        const QString command = arguments.constFirst();
        if (run.exitCode == 0) {
            check(schema.isEmpty() ? command + u".schema.json"_s : schema, keep(run.out));
            m_checked.insert(command);
        } else {
            check(u"error.schema.json"_s, keep(run.out));
        }
        return run;
    }

    Validation validate(const QJsonArray &checks)
    {
        const QString manifest = m_dir.filePath(u"manifest-%1.json"_s.arg(++m_files));
        QFile file(manifest);
        if (file.open(QIODevice::WriteOnly))
            file.write(QJsonDocument(QJsonObject{{u"checks"_s, checks}}).toJson());
        file.close();
        QProcess python;
        python.start(QStringLiteral(CW_PYTHON3), {Validator, SchemaDir, manifest});
        Validation result;
        if (!python.waitForFinished(120000)) {
            python.kill();
            python.waitForFinished();
            result.output = u"python3 did not finish: "_s + python.errorString();
            return result;
        }
        result.exitCode = python.exitStatus() == QProcess::NormalExit ? python.exitCode() : -2;
        result.output =
            QString::fromUtf8(python.readAllStandardOutput() + python.readAllStandardError());
        return result;
    }

    QString writeFile(const QString &name, const QByteArray &content)
    {
        const QString path = m_dir.filePath(name);
        QFile file(path);
        if (file.open(QIODevice::WriteOnly))
            file.write(content);
        return path;
    }

    // The demo's memory tree copied out, so that it can be changed.
    QString copyOfTheDemoTree()
    {
        const QString from = TestPaths::source("resources/demo/contexts/memory");
        const QString to = m_dir.filePath(u"tree/contexts/memory"_s);
        QDirIterator files(from, {u"*.md"_s}, QDir::Files, QDirIterator::Subdirectories);
        while (files.hasNext()) {
            const QString source = files.next();
            const QString target = to + u'/' + QDir(from).relativeFilePath(source);
            QDir().mkpath(QFileInfo(target).absolutePath());
            QFile::copy(source, target);
        }
        return to;
    }

    // The version of an article's revision in `state`, from show --json.
    int versionOf(const QString &article, const QString &state)
    {
        const CliRun shown = answer({u"show"_s, article});
        for (const QJsonValue &revision : shown.json().value(u"revisions"_s).toArray()) {
            if (revision[u"state"_s].toString() == state)
                return revision[u"version"_s].toInt();
        }
        return -1;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY2(QFileInfo(QStringLiteral(CW_PYTHON3)).isExecutable(),
                 "python3 was not found when CMake configured the tests; scripts/setup.sh "
                 "installs python3-jsonschema");
        m_db = m_dir.filePath(u"demo.db"_s);
        answer({u"demo"_s});
    }

    void everyCommandHasASchema()
    {
        const QStringList commands = listedCommands();
        QVERIFY2(commands.size() >= 17, qPrintable(commands.join(u", "_s)));
        for (const QString &command : commands) {
            const QString schema = SchemaDir + u'/' + command + u".schema.json"_s;
            QVERIFY2(QFileInfo::exists(schema), qPrintable(command + u": no "_s + schema));
        }
        for (const char *shared : {"error", "project-follow", "queue-export", "ingest/record"})
            QVERIFY2(
                QFileInfo::exists(SchemaDir + u'/' + QLatin1String(shared) + u".schema.json"_s),
                shared);
    }

    void setUpCommandsAnswer()
    {
        const QString fresh = m_db;
        m_db = m_dir.filePath(u"first.db"_s);
        answer({u"init"_s, u"--admin"_s});
        m_db = fresh;
        answer({u"init"_s});
        const QString records = writeFile(
            u"records.jsonl"_s,
            R"({"type":"tenant","id":"harbour","name":"Harbour Mutual"})"
            "\n"
            R"({"type":"article","ref":"KB-77","kind":"domain-article","domain":"data","owner":"dora","title":"Contract check","body":"An article the schema test ingests.","status":"active","tags":["contract"],"related_to":["KB-12"],"product_scope":{"product":"lifeline","versions":">=4.0"}})"
            "\n");
        answer({u"ingest"_s, records});
        check(u"ingest/record.schema.json"_s, records, true);
    }

    void importMemoryAnswers()
    {
        const QString tree = copyOfTheDemoTree();
        // The demo's articles come from another folder: adopted here.
        answer({u"import-memory"_s, tree});
        // A removed file's article is retired.
        QVERIFY(QFile::remove(tree + u"/decisions/DEC-5.md"_s));
        const CliRun run = answer({u"import-memory"_s, tree});
        QCOMPARE(run.json().value(u"retired"_s).toInt(), 1);
    }

    void readingCommandsAnswer()
    {
        answer({u"project"_s});
        answer({u"lag"_s});
        answer({u"proposals"_s});
        answer({u"proposals"_s}, u"cora"_s);
        answer({u"show"_s, u"PR-1"_s});
        answer({u"show"_s, u"PR-6"_s}, u"cora"_s); // a case cora may not read: redacted
        answer({u"show"_s, u"DEC-4"_s});
        answer({u"show"_s, u"studio/servicedesk/SD-1598"_s});
        answer({u"memory-search"_s, u"--mode"_s, u"A"_s, u"--domain"_s, u"infrastructure"_s});
        answer({u"memory-search"_s, u"--mode"_s, u"B"_s, u"outbox"_s, u"projector"_s});
        answer({u"memory-search"_s, u"--mode"_s, u"C"_s, u"DEC-3"_s});
    }

    void queryAndVerdictAnswer()
    {
        const CliRun query =
            answer({u"query"_s, u"--strategy"_s, u"data-investigation"_s, u"--text"_s,
                    u"register row missing"_s, u"--source"_s, u"servicedesk/SD-1598/1"_s,
                    u"--symptom"_s, u"missing-register-row"_s, u"--product"_s, u"lifeline"_s,
                    u"--version"_s, u"5.1"_s, u"--limit"_s, u"2"_s});
        const QJsonArray candidates = query.json().value(u"candidates"_s).toArray();
        QVERIFY2(!candidates.isEmpty(), query.out.constData());
        QVERIFY(!query.json().value(u"exact_matches"_s).toArray().isEmpty());
        answer({u"query"_s, u"--strategy"_s, u"effort-assessment"_s, u"--text"_s,
                u"numeric parsing"_s},
               u"cora"_s);
        const QJsonObject first = candidates.first().toObject();
        answer({u"verdict"_s, QString::number(query.json().value(u"memory_use_id"_s).toInteger()),
                first.value(u"ref"_s).toString(), u"--revision"_s,
                QString::number(first.value(u"revision"_s).toInt()), u"--verdict"_s, u"applies"_s,
                u"--reason"_s, u"the schema test"_s});
    }

    // mcp prints JSON-RPC, not a curation-cli answer: every line of a
    // session is checked against mcp.schema.json, whose tool results hold
    // the tools' answers under their own commands' schemas.
    void mcpSpeaksLinesOfItsSchema()
    {
        const CliRun query = answer({u"query"_s, u"--strategy"_s, u"data-investigation"_s,
                                     u"--text"_s, u"register row missing"_s});
        const QJsonObject candidate = query.json()[u"candidates"_s][0].toObject();
        const auto call = [](int id, const QString &tool, const QJsonObject &arguments) {
            return QJsonObject{
                {u"jsonrpc"_s, u"2.0"_s},
                {u"id"_s, id},
                {u"method"_s, u"tools/call"_s},
                {u"params"_s, QJsonObject{{u"name"_s, tool}, {u"arguments"_s, arguments}}}};
        };
        const QList<QJsonObject> requests = {
            {{u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, u"early"_s}, {u"method"_s, u"tools/list"_s}},
            {{u"jsonrpc"_s, u"2.0"_s},
             {u"id"_s, 1},
             {u"method"_s, u"initialize"_s},
             {u"params"_s, QJsonObject{{u"protocolVersion"_s, u"2025-06-18"_s},
                                       {u"capabilities"_s, QJsonObject{}},
                                       {u"clientInfo"_s, QJsonObject{{u"name"_s, u"schema"_s}}}}}},
            {{u"jsonrpc"_s, u"2.0"_s}, {u"method"_s, u"notifications/initialized"_s}},
            {{u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, 2}, {u"method"_s, u"ping"_s}},
            {{u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, 3}, {u"method"_s, u"tools/list"_s}},
            call(4, u"query"_s,
                 {{u"strategy"_s, u"root-classification"_s}, {u"text"_s, u"register row"_s}}),
            call(5, u"memory-search"_s,
                 {{u"mode"_s, u"B"_s}, {u"keywords"_s, QJsonArray{u"outbox"_s}}}),
            call(6, u"show"_s, {{u"ref"_s, u"DEC-4"_s}}),
            call(7, u"verdict"_s,
                 {{u"memory_use_id"_s, query.json()[u"memory_use_id"_s]},
                  {u"ref"_s, candidate[u"ref"_s]},
                  {u"revision"_s, candidate[u"revision"_s]},
                  {u"verdict"_s, u"needs-check"_s},
                  {u"reason"_s, u"the schema test"_s}}),
            call(8, u"show"_s, {{u"ref"_s, u"NOPE-1"_s}}),
            call(9, u"no-such-tool"_s, {}),
            {{u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, 10}, {u"method"_s, u"resources/list"_s}},
        };
        auto process = startCli(m_db, {u"mcp"_s});
        for (const QJsonObject &request : requests)
            process->write(QJsonDocument(request).toJson(QJsonDocument::Compact) + '\n');
        process->write("{not json\n");
        process->closeWriteChannel();
        const CliRun run = finishCli(*process);
        QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
        QCOMPARE(run.out.count('\n'), requests.size()); // no answer to the notification
        check(u"mcp.schema.json"_s, keep(run.out), true);
        m_checked.insert(u"mcp"_s);
    }

    void exportsAnswer()
    {
        answer({u"export"_s, u"queue"_s, u"--format"_s, u"csv"_s, u"--out"_s,
                m_dir.filePath(u"queue.csv"_s)});
        // Without --out the export is the output: a document or ingest records.
        const CliRun json = runCli(m_db, {u"export"_s, u"queue"_s, u"--format"_s, u"json"_s});
        QVERIFY2(json.ok(), qPrintable(json.describe()));
        check(u"queue-export.schema.json"_s, keep(json.out));
        const CliRun lines =
            runCli(m_db, {u"export"_s, u"queue"_s, u"--format"_s, u"jsonl"_s}, u"cora"_s);
        QVERIFY2(lines.ok() && lines.out.contains("\"case_redacted\":true"),
                 qPrintable(lines.describe()));
        check(u"ingest/record.schema.json"_s, keep(lines.out), true);
        // export memory (branch exportmem) once the command has it: its
        // usage line names it.
        const QByteArray usage = runCli(m_db, {u"export"_s, u"--help"_s}).out.split('\n').value(0);
        if (usage.contains("memory"))
            answer({u"export"_s, u"memory"_s, m_dir.filePath(u"exported"_s)});
        else
            qInfo("export memory is not built here: its answer is not validated");
    }

    // eval (INTERFACES.md §8): every subcommand's answer against its own
    // schema (eval-*.schema.json); eval.schema.json is any of them.
    void evalAnswers()
    {
        const QString set = TestPaths::source("tests/data/eval/demo-small.jsonl");
        const QString other = TestPaths::source("tests/data/eval/other-set.jsonl");
        answer({u"eval"_s, u"import"_s, set}, {}, 0, u"eval-import.schema.json"_s);
        answer({u"eval"_s, u"import"_s, set}, {}, 0, u"eval.schema.json"_s);
        answer({u"eval"_s, u"import"_s, other}, {}, 0, u"eval-import.schema.json"_s);
        answer({u"eval"_s, u"sets"_s}, {}, 0, u"eval-sets.schema.json"_s);
        const CliRun run = answer(
            {u"eval"_s, u"run"_s, u"demo-small"_s, u"--trec-run"_s, m_dir.filePath(u"run.trec"_s)},
            {}, 0, u"eval-run.schema.json"_s);
        answer({u"eval"_s, u"run"_s, u"demo-small"_s, u"--strategy"_s, u"root-classification"_s,
                u"--strategy"_s, u"data-investigation"_s},
               {}, 0, u"eval-run.schema.json"_s);
        answer({u"eval"_s, u"run"_s, u"other"_s}, {}, 0, u"eval.schema.json"_s);
        answer({u"eval"_s, u"runs"_s}, {}, 0, u"eval-runs.schema.json"_s);
        const QString first = QString::number(run.json().value(u"run"_s).toInteger());
        const QString second = QString::number(run.json().value(u"run"_s).toInteger() + 1);
        answer({u"eval"_s, u"compare"_s, first, second}, {}, 0, u"eval-compare.schema.json"_s);
        answer({u"eval"_s, u"export-qrels"_s, u"demo-small"_s, m_dir.filePath(u"qrels"_s)}, {}, 0,
               u"eval-export-qrels.schema.json"_s);
        answer({u"eval"_s, u"from-verdicts"_s, u"--name"_s, u"everyday"_s}, {}, 0,
               u"eval-from-verdicts.schema.json"_s);
        // Runs of different sets: refused with the error document.
        const QString last = QString::number(run.json().value(u"run"_s).toInteger() + 3);
        answer({u"eval"_s, u"compare"_s, first, last}, {}, 1);
        answer({u"eval"_s, u"run"_s, u"demo-small"_s}, u"ana"_s, 1);
    }

    void decisionsAnswer()
    {
        const auto decide = [](const char *decision, const char *proposal) {
            return QStringList{
                u"review"_s, QLatin1String(decision), QLatin1String(proposal), u"--version"_s,
                u"1"_s,      u"--reason"_s,           u"schema test"_s};
        };
        answer(decide("approve", "PR-1"), u"cora"_s);
        answer(decide("return", "PR-2"), u"cora"_s);
        answer(decide("reject", "PR-3"), u"cora"_s);
        // One person's second sign-off: refused, with the review's refusal beside the error.
        const CliRun twice = answer({u"review"_s, u"approve"_s, u"PR-1"_s, u"--version"_s, u"2"_s,
                                     u"--reason"_s, u"schema test"_s},
                                    u"dora"_s, 1);
        QVERIFY(twice.json().contains(u"refusal"_s));
        answer({u"edit"_s, u"PR-4"_s, u"--version"_s, u"1"_s, u"--reason"_s, u"wording"_s,
                u"--title"_s, u"Effort for shared numeric parsing (premium import)"_s,
                u"--outcome"_s, u"Offer sent; 14 h active against 12 h estimated."_s},
               u"cora"_s);
        const int active = versionOf(u"SKILL-data-investigation"_s, u"active"_s);
        answer({u"supersede"_s, u"SKILL-data-investigation"_s, u"--with"_s, u"PR-9"_s,
                u"--version"_s, QString::number(active), u"--reason"_s, u"schema test"_s},
               u"cora"_s);
        answer({u"retire"_s, u"KB-77"_s, u"--version"_s,
                QString::number(versionOf(u"KB-77"_s, u"active"_s)), u"--reason"_s,
                u"schema test"_s},
               u"dora"_s);
    }

    void projectFollowStreamsLinesOfItsSchema()
    {
        // The decisions above left events to project: batch lines, then the
        // stopped line when SIGTERM stops it.
        auto process =
            startCli(m_db, {u"project"_s, u"--follow"_s, u"--json"_s, u"--batch"_s, u"1"_s});
        QByteArray out;
        QTRY_VERIFY_WITH_TIMEOUT(
            (out += process->readAllStandardOutput()).contains("\"type\":\"batch\""), 30000);
        process->terminate();
        const CliRun run = finishCli(*process);
        QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
        out += run.out;
        QVERIFY2(out.contains("\"type\":\"stopped\""), out.constData());
        check(u"project-follow.schema.json"_s, keep(out), true);
        // A refusal in the stream is one line too.
        const CliRun refused = runCli(m_db, {u"project"_s, u"--follow"_s, u"--json"_s}, u"ana"_s);
        QCOMPARE(refused.exitCode, 1);
        QCOMPARE(refused.out.count('\n'), 1);
        check(u"project-follow.schema.json"_s, keep(refused.out), true);
    }

    void projectionCommandsAnswer()
    {
        answer({u"rebuild"_s});
        answer({u"rebuild"_s, u"--verify"_s});
        answer({u"lag"_s});
        answer({u"check"_s});
        answer({u"check"_s, u"--quick"_s});
    }

    // A copy needs a server: the postgresql fixture's (tests/CMakeLists.txt).
    void copyAnswers()
    {
        const QString database = PgTestServer::unique(u"cw_contract"_s);
        QVERIFY(PgTestServer::createDatabase(database));
        answer({u"copy"_s, u"--to"_s, PgTestServer::uri(database)});
        answer({u"copy"_s, u"--to"_s, PgTestServer::uri(database)}, {}, 1);
        QVERIFY(PgTestServer::dropDatabase(database));
    }

    void erasureAnswers()
    {
        // A failed proof on SD-1598 flags EXP-9 (derived from it); its owner's
        // re-verification clears the flag.
        const QString proof = writeFile(
            u"failed-proof.jsonl"_s,
            R"({"type":"proof","case":"studio/servicedesk/SD-1598","id":"P-40","kind":"verification","title":"Re-check","content_type":"log","content":"mismatch","result":"failed","captured_at":"2026-04-09T10:00:00Z"})"
            "\n");
        answer({u"ingest"_s, proof});
        answer({u"reverify"_s, u"EXP-9"_s, u"--reason"_s, u"schema test"_s});
        answer({u"erase"_s, u"case"_s, u"studio/servicedesk/SD-1598"_s, u"--dry-run"_s});
        answer({u"erase"_s, u"case"_s, u"studio/servicedesk/SD-1598"_s, u"--reason"_s,
                u"schema test"_s},
               u"cora"_s, 1);
        answer({u"erase"_s, u"case"_s, u"studio/servicedesk/SD-1598"_s, u"--reason"_s,
                u"schema test"_s});
        answer({u"erase"_s, u"tenant"_s, u"northwind"_s, u"--reason"_s, u"schema test"_s});
        answer({u"retain"_s, u"--set"_s, u"memory-use-days=30"_s});
        answer({u"retain"_s, u"--show"_s});
        answer({u"retain"_s, u"--dry-run"_s});
        answer({u"retain"_s, u"--reason"_s, u"schema test"_s});
    }

    void refusalsAnswerWithTheErrorDocument()
    {
        answer({u"proposals"_s, u"--status"_s, u"maybe"_s}, {}, 2);
        answer({u"show"_s, u"NOPE-1"_s}, {}, 1);
        answer({u"ingest"_s, m_dir.filePath(u"records.jsonl"_s)}, u"cora"_s, 1);
        answer({u"no-such-command"_s}, {}, 2);
    }

    void everyAnswerMatchesItsSchema()
    {
        const Validation result = validate(m_checks);
        QVERIFY2(result.exitCode == 0, qPrintable(result.output));
        qInfo().noquote() << m_checks.size() << "outputs:" << result.output.trimmed();
    }

    void everyListedCommandWasValidated()
    {
        const QStringList commands = listedCommands();
        for (const QString &command : commands)
            QVERIFY2(m_checked.contains(command),
                     qPrintable(command + u": no --json answer of it was validated"_s));
    }

    void theDemosIngestFilesMatchTheIngestSchemas()
    {
        QJsonArray checks;
        QDirIterator files(TestPaths::source("resources/demo"), {u"*.jsonl"_s}, QDir::Files);
        while (files.hasNext())
            checks.append(QJsonObject{{u"schema"_s, u"ingest/record.schema.json"_s},
                                      {u"file"_s, files.next()},
                                      {u"lines"_s, true}});
        QVERIFY(checks.size() >= 2);
        const Validation result = validate(checks);
        QVERIFY2(result.exitCode == 0, qPrintable(result.output));
    }

    // The validator is not a rubber stamp: an answer without "format", with
    // a field the schema does not know, and an ingest record with a bad
    // enum value are each reported, by file, line and place.
    void theValidatorRejectsWhatBreaksASchema()
    {
        const QString lag = writeFile(u"bad-lag.json"_s, R"({"canonical_head":1,"watermark":1,
            "lag_events":0,"oldest_pending_age_s":0,"pending_by_domain":{},"dead_letters":0,
            "recent_events_per_s":0,"recent_runs":0,"last_run_at":null,"colour":"red"})");
        const QString records = writeFile(
            u"bad.jsonl"_s,
            R"({"type":"tenant","id":"t","name":"T"})"
            "\n"
            R"({"type":"case_update","case":"t/s/r","status":"closed","at":"2026-03-01T09:00:00Z"})"
            "\n");
        const Validation result =
            validate({QJsonObject{{u"schema"_s, u"lag.schema.json"_s}, {u"file"_s, lag}},
                      QJsonObject{{u"schema"_s, u"ingest/record.schema.json"_s},
                                  {u"file"_s, records},
                                  {u"lines"_s, true}}});
        QCOMPARE(result.exitCode, 1);
        QVERIFY2(result.output.contains(u"'format' is a required property"_s),
                 qPrintable(result.output));
        QVERIFY2(result.output.contains(u"'colour' was unexpected"_s), qPrintable(result.output));
        QVERIFY2(result.output.contains(records + u":2: ingest/record.schema.json: /status"_s),
                 qPrintable(result.output));
    }
};

QTEST_GUILESS_MAIN(SchemaTest)
#include "tst_schemas.moc"
