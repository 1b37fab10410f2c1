#pragma once

#include <QList>

class QAction;
class QMainWindow;
class QToolBar;

namespace cw {

// The actions the main toolbar offers: the menus' own QAction objects, so a
// button is disabled, with the same reason in its tooltip, whenever the menu
// entry is.
struct MainToolBarActions
{
    QAction *open = nullptr;
    QList<QAction *> imports;
    QAction *previous = nullptr;
    QAction *next = nullptr;
    QList<QAction *> decisions; // approve, reject, return
    QAction *query = nullptr;
    QAction *refresh = nullptr;
};

// Not movable; decisions read as text beside their icons, the rest are icons
// whose tooltips name the shortcut. Narrow enough for a 1024 px window.
QToolBar *addMainToolBar(QMainWindow &window, const MainToolBarActions &actions);

} // namespace cw
