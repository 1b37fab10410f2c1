// The File menu, driven through the real main window's actions: new, open,
// recent databases, both imports, both exports and back up. File names come
// through the FileChooser seam; warnings are read from the notice box.

#include "FileChooser.h"
#include "FileMenu.h"
#include "ProposalStore.h"
#include "Statement.h"
#include "UiFixture.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>

using namespace cw;
using namespace cw::test;

namespace {

QAction *action(const MainWindow &window, const char *name)
{
    auto *found = window.findChild<QAction *>(QString::fromLatin1(name));
    if (!found)
        qWarning("no action %s", name);
    return found;
}

// The window an Open or New replaced this one with (it deletes itself on
// close; the test owns it from here).
std::unique_ptr<MainWindow> openedInsteadOf(const MainWindow &window)
{
    for (QWidget *top : QApplication::topLevelWidgets()) {
        auto *other = qobject_cast<MainWindow *>(top);
        if (other && other != &window && other->isVisible()) {
            // Closing it later must not delete what the test owns.
            other->setAttribute(Qt::WA_DeleteOnClose, false);
            return std::unique_ptr<MainWindow>(other);
        }
    }
    return nullptr;
}

QString databaseLabel(const MainWindow &window)
{
    auto *label = window.findChild<QLabel *>(QStringLiteral("databaseLabel"));
    return label ? label->text() : QString();
}

QString notice(const MainWindow &window)
{
    auto *box = window.findChild<QMessageBox *>(QStringLiteral("warningNotice"));
    return box ? box->text() : QString();
}

QString statusMessage(const MainWindow &window)
{
    return window.statusBar()->currentMessage();
}

QStringList loadedIds(ProposalListModel *model)
{
    while (model->canFetchMore({}))
        model->fetchMore({});
    QStringList ids;
    for (int row = 0; row < model->rowCount(); ++row)
        ids << model->summaryAt(row)->id;
    return ids;
}

QStringList storedIds(const Database &db, const ProposalFilter &filter = {})
{
    QStringList ids;
    const auto listed = ProposalStore(db).list(filter, nullptr, 10000);
    for (const ProposalSummary &s : *listed)
        ids << s.id;
    return ids;
}

QByteArray proposalLine(const QString &id)
{
    const QJsonObject record{
        {QStringLiteral("type"), QStringLiteral("proposal")},
        {QStringLiteral("id"), id},
        {QStringLiteral("case"), QStringLiteral("studio/servicedesk/SD-1598")},
        {QStringLiteral("kind"), QStringLiteral("experience")},
        {QStringLiteral("domain"), QStringLiteral("data")},
        {QStringLiteral("title"), QStringLiteral("Imported proposal %1").arg(id)},
        {QStringLiteral("outcome"), QStringLiteral("Register row recreated.")},
        {QStringLiteral("proof_level"), QStringLiteral("verified")},
        {QStringLiteral("proof_refs"), QJsonArray{QStringLiteral("P-1")}},
        {QStringLiteral("proposed_by"), QStringLiteral("agent-data")},
        {QStringLiteral("proposed_at"), QStringLiteral("2026-04-20T08:00:00Z")}};
    return QJsonDocument(record).toJson(QJsonDocument::Compact) + '\n';
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QSize windowSizeWithin(const QWidget &window)
{
    const QSize screen =
        window.screen() ? window.screen()->availableGeometry().size() : QSize(1024, 768);
    return QSize(screen.width() * 3 / 4, screen.height() * 3 / 4);
}

} // namespace

class FileMenuTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().remove(QStringLiteral("recentDatabases"));
        FileChooser::reset();
    }

    void newCreatesAndOpensAnEmptyInitialisedDatabase()
    {
        UiFixture f;
        auto window = f.window(QStringLiteral("admin"));
        const QString path = f.dir.filePath(QStringLiteral("new.db"));
        FileChooser::setNextAnswer(path);
        action(*window, "newDatabaseAction")->trigger();
        QCOMPARE(FileChooser::lastTitle(), QStringLiteral("New Database"));

        auto opened = openedInsteadOf(*window);
        QVERIFY(opened);
        QVERIFY(!window->isVisible());
        QCOMPARE(opened->session().db().path(), path);
        QCOMPARE(databaseLabel(*opened), path);
        auto db = Database::open(path, Database::Mode::ReadOnly);
        QVERIFY2(db, qPrintable(db.error()));
        QCOMPARE((*db)->queryInt("SELECT count(*) FROM proposals").value(), 0);
        QCOMPARE((*db)->queryInt("SELECT count(*) FROM principals").value(), 0);
        auto *count = opened->findChild<QLabel *>(QStringLiteral("proposalCount"));
        QTRY_COMPARE(count->text(), QStringLiteral("0 proposal(s)"));
        QCOMPARE(FileMenu::recentDatabases().value(0), path);
    }

    void newRefusesToReuseAnExistingFile()
    {
        UiFixture f;
        auto window = f.window(QStringLiteral("admin"));
        FileChooser::setNextAnswer(f.path);
        action(*window, "newDatabaseAction")->trigger();
        QTRY_VERIFY(notice(*window).contains(QStringLiteral("already exists")));
        QVERIFY(!openedInsteadOf(*window));
        QVERIFY(window->isVisible());
    }

    void openSwitchesTheWindowToAnotherDatabaseAndRemembersIt()
    {
        UiFixture f;
        const QString other = f.dir.filePath(QStringLiteral("other.db"));
        {
            auto db = Database::open(other);
            QVERIFY(db);
            QVERIFY(DemoBuilder(**db, f.clock, QStringLiteral("tester")).build(200));
        }
        auto window = f.window(QStringLiteral("admin"));
        FileChooser::setNextAnswer(other);
        action(*window, "openDatabaseAction")->trigger();
        auto opened = openedInsteadOf(*window);
        QVERIFY(opened);
        QVERIFY(!window->isVisible());
        QCOMPARE(databaseLabel(*opened), other);
        QCOMPARE(opened->windowFilePath(), other);
        // demo --scale 200: the seven scenario proposals (PR-0 to PR-6) and ten generated ones.
        auto *count = opened->findChild<QLabel *>(QStringLiteral("proposalCount"));
        QTRY_COMPARE(count->text(), QStringLiteral("17 proposal(s)"));

        // The recent list, newest first, offered by Open Recent.
        QCOMPARE(FileMenu::recentDatabases().mid(0, 2), QStringList({other, f.path}));
        auto *recent = opened->findChild<QMenu *>(QStringLiteral("recentMenu"));
        QVERIFY(recent);
        Q_EMIT recent->aboutToShow();
        QAction *back = nullptr;
        for (QAction *a : recent->actions()) {
            if (a->text() == f.path)
                back = a;
        }
        QVERIFY(back);
        back->trigger();
        auto reopened = openedInsteadOf(*opened);
        QVERIFY(reopened);
        QCOMPARE(databaseLabel(*reopened), f.path);
        QCOMPARE(FileMenu::recentDatabases().mid(0, 2), QStringList({f.path, other}));
    }

    // Switching databases is not starting over: the window keeps its size and
    // the panels stay as they were (that file has no layout of its own yet).
    void openingAnotherDatabaseKeepsTheWindowSizeAndPanels()
    {
        UiFixture f;
        UiFixture second;
        auto window = f.window(QStringLiteral("admin"));
        // Smaller than the default (95 % of the screen), and inside the screen:
        // Qt 6.8 fits a restored geometry into the screen it lands on.
        const QSize size = windowSizeWithin(*window);
        window->resize(size);
        QTRY_COMPARE(window->size(), size);
        QDockWidget *lag = window->findChild<QDockWidget *>(QStringLiteral("lagMonitorDock"));
        QVERIFY(lag);
        const bool lagShown = !lag->isHidden();
        action(*window, "lagMonitorDockToggle")->trigger(); // the opposite of the default
        QTRY_COMPARE(!lag->isHidden(), !lagShown);

        FileChooser::setNextAnswer(second.path);
        action(*window, "openDatabaseAction")->trigger();
        auto opened = openedInsteadOf(*window);
        QVERIFY(opened);
        QCOMPARE(opened->session().db().path(), second.path);
        QCOMPARE(opened->size(), size);
        auto *lagThere = opened->findChild<QDockWidget *>(QStringLiteral("lagMonitorDock"));
        QVERIFY(lagThere);
        QCOMPARE(!lagThere->isHidden(), !lagShown);
    }

    // A database that has a layout of its own gets it back (per-database
    // layouts), in the window as large as it is.
    void aDatabaseWithASavedLayoutKeepsItsOwnPanels()
    {
        UiFixture f;
        UiFixture second;
        bool lagShownThere = false;
        {
            // Arranged once in the second database, and closed (saved).
            auto there = second.window(QStringLiteral("admin"));
            QDockWidget *lag = there->findChild<QDockWidget *>(QStringLiteral("lagMonitorDock"));
            lagShownThere = !lag->isHidden();
            there->close();
        }
        auto window = f.window(QStringLiteral("admin"));
        // Smaller than the default (95 % of the screen), and inside the screen:
        // Qt 6.8 fits a restored geometry into the screen it lands on.
        const QSize size = windowSizeWithin(*window);
        window->resize(size);
        QTRY_COMPARE(window->size(), size);
        action(*window, "lagMonitorDockToggle")->trigger();
        auto *lag = window->findChild<QDockWidget *>(QStringLiteral("lagMonitorDock"));
        QTRY_COMPARE(!lag->isHidden(), !lagShownThere);

        FileChooser::setNextAnswer(second.path);
        action(*window, "openDatabaseAction")->trigger();
        auto opened = openedInsteadOf(*window);
        QVERIFY(opened);
        QCOMPARE(opened->size(), size);
        auto *lagThere = opened->findChild<QDockWidget *>(QStringLiteral("lagMonitorDock"));
        QCOMPARE(!lagThere->isHidden(), lagShownThere);
    }

    void openRecentForgetsFilesThatNoLongerExist()
    {
        UiFixture f;
        const QString gone = f.dir.filePath(QStringLiteral("gone.db"));
        const QString kept = f.dir.filePath(QStringLiteral("kept.db"));
        for (const QString &path : {gone, kept})
            QVERIFY(Database::open(path));
        FileMenu::rememberRecent(gone);
        FileMenu::rememberRecent(kept);
        auto window = f.window(QStringLiteral("admin"));
        QCOMPARE(FileMenu::recentDatabases().mid(0, 3), QStringList({f.path, kept, gone}));
        QVERIFY(QFile::remove(gone));

        auto *recent = window->findChild<QMenu *>(QStringLiteral("recentMenu"));
        Q_EMIT recent->aboutToShow();
        QStringList offered;
        for (QAction *a : recent->actions())
            offered << a->text();
        QCOMPARE(offered, QStringList({f.path, kept}));
        // Forgotten, not only hidden.
        QCOMPARE(FileMenu::recentDatabases(), QStringList({f.path, kept}));
    }

    void aFileThatDoesNotExistIsNotRemembered()
    {
        UiFixture f;
        FileMenu::rememberRecent(f.path);
        FileMenu::rememberRecent(f.dir.filePath(QStringLiteral("never-made.db")));
        QCOMPARE(FileMenu::recentDatabases(), QStringList({f.path}));
    }

    void openingAFileThatIsNoDatabaseSaysWhyAndKeepsTheWindow()
    {
        UiFixture f;
        const QString junk = f.dir.filePath(QStringLiteral("junk.db"));
        QVERIFY(writeFile(junk, QByteArray(4096, 'x')));
        auto window = f.window(QStringLiteral("admin"));
        FileChooser::setNextAnswer(junk);
        action(*window, "openDatabaseAction")->trigger();
        QTRY_VERIFY2(notice(*window).contains(QStringLiteral("not a Curation Workbench database")),
                     qPrintable(notice(*window)));
        QVERIFY(window->isVisible());
        QVERIFY(!openedInsteadOf(*window));
    }

    void importJsonLinesAddsProposalsThatAppearInTheQueue()
    {
        UiFixture f;
        auto window = f.window(QStringLiteral("admin"));
        const QString file = f.dir.filePath(QStringLiteral("more.jsonl"));
        QVERIFY(writeFile(file, proposalLine(QStringLiteral("PR-900")) +
                                    proposalLine(QStringLiteral("PR-901"))));
        FileChooser::setNextAnswer(file);
        action(*window, "importJsonLinesAction")->trigger();
        QTRY_VERIFY2(statusMessage(*window).contains(QStringLiteral("Imported 2 record(s)")),
                     qPrintable(statusMessage(*window) + notice(*window)));
        ProposalListModel *model = window->proposalModel();
        QTRY_VERIFY(model->rowOf(QStringLiteral("PR-901")) >= 0);
        QVERIFY(model->rowOf(QStringLiteral("PR-900")) >= 0);
        auto *count = window->findChild<QLabel *>(QStringLiteral("proposalCount"));
        QTRY_COMPARE(count->text(), QStringLiteral("9 proposal(s)"));
    }

    void aMalformedLineIsNamedAndNothingIsWritten()
    {
        UiFixture f;
        auto window = f.window(QStringLiteral("admin"));
        const QString file = f.dir.filePath(QStringLiteral("bad.jsonl"));
        QVERIFY(writeFile(file, proposalLine(QStringLiteral("PR-900")) +
                                    proposalLine(QStringLiteral("PR-901")) + "{\"type\": \n"));
        FileChooser::setNextAnswer(file);
        action(*window, "importJsonLinesAction")->trigger();
        QTRY_VERIFY(!notice(*window).isEmpty());
        const QString message = notice(*window);
        QVERIFY2(message.contains(file + QStringLiteral(":3:")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("nothing was written")), qPrintable(message));
        auto other = f.open();
        QCOMPARE(storedIds(*other).size(), 7);
        QCOMPARE(window->proposalModel()->rowOf(QStringLiteral("PR-900")), -1);
    }

    void onlyAnAdminMayImport()
    {
        UiFixture f;
        auto window = f.window(QStringLiteral("cora"));
        action(*window, "importJsonLinesAction")->trigger();
        QTRY_VERIFY2(notice(*window).contains(QStringLiteral("only admins")),
                     qPrintable(notice(*window)));
        // Refused before a file was asked for.
        QVERIFY(FileChooser::lastTitle().isEmpty());
    }

    void cancellingAnImportWritesNothing()
    {
        UiFixture f;
        auto window = f.window(QStringLiteral("admin"));
        QByteArray lines;
        for (int n = 0; n < 20000; ++n)
            lines += proposalLine(QStringLiteral("PR-%1").arg(1000 + n));
        const QString file = f.dir.filePath(QStringLiteral("big.jsonl"));
        QVERIFY(writeFile(file, lines));
        FileChooser::setNextAnswer(file);
        action(*window, "importJsonLinesAction")->trigger();
        auto *progress = window->findChild<QProgressDialog *>(QStringLiteral("jobProgress"));
        QVERIFY(progress);
        auto *cancel = progress->findChild<QPushButton *>();
        QVERIFY(cancel);
        cancel->click();
        QTRY_VERIFY2(statusMessage(*window).contains(QStringLiteral("cancelled")),
                     qPrintable(statusMessage(*window) + notice(*window)));
        QTRY_VERIFY(!window->findChild<QProgressDialog *>(QStringLiteral("jobProgress")));
        auto other = f.open();
        QCOMPARE(storedIds(*other).size(), 7);
    }

    void importMemoryFolderImportsItsDecisions()
    {
        UiFixture f;
        auto window = f.window(QStringLiteral("admin"));
        const QString tree = f.dir.filePath(QStringLiteral("notes"));
        QVERIFY(writeFile(tree + QStringLiteral("/contexts/memory/decisions/DEC-900.md"),
                          "---\nid: DEC-900\ntitle: \"Keep exports page by page\"\n"
                          "domain: infrastructure\nlevel: architectural\nstatus: active\n"
                          "tags: [export]\nrelated_to: []\ncreated_at: 2026-04-01\n"
                          "updated_at: 2026-04-01\n---\n\n# Keep exports page by page\n\n"
                          "A large queue never sits in memory.\n"));
        FileChooser::setNextAnswer(tree);
        action(*window, "importMemoryAction")->trigger();
        QCOMPARE(FileChooser::lastTitle(), QStringLiteral("Import Memory Folder"));
        QTRY_VERIFY2(statusMessage(*window).contains(QStringLiteral("Imported 1 file(s)")),
                     qPrintable(statusMessage(*window) + notice(*window)));
        auto other = f.open();
        Statement s = other->prepare("SELECT count(*) FROM articles WHERE ref = 'DEC-900'");
        QVERIFY(s.step().value());
        QCOMPARE(s.integer(0), 1);
    }

    void importMemoryFolderNamesTheArticlesOfRemovedFiles()
    {
        UiFixture f;
        auto window = f.window(QStringLiteral("admin"));
        const QString tree = f.dir.filePath(QStringLiteral("notes"));
        const QString memory = tree + QStringLiteral("/contexts/memory/decisions/");
        for (const char *id : {"DEC-900", "DEC-901"})
            QVERIFY(writeFile(memory + QLatin1String(id) + QStringLiteral(".md"),
                              QByteArray("---\nid: ") + id + "\ntitle: Kept\n---\n# Kept\n"));
        FileChooser::setNextAnswer(tree);
        action(*window, "importMemoryAction")->trigger();
        QTRY_VERIFY2(statusMessage(*window).contains(QStringLiteral("Imported 2 file(s)")),
                     qPrintable(statusMessage(*window) + notice(*window)));

        QVERIFY(QFile::remove(memory + QStringLiteral("DEC-901.md")));
        FileChooser::setNextAnswer(tree);
        action(*window, "importMemoryAction")->trigger();
        QTRY_VERIFY2(statusMessage(*window).contains(QStringLiteral("1 unchanged")),
                     qPrintable(statusMessage(*window) + notice(*window)));
        QCOMPARE(statusMessage(*window),
                 QStringLiteral("Imported 0 file(s), 0 revised, 1 unchanged, 0 not imported, "
                                "1 retired (file removed), 0 restored. Retired: "
                                "decisions/DEC-901.md."));
    }

    void importMemoryFolderSaysWhenAMovedFoldersArticlesAreNowFromIt()
    {
        UiFixture f;
        auto window = f.window(QStringLiteral("admin"));
        const QString tree = f.dir.filePath(QStringLiteral("notes"));
        const QString memory = tree + QStringLiteral("/contexts/memory/decisions/");
        for (const char *id : {"DEC-900", "DEC-901"})
            QVERIFY(writeFile(memory + QLatin1String(id) + QStringLiteral(".md"),
                              QByteArray("---\nid: ") + id + "\ntitle: Kept\n---\n# Kept\n"));
        FileChooser::setNextAnswer(tree);
        action(*window, "importMemoryAction")->trigger();
        QTRY_VERIFY2(statusMessage(*window).contains(QStringLiteral("Imported 2 file(s)")),
                     qPrintable(statusMessage(*window) + notice(*window)));

        const QString moved = f.dir.filePath(QStringLiteral("moved"));
        QVERIFY(QDir().rename(tree, moved));
        FileChooser::setNextAnswer(moved);
        action(*window, "importMemoryAction")->trigger();
        QTRY_VERIFY2(statusMessage(*window).contains(QStringLiteral("2 unchanged")),
                     qPrintable(statusMessage(*window) + notice(*window)));
        QCOMPARE(statusMessage(*window),
                 QStringLiteral("Imported 0 file(s), 0 revised, 2 unchanged, 0 not imported, "
                                "0 retired (file removed), 0 restored. 2 article(s) now from "
                                "this folder."));
    }

    void exportCsvWritesTheQueueUnderTheCurrentFilter()
    {
        UiFixture f;
        auto window = f.window(QStringLiteral("admin"));
        auto *proof = window->findChild<QComboBox *>(QStringLiteral("proofFilter"));
        proof->setCurrentIndex(proof->findData(QStringLiteral("verified")));
        const QStringList shown = loadedIds(window->proposalModel());
        QVERIFY(!shown.isEmpty());
        // PR-2 claims "executed": filtered out.
        QVERIFY(!shown.contains(QStringLiteral("PR-2")));

        const QString path = f.dir.filePath(QStringLiteral("queue.csv"));
        FileChooser::setNextAnswer(path);
        action(*window, "exportCsvAction")->trigger();
        QTRY_VERIFY2(statusMessage(*window).contains(QStringLiteral("Exported")),
                     qPrintable(statusMessage(*window) + notice(*window)));
        QStringList lines =
            QString::fromUtf8(readFile(path)).split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
        QVERIFY(!lines.isEmpty());
        QVERIFY(lines.takeFirst().startsWith(QStringLiteral("id,status,")));
        QStringList exported;
        for (const QString &line : lines)
            exported << line.section(u',', 0, 0);
        QCOMPARE(exported, shown);
    }

    void exportJsonWritesTheQueueUnderTheCurrentFilter()
    {
        UiFixture f;
        auto window = f.window(QStringLiteral("admin"));
        auto *domain = window->findChild<QLineEdit *>(QStringLiteral("domainFilter"));
        domain->setText(QStringLiteral("data"));
        QTest::keyClick(domain, Qt::Key_Return);
        const QStringList shown = loadedIds(window->proposalModel());
        QVERIFY(!shown.isEmpty());

        const QString path = f.dir.filePath(QStringLiteral("queue.json"));
        FileChooser::setNextAnswer(path);
        action(*window, "exportJsonAction")->trigger();
        QTRY_VERIFY2(statusMessage(*window).contains(QStringLiteral("Exported")),
                     qPrintable(statusMessage(*window) + notice(*window)));
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(readFile(path), &error);
        QVERIFY2(document.isObject(), qPrintable(error.errorString()));
        QStringList exported;
        for (const QJsonValue &row : document[QStringLiteral("proposals")].toArray()) {
            exported << row[QStringLiteral("id")].toString();
            QCOMPARE(row[QStringLiteral("domain")].toString(), QStringLiteral("data"));
        }
        QCOMPARE(exported, shown);
    }

    // The export is the queue as the principal in view sees it: a case cora
    // may not read is exported redacted, exactly as her queue shows it.
    void exportRedactsCasesThePrincipalMayNotRead()
    {
        UiFixture f;
        auto window = f.window(QStringLiteral("cora"));
        const QStringList shown = loadedIds(window->proposalModel());
        QVERIFY(shown.contains(QStringLiteral("PR-6")));
        for (const char *format :
             {"exportCsvAction", "exportJsonAction", "exportJsonLinesAction"}) {
            const QString path = f.dir.filePath(QString::fromLatin1(format));
            FileChooser::setNextAnswer(path);
            window->statusBar()->clearMessage();
            action(*window, format)->trigger();
            QTRY_VERIFY2(statusMessage(*window).contains(QStringLiteral("Exported")),
                         qPrintable(statusMessage(*window) + notice(*window)));
            const QByteArray bytes = readFile(path);
            QVERIFY2(bytes.contains("PR-6"), format);
            QVERIFY2(!bytes.contains("NW-311"), bytes.constData());
            QVERIFY2(bytes.contains("SD-1598"), format);
        }
    }

    void backUpWritesAnSqliteCopyWithTheSameProposals()
    {
        UiFixture f;
        auto window = f.window(QStringLiteral("admin"));
        const QString path = f.dir.filePath(QStringLiteral("backup.db"));
        FileChooser::setNextAnswer(path);
        action(*window, "backUpAction")->trigger();
        QTRY_VERIFY2(statusMessage(*window).contains(QStringLiteral("Backed up")),
                     qPrintable(statusMessage(*window) + notice(*window)));
        auto copy = Database::open(path, Database::Mode::OpenExisting);
        QVERIFY2(copy, qPrintable(copy.error()));
        QCOMPARE((*copy)->queryText("PRAGMA integrity_check").value(), QStringLiteral("ok"));
        auto live = f.open();
        QCOMPARE(storedIds(**copy), storedIds(*live));
        QCOMPARE(storedIds(**copy).size(), 7);
    }
};

QTEST_MAIN(FileMenuTest)
#include "tst_filemenu.moc"
