#pragma once

#include <QDialog>

#include <functional>

class QComboBox;
class QLabel;
class QPushButton;

namespace cw {

// File › Connect to Server…: a PostgreSQL server's libpq location
// (postgresql://user@host:port/database, postgres://…, service=NAME), typed
// or picked from the servers connected to before. Connecting is the
// caller's (it opens the window); a failure is shown here, with what was
// typed kept, so the user corrects it rather than starting again. Recent
// servers are remembered as Database::path() shows them: without a password.
class ConnectServerDialog : public QDialog
{
    Q_OBJECT

public:
    static constexpr int MaxRecent = 8;

    // Connects to location; returns why it could not, or an empty string.
    using Connector = std::function<QString(const QString &location)>;
    explicit ConnectServerDialog(Connector connector, QWidget *parent = nullptr);

    static void rememberServer(const QString &shownLocation);
    static QStringList recentServers();

private:
    void tryConnect();
    void showError(const QString &message);

    Connector m_connector;
    QComboBox *m_location = nullptr;
    QLabel *m_error = nullptr;
    QPushButton *m_connect = nullptr;
};

} // namespace cw
