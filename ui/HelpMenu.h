#pragma once

#include <QObject>
#include <QPointer>

class QAction;
class QMainWindow;

namespace cw {

class AboutDialog;
class HandbookWindow;

// The Help menu: the handbook (F1) in a window of its own, and About. Each
// opens once and is raised when asked for again.
class HelpMenu : public QObject
{
    Q_OBJECT

public:
    explicit HelpMenu(QMainWindow &window);

    // The open handbook and About box; nullptr while closed.
    HandbookWindow *handbook() const;
    AboutDialog *about() const;

private:
    void showHandbook();
    void showAbout();

    QMainWindow &m_window;
    QPointer<HandbookWindow> m_handbook;
    QPointer<AboutDialog> m_about;
};

} // namespace cw
