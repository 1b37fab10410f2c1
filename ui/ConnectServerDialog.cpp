#include "ConnectServerDialog.h"

#include "Database.h"
#include "ServerConnection.h"
#include "Theme.h"

#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

namespace cw {

namespace {

const QString RecentKey = QStringLiteral("recentServers");

} // namespace

ConnectServerDialog::ConnectServerDialog(Connector connector, QWidget *parent)
    : QDialog(parent)
    , m_connector(std::move(connector))
{
    setObjectName(QStringLiteral("connectServerDialog"));
    setWindowTitle(tr("Connect to Server"));
    auto *layout = new QVBoxLayout(this);
    auto *intro =
        new QLabel(tr("Work on a team's PostgreSQL database. The server decides who you are: the "
                      "database role you connect as names your principal."),
                   this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    auto *form = new QFormLayout;
    m_location = new QComboBox(this);
    m_location->setObjectName(QStringLiteral("serverLocation"));
    m_location->setEditable(true);
    m_location->setInsertPolicy(QComboBox::NoInsert);
    m_location->setMinimumContentsLength(48);
    m_location->addItems(recentServers());
    m_location->lineEdit()->setPlaceholderText(
        QStringLiteral("postgresql://user@host:5432/database"));
    m_location->setAccessibleName(tr("Server location"));
    auto *label = new QLabel(tr("&Server:"), this);
    label->setBuddy(m_location);
    form->addRow(label, m_location);
    layout->addLayout(form);

    auto *hint = new QLabel(
        tr("<code>postgresql://user@host:port/database</code>, <code>postgres://…</code> or "
           "<code>service=NAME</code> (pg_service.conf). A password is best kept in "
           "<code>~/.pgpass</code>; one written in the location is used to connect but never "
           "remembered or shown."),
        this);
    hint->setObjectName(QStringLiteral("serverLocationHint"));
    hint->setWordWrap(true);
    hint->setTextFormat(Qt::RichText);
    layout->addWidget(hint);

    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("connectError"));
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setStyleSheet(QStringLiteral("QLabel{%1;padding:4px}")
                               .arg(Theme::css(Theme::Tone::Bad, true, palette())));
    m_error->hide();
    layout->addWidget(m_error);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_connect = buttons->addButton(tr("&Connect"), QDialogButtonBox::AcceptRole);
    m_connect->setObjectName(QStringLiteral("connectButton"));
    m_connect->setDefault(true);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &ConnectServerDialog::tryConnect);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    const auto enable = [this] {
        m_connect->setEnabled(!m_location->currentText().trimmed().isEmpty());
    };
    connect(m_location, &QComboBox::editTextChanged, this, enable);
    enable();
    m_location->setFocus();
}

void ConnectServerDialog::tryConnect()
{
    const QString location = m_location->currentText().trimmed();
    // A file path would open (or create) a file: this dialog is for servers.
    if (!ServerConnection::isServerLocation(location))
        return showError(tr("This is not a server location. Write it as "
                            "postgresql://user@host:port/database or service=NAME; a database "
                            "file opens with File › Open Database…"));
    m_error->hide();
    m_connect->setEnabled(false);
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const QString error = m_connector(location);
    QApplication::restoreOverrideCursor();
    m_connect->setEnabled(true);
    if (!error.isEmpty())
        return showError(error);
    accept();
}

void ConnectServerDialog::showError(const QString &message)
{
    m_error->setText(message);
    m_error->show();
    // A word-wrapped label asks for its height only once laid out: grow the
    // dialog to show the whole message rather than squeeze the hint.
    adjustSize();
    m_location->setFocus();
}

void ConnectServerDialog::rememberServer(const QString &shownLocation)
{
    QSettings settings;
    QStringList recent = settings.value(RecentKey).toStringList();
    recent.removeAll(shownLocation);
    recent.prepend(shownLocation);
    settings.setValue(RecentKey, recent.mid(0, MaxRecent));
}

QStringList ConnectServerDialog::recentServers()
{
    return QSettings().value(RecentKey).toStringList();
}

} // namespace cw
