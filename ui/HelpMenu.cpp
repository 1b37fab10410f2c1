#include "HelpMenu.h"

#include "AboutDialog.h"
#include "HandbookWindow.h"

#include <QAction>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QStyle>

namespace cw {

HelpMenu::HelpMenu(QMainWindow &window)
    : QObject(&window)
    , m_window(window)
{
    QMenu *menu = window.menuBar()->addMenu(tr("&Help"));
    menu->setObjectName(QStringLiteral("helpMenu"));
    QAction *handbook =
        menu->addAction(QIcon::fromTheme(QStringLiteral("help-contents"),
                                         window.style()->standardIcon(QStyle::SP_DialogHelpButton)),
                        tr("&Handbook"), this, &HelpMenu::showHandbook);
    handbook->setObjectName(QStringLiteral("handbookAction"));
    handbook->setShortcut(QKeySequence::HelpContents);
    menu->addSeparator();
    QAction *about = menu->addAction(
        QIcon::fromTheme(QStringLiteral("help-about"),
                         window.style()->standardIcon(QStyle::SP_MessageBoxInformation)),
        tr("&About Curation Workbench"), this, &HelpMenu::showAbout);
    about->setObjectName(QStringLiteral("aboutAction"));
    about->setMenuRole(QAction::AboutRole);
}

HandbookWindow *HelpMenu::handbook() const
{
    return m_handbook;
}

AboutDialog *HelpMenu::about() const
{
    return m_about;
}

void HelpMenu::showHandbook()
{
    // Its own top-level window (not a child of the main window: it may be
    // moved beside it), closed with it.
    HandbookWindow *handbook = m_handbook;
    if (!handbook) {
        handbook = new HandbookWindow(&m_window);
        handbook->setAttribute(Qt::WA_DeleteOnClose);
        m_handbook = handbook;
    }
    handbook->show();
    handbook->raise();
    handbook->activateWindow();
}

void HelpMenu::showAbout()
{
    AboutDialog *about = m_about;
    if (!about) {
        about = new AboutDialog(&m_window);
        about->setAttribute(Qt::WA_DeleteOnClose);
        m_about = about;
    }
    // open(): window-modal without a nested event loop.
    about->open();
}

} // namespace cw
