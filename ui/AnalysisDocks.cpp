#include "AnalysisDocks.h"

#include "Access.h"
#include "ComparePanel.h"
#include "LagMonitorPanel.h"
#include "MainWindow.h"
#include "QueryPanel.h"
#include "Session.h"

#include <QDockWidget>

namespace cw {

namespace {

QDockWidget *dock(MainWindow &window, QWidget *panel, const QString &title, const char *name)
{
    auto *dock = new QDockWidget(title, &window);
    dock->setObjectName(QString::fromLatin1(name));
    dock->setWidget(panel);
    return dock;
}

} // namespace

void addAnalysisDocks(MainWindow &window)
{
    Session &session = window.session();
    auto *lag = dock(window, new LagMonitorPanel(session.db(), session.clock()),
                     MainWindow::tr("Lag Monitor"), "lagMonitorDock");
    window.addPanel(lag, Qt::BottomDockWidgetArea);
    // The status bar's lag badge is always there; the full monitor on demand.
    lag->setVisible(false);
    const auto &actor = session.actor();
    if (!actor)
        return;
    auto *query = dock(window, new QueryPanel(session.db(), *actor, session.clock()),
                       MainWindow::tr("Query"), "queryDock");
    auto *compare = dock(window, new ComparePanel(session.db(), *actor, session.clock()),
                         MainWindow::tr("Compare Strategies"), "compareDock");
    window.addPanel(query, Qt::BottomDockWidgetArea);
    window.addPanel(compare, Qt::BottomDockWidgetArea);
    const bool analyst = Access::analysesRetrievalByDefault(actor->effective);
    query->setVisible(analyst);
    compare->setVisible(false);
    if (analyst)
        query->raise();
}

} // namespace cw
