// Who may read a database file (issue #36, item 2): every new file is the
// creating login's alone (0600), its -wal file and a backup too, whatever
// the umask; `init --group` shares a new file with a group (0660); `check`
// warns about a file others may read. Tests run as root in CI, where modes do
// not stop a read: the other user is played by `setpriv` as nobody.

#include "CliRunner.h"
#include "Database.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <grp.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace cw;
using namespace cw::test;
using namespace Qt::StringLiterals;

namespace {

mode_t modeOf(const QString &path)
{
    struct stat status
    {
    };
    if (::stat(QFile::encodeName(path).constData(), &status) != 0)
        return 07777;
    return status.st_mode & 0777;
}

gid_t groupOf(const QString &path)
{
    struct stat status
    {
    };
    ::stat(QFile::encodeName(path).constData(), &status);
    return status.st_gid;
}

QString primaryGroupName()
{
    const struct group *entry = ::getgrgid(::getgid());
    return entry ? QString::fromLocal8Bit(entry->gr_name) : QString();
}

// The CLI run with an umask that would let everyone read what it creates.
CliRun runCliWithOpenUmask(const QString &db, const QStringList &arguments)
{
    QProcess process;
    process.setChildProcessModifier([] { ::umask(0); });
    process.start(TestPaths::cliPath(), cliArguments(db, arguments));
    return finishCli(process);
}

// Whether the unprivileged user nobody can read the file (root reads
// anything, so the tests ask as nobody when they run as root).
bool nobodyCanRead(const QString &path)
{
    QProcess cat;
    if (::geteuid() == 0)
        cat.start(u"setpriv"_s,
                  {u"--reuid=65534"_s, u"--regid=65534"_s, u"--clear-groups"_s, u"cat"_s, path});
    else
        return QFileInfo(path).permissions().testFlag(QFileDevice::ReadOther);
    cat.waitForFinished(10000);
    return cat.exitStatus() == QProcess::NormalExit && cat.exitCode() == 0;
}

} // namespace

class FileModesTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
        // The folder lets anyone in, so that only the file's own mode stands
        // between another user and its contents.
        QVERIFY(QFile::setPermissions(m_dir->path(), QFileDevice::Permissions(0x7755)));
        m_db = m_dir->filePath(u"team.db"_s);
    }
    void cleanup() { m_dir.reset(); }

    void aNewDatabaseIsTheOwnersAloneWhateverTheUmask();
    void anotherUserCannotReadANewDatabaseButCouldReadAnOpenOne();
    void itsWalFileAndABackupArePrivateToo();
    void initGroupSharesANewFileWithTheGroup();
    void initGroupRefusesAnUnknownGroupAndCreatesNothing();
    void initGroupDoesNotChangeAnExistingFile();
    void checkWarnsAboutAFileOthersMayRead();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_db;
};

void FileModesTest::aNewDatabaseIsTheOwnersAloneWhateverTheUmask()
{
    const CliRun init = runCliWithOpenUmask(m_db, {u"init"_s});
    QVERIFY2(init.ok(), qPrintable(init.describe()));
    QCOMPARE(modeOf(m_db), mode_t(0600));
    // `demo` creates its file through the same open (and so do `copy --to`
    // a file and the workbench's File › New).
    const QString demo = m_dir->filePath(u"demo.db"_s);
    const CliRun built = runCliWithOpenUmask(demo, {u"demo"_s});
    QVERIFY2(built.ok(), qPrintable(built.describe()));
    QCOMPARE(modeOf(demo), mode_t(0600));
}

void FileModesTest::anotherUserCannotReadANewDatabaseButCouldReadAnOpenOne()
{
    const CliRun demo = runCli(m_db, {u"demo"_s});
    QVERIFY2(demo.ok(), qPrintable(demo.describe()));
    QVERIFY(!nobodyCanRead(m_db));
    // The same file with the mode init used to give it: the check above can
    // fail, and fails for the reason the issue reproduced.
    QVERIFY(QFile::setPermissions(m_db, QFileDevice::Permissions(0x6644)));
    QVERIFY(nobodyCanRead(m_db));
}

