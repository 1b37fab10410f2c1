#include "WelcomePage.h"

#include "FileMenu.h"
#include "PrincipalDirectory.h"
#include "Session.h"

#include <QAction>
#include <QFileInfo>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QVBoxLayout>

namespace cw {

namespace {

// As a POSIX shell reads it: the command can be pasted as shown.
QString shellQuoted(const QString &word)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_@%+=:,./-]+$"));
    if (plain.match(word).hasMatch())
        return word;
    QString quoted = word;
    quoted.replace(u'\'', QStringLiteral("'\\''"));
    return u'\'' + quoted + u'\'';
}

// A JSON array of strings, escaped as JSON wants ("a\"b" for a"b).
QString jsonArray(const QStringList &values)
{
    return QString::fromUtf8(
        QJsonDocument(QJsonArray::fromStringList(values)).toJson(QJsonDocument::Compact));
}

// Who the user is to the database: the OS login on a file; on a server the
// connection's role, which names the principal there (IdentityResolver).
struct Login
{
    QString name;
    QString field; // the principal record's field that maps it
    QString noun;
};

// In the order docs/cli.md writes it (QJsonObject would sort the keys).
QString principalRecord(const Login &login, const QStringList &roles, bool withTenants)
{
    QString quoted = jsonArray({login.name});
    quoted = quoted.mid(1, quoted.size() - 2);
    QString record = QStringLiteral("{\"type\":\"principal\",\"id\":%1,\"name\":%1,\"%2\":%1,"
                                    "\"roles\":%3")
                         .arg(quoted, login.field, jsonArray(roles));
    if (withTenants)
        record += QStringLiteral(",\"tenants\":[\"TENANT\"]");
    return record + u'}';
}

QString pre(const QString &text)
{
    return QStringLiteral("<pre>%1</pre>").arg(text.toHtmlEscaped());
}

} // namespace

