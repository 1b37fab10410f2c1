// What curation-cli says when it says no: --json error documents, usage
// errors for options that cannot mean anything, --db values that are not a
// database file, stored text that tries to move the terminal, and notes that
// say what really happened (issue 10, items 13-15).

#include "CliRunner.h"
#include "TestDatabase.h"
#include "TestPaths.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <termios.h>
#include <unistd.h>

using namespace cw::test;
using namespace Qt::StringLiterals;

namespace {

// The one JSON document on stdout, or an empty object if stdout is not
// exactly one JSON object.
QJsonObject onlyDocument(const CliRun &run)
{
    QJsonParseError error{};
    const QJsonDocument document = QJsonDocument::fromJson(run.out, &error);
    return error.error == QJsonParseError::NoError && document.isObject() ? document.object()
                                                                          : QJsonObject();
}

bool hasRawControl(const QByteArray &text)
{
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if ((byte < 0x20 && byte != '\n') || byte == 0x7f)
            return true;
    }
    return false;
}

// curation-cli with its standard output on a terminal: a pseudo-terminal
// in raw mode, so that its bytes arrive exactly as written.
CliRun runOnTerminal(const QString &db, const QStringList &arguments)
{
    int terminal = -1;
    int device = -1;
    if (::openpty(&terminal, &device, nullptr, nullptr, nullptr) != 0)
        return {};
    termios mode{};
    ::tcgetattr(device, &mode);
    ::cfmakeraw(&mode);
    ::tcsetattr(device, TCSANOW, &mode);
    ::fcntl(terminal, F_SETFD, FD_CLOEXEC);
    QProcess process;
    process.setChildProcessModifier([device] {
        ::dup2(device, STDOUT_FILENO);
        ::close(device);
    });
    process.start(TestPaths::cliPath(), cliArguments(db, arguments));
    process.waitForStarted();
    ::close(device);
    CliRun run;
    char buffer[4096];
    for (;;) {
        pollfd ready{terminal, POLLIN, 0};
        if (::poll(&ready, 1, CliTimeoutMs) <= 0)
            break;
        const ssize_t read = ::read(terminal, buffer, sizeof buffer);
        if (read <= 0)
            break; // EIO: the last writer closed the terminal
        run.out.append(buffer, read);
    }
    ::close(terminal);
    process.waitForFinished(CliTimeoutMs);
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    run.err = process.readAllStandardError();
    return run;
}

} // namespace

