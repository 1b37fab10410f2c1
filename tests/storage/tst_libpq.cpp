// libpq is loaded when a server database is first opened, never for a file
// (storage/internal/LibPq.h): a curation-cli that opens a file maps none of
// the 22 libraries libpq brings, and a machine without libpq still opens
// files. When the library cannot be loaded, opening a server says which
// library is missing and how to install it. No server needed.

#include "CliRunner.h"
#include "Database.h"
#include "LibPq.h"

#include <QTemporaryDir>
#include <QTest>

using namespace cw;
using namespace cw::test;
using namespace Qt::StringLiterals;

class TestLibPq : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aFileIsOpenedWithoutLoadingTheServerLibrary()
    {
        QTemporaryDir dir;
        auto db = Database::open(dir.filePath(u"cw.db"_s));
        QVERIFY2(db, qPrintable(db.error()));
        QVERIFY(!libpq::isLoaded());
    }

    // The dynamic loader lists every library it maps (LD_DEBUG=files).
    void theCommandLineOnAFileNeverMapsLibpq()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(u"cw.db"_s);
        QVERIFY(runCli(file, {u"init"_s}).ok());
        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(u"LD_DEBUG"_s, u"files"_s);
        process.setProcessEnvironment(environment);
        process.start(TestPaths::cliPath(), cliArguments(file, {u"--json"_s, u"lag"_s}));
        const CliRun run = finishCli(process);
        QVERIFY2(run.ok(), qPrintable(run.describe()));
        QVERIFY2(run.err.contains("file=libQt6Core.so"), run.err.left(400).constData());
        QVERIFY2(!run.err.contains("libpq"), "curation-cli mapped libpq to read a file");
    }

    void aMissingLibraryIsNamedWithItsPackage()
    {
        auto loaded = libpq::load("libpq-that-is-not-installed.so.5");
        QVERIFY(!loaded);
        QVERIFY2(loaded.error().contains(u"libpq-that-is-not-installed.so.5"_s),
                 qPrintable(loaded.error()));
        QVERIFY2(loaded.error().contains(u"apt install libpq5"_s), qPrintable(loaded.error()));
    }

    // On a server the connection error comes after the library loaded:
    // nothing listens on port 1.
    void aServerLoadsItOnTheFirstConnection()
    {
        auto db = Database::open(u"postgresql://nobody@127.0.0.1:1/none?connect_timeout=2"_s,
                                 Database::Mode::OpenExisting);
        QVERIFY(!db);
        QVERIFY2(db.error().contains(u"cannot connect"_s), qPrintable(db.error()));
        QVERIFY(libpq::isLoaded());
        auto functions = libpq::load(libpq::soname);
        QVERIFY2(functions, qPrintable(functions.error()));
        QVERIFY(functions->PQconnectdbParams && functions->PQunescapeBytea);
    }
};

QTEST_GUILESS_MAIN(TestLibPq)
#include "tst_libpq.moc"
