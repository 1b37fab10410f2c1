// A new database is not a dead end: the real main window on an empty file
// shows the welcome page (create the demo, open, both imports) and, while no
// principal is mapped to the login, how to add one; a principal imported
// anywhere lets the user in at the next change, without reopening the file.

#include "DemoDatabase.h"
#include "FileChooser.h"
#include "FileMenu.h"
#include "JsonLinesImport.h"
#include "Paths.h"
#include "TestPaths.h"
#include "UiFixture.h"
#include "WelcomePage.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>

using namespace cw;
using namespace cw::test;

namespace {

// A database as File › New makes it: the schema, no principal, nothing else.
class EmptyDatabase
{
public:
    EmptyDatabase()
        : path(dir.filePath(QStringLiteral("new.db")))
    {
        QStandardPaths::setTestModeEnabled(true);
        if (!Database::open(path))
            qFatal("cannot create %s", qPrintable(path));
    }

    // As the application opens it: the OS login resolved (to nobody here).
    std::unique_ptr<MainWindow> window() const
    {
        QString error;
        std::unique_ptr<MainWindow> w(MainWindow::openFile(path, false, &error));
        if (!w)
            qFatal("%s", qPrintable(error));
        w->setAttribute(Qt::WA_DeleteOnClose, false);
        w->show();
        if (!QTest::qWaitForWindowExposed(w.get()))
            qWarning("window not exposed");
        return w;
    }

    // Another process writes JSON Lines into the file.
    bool ingest(const QByteArray &lines) const
    {
        const QString file = dir.filePath(QStringLiteral("setup-%1.jsonl").arg(++m_files));
        QFile out(file);
        if (!out.open(QIODevice::WriteOnly) || out.write(lines) != lines.size())
            return false;
        out.close();
        auto db = Database::open(path);
        FixedClock clock(QDateTime(QDate(2026, 5, 1), QTime(9, 0), QTimeZone::utc()));
        auto done = JsonLinesImport(**db, clock, QStringLiteral("bootstrap")).run(file);
        if (!done)
            qWarning("%s", qPrintable(done.error()));
        return done.ok();
    }

    QTemporaryDir dir;
    QString path;

private:
    mutable int m_files = 0;
};

QByteArray principalLine(const QString &id, const QString &osUser, const QString &role)
{
    return QStringLiteral("{\"type\":\"principal\",\"id\":\"%1\",\"name\":\"%1\","
                          "\"os_user\":\"%2\",\"roles\":[\"%3\"]}\n")
        .arg(id, osUser, role)
        .toUtf8();
}

QString principalLabel(const MainWindow &window)
{
    auto *label = window.findChild<QLabel *>(QStringLiteral("principalLabel"));
    return label ? label->text() : QString();
}

QPushButton *button(const MainWindow &window, const char *actionName)
{
    return window.welcomePage()->findChild<QPushButton *>(QLatin1String(actionName) +
                                                          QStringLiteral("Button"));
}

MainWindow *otherWindow(const MainWindow &window)
{
    for (QWidget *top : QApplication::topLevelWidgets()) {
        auto *other = qobject_cast<MainWindow *>(top);
        if (other && other != &window && other->isVisible())
            return other;
    }
    return nullptr;
}

// The window an Open replaced this one with; the test owns it from here.
std::unique_ptr<MainWindow> openedInsteadOf(const MainWindow &window)
{
    MainWindow *other = otherWindow(window);
    if (other)
        other->setAttribute(Qt::WA_DeleteOnClose, false);
    return std::unique_ptr<MainWindow>(other);
}

QString notice(const MainWindow &window)
{
    auto *box = window.findChild<QMessageBox *>(QStringLiteral("warningNotice"));
    return box ? box->text() : QString();
}

} // namespace

class WelcomeTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        QStandardPaths::setTestModeEnabled(true);
        FileChooser::reset();
        DemoDatabase::setCliProgram(QString());
    }

    void aNewDatabaseShowsTheWelcomePageWithItsFourWays()
    {
        EmptyDatabase empty;
        auto window = empty.window();
        QVERIFY(window->showsWelcome());
        QVERIFY(window->welcomePage()->isVisible());
        QVERIFY(!window->queue()->isVisible());
        for (const char *name : {"createDemoAction", "openDatabaseAction", "importMemoryAction",
                                 "importJsonLinesAction"}) {
            QPushButton *b = button(*window, name);
            QVERIFY2(b && b->isVisible(), name);
            QVERIFY2(b->isEnabled(), name);
        }
        QCOMPARE(button(*window, "createDemoAction")->text(),
                 QStringLiteral("Create &Demo Database…"));
    }

    void withoutAPrincipalItSaysExactlyHowToAddOneForTheLogin()
    {
        EmptyDatabase empty;
        auto window = empty.window();
        QVERIFY(!window->session().actor());
        const QString login = Paths::osLoginName();
        const QString help = window->welcomePage()->principalHelp();
        QVERIFY2(help.contains(QStringLiteral("<b>%1</b>").arg(login)), qPrintable(help));
        // The command and the record, with the file and the login filled in.
        QVERIFY2(help.contains(QStringLiteral("curation-cli --db %1 init --admin").arg(empty.path)),
                 qPrintable(help));
        const QString record = QStringLiteral("{&quot;type&quot;:&quot;principal&quot;,"
                                              "&quot;id&quot;:&quot;%1&quot;")
                                   .arg(login);
        QVERIFY2(help.contains(record), qPrintable(help));
        QVERIFY2(help.contains(QStringLiteral("&quot;os_user&quot;:&quot;%1&quot;").arg(login)),
                 qPrintable(help));
        auto *label = window->welcomePage()->findChild<QLabel *>(QStringLiteral("principalHelp"));
        QVERIFY(label->textInteractionFlags() & Qt::TextSelectableByMouse);
    }

    // Once principals exist (not the user's), the way in is an admin's import.
    void withPrincipalsButNoneForTheLoginItNamesTheAdminsAndTheIngestCommand()
    {
        EmptyDatabase empty;
        QVERIFY(empty.ingest(principalLine(QStringLiteral("ada"), QStringLiteral("ada-login"),
                                           QStringLiteral("admin"))));
        auto window = empty.window();
        const QString help = window->welcomePage()->principalHelp();
        QVERIFY2(help.contains(QStringLiteral("Ask an admin (ada)")), qPrintable(help));
        QVERIFY2(help.contains(
                     QStringLiteral("curation-cli --db %1 ingest principal.jsonl").arg(empty.path)),
                 qPrintable(help));
        QVERIFY2(!help.contains(QStringLiteral("init --admin")), qPrintable(help));
    }

    void thePageGoesOnceAnotherProcessWritesTheDemo()
    {
        EmptyDatabase empty;
        auto window = empty.window();
        QVERIFY(window->showsWelcome());
        {
            auto db = Database::open(empty.path);
            FixedClock clock(QDateTime(QDate(2026, 5, 1), QTime(9, 0), QTimeZone::utc()));
            QVERIFY(DemoBuilder(**db, clock, QStringLiteral("tester")).build(0));
        }
        QTRY_VERIFY_WITH_TIMEOUT(!window->showsWelcome(), 5000);
        QVERIFY(window->queue()->isVisible());
    }

    // The buttons are the File menu's actions: Import JSON Lines asks for a
    // file, imports it off the GUI thread, and the import lets the user in.
    void aPrincipalImportedFromThePageLetsTheUserIn()
    {
        EmptyDatabase empty;
        auto window = empty.window();
        QVERIFY(principalLabel(*window).startsWith(QStringLiteral("No principal")));
        QVERIFY(!window->dockPanel(QStringLiteral("queryDock")));
        const QString login = Paths::osLoginName();
        const QString file = empty.dir.filePath(QStringLiteral("me.jsonl"));
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(principalLine(login, login, QStringLiteral("admin")));
        out.close();

        FileChooser::setNextAnswer(file);
        button(*window, "importJsonLinesAction")->click();
        QCOMPARE(FileChooser::lastTitle(), QStringLiteral("Import JSON Lines"));
        QTRY_VERIFY2_WITH_TIMEOUT(window->session().actor().has_value(),
                                  qPrintable(notice(*window)), 5000);
        QCOMPARE(window->session().actor()->real.id, login);
        QCOMPARE(principalLabel(*window), QStringLiteral("Signed in as %1 (admin)").arg(login));
        // Still nothing to review, but nothing left to explain about principals.
        QVERIFY(window->showsWelcome());
        QVERIFY(window->welcomePage()->principalHelp().isEmpty());
        // The panels that act as someone are there now, and View As for the admin.
        QVERIFY(window->dockPanel(QStringLiteral("queryDock")));
        QVERIFY(window->findChild<QMenu *>(QStringLiteral("viewAsMenu")));
        QVERIFY(window->findChild<QAction *>(QStringLiteral("showQueryAction"))->isEnabled());
    }

    void aPrincipalImportedByAnotherProcessIsPickedUpAtTheNextChange()
    {
        EmptyDatabase empty;
        auto window = empty.window();
        const QString login = Paths::osLoginName();
        // Someone else's principal first: still nobody to act as, and the
        // reason says what changed (there are principals now).
        QVERIFY(empty.ingest(principalLine(QStringLiteral("ada"), QStringLiteral("ada-login"),
                                           QStringLiteral("admin"))));
        QTRY_VERIFY_WITH_TIMEOUT(
            window->welcomePage()->principalHelp().contains(QStringLiteral("Ask an admin (ada)")),
            5000);
        QVERIFY(!window->session().actor());
        QVERIFY(principalLabel(*window).startsWith(QStringLiteral("No principal")));

        QVERIFY(
            empty.ingest(principalLine(QStringLiteral("me"), login, QStringLiteral("curator"))));
        QTRY_VERIFY_WITH_TIMEOUT(window->session().actor().has_value(), 5000);
        QCOMPARE(window->session().actor()->effective.id, QStringLiteral("me"));
        QCOMPARE(principalLabel(*window), QStringLiteral("Signed in as me (curator)"));
        QVERIFY(window->dockPanel(QStringLiteral("queryDock")));
        // A curator: no View As.
        QVERIFY(!window->findChild<QMenu *>(QStringLiteral("viewAsMenu")));
    }

    // An admin's --as names someone who is not there yet: once both exist,
    // the session acts as that principal, as the command line would.
    void aRequestedPrincipalIsHonouredWhenItArrives()
    {
        EmptyDatabase empty;
        const QString login = Paths::osLoginName();
        QString error;
        std::unique_ptr<MainWindow> window(
            MainWindow::openFile(empty.path, false, &error, QStringLiteral("cora")));
        QVERIFY(window);
        window->setAttribute(Qt::WA_DeleteOnClose, false);
        QVERIFY(empty.ingest(principalLine(QStringLiteral("me"), login, QStringLiteral("admin")) +
                             principalLine(QStringLiteral("cora"), QStringLiteral("cora-login"),
                                           QStringLiteral("curator"))));
        QTRY_VERIFY_WITH_TIMEOUT(window->session().actor().has_value(), 5000);
        QCOMPARE(window->session().actor()->real.id, QStringLiteral("me"));
        QCOMPARE(window->session().actor()->effective.id, QStringLiteral("cora"));
    }

    void createDemoMakesANewFileAndOpensItReadyToReview()
    {
        EmptyDatabase empty;
        auto window = empty.window();
        DemoDatabase::setCliProgram(TestPaths::cliPath());
        const QString demo = empty.dir.filePath(QStringLiteral("demo.db"));
        FileChooser::setNextAnswer(demo);
        button(*window, "createDemoAction")->click();
        QCOMPARE(FileChooser::lastTitle(), QStringLiteral("Create Demo Database"));
        QTRY_VERIFY2_WITH_TIMEOUT(otherWindow(*window), qPrintable(notice(*window)), 60000);
        auto opened = openedInsteadOf(*window);
        QCOMPARE(opened->session().db().path(), demo);
        QVERIFY(!opened->showsWelcome());
        // The demo makes the login its admin.
        QVERIFY(opened->session().actor());
        QCOMPARE(opened->session().actor()->real.osUser, Paths::osLoginName());
        QTRY_VERIFY(opened->proposalModel()->rowCount() > 0);
    }

    void createDemoNeverReusesAFile()
    {
        EmptyDatabase empty;
        auto window = empty.window();
        DemoDatabase::setCliProgram(TestPaths::cliPath());
        FileChooser::setNextAnswer(empty.path);
        window->findChild<QAction *>(QStringLiteral("createDemoAction"))->trigger();
        QTRY_VERIFY(notice(*window).contains(QStringLiteral("already exists")));
        QVERIFY(!openedInsteadOf(*window));
    }

    void withoutTheCommandLineCreateDemoSaysWhatToInstallOrRun()
    {
        EmptyDatabase empty;
        auto window = empty.window();
        DemoDatabase::setCliProgram(empty.dir.filePath(QStringLiteral("no-such-cli")));
        const QString demo = empty.dir.filePath(QStringLiteral("demo.db"));
        FileChooser::setNextAnswer(demo);
        window->findChild<QAction *>(QStringLiteral("createDemoAction"))->trigger();
        QTRY_VERIFY(!notice(*window).isEmpty());
        QVERIFY2(notice(*window).contains(QStringLiteral("could not be started")),
                 qPrintable(notice(*window)));
        QVERIFY(!openedInsteadOf(*window));
        QVERIFY(!QFile::exists(demo));
    }
};

QTEST_MAIN(WelcomeTest)
#include "tst_welcome.moc"