class TestCliErrors : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    TestDatabases m_databases{m_dir.path()};
    QString m_demo;

    CliRun cli(const QStringList &arguments, const QString &as = {})
    {
        return runCli(m_demo, arguments, as);
    }

    QString writeFile(const QString &name, const QByteArray &content)
    {
        const QString path = m_dir.filePath(name);
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(content) != content.size())
            return {};
        return path;
    }

    // curation-cli with its default database moved under `home`, so that a
    // test can see whether the default database was touched.
    static CliRun runWithHome(const QString &home, const QStringList &arguments)
    {
        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(u"XDG_DATA_HOME"_s, home);
        environment.insert(u"HOME"_s, home);
        process.setProcessEnvironment(environment);
        process.start(TestPaths::cliPath(), arguments);
        return finishCli(process);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_demo = m_databases.location(u"demo.db"_s);
        const CliRun demo = cli({u"demo"_s});
        QVERIFY2(demo.ok(), qPrintable(demo.describe()));
        const CliRun project = cli({u"project"_s});
        QVERIFY2(project.ok(), qPrintable(project.describe()));
    }

    // `ingest - </dev/zero` once aborted with bad_alloc and `eval import
    // /dev/zero` was killed at 23 GB: a line past 16 MiB is refused by its
    // number, as invalid input, and nothing is stored.
    void anEndlessLineIsRefusedAndNothingIsStored()
    {
        const CliRun before = cli({u"--json"_s, u"proposals"_s, u"--limit"_s, u"1000"_s});
        QProcess ingest;
        ingest.setStandardInputFile(u"/dev/zero"_s);
        ingest.start(TestPaths::cliPath(),
                     cliArguments(m_demo, {u"--json"_s, u"ingest"_s, u"-"_s}));
        const CliRun ingested = finishCli(ingest);
        QCOMPARE(ingested.exitCode, 1);
        QCOMPARE(ingested.json()[u"error"_s][u"kind"_s].toString(), u"invalid-input"_s);
        QVERIFY2(ingested.err.contains(":1: the line is longer than 16 MiB"),
                 qPrintable(ingested.describe()));

        const CliRun imported = cli({u"--json"_s, u"eval"_s, u"import"_s, u"/dev/zero"_s});
        QCOMPARE(imported.exitCode, 1);
        QCOMPARE(imported.json()[u"error"_s][u"kind"_s].toString(), u"invalid-input"_s);
        QVERIFY2(imported.err.contains("/dev/zero: line 1: the line is longer than 16 MiB"),
                 qPrintable(imported.describe()));
        QCOMPARE(cli({u"--json"_s, u"proposals"_s, u"--limit"_s, u"1000"_s}).out, before.out);
    }

    // INTERFACES.md §1: with --json, a refusal or usage error prints exactly
    // one document {"error":{"kind","message","exit"}} on stdout, and still
    // its line on stderr.
    void everyRefusalAndUsageErrorIsOneJsonDocument_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("as");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<int>("exit");
        const auto row = [](const char *name, const QStringList &arguments, const char *kind,
                            int exit, const QString &as = {}) {
            QTest::newRow(name) << arguments << as << QString::fromLatin1(kind) << exit;
        };
        row("unknown command, --json first", {u"--json"_s, u"frobnicate"_s}, "usage", 2);
        row("unknown command, --json after it", {u"frobnicate"_s, u"--json"_s}, "usage", 2);
        row("unknown global option", {u"--colour"_s, u"proposals"_s, u"--json"_s}, "usage", 2);
        row("unknown command option", {u"proposals"_s, u"--colour"_s, u"--json"_s}, "usage", 2);
        row("bad status", {u"proposals"_s, u"--status"_s, u"maybe"_s, u"--json"_s}, "usage", 2);
        row("empty filter", {u"proposals"_s, u"--domain"_s, u""_s, u"--json"_s}, "usage", 2);
        row("bad min-proof",
            {u"query"_s, u"--strategy"_s, u"configuration"_s, u"--min-proof"_s, u"bogus"_s,
             u"--json"_s},
            "usage", 2);
        row("no command", {u"--json"_s}, "usage", 2);
        row("unknown ref", {u"show"_s, u"EXP-9999"_s, u"--json"_s}, "not-found", 1);
        row("unknown principal", {u"show"_s, u"PR-1"_s, u"--json"_s}, "not-found", 1, u"nobody"_s);
        row("not a projector", {u"project"_s, u"--json"_s}, "forbidden", 1, u"ana"_s);
        row("not an admin", {u"ingest"_s, TestPaths::cliPath(), u"--json"_s}, "forbidden", 1,
            u"ana"_s);
        row("stale version",
            {u"review"_s, u"approve"_s, u"PR-1"_s, u"--version"_s, u"99"_s, u"--reason"_s,
             u"checked"_s, u"--json"_s},
            "conflict", 1, u"cora"_s);
        row("unknown memory use",
            {u"verdict"_s, u"999999"_s, u"EXP-1"_s, u"--revision"_s, u"1"_s, u"--verdict"_s,
             u"applies"_s, u"--reason"_s, u"fits"_s, u"--json"_s},
            "not-found", 1);
    }

    void everyRefusalAndUsageErrorIsOneJsonDocument()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, as);
        QFETCH(QString, kind);
        QFETCH(int, exit);
        const CliRun run = cli(arguments, as);
        QCOMPARE(run.exitCode, exit);
        const QJsonObject error = onlyDocument(run).value(u"error"_s).toObject();
        QVERIFY2(!error.isEmpty(), qPrintable(run.describe()));
        QCOMPARE(error.value(u"kind"_s).toString(), kind);
        QCOMPARE(error.value(u"exit"_s).toInt(), exit);
        const QString message = error.value(u"message"_s).toString();
        QVERIFY(!message.isEmpty());
        // The same words on stderr, on one line (usage adds the --help hint).
        const QList<QByteArray> lines = run.err.trimmed().split('\n');
        QCOMPARE(lines.size(), exit == 2 ? 2 : 1);
        QCOMPARE(QString::fromUtf8(lines.first()), u"curation-cli: "_s + message);
    }

    void withoutJsonARefusalPrintsNothingOnStdout()
    {
        const CliRun run = cli({u"show"_s, u"EXP-9999"_s});
        QCOMPARE(run.exitCode, 1);
        QVERIFY(run.out.isEmpty());
    }

    // Review actions keep their refusal object, in the same document.
    void aReviewRefusalKeepsItsRefusalObjectBesideTheError()
    {
        const CliRun run = cli({u"review"_s, u"approve"_s, u"PR-1"_s, u"--version"_s, u"99"_s,
                                u"--reason"_s, u"my careful reason"_s, u"--json"_s},
                               u"cora"_s);
        QCOMPARE(run.exitCode, 1);
        const QJsonObject document = onlyDocument(run);
        QCOMPARE(document.value(u"refusal"_s).toObject().value(u"kept_reason"_s).toString(),
                 u"my careful reason"_s);
        QCOMPARE(document.value(u"error"_s).toObject().value(u"kind"_s).toString(), u"conflict"_s);
    }

    // Item 14: an unset variable in --db must not mean the default database.
    void anEmptyDbIsAUsageErrorAndTouchesNoDatabase_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("--db \"\"") << QStringList{u"--db"_s, u""_s, u"init"_s};
        QTest::newRow("--db=") << QStringList{u"--db="_s, u"init"_s};
        QTest::newRow("--db \"\" read") << QStringList{u"--db"_s, u""_s, u"proposals"_s};
        QTest::newRow("--as \"\"") << QStringList{u"--as"_s, u""_s, u"init"_s};
    }

    void anEmptyDbIsAUsageErrorAndTouchesNoDatabase()
    {
        QFETCH(QStringList, arguments);
        QTemporaryDir home;
        QVERIFY(home.isValid());
        const CliRun run = runWithHome(home.path(), arguments);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("empty"), run.err.constData());
        QVERIFY2(QDir(home.path()).isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot),
                 "the default database (or its folder) was created");
    }

    void memoryIsNotADatabaseFileAndNoFolderNamedColonAppears()
    {
        QTemporaryDir cwd;
        QVERIFY(cwd.isValid());
        for (const QString &db : {u":memory:"_s, u"file::memory:"_s}) {
            QProcess process;
            process.setWorkingDirectory(cwd.path());
            process.start(TestPaths::cliPath(), {u"--db"_s, db, u"init"_s, u"--json"_s});
            const CliRun run = finishCli(process);
            QCOMPARE(run.exitCode, 2);
            QCOMPARE(onlyDocument(run).value(u"error"_s).toObject().value(u"kind"_s).toString(),
                     u"usage"_s);
            QVERIFY2(run.err.contains("file path"), run.err.constData());
        }
        QVERIFY(QDir(cwd.path()).isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot));
    }

    // Only init, demo, ingest and import-memory create a file, and none of
    // them creates the folders of a path the caller named.
    void aMissingFolderIsNeverCreated_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("proposals") << QStringList{u"proposals"_s};
        QTest::newRow("show") << QStringList{u"show"_s, u"PR-1"_s};
        QTest::newRow("lag") << QStringList{u"lag"_s};
        QTest::newRow("query") << QStringList{u"query"_s, u"--strategy"_s, u"configuration"_s};
        QTest::newRow("project") << QStringList{u"project"_s};
        QTest::newRow("init") << QStringList{u"init"_s};
        QTest::newRow("demo") << QStringList{u"demo"_s};
    }

    void aMissingFolderIsNeverCreated()
    {
        QFETCH(QStringList, arguments);
        const QString missing = m_dir.filePath(u"missing"_s);
        const QString db = missing + u"/sub/x.db"_s;
        const CliRun run = runCli(db, arguments + QStringList{u"--json"_s});
        QCOMPARE(run.exitCode, 1);
        QCOMPARE(onlyDocument(run).value(u"error"_s).toObject().value(u"kind"_s).toString(),
                 u"not-found"_s);
        QVERIFY2(run.err.contains(missing.toUtf8()), run.err.constData());
        QVERIFY(!QFileInfo::exists(missing));
    }

    void aReadCommandOnAMissingFileSaysThereIsNoDatabase()
    {
        const QString db = m_dir.filePath(u"never-made.db"_s);
        const CliRun run = runCli(db, {u"proposals"_s});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(QByteArray(QByteArray("no database at ") + db.toUtf8())),
                 run.err.constData());
        QVERIFY(!QFileInfo::exists(db));
    }

    void initCreatesAFileInAnExistingFolder()
    {
        const QString db = m_dir.filePath(u"fresh.db"_s);
        QVERIFY(runCli(db, {u"init"_s}).ok());
        QVERIFY(QFileInfo(db).isFile());
    }

    // Item 15: values outside what an option allows are usage errors that
    // name the allowed values.
    void optionValuesThatCannotMeanAnythingAreUsageErrors_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("named");
        const QStringList query = {u"query"_s, u"--strategy"_s, u"configuration"_s};
        QTest::newRow("min-proof")
            << query + QStringList{u"--min-proof"_s, u"bogus"_s} << u"verified, executed"_s;
        QTest::newRow("mode B empty keyword")
            << QStringList{u"memory-search"_s, u"--mode"_s, u"B"_s, u""_s}
            << u"letters or digits"_s;
        QTest::newRow("mode B punctuation")
            << QStringList{u"memory-search"_s, u"--mode"_s, u"B"_s, u"++"_s}
            << u"letters or digits"_s;
        QTest::newRow("mode") << QStringList{u"memory-search"_s, u"--mode"_s, u"D"_s}
                              << u"A, B or C"_s;
        QTest::newRow("case") << query + QStringList{u"--case"_s, u"SD-1"_s}
                              << u"tenant/source_system/source_request"_s;
        QTest::newRow("source") << query + QStringList{u"--source"_s, u"servicedesk"_s}
                                << u"SYSTEM/REQUEST"_s;
        QTest::newRow("empty text") << query + QStringList{u"--text"_s, u" "_s} << u"--text"_s;
        QTest::newRow("empty tag") << query + QStringList{u"--tag"_s, u""_s} << u"--tag"_s;
        QTest::newRow("limit") << query + QStringList{u"--limit"_s, u"0"_s} << u"positive"_s;
        QTest::newRow("show empty ref") << QStringList{u"show"_s, u""_s} << u"REF"_s;
        QTest::newRow("verdict memory use 0")
            << QStringList{u"verdict"_s,   u"0"_s,       u"EXP-1"_s,    u"--revision"_s, u"1"_s,
                           u"--verdict"_s, u"applies"_s, u"--reason"_s, u"fits"_s}
            << u"MEMORY_USE"_s;
        QTest::newRow("verdict value")
            << QStringList{u"verdict"_s,   u"1"_s,     u"EXP-1"_s,    u"--revision"_s, u"1"_s,
                           u"--verdict"_s, u"maybe"_s, u"--reason"_s, u"fits"_s}
            << u"applies, rejected or needs-check"_s;
        QTest::newRow("ingest empty file") << QStringList{u"ingest"_s, u""_s} << u"FILE.jsonl"_s;
    }

    void optionValuesThatCannotMeanAnythingAreUsageErrors()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, named);
        const CliRun run = cli(arguments);
        QVERIFY2(run.exitCode == 2, qPrintable(run.describe()));
        QVERIFY2(run.err.contains(named.toUtf8()), run.err.constData());
    }

    // Item 15: a budget that drops every hit says so, instead of claiming
    // the index had nothing.
    void aBudgetThatDropsEveryHitSaysSo()
    {
        const QStringList query = {u"query"_s,  u"--strategy"_s, u"root-classification"_s,
                                   u"--text"_s, u"register"_s,   u"--json"_s};
        const CliRun wide = cli(query);
        QVERIFY2(wide.ok(), qPrintable(wide.describe()));
        const int hits = wide.json().value(u"candidates"_s).toArray().size();
        QVERIFY(hits > 0);

        const CliRun narrow = cli(query + QStringList{u"--budget-tokens"_s, u"1"_s});
        QVERIFY2(narrow.ok(), qPrintable(narrow.describe()));
        QVERIFY(narrow.json().value(u"candidates"_s).toArray().isEmpty());
        const QString notes =
            narrow.json().value(u"notes"_s).toVariant().toStringList().join(u" | "_s);
        QVERIFY2(!notes.contains(u"no indexed hits"_s), qPrintable(notes));
        QVERIFY2(notes.contains(u"token budget of 1 dropped all %1 hit"_s.arg(hits)),
                 qPrintable(notes));
    }

    // Item 13: stored text cannot forge a row or retitle the terminal.
    void storedControlCharactersAreEscapedInTextOutput()
    {
        // A forged row, an OSC retitle, a tab, an 8-bit CSI and a right-to-left override.
        const QString title = u"Lost row\nPR-66     published verified  data  FORGED"
                              "\x1b]0;pwned\x07\tcol\u009b2J\u202eevil"_s;
        const QJsonObject arrival{{u"type"_s, u"arrival"_s},
                                  {u"tenant"_s, u"studio"_s},
                                  {u"source_system"_s, u"servicedesk"_s},
                                  {u"source_request"_s, u"SD-7001"_s},
                                  {u"source_revision"_s, u"1"_s},
                                  {u"delivery_id"_s, u"d-7001"_s},
                                  {u"received_at"_s, u"2026-03-01T09:00:00Z"_s},
                                  {u"title"_s, title},
                                  {u"object"_s, u"policy/P-1/register"_s},
                                  {u"request_type"_s, u"data-correction"_s},
                                  {u"product"_s, u"lifeline"_s},
                                  {u"product_version"_s, u"4.2"_s},
                                  {u"body"_s, u"b"_s}};
        const QJsonObject proposal{{u"type"_s, u"proposal"_s},
                                   {u"id"_s, u"PR-70"_s},
                                   {u"case"_s, u"studio/servicedesk/SD-7001"_s},
                                   {u"kind"_s, u"experience"_s},
                                   {u"domain"_s, u"data"_s},
                                   {u"title"_s, title},
                                   {u"synopsis"_s, u"s\x1b[2J"_s},
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
        const QString file = writeFile(
            u"hostile.jsonl"_s, QJsonDocument(arrival).toJson(QJsonDocument::Compact) + '\n' +
                                    QJsonDocument(proposal).toJson(QJsonDocument::Compact) + '\n');
        const CliRun ingest = cli({u"ingest"_s, file});
        QVERIFY2(ingest.ok(), qPrintable(ingest.describe()));

        const CliRun list = cli({u"proposals"_s});
        QVERIFY2(list.ok(), qPrintable(list.describe()));
        QVERIFY2(!hasRawControl(list.out), list.out.constData());
        const QList<QByteArray> lines = list.out.trimmed().split('\n');
        for (const QByteArray &line : lines)
            QVERIFY2(!line.startsWith("PR-66"), line.constData()); // no forged row
        QCOMPARE(lines.size(), 1 + 17 + 1);                        // header, rows, count
        QVERIFY(list.out.contains("Lost row\\nPR-66"));
        QVERIFY(list.out.contains("FORGED\\x1b]0;pwned\\x07\\tcol\\x9b2J\\u202eevil"));
        QVERIFY(!list.out.contains("\xc2\x9b"));     // U+009B, raw
        QVERIFY(!list.out.contains("\xe2\x80\xae")); // U+202E, raw

        for (const QString &ref : {u"PR-70"_s, u"studio/servicedesk/SD-7001"_s}) {
            const CliRun show = cli({u"show"_s, ref});
            QVERIFY2(show.ok(), qPrintable(show.describe()));
            QVERIFY2(!hasRawControl(show.out), show.out.constData());
            for (const QByteArray &line : show.out.split('\n'))
                QVERIFY2(!line.startsWith("PR-66"), line.constData());
            QVERIFY(show.out.contains("\\x1b]0;pwned\\x07"));
        }
        // JSON keeps the value itself (its own escaping makes it safe).
        const CliRun json = cli({u"show"_s, u"PR-70"_s, u"--json"_s});
        QVERIFY(json.json()
                    .value(u"revision"_s)
                    .toObject()
                    .value(u"title"_s)
                    .toString()
                    .contains(u"\n"_s + u"PR-66"_s));
    }

    // Issue #36, item 5: `export queue` writes a file format to standard
    // output. To a terminal its stored text is escaped in every format; to
    // a pipe (or --out) it is exact, for the program reading it.
    void exportQueueToATerminalIsEscapedAndToAPipeExact()
    {
        const QString title = u"T\x1b]0;pwned\x07 \x1b[2J\rback\u009b2J\u202eevil"_s;
        QJsonObject proposal{{u"type"_s, u"proposal"_s},
                             {u"id"_s, u"PR-71"_s},
                             {u"kind"_s, u"experience"_s},
                             {u"domain"_s, u"data"_s},
                             {u"title"_s, title},
                             {u"proof_level"_s, u"proposed"_s},
                             {u"proposed_by"_s, u"agent"_s},
                             {u"proposed_at"_s, u"2026-03-04T08:00:00Z"_s}};
        const QString file = writeFile(
            u"terminal.jsonl"_s, QJsonDocument(proposal).toJson(QJsonDocument::Compact) + '\n');
        const CliRun ingest = cli({u"ingest"_s, file});
        QVERIFY2(ingest.ok(), qPrintable(ingest.describe()));
        for (const QString &format : {u"csv"_s, u"json"_s, u"jsonl"_s}) {
            const QStringList arguments{u"export"_s, u"queue"_s, u"--format"_s, format};
            const CliRun shown = runOnTerminal(m_demo, arguments);
            if (shown.exitCode == -1)
                QSKIP("no pseudo-terminal can be opened here (a chroot without /dev/pts?)");
            QVERIFY2(shown.ok(), qPrintable(format + u": "_s + shown.describe()));
            QVERIFY2(shown.out.contains("PR-71"), shown.out.constData());
            QVERIFY2(!shown.out.contains('\x1b') && !shown.out.contains('\x07'),
                     qPrintable(format));
            QVERIFY(!shown.out.contains("\xc2\x9b") && !shown.out.contains("\xe2\x80\xae"));
            // No CR but a CSV line's own CR LF.
            QVERIFY2(!QByteArray(shown.out).replace("\r\n", "\n").contains('\r'),
                     qPrintable(format));
            QVERIFY2(shown.out.contains("\\u202eevil"), shown.out.constData());
            const CliRun piped = cli(arguments);
            QVERIFY2(piped.ok(), qPrintable(piped.describe()));
            if (format == u"csv"_s) // the document itself, not an escaped view of it
                QVERIFY2(piped.out.contains(title.toUtf8()), piped.out.constData());
            else
                QVERIFY(piped.out.contains("\xe2\x80\xae"));
        }
    }

    // A refusal quoting what was typed stays one line on stderr.
    void aRefusalQuotingControlCharactersStaysOneLine()
    {
        const CliRun run = cli({u"show"_s, u"EXP-1\n\x1b]0;pwned\x07"_s});
        QCOMPARE(run.exitCode, 1);
        QCOMPARE(run.err.count('\n'), 1);
        QVERIFY(!hasRawControl(run.err));
        QVERIFY(run.err.contains("EXP-1\\n\\x1b]0;pwned\\x07"));
    }
};

QTEST_GUILESS_MAIN(TestCliErrors)
#include "tst_clierrors.moc"
