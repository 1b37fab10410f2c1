#include "FileMenu.h"

#include "Access.h"
#include "BackgroundJob.h"
#include "Clock.h"
#include "Database.h"
#include "DemoDatabase.h"
#include "FileChooser.h"
#include "JsonLinesImport.h"
#include "MemoryImport.h"
#include "Notice.h"
#include "QueueExport.h"
#include "ReplacingFile.h"
#include "Session.h"

#include <QAction>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>

namespace cw {

namespace {

const QString RecentKey = QStringLiteral("recentDatabases");

QIcon icon(const char *name, QStyle::StandardPixmap fallback, QWidget *widget)
{
    return QIcon::fromTheme(QString::fromLatin1(name), widget->style()->standardIcon(fallback));
}

// Tests and accessibility tools find actions by name.
QAction *named(QAction *action, const char *name)
{
    action->setObjectName(QString::fromLatin1(name));
    return action;
}

} // namespace

FileMenu::FileMenu(QMainWindow &window, Session &session, FilterSource filter)
    : QObject(&window)
    , m_window(window)
    , m_session(session)
    , m_filter(std::move(filter))
{
    m_menu = window.menuBar()->addMenu(tr("&File"));
    m_menu->setObjectName(QStringLiteral("fileMenu"));
    m_menu->setToolTipsVisible(true); // why an action is off (Back Up on a server)
    QAction *create = named(m_menu->addAction(icon("document-new", QStyle::SP_FileIcon, &window),
                                              tr("&New Database…"), this, &FileMenu::newDatabase),
                            "newDatabaseAction");
    create->setShortcut(QKeySequence::New);
    m_createDemo =
        named(m_menu->addAction(icon("document-new", QStyle::SP_FileDialogNewFolder, &window),
                                tr("Create &Demo Database…"), this, &FileMenu::createDemo),
              "createDemoAction");
    m_createDemo->setToolTip(tr("A new database with every review scenario, to try the "
                                "workbench (you are its admin)"));
    QAction *open = m_open =
        named(m_menu->addAction(icon("document-open", QStyle::SP_DialogOpenButton, &window),
                                tr("&Open Database…"), this, &FileMenu::openDatabase),
              "openDatabaseAction");
    open->setShortcut(QKeySequence::Open);
    m_recent = m_menu->addMenu(QIcon::fromTheme(QStringLiteral("document-open-recent")),
                               tr("Open &Recent"));
    m_recent->setObjectName(QStringLiteral("recentMenu"));
    connect(m_recent, &QMenu::aboutToShow, this, &FileMenu::fillRecent);
    m_connectServer =
        named(m_menu->addAction(icon("network-server", QStyle::SP_DriveNetIcon, &window),
                                tr("Connect to &Server…"), this, &FileMenu::connectServerRequested),
              "connectServerAction");
    m_connectServer->setToolTip(tr("Work on a team's PostgreSQL database"));
    m_menu->addSeparator();
    QAction *jsonl = m_importJsonLines =
        named(m_menu->addAction(icon("document-import", QStyle::SP_ArrowDown, &window),
                                tr("&Import JSON Lines…"), this, &FileMenu::importJsonLines),
              "importJsonLinesAction");
    jsonl->setShortcut(QKeySequence(tr("Ctrl+I")));
    m_importMemory =
        named(m_menu->addAction(icon("folder-open", QStyle::SP_DirOpenIcon, &window),
                                tr("Import &Memory Folder…"), this, &FileMenu::importMemoryFolder),
              "importMemoryAction");
    named(m_menu->addAction(icon("document-export", QStyle::SP_ArrowUp, &window),
                            tr("&Export Queue as CSV…"), this,
                            [this] { exportQueue(QueueExport::Format::Csv); }),
          "exportCsvAction");
    QAction *json = named(m_menu->addAction(icon("document-export", QStyle::SP_ArrowUp, &window),
                                            tr("Export Queue as &JSON…"), this,
                                            [this] { exportQueue(QueueExport::Format::Json); }),
                          "exportJsonAction");
    json->setShortcut(QKeySequence(tr("Ctrl+E")));
    named(m_menu->addAction(icon("document-export", QStyle::SP_ArrowUp, &window),
                            tr("Export Queue as JSON &Lines…"), this,
                            [this] { exportQueue(QueueExport::Format::JsonLines); }),
          "exportJsonLinesAction");
    QAction *backUp =
        named(m_menu->addAction(icon("document-save-as", QStyle::SP_DialogSaveButton, &window),
                                tr("&Back Up Database…"), this, &FileMenu::backUp),
              "backUpAction");
    // SQLite's online backup copies a file; a server is backed up by its own
    // tools.
    if (session.db().isServer()) {
        backUp->setEnabled(false);
        backUp->setToolTip(tr("A server is backed up with pg_dump, or copied to a file with "
                              "curation-cli copy --to FILE"));
    }
    m_menu->addSeparator();
    QAction *quit =
        m_menu->addAction(icon("application-exit", QStyle::SP_DialogCloseButton, &window),
                          tr("&Quit"), &window, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
}

void FileMenu::rememberRecent(const QString &path)
{
    if (!QFileInfo::exists(path))
        return;
    QSettings settings;
    QStringList recent = settings.value(RecentKey).toStringList();
    recent.removeAll(path);
    recent.prepend(path);
    settings.setValue(RecentKey, recent.mid(0, MaxRecent));
}

QStringList FileMenu::recentDatabases()
{
    return QSettings().value(RecentKey).toStringList();
}

void FileMenu::fillRecent()
{
    // A file moved or deleted since is forgotten rather than offered.
    QStringList recent = recentDatabases();
    const qsizetype before = recent.size();
    recent.removeIf([](const QString &path) { return !QFileInfo::exists(path); });
    if (recent.size() != before)
        QSettings().setValue(RecentKey, recent);
    m_recent->clear();
    for (const QString &path : std::as_const(recent))
        m_recent->addAction(path, this, [this, path] { Q_EMIT openRequested(path, false); });
    if (m_recent->isEmpty())
        m_recent->addAction(tr("(none)"))->setEnabled(false);
}

void FileMenu::newDatabase()
{
    const QString path = FileChooser::saveFile(&m_window, tr("New Database"),
                                               tr("Workbench databases (*.db *.sqlite)"));
    if (path.isEmpty() || refuseExisting(tr("New Database"), path))
        return;
    Q_EMIT openRequested(path, true);
}

bool FileMenu::refuseExisting(const QString &title, const QString &path)
{
    // New never reuses a file: what is in it would silently stay.
    if (!QFileInfo(path).exists() || QFileInfo(path).size() == 0)
        return false;
    warn(title, tr("%1 already exists. Choose another name, or open it with Open.").arg(path));
    return true;
}

void FileMenu::createDemo()
{
    const QString title = tr("Create Demo Database");
    const QString path =
        FileChooser::saveFile(&m_window, title, tr("Workbench databases (*.db *.sqlite)"));
    if (path.isEmpty() || refuseExisting(title, path))
        return;
    DemoDatabase::create(&m_window, path, [this, title, path](bool ok, const QString &message) {
        if (ok)
            Q_EMIT openRequested(path, false);
        else if (!message.isEmpty())
            warn(title, message);
        else
            m_window.statusBar()->showMessage(tr("%1: cancelled.").arg(title), 10000);
    });
}

void FileMenu::openDatabase()
{
    const QString path = FileChooser::openFile(&m_window, tr("Open Database"),
                                               tr("Workbench databases (*.db *.sqlite);;"
                                                  "All files (*)"));
    if (!path.isEmpty())
        Q_EMIT openRequested(path, false);
}

void FileMenu::warn(const QString &title, const QString &message)
{
    Notice::warn(&m_window, title, message);
}

void FileMenu::report(const QString &title, const BackgroundJob::Outcome &outcome)
{
    if (outcome.cancelled) {
        m_window.statusBar()->showMessage(tr("%1: cancelled.").arg(title), 10000);
        m_session.checkForChanges();
    } else if (outcome.ok) {
        m_window.statusBar()->showMessage(outcome.message, 10000);
        m_session.checkForChanges();
    } else {
        warn(title, outcome.message);
    }
}

void FileMenu::importJsonLines()
{
    const Actor *actor = m_session.actor() ? &*m_session.actor() : nullptr;
    if (auto allowed = Access::mayAdminister(m_session.db(), actor); !allowed)
        return warn(tr("Import"), allowed.error());
    const QString path = FileChooser::openFile(&m_window, tr("Import JSON Lines"),
                                               tr("JSON Lines (*.jsonl *.ndjson)"));
    if (path.isEmpty())
        return;
    const QString principal = actor ? actor->effective.id : QStringLiteral("bootstrap");
    BackgroundJob::start(
        &m_window, tr("Importing %1…").arg(path), m_session.location(),
        [path, principal](const Database &db,
                          const BackgroundJob::Progress &progress) -> Result<QString> {
            Clock clock;
            auto done = JsonLinesImport(db, clock, principal).run(path, progress);
            if (!done)
                return fail(done.error());
            return tr("Imported %n record(s).", nullptr, done->records);
        },
        [this](const BackgroundJob::Outcome &o) { report(tr("Import"), o); });
}

void FileMenu::importMemoryFolder()
{
    const Actor *actor = m_session.actor() ? &*m_session.actor() : nullptr;
    if (auto allowed = Access::mayAdminister(m_session.db(), actor); !allowed)
        return warn(tr("Import"), allowed.error());
    const QString dir = FileChooser::folder(&m_window, tr("Import Memory Folder"));
    if (dir.isEmpty())
        return;
    const QString principal = actor ? actor->effective.id : QStringLiteral("bootstrap");
    BackgroundJob::start(
        &m_window, tr("Importing %1…").arg(dir), m_session.location(),
        // One transaction for the tree: no progress inside it, and Cancel
        // only discards the result once it is committed.
        [dir, principal](const Database &db, const BackgroundJob::Progress &) -> Result<QString> {
            Clock clock;
            auto done = MemoryImport(db, clock, principal).importTree(dir);
            if (!done)
                return fail(done.error());
            // Retired articles are named: an import that takes knowledge away
            // must say which.
            QString summary = tr("Imported %1 file(s), %2 revised, %3 unchanged, %4 not imported, "
                                 "%5 retired (file removed), %6 restored.")
                                  .arg(done->imported)
                                  .arg(done->revised)
                                  .arg(done->unchanged)
                                  .arg(done->problems.size())
                                  .arg(done->retired.size())
                                  .arg(done->restored);
            constexpr qsizetype shown = 5; // a status line, not a log
            QStringList retired;
            for (const RemovedMemoryFile &r : done->retired.mid(0, shown))
                retired.append(r.sourcePath);
            if (done->retired.size() > shown)
                retired.append(tr("%n more", nullptr, int(done->retired.size() - shown)));
            if (!retired.isEmpty())
                summary += u' ' + tr("Retired: %1.").arg(retired.join(QStringLiteral(", ")));
            // Articles another tree (or an old import) had: a moved tree, or
            // two trees sharing refs, which the user should hear about.
            if (!done->adopted.isEmpty())
                summary += u' ' + tr("%n article(s) now from this folder.", nullptr,
                                     int(done->adopted.size()));
            return summary;
        },
        [this](const BackgroundJob::Outcome &o) { report(tr("Import"), o); });
}

void FileMenu::exportQueue(QueueExport::Format format)
{
    const QString filter = format == QueueExport::Format::Csv    ? tr("CSV (*.csv)")
                           : format == QueueExport::Format::Json ? tr("JSON (*.json)")
                                                                 : tr("JSON Lines (*.jsonl)");
    const QString path = FileChooser::saveFile(&m_window, tr("Export Queue"), filter);
    if (path.isEmpty())
        return;
    // The rows and their redaction are the queue's, for the principal in view.
    BackgroundJob::start(
        &m_window, tr("Exporting to %1…").arg(path), m_session.location(),
        [path, filter = m_filter(), actor = m_session.actor(),
         format](const Database &db, const BackgroundJob::Progress &progress) -> Result<QString> {
            // A cancelled or failed export leaves no half file; a link at
            // the path is replaced, not followed.
            ReplacingFile file(path);
            if (!file.open())
                return fail(file.errorString());
            auto written = QueueExport(db, actor, filter).write(file, format, progress);
            if (!written)
                return fail(written.refusal().message);
            if (auto committed = file.commit(); !committed)
                return fail(committed.error());
            return tr("Exported %n proposal(s).", nullptr, int(*written));
        },
        [this](const BackgroundJob::Outcome &o) { report(tr("Export"), o); });
}

void FileMenu::backUp()
{
    const QString path = FileChooser::saveFile(&m_window, tr("Back Up Database"),
                                               tr("Workbench databases (*.db *.sqlite)"));
    if (path.isEmpty())
        return;
    BackgroundJob::start(
        &m_window, tr("Backing up to %1…").arg(path), m_session.location(),
        [path](const Database &db, const BackgroundJob::Progress &) -> Result<QString> {
            if (auto done = db.backupTo(path); !done)
                return fail(done.error());
            return tr("Backed up to %1.").arg(path);
        },
        [this](const BackgroundJob::Outcome &o) { report(tr("Back up"), o); });
}

} // namespace cw