WelcomePage::WelcomePage(Session &session, const FileMenu &fileMenu, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
{
    setObjectName(QStringLiteral("welcomePage"));
    // A small window scrolls rather than squeezing the instructions.
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto *scroller = new QScrollArea(this);
    scroller->setWidgetResizable(true);
    scroller->setFrameShape(QFrame::NoFrame);
    outer->addWidget(scroller);
    // Lines a reader can follow on a wide screen: a centred column.
    auto *wrapper = new QWidget(scroller);
    scroller->setWidget(wrapper);
    auto *centred = new QHBoxLayout(wrapper);
    auto *content = new QWidget(wrapper);
    content->setMaximumWidth(760);
    centred->addStretch(0);
    centred->addWidget(content, 1);
    centred->addStretch(0);
    auto *column = new QVBoxLayout(content);
    column->setContentsMargins(24, 24, 24, 24);
    column->setSpacing(12);

    auto *heading = new QLabel(tr("Nothing to review yet"), content);
    heading->setObjectName(QStringLiteral("welcomeHeading"));
    QFont big = heading->font();
    big.setPointSizeF(big.pointSizeF() * 1.6);
    big.setBold(true);
    heading->setFont(big);
    m_lead = new QLabel(content);
    m_lead->setWordWrap(true);
    m_lead->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *choices = new QWidget(content);
    auto *grid = new QVBoxLayout(choices);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->addWidget(choice(fileMenu.createDemoAction(),
                           tr("A new database with every review scenario, a memory corpus and "
                              "a query set; your login is its admin. The way to try things.")));
    grid->addWidget(choice(fileMenu.openAction(), tr("A database someone has already set up.")));
    grid->addWidget(choice(fileMenu.importMemoryAction(),
                           tr("Into this database: a contexts/memory/ folder of decisions and "
                              "domain articles (docs/memory-import.md).")));
    grid->addWidget(choice(fileMenu.importJsonLinesAction(),
                           tr("Into this database: tenants, principals, cases, proof records and "
                              "proposals, one JSON record a line (docs/cli.md).")));

    m_principalBox = new QGroupBox(content); // titled by refresh(): a login or a role
    m_principalBox->setObjectName(QStringLiteral("principalBox"));
    auto *box = new QVBoxLayout(m_principalBox);
    m_principalHelp = new QLabel(m_principalBox);
    m_principalHelp->setObjectName(QStringLiteral("principalHelp"));
    m_principalHelp->setWordWrap(true);
    m_principalHelp->setTextFormat(Qt::RichText);
    m_principalHelp->setTextInteractionFlags(Qt::TextSelectableByMouse |
                                             Qt::TextSelectableByKeyboard);
    box->addWidget(m_principalHelp);

    column->addWidget(heading);
    column->addWidget(m_lead);
    column->addWidget(choices);
    column->addWidget(m_principalBox);
    column->addStretch(1);
    refresh();
}

QWidget *WelcomePage::choice(QAction *action, const QString &explanation)
{
    auto *row = new QWidget(this);
    auto *layout = new QGridLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    // A button, not a second action: what it does, and whether it may, stay
    // the File menu's.
    auto *button = new QPushButton(action->icon(), action->text(), row);
    button->setObjectName(action->objectName() + QStringLiteral("Button"));
    button->setMinimumWidth(230);
    button->setEnabled(action->isEnabled());
    connect(action, &QAction::changed, button,
            [button, action] { button->setEnabled(action->isEnabled()); });
    connect(button, &QPushButton::clicked, action, &QAction::trigger);
    auto *label = new QLabel(explanation, row);
    label->setWordWrap(true);
    label->setBuddy(button);
    layout->addWidget(button, 0, 0, Qt::AlignTop);
    layout->addWidget(label, 0, 1);
    layout->setColumnStretch(1, 1);
    return row;
}

void WelcomePage::refresh()
{
    m_lead->setText(tr("%1 holds no proposals and no articles. Start with the demo to see how "
                       "review works, or bring in your own data.")
                        .arg(QFileInfo(m_session.db().path()).fileName()));
    const bool mapped = m_session.actor().has_value();
    m_principalBox->setTitle(m_session.db().isServer()
                                 ? tr("No principal is mapped to your database role")
                                 : tr("No principal is mapped to your login"));
    m_principalBox->setVisible(!mapped);
    m_principalHelp->setText(mapped ? QString() : principalInstructions());
}

QString WelcomePage::principalHelp() const
{
    return m_principalHelp->isVisibleTo(this) ? m_principalHelp->text() : QString();
}

QString WelcomePage::principalInstructions() const
{
    const Database &database = m_session.db();
    Login login{m_session.login(), QStringLiteral("os_user"), tr("login")};
    if (database.isServer()) {
        auto role = database.sessionRole();
        login = {role ? *role : QString(), QStringLiteral("db_role"), tr("database role")};
    }
    const QString db = shellQuoted(database.path()); // a server's without its password
    const PrincipalDirectory directory(database);
    const auto principals = directory.principals();
    const auto administrators = directory.administrators();
    const QStringList admins = administrators ? *administrators : QStringList();
    QString text =
        tr("<p>Your %1 is <b>%2</b>. Everything in the workbench is done as a principal whose "
           "<code>%3</code> is your %1; until there is one, the queue stays closed to "
           "you. The workbench lets you in as soon as the principal is imported, without reopening "
           "the database.</p>")
            .arg(login.noun, login.name.toHtmlEscaped(), login.field);
    if (principals && principals->isEmpty()) {
        text += tr("<p>This database has no principal yet, so you can make yourself its first "
                   "admin (audited):</p>") +
                pre(QStringLiteral("curation-cli --db %1 init --admin").arg(db)) +
                tr("<p>or import this line with <b>Import JSON Lines…</b> above (anyone may "
                   "while there is no principal):</p>") +
                pre(principalRecord(login, {QStringLiteral("admin")}, false));
        return text;
    }
    text += tr("<p>Ask an admin (%1) to import this line, with the tenants and roles you should "
               "have (roles: curator, domain_owner, analyst, admin):</p>")
                .arg(admins.isEmpty() ? tr("none is listed")
                                      : admins.join(QStringLiteral(", ")).toHtmlEscaped()) +
            pre(principalRecord(login, {QStringLiteral("curator")}, true)) +
            tr("<p>saved as <code>principal.jsonl</code>, with File › Import JSON Lines… or:</p>") +
            pre(QStringLiteral("curation-cli --db %1 ingest principal.jsonl").arg(db));
    return text;
}

} // namespace cw
