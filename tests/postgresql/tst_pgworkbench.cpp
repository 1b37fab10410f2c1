// The workbench on a PostgreSQL server: File › Connect to Server… opens the
// connected role's principal's queue (the same rows as `curation-cli
// proposals` for that role), a bad location is shown in the dialog and the
// window stays, a password in the location is neither remembered nor shown,
// a role that names no principal sees why and no data panels, a new
// database's welcome page names the role to map, an admin
// imports a memory folder into the server from the File menu, a curator
// verifies and rebuilds the server's projection in the lag monitor, and another
// process's decisions (a first sign-off too) and projector reach the queue
// and the lag badge through the server's notifications, with the session's
// poll timer off.

#include "CliProcess.h"
#include "ConnectServerDialog.h"
#include "FileChooser.h"
#include "LagBadge.h"
#include "LagMonitorPanel.h"
#include "MainWindow.h"
#include "ModalAnswer.h"
#include "PgDemo.h"
#include "ProposalListModel.h"
#include "Session.h"
#include "TestPaths.h"
#include "WelcomePage.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QGroupBox>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPointer>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace cw;
using namespace cw::test;
using namespace Qt::StringLiterals;

// How long a notification may take to reach the window: generous for the
// sanitizer build on a busy machine; a wait ends as soon as it holds.
constexpr int NotifiedWithinMs = 15000;

class TestPgWorkbench : public QObject, protected PgDemo
{
    Q_OBJECT

private:
    QString as(const QString &principal, const QString &database = {}) const
    {
        const Principal *p = byId(principal);
        return PgTestServer::uri(database.isEmpty() ? m_database : database,
                                 p ? p->role : QString());
    }

    // The workbench on a location, shown; nullptr (the reason warned) when
    // it cannot be opened.
    static std::unique_ptr<MainWindow> shownWindow(const QString &location)
    {
        QString error;
        std::unique_ptr<MainWindow> window(MainWindow::openFile(location, false, &error));
        if (!window)
            qWarning("%s", qPrintable(error));
        else
            window->show();
        return window;
    }

    // A window on an empty file: what the user had before connecting.
    MainWindow *startWindow()
    {
        QString error;
        MainWindow *window = MainWindow::openFile(
            m_dir.filePath(PgTestServer::unique(u"start"_s) + u".db"_s), true, &error);
        if (!window)
            qWarning("%s", qPrintable(error));
        else
            window->show();
        return window;
    }

    static ConnectServerDialog *openConnectDialog(MainWindow &window)
    {
        auto *action = window.findChild<QAction *>(u"connectServerAction"_s);
        if (!action)
            return nullptr;
        action->trigger();
        return window.findChild<ConnectServerDialog *>(u"connectServerDialog"_s);
    }

    static void typeAndConnect(ConnectServerDialog &dialog, const QString &location)
    {
        auto *combo = dialog.findChild<QComboBox *>(u"serverLocation"_s);
        QVERIFY(combo && combo->lineEdit());
        combo->lineEdit()->clear();
        QTest::keyClicks(combo->lineEdit(), location);
        auto *connect = dialog.findChild<QPushButton *>(u"connectButton"_s);
        QVERIFY(connect && connect->isEnabled());
        QTest::mouseClick(connect, Qt::LeftButton);
    }

    // Not inlined: GCC's -Wnull-dereference sees QPointer's null case
    // inside isVisible() when it is.
    [[gnu::noinline]] static bool stillShown(const QPointer<MainWindow> &window)
    {
        const MainWindow *shown = window.data();
        return shown && shown->isVisible();
    }

    // The main windows shown now, but `except`.
    static QList<MainWindow *> otherWindows(const MainWindow *except)
    {
        QList<MainWindow *> found;
        for (QWidget *w : QApplication::topLevelWidgets()) {
            auto *window = qobject_cast<MainWindow *>(w);
            if (window && window != except && window->isVisible())
                found << window;
        }
        return found;
    }

