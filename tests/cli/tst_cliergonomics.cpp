// How curation-cli reads a command line and how it answers (issue 14, CLI
// ergonomics): global options anywhere, `ingest -`, help that points at the
// command, a JSON Lines stream from `project --follow --json`, plural forms,
// a proposals table sized to its content, and refusals that are true for
// whoever is refused. Real processes on a real demo database; the default
// database lives in a temporary HOME, so a line read wrongly cannot reach a
// real one.

#include "CliRunner.h"
#include "ReviewRules.h"
#include "TestDatabase.h"
#include "TestPaths.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace cw::test;
using namespace Qt::StringLiterals;

namespace {

const QByteArray NewArticle =
    R"({"type":"article","ref":"KB-77","kind":"domain-article","domain":"data","title":"Register repair checklist","body":"Check the register row first.","status":"active"})"
    "\n";

// The one JSON object on a line, or an empty object.
QJsonObject lineObject(const QByteArray &line)
{
    QJsonParseError error{};
    const QJsonDocument document = QJsonDocument::fromJson(line, &error);
    return error.error == QJsonParseError::NoError && document.isObject() ? document.object()
                                                                          : QJsonObject();
}

// The lines of the `--help` "Arguments:" section.
QString argumentsSection(const QString &help)
{
    const qsizetype start = help.indexOf(u"\nArguments:\n"_s);
    if (start < 0)
        return {};
    const qsizetype end = help.indexOf(u"\n\n"_s, start + 1);
    return help.mid(start, end < 0 ? -1 : end - start);
}

} // namespace

