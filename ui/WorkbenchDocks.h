#pragma once

#include "Identity.h"

#include <QHash>
#include <QKeySequence>
#include <QList>
#include <QString>

#include <functional>

class QDockWidget;
class QWidget;

namespace cw {

class Session;

// One dock panel of the workbench. Adding a dock is one entry in
// workbenchDocks(); MainWindow places every entry the same way, persists it
// under objectName, and lists it in the View menu.
struct DockSpec
{
    QString objectName;
    QString title;
    Qt::DockWidgetArea area = Qt::BottomDockWidgetArea;
    // Makes the panel; every panel takes the session and follows it.
    std::function<QWidget *(Session &session, QWidget *parent)> make;
    // The panel exists only for a principal (it runs queries as one).
    bool needsActor = false;
    // Whether it shows without a saved layout (the View menu has it anyway):
    // a layout default, asked of Access. Empty: hidden.
    std::function<bool(const PrincipalRecord &effective)> shownByDefault;
    // Its height without a saved layout; 0: as Qt arranges it.
    int defaultHeight = 0;
    // The View menu's entry: the title with its mnemonic, and a shortcut.
    // Choosing it shows the dock and raises it above its tabbed siblings.
    QString menuText;
    QKeySequence shortcut;
};

// Connects docks that hand each other work (the evaluation dock's drill-down
// opens the query dock); MainWindow calls it once every dock is placed.
void connectDocks(const QHash<QString, QDockWidget *> &docks);

// In order: docks in the same area become tabs in this order, and the last
// one shown by default is raised.
QList<DockSpec> workbenchDocks();

} // namespace cw
