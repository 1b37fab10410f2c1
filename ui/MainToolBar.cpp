#include "MainToolBar.h"

#include <QAction>
#include <QCoreApplication>
#include <QMainWindow>
#include <QMenu>
#include <QStyle>
#include <QToolBar>
#include <QToolButton>

namespace cw {

namespace {

// "Open Database… (Ctrl+O)": an icon-only button says what it does and the
// key that does it without the button.
void tipWithShortcut(QAction *action)
{
    QString plain = action->text();
    plain.remove(u'&');
    // A disabled action's own tooltip says why it is (File › Import Memory
    // Folder… on a server): keep it.
    if (!action->isEnabled() && action->toolTip() != plain)
        return;
    const QKeySequence key = action->shortcut();
    action->setToolTip(key.isEmpty() ? plain
                                     : QCoreApplication::translate("cw::MainToolBar", "%1 (%2)")
                                           .arg(plain, key.toString(QKeySequence::NativeText)));
}

} // namespace

QToolBar *addMainToolBar(QMainWindow &window, const MainToolBarActions &actions)
{
    auto *bar = window.addToolBar(QCoreApplication::translate("cw::MainToolBar", "Main Toolbar"));
    // The objectName saves its place and visibility with the layout.
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setMovable(false);
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    const auto iconOnly = [bar](QAction *action) {
        // Low priority: the icon alone in text-beside-icon mode.
        action->setPriority(QAction::LowPriority);
        bar->addAction(action);
    };

    tipWithShortcut(actions.open);
    iconOnly(actions.open);
    if (!actions.imports.isEmpty()) {
        auto *import = new QAction(
            QIcon::fromTheme(QStringLiteral("document-import"), actions.imports.first()->icon()),
            QCoreApplication::translate("cw::MainToolBar", "&Import"), bar);
        import->setObjectName(QStringLiteral("importToolAction"));
        auto *menu = new QMenu(bar);
        menu->setObjectName(QStringLiteral("importToolMenu"));
        menu->addActions(actions.imports);
        import->setMenu(menu);
        QStringList kinds;
        for (QAction *a : actions.imports) {
            tipWithShortcut(a);
            kinds.append(a->toolTip());
        }
        import->setToolTip(QCoreApplication::translate("cw::MainToolBar", "Import: %1")
                               .arg(kinds.join(QStringLiteral("; "))));
        iconOnly(import);
        if (auto *button = qobject_cast<QToolButton *>(bar->widgetForAction(import)))
            button->setPopupMode(QToolButton::InstantPopup);
    }
    bar->addSeparator();
    iconOnly(actions.previous);
    iconOnly(actions.next);
    bar->addSeparator();
    // Their tooltips are the decision panel's: the shortcut, or why not now.
    for (QAction *decision : actions.decisions)
        bar->addAction(decision);
    bar->addSeparator();
    if (actions.query)
        iconOnly(actions.query);
    if (actions.refresh) {
        tipWithShortcut(actions.refresh);
        iconOnly(actions.refresh);
    }
    return bar;
}

} // namespace cw