class TestCliErgonomics : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    TestDatabases m_databases{m_dir.path()};
    QString m_home; // HOME and XDG_DATA_HOME of every process: the default database is in here
    QString m_db;

    std::unique_ptr<QProcess> start(const QStringList &arguments) const
    {
        auto process = std::make_unique<QProcess>();
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(u"HOME"_s, m_home);
        environment.insert(u"XDG_DATA_HOME"_s, m_home);
        process->setProcessEnvironment(environment);
        process->start(TestPaths::cliPath(), arguments);
        return process;
    }

    // curation-cli exactly as given: no --db added in front.
    CliRun run(const QStringList &arguments, const QByteArray &input = {}) const
    {
        const auto process = start(arguments);
        if (process->waitForStarted()) {
            process->write(input);
            process->closeWriteChannel();
        }
        return finishCli(*process);
    }

    // On the demo database, --db after the command.
    CliRun cli(const QStringList &arguments, const QByteArray &input = {}) const
    {
        return run(arguments + QStringList{u"--db"_s, m_db}, input);
    }

    QString freshDemo(const QString &name)
    {
        const QString path = m_databases.location(name);
        const CliRun demo = run({u"demo"_s, u"--db"_s, path});
        return demo.ok() ? path : QString();
    }

    // Every command --help lists, in its order.
    QStringList commandNames() const
    {
        const QString help = QString::fromUtf8(run({u"--help"_s}).out);
        const QString list = help.section(u"Commands:\n"_s, 1).section(u"\n\n"_s, 0, 0);
        QStringList names;
        for (const QString &line : list.split(u'\n', Qt::SkipEmptyParts))
            names.append(line.trimmed().section(u' ', 0, 0));
        return names;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_home = m_dir.filePath(u"home"_s);
        QVERIFY(QDir().mkpath(m_home));
        m_db = freshDemo(u"demo.db"_s);
        QVERIFY(!m_db.isEmpty());
    }

    // Nothing in this test may have created or opened a default database.
    void cleanupTestCase()
    {
        QVERIFY2(QDir(m_home).isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
                 "a command line was read as asking for the default database");
    }

    void globalOptionsWorkBeforeAndAfterTheCommand_data()
    {
        QTest::addColumn<QStringList>("arguments");
        const auto row = [this](const char *name, const QStringList &arguments) {
            QTest::newRow(name) << arguments;
        };
        row("all before", {u"--db"_s, m_db, u"--json"_s, u"proposals"_s});
        row("all after", {u"proposals"_s, u"--db"_s, m_db, u"--json"_s});
        row("after, with =", {u"proposals"_s, u"--json"_s, u"--db="_s + m_db});
        row("mixed", {u"--json"_s, u"proposals"_s, u"--db"_s, m_db});
        row("among the command's options", {u"proposals"_s, u"--status"_s, u"pending"_s, u"--db"_s,
                                            m_db, u"--domain"_s, u"data"_s, u"--json"_s});
        row("the same --db twice", {u"--db"_s, m_db, u"proposals"_s, u"--db"_s, m_db, u"--json"_s});
    }

    void globalOptionsWorkBeforeAndAfterTheCommand()
    {
        QFETCH(QStringList, arguments);
        const CliRun listed = run(arguments);
        QVERIFY2(listed.ok(), qPrintable(listed.describe()));
        QVERIFY2(listed.json().value(u"total"_s).toInteger() > 0, listed.out.constData());
    }

    void asAfterTheCommandActsAsThatPrincipal()
    {
        const CliRun refused = cli({u"project"_s, u"--as"_s, u"ana"_s, u"--json"_s});
        QCOMPARE(refused.exitCode, 1);
        QCOMPARE(refused.json().value(u"error"_s).toObject().value(u"kind"_s).toString(),
                 u"forbidden"_s);
        QVERIFY2(refused.err.contains("ana"), refused.err.constData());
    }

    // An option's value is a value, whatever it looks like: a command's own
    // option that takes one swallows the next argument, global name or not.
    void aValueThatLooksLikeAGlobalOptionStaysAValue()
    {
        // --text takes "--json" as its text: the answer is text, not JSON.
        const CliRun text = cli({u"query"_s, u"--strategy"_s, u"configuration"_s, u"--text"_s,
                                 u"--json"_s, u"--purpose"_s, u"ambiguity test"_s});
        QVERIFY2(text.ok(), qPrintable(text.describe()));
        QVERIFY2(!QJsonDocument::fromJson(text.out).isObject(), text.out.constData());
        QVERIFY(text.out.startsWith("configuration"));

        // --text takes "--db" as its text; the --db after it is the database.
        const CliRun db = cli(
            {u"query"_s, u"--strategy"_s, u"configuration"_s, u"--text"_s, u"--db"_s, u"--json"_s});
        QVERIFY2(db.ok(), qPrintable(db.describe()));
        QVERIFY2(db.json().contains(u"memory_use_id"_s), db.out.constData());

        // --reason takes "--as" as its reason; the --as after it is who acts.
        const QString fresh = freshDemo(u"ambiguous.db"_s);
        const CliRun approved =
            run({u"review"_s, u"approve"_s, u"PR-1"_s, u"--version"_s, u"1"_s, u"--reason"_s,
                 u"--as"_s, u"--db"_s, fresh, u"--as"_s, u"cora"_s, u"--json"_s});
        QVERIFY2(approved.ok(), qPrintable(approved.describe()));
        const CliRun shown = run({u"show"_s, u"PR-1"_s, u"--json"_s, u"--db"_s, fresh});
        const QJsonArray approvals = shown.json().value(u"approvals"_s).toArray();
        QCOMPARE(approvals.size(), 1);
        QCOMPARE(approvals.first().toObject().value(u"reason"_s).toString(), u"--as"_s);
        QCOMPARE(approvals.first().toObject().value(u"principal"_s).toString(), u"cora"_s);
    }

    // review, supersede, retire and edit have their own --version N: after
    // the command it is theirs; before it, or after any other command, it is
    // the program's.
    void versionAfterACommandIsTheCommandsOwnWhereItHasOne()
    {
        const CliRun missing = run({u"review"_s, u"approve"_s, u"PR-1"_s, u"--version"_s});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY2(missing.err.contains("--version"), missing.err.constData());
        for (const QStringList &arguments :
             {QStringList{u"proposals"_s, u"--version"_s}, QStringList{u"--version"_s, u"lag"_s}}) {
            const CliRun version = run(arguments);
            QVERIFY2(version.ok(), qPrintable(version.describe()));
            QVERIFY(version.out.startsWith("curation-cli "));
        }
        const QString help = QString::fromUtf8(run({u"review"_s, u"--help"_s}).out);
        QVERIFY2(help.contains(u"--version after review is its own option"_s), qPrintable(help));
    }

    void twoDifferentDatabasesOnOneLineAreAUsageError()
    {
        const QString other = m_dir.filePath(u"other.db"_s);
        const CliRun run =
            this->run({u"--db"_s, m_db, u"proposals"_s, u"--db"_s, other, u"--json"_s});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("--db given more than once"), run.err.constData());
        QVERIFY(run.err.contains(other.toUtf8()));
        QVERIFY(!QFile::exists(other));
    }

    void usageErrorsPointAtTheCommandsHelp_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("hint");
        const auto row = [](const char *name, const QStringList &arguments, const char *hint) {
            QTest::newRow(name) << arguments << QString::fromLatin1(hint);
        };
        row("unknown option", {u"proposals"_s, u"--colour"_s}, "curation-cli proposals --help");
        row("missing value", {u"proposals"_s, u"--db"_s}, "curation-cli proposals --help");
        row("missing arguments", {u"review"_s, u"approve"_s}, "curation-cli review --help");
        row("bad value", {u"project"_s, u"--batch"_s, u"0"_s}, "curation-cli project --help");
        row("no file", {u"ingest"_s}, "curation-cli ingest --help");
        row("a command's option before it", {u"--status"_s, u"pending"_s, u"proposals"_s},
            "curation-cli proposals --help");
        row("unknown command", {u"frobnicate"_s}, "curation-cli --help");
        row("unknown option, no command", {u"--colour"_s}, "curation-cli --help");
    }

    void usageErrorsPointAtTheCommandsHelp()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, hint);
        const CliRun run = this->run(arguments); // refused before any database is opened
        QCOMPARE(run.exitCode, 2);
        const QList<QByteArray> lines = run.err.trimmed().split('\n');
        QCOMPARE(lines.size(), 2);
        QCOMPARE(QString::fromUtf8(lines.last()), u"Try '%1' for more information."_s.arg(hint));
    }

    // Every command's help: the usage line, a description paragraph, its
    // options, its arguments, the global options.
    void everyCommandsHelpDescribesItAndListsItsArguments()
    {
        const QStringList names = commandNames();
        QVERIFY2(names.size() >= 17, qPrintable(names.join(u' ')));
        for (const QString &name : names) {
            const CliRun help = run({name, u"--help"_s});
            QVERIFY2(help.ok(), qPrintable(name + help.describe()));
            const QStringList lines = QString::fromUtf8(help.out).split(u'\n');
            QVERIFY2(lines.value(0).startsWith(u"Usage: curation-cli "_s + name),
                     qPrintable(lines.value(0)));
            QVERIFY2(lines.value(1).isEmpty(), qPrintable(name));
            // A sentence of its own, not the one-line summary of --help.
            QVERIFY2(lines.value(2).size() > 30 && lines.value(2).at(0).isUpper(),
                     qPrintable(name + u": "_s + lines.value(2)));
            QVERIFY2(!lines.value(2).startsWith(u"Options:"_s), qPrintable(name));
            QVERIFY2(help.out.contains("\nOptions:\n  -h, --help"), qPrintable(name));
            QVERIFY2(help.out.contains("--db PATH"), qPrintable(name));
        }
    }

    void everyCommandsHelpListsItsPositionalArguments_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QStringList>("arguments");
        const auto row = [](const char *command, const QStringList &arguments) {
            QTest::newRow(command) << QString::fromLatin1(command) << arguments;
        };
        row("ingest", {u"FILE.jsonl"_s});
        row("import-memory", {u"DIR"_s});
        row("show", {u"REF"_s});
        row("review", {u"DECISION"_s, u"PROPOSAL"_s});
        row("edit", {u"PROPOSAL"_s});
        row("supersede", {u"ARTICLE"_s});
        row("retire", {u"ARTICLE"_s});
        row("verdict", {u"MEMORY_USE"_s, u"REF"_s});
        row("export", {u"WHAT"_s});
        row("memory-search", {u"QUERY"_s});
        for (const char *none : {"init", "demo", "proposals", "project", "lag", "rebuild", "query"})
            row(none, {});
    }

    void everyCommandsHelpListsItsPositionalArguments()
    {
        QFETCH(QString, command);
        QFETCH(QStringList, arguments);
        const QString help = QString::fromUtf8(run({command, u"--help"_s}).out);
        const QString section = argumentsSection(help);
        QCOMPARE(section.isEmpty(), arguments.isEmpty());
        for (const QString &argument : arguments)
            QVERIFY2(section.contains(u"\n  "_s + argument + u' '), qPrintable(section));
    }

    void helpAnywhereOnTheLineIsTheCommandsHelp()
    {
        const QByteArray expected = run({u"proposals"_s, u"--help"_s}).out;
        QVERIFY(expected.startsWith("Usage: curation-cli proposals"));
        for (const QStringList &arguments :
             {QStringList{u"--help"_s, u"proposals"_s}, QStringList{u"proposals"_s, u"-h"_s},
              QStringList{u"proposals"_s, u"--status"_s, u"pending"_s, u"--help"_s},
              QStringList{u"proposals"_s, u"--db"_s, m_db, u"--help"_s}}) {
            const CliRun help = run(arguments);
            QVERIFY2(help.ok(), qPrintable(help.describe()));
            QCOMPARE(help.out, expected);
        }
    }

    void ingestDashReadsStandardInputInOneTransaction()
    {
        const QString db = freshDemo(u"stdin.db"_s);
        const CliRun ingested = run({u"ingest"_s, u"-"_s, u"--db"_s, db, u"--json"_s}, NewArticle);
        QVERIFY2(ingested.ok(), qPrintable(ingested.describe()));
        QCOMPARE(ingested.json().value(u"records"_s).toInteger(), 1);
        const CliRun shown = run({u"show"_s, u"KB-77"_s, u"--db"_s, db});
        QVERIFY2(shown.out.contains("ingested from <stdin>"), shown.out.constData());

        // A bad line: its number, and nothing of the lines before it.
        const QByteArray bad =
            QByteArray(NewArticle).replace("KB-77", "KB-78") + "\n{\"type\":\"article\",\n";
        const CliRun refused = run({u"ingest"_s, u"-"_s, u"--db"_s, db}, bad);
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.err.contains("<stdin>:3: malformed JSON"), refused.err.constData());
        QVERIFY(refused.err.contains("nothing was written"));
        QCOMPARE(run({u"show"_s, u"KB-78"_s, u"--db"_s, db}).exitCode, 1);
    }

    void importMemoryDashIsStillAFolderName()
    {
        const CliRun run = cli({u"import-memory"_s, u"-"_s}, "");
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("-: no such folder"), run.err.constData());
    }

    // JSON Lines: one compact object a line, each written as its batch
    // commits (read here while the process runs), one more when it stops.
    void projectFollowJsonStreamsOneObjectPerBatch()
    {
        const QString db = freshDemo(u"follow.db"_s);
        const auto process =
            start({u"project"_s, u"--follow"_s, u"--json"_s, u"--batch"_s, u"4"_s, u"--db"_s, db});
        QProcess &follow = *process;
        QVERIFY(follow.waitForStarted());
        QList<QJsonObject> objects;
        QByteArray pending;
        const auto readLines = [&] {
            pending += follow.readAllStandardOutput();
            for (qsizetype end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
                objects.append(lineObject(pending.left(end)));
                pending.remove(0, end + 1);
            }
            return objects.size();
        };
        // The demo's 19 events in batches of 4: five lines, the process still running.
        QTRY_COMPARE_WITH_TIMEOUT(readLines(), qsizetype(5), 10000);
        QCOMPARE(follow.state(), QProcess::Running);
        for (const QJsonObject &batch : std::as_const(objects))
            QCOMPARE(batch.value(u"type"_s).toString(), u"batch"_s);
        QCOMPARE(objects.last().value(u"watermark"_s).toInteger(), 19);
        QCOMPARE(objects.last().value(u"events"_s).toInteger(), 3);

        // A commit by another process: its batch line arrives while it runs.
        const CliRun ingested = run({u"ingest"_s, u"-"_s, u"--db"_s, db}, NewArticle);
        QVERIFY2(ingested.ok(), qPrintable(ingested.describe()));
        QTRY_COMPARE_WITH_TIMEOUT(readLines(), qsizetype(6), 10000);
        QCOMPARE(objects.last().value(u"type"_s).toString(), u"batch"_s);
        QCOMPARE(objects.last().value(u"watermark"_s).toInteger(), 20);
        QCOMPARE(objects.last().value(u"events"_s).toInteger(), 1);

        follow.terminate();
        QVERIFY(follow.waitForFinished(5000));
        QCOMPARE(follow.exitCode(), 0);
        readLines();
        QVERIFY2(pending.isEmpty(), pending.constData()); // every line ends
        QCOMPARE(objects.size(), 7);
        const QJsonObject stopped = objects.last();
        QCOMPARE(stopped.value(u"type"_s).toString(), u"stopped"_s);
        QCOMPARE(stopped.value(u"events"_s).toInteger(), 20);
        QCOMPARE(stopped.value(u"batches"_s).toInteger(), 6);
        QCOMPARE(stopped.value(u"watermark"_s).toInteger(), 20);
        QCOMPARE(stopped.value(u"follow"_s).toBool(), true);
        for (const QJsonObject &object : std::as_const(objects))
            QVERIFY(!object.isEmpty()); // every line was one JSON object
    }

    void projectJsonWithoutFollowIsStillOneDocument()
    {
        const QString db = freshDemo(u"once.db"_s);
        const CliRun once = run({u"project"_s, u"--json"_s, u"--batch"_s, u"4"_s, u"--db"_s, db});
        QVERIFY2(once.ok(), qPrintable(once.describe()));
        const QJsonObject document = QJsonDocument::fromJson(once.out).object();
        QCOMPARE(document.value(u"events"_s).toInteger(), 19);
        QCOMPARE(document.value(u"batches"_s).toInteger(), 5);
        QVERIFY(!document.contains(u"type"_s));
    }

    // A stream reader reads lines: a refusal is one line too.
    void aRefusedFollowJsonIsOneLine()
    {
        const CliRun refused = cli({u"project"_s, u"--follow"_s, u"--json"_s, u"--as"_s, u"ana"_s});
        QCOMPARE(refused.exitCode, 1);
        QCOMPARE(refused.out.count('\n'), 1);
        QCOMPARE(lineObject(refused.out.trimmed()).value(u"error"_s).toObject().value(u"kind"_s),
                 u"forbidden"_s);
    }

    void countsReadAsEnglish()
    {
        const QString db = freshDemo(u"plural.db"_s);
        const CliRun one = run({u"project"_s, u"--max-events"_s, u"1"_s, u"--db"_s, db});
        QVERIFY2(one.ok(), qPrintable(one.describe()));
        QVERIFY2(one.out.contains("batch: 1 event (0 dead-lettered)"), one.out.constData());
        QVERIFY2(one.out.contains("projected 1 event (0 dead-lettered) in 1 batch, "),
                 one.out.constData());
        const CliRun lag = run({u"lag"_s, u"--db"_s, db});
        QVERIFY2(lag.out.contains(": 18 events pending"), lag.out.constData());
        QVERIFY2(lag.out.contains(" over 1 batch; "), lag.out.constData());
        const CliRun ingested = run({u"ingest"_s, u"-"_s, u"--db"_s, db}, NewArticle);
        // Every record type written is counted, not only cases (#36, item 12).
        QVERIFY2(ingested.out.startsWith("ingested 1 record (1 article): 0 new cases, 0 new "
                                         "case revisions, 0 duplicate deliveries attached"),
                 ingested.out.constData());
        for (const CliRun &run : {one, lag, ingested})
            QVERIFY2(!run.out.contains("(s)"), run.out.constData());
    }

    // Each column as wide as its widest cell (escaped, in terminal columns),
    // two spaces apart: nothing overflows into the next column.
    void theProposalsTableIsSizedToItsContent()
    {
        const QString db = freshDemo(u"table.db"_s);
        // A case handle with a combining accent (no column) and two wide
        // characters (two columns each). (Control characters never reach a
        // case handle: ingest refuses them in ids.)
        const QString request = u"SD-7001e\u0301\u30c7\u30c7"_s;
        const QString escaped = u"studio/servicedesk/SD-7001e\u0301\u30c7\u30c7"_s;
        const qsizetype escapedColumns = escaped.size() - 1 + 2; // accent 0, wide ones 2
        const QJsonObject arrival{{u"type"_s, u"arrival"_s},
                                  {u"tenant"_s, u"studio"_s},
                                  {u"source_system"_s, u"servicedesk"_s},
                                  {u"source_request"_s, request},
                                  {u"source_revision"_s, u"1"_s},
                                  {u"delivery_id"_s, u"d-7001"_s},
                                  {u"received_at"_s, u"2026-03-04T08:00:00Z"_s},
                                  {u"title"_s, u"t"_s},
                                  {u"object"_s, u"policy/P-1/register"_s},
                                  {u"request_type"_s, u"data-correction"_s},
                                  {u"product"_s, u"lifeline"_s},
                                  {u"product_version"_s, u"4.2"_s},
                                  {u"body"_s, u"b"_s}};
        const QJsonObject proposal{{u"type"_s, u"proposal"_s},
                                   {u"id"_s, u"PR-70"_s},
                                   {u"case"_s, QString(u"studio/servicedesk/"_s + request)},
                                   {u"kind"_s, u"experience"_s},
                                   {u"domain"_s, u"data"_s},
                                   {u"title"_s, u"Wide case"_s},
                                   {u"synopsis"_s, u"s"_s},
                                   {u"route"_s, u"r"_s},
                                   {u"mechanism"_s, u"m"_s},
                                   {u"method"_s, u"m"_s},
                                   {u"outcome"_s, u"o"_s},
                                   {u"proof_level"_s, u"proposed"_s},
                                   {u"limits"_s, u"l"_s},
                                   {u"product_scope"_s, QJsonObject{{u"product"_s, u"lifeline"_s},
                                                                    {u"versions"_s, u">=4.0"_s}}},
                                   {u"proposed_by"_s, u"agent"_s},
                                   {u"proposed_at"_s, u"2026-03-04T08:00:00Z"_s}};
        const CliRun ingested =
            run({u"ingest"_s, u"-"_s, u"--db"_s, db},
                QJsonDocument(arrival).toJson(QJsonDocument::Compact) + '\n' +
                    QJsonDocument(proposal).toJson(QJsonDocument::Compact) + '\n');
        QVERIFY2(ingested.ok(), qPrintable(ingested.describe()));

        const CliRun list = run({u"proposals"_s, u"--db"_s, db});
        QVERIFY2(list.ok(), qPrintable(list.describe()));
        const QStringList lines = QString::fromUtf8(list.out).trimmed().split(u'\n');
        const QString header = lines.first();
        const QStringList columns = {u"ID"_s,      u"STATUS"_s, u"PROOF"_s, u"DOMAIN"_s,
                                     u"ARTICLE"_s, u"CASE"_s,   u"TITLE"_s};
        QList<qsizetype> starts;
        for (const QString &column : columns)
            starts.append(header.indexOf(QRegularExpression(u"\\b"_s + column + u"\\b"_s)));
        QVERIFY2(!starts.contains(-1), qPrintable(header));

        // The widest ARTICLE (SKILL-data-investigation r2) ends two spaces
        // before CASE: the column is as wide as it needs, no wider.
        qsizetype widestArticle = 0;
        bool sawWideCase = false;
        for (const QString &line : lines.mid(1, lines.size() - 2)) {
            if (line.startsWith(u"PR-70 "_s)) {
                sawWideCase = true;
                const QString cell = line.mid(starts[5], escaped.size());
                QCOMPARE(cell, escaped);
                // Padded by columns, not by characters: TITLE starts where
                // the header says, on the screen.
                QCOMPARE(line.mid(starts[5] + escaped.size()),
                         QString(starts[6] - starts[5] - escapedColumns, u' ') + u"Wide case"_s);
                QCOMPARE(starts[6] - starts[5], escapedColumns + 2); // the widest case
                continue;
            }
            const QStringList cells = line.split(QRegularExpression(u"\\s{2,}"_s));
            QCOMPARE(cells.size(), columns.size());
            qsizetype at = 0;
            for (qsizetype i = 0; i < cells.size(); ++i) {
                at = line.indexOf(cells[i], at);
                QCOMPARE(at, starts[i]); // no cell pushed its row out of line
            }
            widestArticle = qMax(widestArticle, cells[4].size());
        }
        QVERIFY(sawWideCase);
        QCOMPARE(widestArticle, qsizetype(u"SKILL-data-investigation r2"_s.size()));
        QCOMPARE(starts[5] - starts[4], widestArticle + 2);
        QVERIFY(lines.last().endsWith(u" of 17 proposals"_s));
    }

    // The refusal says what is true of whoever asked: a domain owner of the
    // article's domain is told it is not a curator (not that it lacks the
    // domain), an owner of other domains which ones it owns, an analyst
    // and an admin why they do not decide.
    void theSupersedeRefusalIsTrueForEveryPrincipal_data()
    {
        QTest::addColumn<QString>("as");
        QTest::addColumn<QString>("article");
        QTest::addColumn<QString>("proposal");
        QTest::addColumn<QString>("expected");
        QTest::newRow("owner of the article's domain")
            << u"owen"_s << u"EXP-2"_s << u"PR-10"_s
            << u"owen may not supersede EXP-2: owen owns configuration but is not a curator; "
               "only curators supersede"_s;
        QTest::newRow("owner of another domain")
            << u"dora"_s << u"EXP-2"_s << u"PR-10"_s
            << u"dora may not supersede EXP-2: dora is a domain owner (of data), not a curator; "
               "only curators supersede"_s;
        QTest::newRow("owner of the domain, another article")
            << u"dora"_s << u"SKILL-data-investigation"_s << u"PR-9"_s
            << u"dora may not supersede SKILL-data-investigation: dora owns data but is not a "
               "curator; only curators supersede"_s;
        QTest::newRow("analyst") << u"ana"_s << u"EXP-2"_s << u"PR-10"_s
                                 << u"ana may not supersede EXP-2: ana is an analyst; analysts "
                                    "never decide; only curators supersede"_s;
        QTest::newRow("admin") << QString() << u"EXP-2"_s << u"PR-10"_s
                               << u"admin may not supersede EXP-2: admin is an admin (admin, "
                                  "analyst); admins administer but do not decide; only curators "
                                  "supersede"_s;
    }

    void theSupersedeRefusalIsTrueForEveryPrincipal()
    {
        QFETCH(QString, as);
        QFETCH(QString, article);
        QFETCH(QString, proposal);
        QFETCH(QString, expected);
        QStringList arguments = {u"supersede"_s, article,        u"--with"_s,
                                 proposal,       u"--version"_s, u"1"_s,
                                 u"--reason"_s,  u"newer"_s,     u"--json"_s};
        if (!as.isEmpty())
            arguments << u"--as"_s << as;
        const CliRun refused = cli(arguments);
        QCOMPARE(refused.exitCode, 1);
        const QJsonObject error = refused.json().value(u"error"_s).toObject();
        QCOMPARE(error.value(u"kind"_s).toString(), u"forbidden"_s);
        QCOMPARE(error.value(u"message"_s).toString(), expected);
    }

    // The rule itself, for principals the demo does not have.
    void theSupersedeRefusalNamesWhatThePrincipalIs()
    {
        const cw::ArticleRecord article{0, u"KB-1"_s, u"domain-article"_s, u"data"_s, {}, {}, {}};
        const auto message = [&](const QStringList &roles, const QStringList &domains) {
            cw::PrincipalRecord p;
            p.id = u"p"_s;
            p.roles = roles;
            p.domains = domains;
            const auto refusal = cw::ReviewRules::maySupersede(p, article);
            return refusal ? refusal->message : QString();
        };
        QCOMPARE(message({u"domain_owner"_s}, {}),
                 u"p may not supersede KB-1: p is a domain owner (of no domain), not a curator; "
                 "only curators supersede"_s);
        QCOMPARE(message({u"domain_owner"_s, u"admin"_s}, {u"data"_s, u"retrieval"_s}),
                 u"p may not supersede KB-1: p owns data but is not a curator; only curators "
                 "supersede"_s);
        QCOMPARE(message({}, {}),
                 u"p may not supersede KB-1: p has no role; only curators supersede"_s);
        QVERIFY(message({u"curator"_s}, {}).isEmpty());
        QVERIFY(message({u"curator"_s, u"domain_owner"_s}, {u"data"_s}).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCliErgonomics)
#include "tst_cliergonomics.moc"
