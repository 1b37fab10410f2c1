#pragma once

#include <QObject>

class QAction;
class QMainWindow;
class QMenu;

namespace cw {

class Session;

// The Edit menu's administration entries: Erase Case… (admins; disabled with
// the policy's reason for everyone else, following View As) and Retention…
// Each opens its dialog window-modal and without blocking (tests reach it
// as a child of the window).
class ErasureMenu : public QObject
{
    Q_OBJECT

public:
    ErasureMenu(QMainWindow &window, Session &session, QMenu *before);

    QAction *eraseCaseAction() const { return m_erase; }
    QAction *retentionAction() const { return m_retention; }

private:
    void follow();

    QMainWindow &m_window;
    Session &m_session;
    QAction *m_erase;
    QAction *m_retention;
};

} // namespace cw
