#pragma once

#include <QWidget>

class QAction;
class QGroupBox;
class QLabel;

namespace cw {

class FileMenu;
class Session;

// What a database with nothing to review shows instead of an empty queue:
// the ways to fill it (the File menu's own actions: the demo, open, both
// imports) and, while no principal is mapped to the login, exactly how to
// add one, with the login and the file filled in and the text selectable.
class WelcomePage : public QWidget
{
    Q_OBJECT

public:
    WelcomePage(Session &session, const FileMenu &fileMenu, QWidget *parent = nullptr);

    // Says again what the session is (after a data change or a new principal).
    void refresh();
    QString principalHelp() const;

private:
    QWidget *choice(QAction *action, const QString &explanation);
    QString principalInstructions() const;

    Session &m_session;
    QLabel *m_lead = nullptr;
    QGroupBox *m_principalBox = nullptr;
    QLabel *m_principalHelp = nullptr;
};

} // namespace cw
