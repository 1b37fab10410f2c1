// Commands that only read open the database read-only: they work on a
// read-only file and in a read-only folder, and leave the file exactly as it
// was (issue 10, item 14). Tests run as root in CI, where permissions do not
// stop a write: they check the bytes, the modification time and the absence
// of -wal/-shm files instead of relying on a permission error.
// And a full disk reads as a full disk (item 15).

#include "CliRunner.h"
#include "TestPaths.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace cw::test;
using namespace Qt::StringLiterals;

namespace {

struct FileState
{
    QByteArray hash;
    QDateTime modified;
    bool operator==(const FileState &) const = default;
};

FileState stateOf(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return {QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256),
            QFileInfo(path).lastModified()};
}

const QFileDevice::Permissions ReadOnly =
    QFileDevice::ReadOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther;
const QFileDevice::Permissions ReadOnlyFolder =
    ReadOnly | QFileDevice::ExeOwner | QFileDevice::ExeGroup | QFileDevice::ExeOther;
const QFileDevice::Permissions Writable = ReadOnlyFolder | QFileDevice::WriteOwner;

} // namespace

class TestReadOnly : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_source; // a demo database, projected, closed cleanly

    // A copy of the demo database in its own folder (no -wal, no -shm).
    QString copyInto(const QString &folder)
    {
        QDir().mkpath(m_dir.filePath(folder));
        const QString path = m_dir.filePath(folder + u"/demo.db"_s);
        QFile::remove(path);
        return QFile::copy(m_source, path) ? path : QString();
    }

    static QStringList readCommands()
    {
        return {u"proposals"_s,
                u"show PR-1"_s,
                u"show studio/servicedesk/SD-1598"_s,
                u"show DEC-4"_s,
                u"lag"_s,
                u"memory-search --mode A --domain data"_s,
                u"memory-search --mode B register"_s,
                u"memory-search --mode C DEC-1"_s,
                u"rebuild --verify"_s};
    }

    static void runEveryReadCommand(const QString &db)
    {
        for (const QString &command : readCommands()) {
            for (const bool json : {false, true}) {
                QStringList arguments = command.split(u' ');
                if (json)
                    arguments << u"--json"_s;
                const CliRun run = runCli(db, arguments);
                QVERIFY2(run.ok(), qPrintable(command + u": "_s + run.describe()));
                if (json)
                    QVERIFY2(!run.json().isEmpty(), qPrintable(command));
            }
        }
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_source = m_dir.filePath(u"source/demo.db"_s);
        QVERIFY(QDir().mkpath(m_dir.filePath(u"source"_s)));
        QVERIFY(runCli(m_source, {u"demo"_s}).ok());
        QVERIFY(runCli(m_source, {u"project"_s}).ok());
        // The last connection closed: everything is in the main file.
        QVERIFY(!QFileInfo::exists(m_source + u"-wal"_s));
    }

    void readCommandsWorkInAReadOnlyFolderAndWriteNothing()
    {
        const QString db = copyInto(u"ro-folder"_s);
        QVERIFY(!db.isEmpty());
        const QString folder = QFileInfo(db).absolutePath();
        QVERIFY(QFile::setPermissions(db, ReadOnly));
        QVERIFY(QFile::setPermissions(folder, ReadOnlyFolder));
        const FileState before = stateOf(db);
        QTest::qWait(20); // a write would show in the modification time

        runEveryReadCommand(db);

        const FileState after = stateOf(db);
        const QStringList entries = QDir(folder).entryList(QDir::Files);
        QVERIFY(QFile::setPermissions(folder, Writable));
        QVERIFY(QFile::setPermissions(db, Writable));
        QVERIFY(before == after);
        QCOMPARE(entries, QStringList{u"demo.db"_s}); // no -wal, no -shm, no journal
    }

    void readCommandsWorkOnAReadOnlyFileAndLeaveItUnchanged()
    {
        const QString db = copyInto(u"ro-file"_s);
        QVERIFY(!db.isEmpty());
        QVERIFY(QFile::setPermissions(db, ReadOnly));
        const FileState before = stateOf(db);
        QTest::qWait(20);

        runEveryReadCommand(db);

        QVERIFY(stateOf(db) == before);
        QVERIFY(QFile::setPermissions(db, Writable));
    }

    // A write command on the same read-only folder still writes where the
    // process may (or is refused where it may not); the read commands' mode
    // is per command, not sticky.
    void aWriteCommandStillWritesAfterReads()
    {
        const QString db = copyInto(u"rw"_s);
        QVERIFY(!db.isEmpty());
        runEveryReadCommand(db);
        const CliRun query =
            runCli(db, {u"query"_s, u"--strategy"_s, u"configuration"_s, u"--json"_s});
        QVERIFY2(query.ok(), qPrintable(query.describe()));
        QVERIFY(query.json().value(u"memory_use_id"_s).toInteger() > 0);
    }

    // The disk is full: said as such, for a write and for a read that cannot
    // create the -shm file SQLite needs. Needs a small file system of its
    // own: a tmpfs in a private mount namespace (unshare), skipped where the
    // machine does not allow one.
    void aFullDiskReadsAsAFullDisk()
    {
        const QString unshare = QStandardPaths::findExecutable(u"unshare"_s);
        if (unshare.isEmpty())
            QSKIP("unshare is not installed");
        const QString mountPoint = m_dir.filePath(u"full"_s);
        QVERIFY(QDir().mkpath(mountPoint));
        const QString big = m_dir.filePath(u"big.jsonl"_s);
        {
            QFile file(big);
            QVERIFY(file.open(QIODevice::WriteOnly));
            const QJsonObject tenant{{u"type"_s, u"tenant"_s},
                                     {u"id"_s, u"t-big"_s},
                                     {u"name"_s, QString(400000, u'x')}};
            file.write(QJsonDocument(tenant).toJson(QJsonDocument::Compact) + '\n');
        }
        // init; fill the disk, then free 200 kB: room to open, not to commit
        // the big tenant. Then fill it completely: no room even for -shm.
        const QString script =
            QStringLiteral("set -e\n"
                           "mount -t tmpfs -o size=2m none \"$1\"\n"
                           "\"$2\" --db \"$1/x.db\" init >/dev/null\n"
                           "dd if=/dev/zero of=\"$1/filler\" bs=4k 2>/dev/null || true\n"
                           "rm \"$1/filler\"\n"
                           "dd if=/dev/zero of=\"$1/filler\" bs=4k count=$(( ($(df -k "
                           "--output=avail \"$1\" | tail -1) - 200) / 4 )) 2>/dev/null\n"
                           "set +e\n"
                           "\"$2\" --db \"$1/x.db\" ingest \"$3\" --json; echo \"exit=$?\"\n"
                           "dd if=/dev/zero of=\"$1/filler2\" bs=4k 2>/dev/null\n"
                           "\"$2\" --db \"$1/x.db\" lag --json; echo \"exit=$?\"\n");
        QProcess process;
        process.start(unshare, {u"-rm"_s, u"sh"_s, u"-c"_s, script, u"sh"_s, mountPoint,
                                TestPaths::cliPath(), big});
        const CliRun run = finishCli(process);
        if (run.exitCode != 0 && run.out.isEmpty())
            QSKIP(qPrintable(u"no private tmpfs here: "_s + QString::fromUtf8(run.err)));
        // Two refusals, each "the disk is full" with the path, kind io.
        const QList<QByteArray> lines = run.err.trimmed().split('\n');
        QCOMPARE(lines.size(), 2);
        for (const QByteArray &line : lines) {
            QVERIFY2(line.contains("the disk is full: nothing was written"), line.constData());
            QVERIFY2(line.contains(QString(mountPoint + u"/x.db"_s).toUtf8()), line.constData());
            QVERIFY2(!line.contains("cannot read the file"), line.constData());
        }
        QCOMPARE(run.out.count("\"kind\": \"io\""), 2);
        QCOMPARE(run.out.count("exit=1"), 2);
    }
};

QTEST_GUILESS_MAIN(TestReadOnly)
#include "tst_readonly.moc"
