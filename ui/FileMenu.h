#pragma once

#include "BackgroundJob.h"
#include "QueueExport.h"

#include <QObject>

#include <functional>

class QAction;
class QMainWindow;
class QMenu;

namespace cw {

class Session;

// The File menu: new, the demo, open, recent databases, connect to a
// server, imports, exports, back up, quit. Imports and exports run in a BackgroundJob on their own
// connection. The toolbar and the welcome page offer the same actions.
class FileMenu : public QObject
{
    Q_OBJECT

public:
    static constexpr int MaxRecent = 8;

    using FilterSource = std::function<ProposalFilter()>;
    FileMenu(QMainWindow &window, Session &session, FilterSource filter);

    QMenu *menu() const { return m_menu; }
    QAction *createDemoAction() const { return m_createDemo; }
    QAction *openAction() const { return m_open; }
    QAction *connectServerAction() const { return m_connectServer; }
    QAction *importJsonLinesAction() const { return m_importJsonLines; }
    QAction *importMemoryAction() const { return m_importMemory; }

    // A file that does not exist (any more) is not remembered.
    static void rememberRecent(const QString &path);
    static QStringList recentDatabases();

Q_SIGNALS:
    // The user chose another database file (new or existing).
    void openRequested(const QString &path, bool create);
    // File › Connect to Server…: the window asks for a server's location.
    void connectServerRequested();

private:
    void newDatabase();
    void createDemo();
    bool refuseExisting(const QString &title, const QString &path);
    void openDatabase();
    void fillRecent();
    void importJsonLines();
    void importMemoryFolder();
    void exportQueue(QueueExport::Format format);
    void backUp();
    void report(const QString &title, const BackgroundJob::Outcome &outcome);
    void warn(const QString &title, const QString &message);

    QMainWindow &m_window;
    Session &m_session;
    FilterSource m_filter;
    QMenu *m_menu = nullptr;
    QMenu *m_recent = nullptr;
    QAction *m_createDemo = nullptr;
    QAction *m_open = nullptr;
    QAction *m_connectServer = nullptr;
    QAction *m_importJsonLines = nullptr;
    QAction *m_importMemory = nullptr;
};

} // namespace cw