void FileModesTest::itsWalFileAndABackupArePrivateToo()
{
    const CliRun init = runCli(m_db, {u"init"_s});
    QVERIFY2(init.ok(), qPrintable(init.describe()));
    const mode_t previous = ::umask(0);
    auto db = Database::open(m_db, Database::Mode::OpenExisting);
    QVERIFY2(db, qPrintable(db.error()));
    QVERIFY((*db)->queryInt("SELECT count(*) FROM principals"));
    QVERIFY(QFileInfo::exists(m_db + u"-wal"_s));
    QCOMPARE(modeOf(m_db + u"-wal"_s), mode_t(0600));
    QCOMPARE(modeOf(m_db + u"-shm"_s), mode_t(0600));
    const QString backup = m_dir->filePath(u"backup.db"_s);
    const auto done = (*db)->backupTo(backup);
    ::umask(previous);
    QVERIFY2(done, qPrintable(done.error()));
    QCOMPARE(modeOf(backup), mode_t(0600));
}

void FileModesTest::initGroupSharesANewFileWithTheGroup()
{
    const QString group = primaryGroupName();
    QVERIFY(!group.isEmpty());
    QProcess process;
    process.setChildProcessModifier([] { ::umask(077); });
    process.start(TestPaths::cliPath(), cliArguments(m_db, {u"init"_s, u"--group"_s, group}));
    const CliRun init = finishCli(process);
    QVERIFY2(init.ok(), qPrintable(init.describe()));
    QCOMPARE(modeOf(m_db), mode_t(0660));
    QCOMPARE(groupOf(m_db), ::getgid());
    // Run again it changes nothing, as init does.
    const CliRun again = runCli(m_db, {u"init"_s, u"--group"_s, group});
    QVERIFY2(again.ok(), qPrintable(again.describe()));
    QCOMPARE(modeOf(m_db), mode_t(0660));
}

void FileModesTest::initGroupRefusesAnUnknownGroupAndCreatesNothing()
{
    const CliRun init = runCli(m_db, {u"init"_s, u"--group"_s, u"cw-no-such-group"_s});
    QCOMPARE(init.exitCode, 1);
    QVERIFY2(init.err.contains("no group named cw-no-such-group"), init.err.constData());
    QVERIFY(!QFileInfo::exists(m_db));
    const CliRun server =
        runCli(u"postgresql://localhost/x"_s, {u"init"_s, u"--group"_s, primaryGroupName()});
    QCOMPARE(server.exitCode, 2);
    QVERIFY2(server.err.contains("--group is for a database file"), server.err.constData());
}

void FileModesTest::initGroupDoesNotChangeAnExistingFile()
{
    const CliRun init = runCli(m_db, {u"init"_s});
    QVERIFY2(init.ok(), qPrintable(init.describe()));
    const CliRun shared = runCli(m_db, {u"init"_s, u"--group"_s, primaryGroupName()});
    QCOMPARE(shared.exitCode, 1);
    QVERIFY2(shared.err.contains("exists already") && shared.err.contains("chmod 660"),
             shared.err.constData());
    QCOMPARE(modeOf(m_db), mode_t(0600));
}

void FileModesTest::checkWarnsAboutAFileOthersMayRead()
{
    const CliRun init = runCli(m_db, {u"init"_s, u"--admin"_s});
    QVERIFY2(init.ok(), qPrintable(init.describe()));
    const CliRun quiet = runCli(m_db, {u"check"_s, u"--json"_s});
    QVERIFY2(quiet.ok(), qPrintable(quiet.describe()));
    QCOMPARE(quiet.json().value(u"warnings"_s).toArray().size(), 0);

    QVERIFY(QFile::setPermissions(m_db, QFileDevice::Permissions(0x6644)));
    const CliRun text = runCli(m_db, {u"check"_s});
    QCOMPARE(text.exitCode, 0); // a warning, not damage
    QVERIFY2(text.err.contains("readable by every user on this machine (mode 0644)") &&
                 text.err.contains("chmod o-r"),
             text.err.constData());
    const CliRun json = runCli(m_db, {u"check"_s, u"--json"_s});
    QVERIFY2(json.ok(), qPrintable(json.describe()));
    const QJsonArray warnings = json.json().value(u"warnings"_s).toArray();
    // The main file first; a -wal file the read-only check left has its mode.
    QVERIFY(!warnings.isEmpty());
    QVERIFY(warnings.first().toString().startsWith(m_db + u" is readable"_s));
}

QTEST_GUILESS_MAIN(FileModesTest)
#include "tst_filemodes.moc"
