#include "ErasureMenu.h"

#include "Access.h"
#include "EraseCaseDialog.h"
#include "RetentionDialog.h"
#include "Session.h"

#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>

namespace cw {

ErasureMenu::ErasureMenu(QMainWindow &window, Session &session, QMenu *before)
    : QObject(&window)
    , m_window(window)
    , m_session(session)
{
    auto *menu = new QMenu(tr("&Edit"), &window);
    menu->setObjectName(QStringLiteral("editMenu"));
    menu->setToolTipsVisible(true);
    window.menuBar()->insertMenu(before ? before->menuAction() : nullptr, menu);
    m_erase = menu->addAction(QIcon::fromTheme(QStringLiteral("edit-delete")), tr("&Erase Case…"));
    m_erase->setObjectName(QStringLiteral("eraseCaseAction"));
    m_retention = menu->addAction(tr("&Retention…"));
    m_retention->setObjectName(QStringLiteral("retentionAction"));
    connect(m_erase, &QAction::triggered, this, [this] {
        auto *dialog = new EraseCaseDialog(m_session, &m_window);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->open();
    });
    connect(m_retention, &QAction::triggered, this, [this] {
        auto *dialog = new RetentionDialog(m_session, &m_window);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->open();
    });
    connect(&m_session, &Session::actorChanged, this, &ErasureMenu::follow);
    follow();
}

void ErasureMenu::follow()
{
    std::optional<Refusal> refused =
        Refusal{Refusal::Forbidden, tr("no principal is mapped to this login"), {}};
    if (m_session.actor())
        refused = Access(m_session.db(), *m_session.actor()).mayEraseAny();
    m_erase->setEnabled(!refused);
    m_erase->setToolTip(refused ? refused->message
                                : tr("Remove a case and everything derived from it"));
}

} // namespace cw