    static QStringList queueIds(MainWindow &window)
    {
        ProposalListModel *model = window.proposalModel();
        while (model->canFetchMore({}))
            model->fetchMore({});
        QStringList ids;
        for (int row = 0; row < model->rowCount(); ++row)
            ids << model->summaryAt(row)->id;
        return ids;
    }

    static QString statusOf(MainWindow &window, const QString &id)
    {
        ProposalListModel *model = window.proposalModel();
        const int row = model->rowOf(id);
        return row < 0 ? QString() : model->summaryAt(row)->status;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        setUpDemo(u"cw_workbench"_s);
        QVERIFY(byId(u"cora"_s) && byId(u"dora"_s));
    }

    void cleanupTestCase()
    {
        for (QWidget *w : QApplication::topLevelWidgets())
            delete qobject_cast<MainWindow *>(w);
        tearDownDemo();
    }

    // The loopback cluster trusts every role, so a password in the location
    // is sent for nothing: what the test checks is that it goes nowhere.
    void connectingShowsTheCuratorsQueueAndRemembersNoPassword()
    {
        QPointer<MainWindow> before = startWindow();
        QVERIFY(before);
        ConnectServerDialog *dialog = openConnectDialog(*before);
        QVERIFY(dialog);
        QUrl withPassword(as(u"cora"_s));
        withPassword.setPassword(u"s3cret-pw"_s);
        typeAndConnect(*dialog, withPassword.toString());

        QTRY_VERIFY(!stillShown(before));
        const QList<MainWindow *> windows = otherWindows(before);
        QCOMPARE(windows.size(), 1);
        MainWindow &window = *windows.first();
        QVERIFY(window.session().db().isServer());
        QVERIFY(window.session().actor().has_value());
        QCOMPARE(window.session().actor()->real.id, u"cora"_s);
        QAbstractItemModelTester tester(window.proposalModel(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);

        const CliRun cli =
            runCli(as(u"cora"_s), {u"--json"_s, u"proposals"_s, u"--limit"_s, u"1000"_s});
        QVERIFY2(cli.ok(), qPrintable(cli.describe()));
        QStringList expected;
        for (const QJsonValue &row : cli.json()[u"proposals"_s].toArray())
            expected << row[u"id"_s].toString();
        QVERIFY(!expected.isEmpty());
        QCOMPARE(queueIds(window), expected);

        // The location as the server shows it, without the password.
        const QStringList recent = ConnectServerDialog::recentServers();
        QVERIFY(!recent.isEmpty());
        QCOMPARE(recent.first(), as(u"cora"_s));
        QSettings settings;
        settings.sync();
        for (const QString &key : settings.allKeys())
            QVERIFY2(!settings.value(key).toString().contains(u"s3cret"_s), qPrintable(key));
        QFile stored(settings.fileName());
        QVERIFY(stored.open(QIODevice::ReadOnly));
        QVERIFY(!stored.readAll().contains("s3cret"));
        QVERIFY(!window.windowTitle().contains(u"s3cret"_s));
        auto *where = window.findChild<QLabel *>(u"databaseLabel"_s);
        QVERIFY(where && !where->text().contains(u"s3cret"_s));
        // Background readers connect with the whole location: the badge reads.
        QTRY_VERIFY2(window.lagBadge()->text().contains(u"pending"_s),
                     qPrintable(window.lagBadge()->text()));
        // A server is not backed up by copying a file.
        auto *backUp = window.findChild<QAction *>(u"backUpAction"_s);
        QVERIFY(backUp && !backUp->isEnabled() && backUp->toolTip().contains(u"pg_dump"_s));
        // The first window is gone; this one goes with the test.
        delete &window;
    }

    void aBadLocationIsShownInTheDialogAndTheWindowStays()
    {
        std::unique_ptr<MainWindow> window(startWindow());
        QVERIFY(window);
        ConnectServerDialog *dialog = openConnectDialog(*window);
        QVERIFY(dialog);
        // Port 1: nothing listens there.
        typeAndConnect(*dialog, u"postgresql://nobody:hidden-pw@127.0.0.1:1/nothing"_s);
        auto *error = dialog->findChild<QLabel *>(u"connectError"_s);
        QVERIFY(error);
        QTRY_VERIFY(error->isVisible());
        QVERIFY2(error->text().contains(u"127.0.0.1:1"_s), qPrintable(error->text()));
        // The dialog grew to show the whole message (it wraps; it is not cut).
        QVERIFY(dialog->height() >= dialog->sizeHint().height());
        QVERIFY2(!error->text().contains(u"hidden-pw"_s), qPrintable(error->text()));
        QVERIFY(dialog->isVisible());
        QVERIFY(window->isVisible());
        QVERIFY(otherWindows(window.get()).isEmpty());
        // What was typed stays, to be corrected.
        auto *combo = dialog->findChild<QComboBox *>(u"serverLocation"_s);
        QVERIFY(combo->currentText().contains(u"127.0.0.1:1"_s));
        QVERIFY(!ConnectServerDialog::recentServers().join(u' ').contains(u"hidden-pw"_s));

        // A file's path is not a server's: refused before anything is opened.
        typeAndConnect(*dialog, m_dir.filePath(u"not-a-server.db"_s));
        QVERIFY2(error->text().contains(u"not a server location"_s), qPrintable(error->text()));
        QVERIFY(!QFile::exists(m_dir.filePath(u"not-a-server.db"_s)));
        QVERIFY(otherWindows(window.get()).isEmpty());
        dialog->reject();
    }

    void aRoleThatNamesNoPrincipalIsToldWhy()
    {
        QString error;
        std::unique_ptr<MainWindow> window(
            MainWindow::openFile(PgTestServer::uri(m_database, m_stranger), false, &error));
        QVERIFY2(window, qPrintable(error));
        window->show();
        QVERIFY(!window->session().actor().has_value());
        auto *principal = window->findChild<QLabel *>(u"principalLabel"_s);
        QVERIFY(principal);
        QVERIFY2(principal->text().contains(m_stranger), qPrintable(principal->text()));
        QVERIFY2(principal->toolTip().contains(
                     u"no principal is mapped to database role '%1'"_s.arg(m_stranger)),
                 qPrintable(principal->toolTip()));
        // No panel that acts as a principal; whatever the queue lists, no case
        // (the server's policies show a member that is no principal none).
        for (const char *dock : {"queryDock", "evaluationDock", "compareDock"})
            QVERIFY2(!window->dockPanel(QString::fromLatin1(dock)), dock);
        ProposalListModel *model = window->proposalModel();
        for (int row = 0; row < model->rowCount(); ++row)
            QVERIFY2(model->summaryAt(row)->caseKey.isEmpty(),
                     qPrintable(model->summaryAt(row)->id));
    }

    // A new server database: the welcome page names the connection's role,
    // which maps the principal there, not the OS login.
    void aNewServerDatabaseSaysHowToMapItsDatabaseRole()
    {
        const QString database = PgTestServer::unique(u"cw_workbench_new"_s);
        QVERIFY(PgTestServer::createDatabase(database));
        const QString uri = PgTestServer::uri(database);
        const CliRun init = runCli(uri, {u"init"_s});
        QVERIFY2(init.ok(), qPrintable(init.describe()));
        auto window = shownWindow(uri);
        QVERIFY(window);
        QVERIFY(window->showsWelcome());
        auto *box = window->welcomePage()->findChild<QGroupBox *>(u"principalBox"_s);
        QVERIFY(box);
        QCOMPARE(box->title(), u"No principal is mapped to your database role"_s);
        const QString help = window->welcomePage()->principalHelp();
        QVERIFY2(help.contains(u"Your database role is <b>cw_owner</b>"_s), qPrintable(help));
        QVERIFY2(help.contains(u"init --admin"_s), qPrintable(help));
        QVERIFY2(help.contains(u"&quot;db_role&quot;:&quot;cw_owner&quot;"_s), qPrintable(help));
        QVERIFY2(!help.contains(u"os_user"_s), qPrintable(help));
        window.reset();
        QVERIFY(PgTestServer::dropDatabase(database));
    }

    // An admin imports a memory folder into the server from the File menu:
    // the background job writes there through its own connection, and the
    // server then holds the folder's decisions.
    void anAdminImportsAMemoryFolderIntoTheServer()
    {
        const QString database = freshDatabase(u"cw_workbench_import"_s);
        QVERIFY(!database.isEmpty());
        std::unique_ptr<MainWindow> window = shownWindow(as(u"admin"_s, database));
        QVERIFY(window);
        auto *importMemory = window->findChild<QAction *>(u"importMemoryAction"_s);
        QVERIFY(importMemory && importMemory->isEnabled());
        FileChooser::setNextAnswer(TestPaths::source("tests/data/memory"));
        importMemory->trigger();
        QTRY_VERIFY2_WITH_TIMEOUT(
            window->statusBar()->currentMessage().contains(u"Imported 46 file(s)"_s),
            qPrintable(window->statusBar()->currentMessage()), 60000); // a sanitizer build
        auto owner = PgTestServer::connect(PgTestServer::uri(database));
        QVERIFY(owner);
        auto decisions =
            owner->query("SELECT count(*) FROM articles WHERE source_path LIKE 'decisions/DEC-%'");
        QVERIFY2(decisions, qPrintable(decisions.error()));
        QVERIFY(decisions->text(0, 0).toInt() >= 40);
        owner.reset();
        window.reset();
        QVERIFY(PgTestServer::dropDatabase(database));
    }

    // The lag monitor's Verify and Rebuild run on the server too (their own
    // connections, off the GUI thread): identical, then the owner's tampered
    // title named, then mended by a confirmed rebuild.
    void aCuratorVerifiesAndRebuildsTheServersProjection()
    {
        const QString database = freshDatabase(u"cw_workbench_rebuild"_s);
        QVERIFY(!database.isEmpty());
        std::unique_ptr<MainWindow> window = shownWindow(as(u"cora"_s, database));
        QVERIFY(window);
        auto *dock = window->findChild<QDockWidget *>(u"lagMonitorDock"_s);
        QVERIFY(dock);
        if (!dock->isVisible())
            dock->toggleViewAction()->trigger();
        QTRY_VERIFY(dock->findChild<LagMonitorPanel *>());
        auto *panel = dock->findChild<LagMonitorPanel *>();
        auto *result = panel->findChild<QListWidget *>(u"verifyResult"_s);
        auto *verify = panel->findChild<QPushButton *>(u"projectionVerify"_s);
        auto *rebuild = panel->findChild<QPushButton *>(u"projectionRebuild"_s);
        QVERIFY(result && verify && rebuild);
        const auto verified = [&] {
            QTRY_VERIFY(verify->isEnabled());
            result->clear();
            QTest::mouseClick(verify, Qt::LeftButton);
            QTRY_VERIFY_WITH_TIMEOUT(verify->isEnabled() && result->count() > 0, 60000);
        };
        verified();
        QCOMPARE(result->item(0)->text(), u"identical"_s);

        auto owner = PgTestServer::connect(PgTestServer::uri(database));
        QVERIFY(owner &&
                owner->execScript("UPDATE projection SET title = 'tampered' WHERE ref = 'DEC-1'"));
        verified();
        QVERIFY2(result->item(0)->text().contains(u"difference"_s),
                 qPrintable(result->item(0)->text()));
        QStringList lines;
        for (int i = 1; i < result->count(); ++i)
            lines << result->item(i)->text();
        QVERIFY2(lines.join(u'\n').contains(u"DEC-1: title differs"_s),
                 qPrintable(lines.join(u'\n')));

        Asked asked;
        answerNextBox(QMessageBox::Yes, &asked);
        QTest::mouseClick(rebuild, Qt::LeftButton);
        QVERIFY(asked.shown);
        QTRY_VERIFY_WITH_TIMEOUT(rebuild->isEnabled(), 60000);
        auto *status = panel->findChild<QLabel *>(u"projectorStatus"_s);
        QVERIFY2(status && status->text().startsWith(u"Rebuilt"_s),
                 qPrintable(status ? status->text() : u"(no status)"_s));
        auto title = owner->query("SELECT title FROM projection WHERE ref = 'DEC-1'");
        QVERIFY(title && title->count() == 1 && title->text(0, 0) != u"tampered"_s);
        verified();
        QCOMPARE(result->item(0)->text(), u"identical"_s);
        owner.reset();
        window.reset();
        QVERIFY(PgTestServer::dropDatabase(database));
    }

    // Another process decides and projects; the workbench hears it from the
    // server. Its poll timer is off, so only a notification can move it.
    void anotherProcessesDecisionsAndProjectorArriveByNotification()
    {
        const QString database = PgTestServer::unique(u"cw_workbench_live"_s);
        {
            auto owner = PgTestServer::connect(PgTestServer::ownerUri());
            QVERIFY(owner && PgTestServer::dropDatabase(database));
            QVERIFY(owner->execScript("CREATE DATABASE " + database.toUtf8() + " TEMPLATE " +
                                      m_database.toUtf8()));
        }
        QString error;
        std::unique_ptr<MainWindow> window(
            MainWindow::openFile(as(u"cora"_s, database), false, &error));
        QVERIFY2(window, qPrintable(error));
        window->show();
        Session &session = window->session();
        QVERIFY(session.followsNotifications());
        auto *poll = session.findChild<QTimer *>(u"sessionPoll"_s);
        QVERIFY(poll);
        QVERIFY(!poll->isActive());
        LagBadge *badge = window->lagBadge();
        QTRY_VERIFY2(badge->text().contains(u"0 pending"_s), qPrintable(badge->text()));
        QCOMPARE(statusOf(*window, u"PR-1"_s), u"pending"_s);

        // The first sign-off appends no outbox event, but its audit row
        // notifies cw_audit: the session hears of it and reloads.
        QSignalSpy changed(&session, &Session::databaseChanged);
        const CliRun first = runCli(as(u"cora"_s, database), decision(u"approve"_s, u"PR-1"_s, 1));
        QVERIFY2(first.ok(), qPrintable(first.describe()));
        QTRY_VERIFY_WITH_TIMEOUT(changed.count() > 0, NotifiedWithinMs);
        const CliRun second = runCli(as(u"dora"_s, database), decision(u"approve"_s, u"PR-1"_s, 2));
        QVERIFY2(second.ok(), qPrintable(second.describe()));
        // The final approval appends to the outbox: cw_outbox wakes the session.
        QTRY_VERIFY2_WITH_TIMEOUT(badge->text().contains(u"1 pending"_s), qPrintable(badge->text()),
                                  NotifiedWithinMs);
        QTRY_COMPARE_WITH_TIMEOUT(statusOf(*window, u"PR-1"_s), u"published"_s, NotifiedWithinMs);

        const CliRun project = runCli(as(u"admin"_s, database), {u"project"_s});
        QVERIFY2(project.ok(), qPrintable(project.describe()));
        // The watermark moved: cw_projection.
        QTRY_VERIFY2_WITH_TIMEOUT(badge->text().contains(u"0 pending"_s), qPrintable(badge->text()),
                                  NotifiedWithinMs);
        QVERIFY(!poll->isActive());
        window.reset();
        QVERIFY(PgTestServer::dropDatabase(database));
    }
};

QTEST_MAIN(TestPgWorkbench)
#include "tst_pgworkbench.moc"
