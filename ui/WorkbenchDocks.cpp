#include "WorkbenchDocks.h"

#include "Access.h"
#include "ComparePanel.h"
#include "EvaluationPanel.h"
#include "LagMonitorPanel.h"
#include "OwnerPanel.h"
#include "QueryPanel.h"

#include <QCoreApplication>
#include <QDockWidget>

namespace cw {

namespace {

template <typename Panel> QWidget *make(Session &session, QWidget *parent)
{
    return new Panel(session, parent);
}

// The titles are translated as MainWindow's, where the docks appear.
QString title(const char *text)
{
    return QCoreApplication::translate("cw::MainWindow", text);
}

} // namespace

QList<DockSpec> workbenchDocks()
{
    return {
        // Owners see their articles; a low dock, so the queue keeps the room.
        {QStringLiteral("ownerDock"), title(QT_TRANSLATE_NOOP("cw::MainWindow", "My Domains")),
         Qt::BottomDockWidgetArea, make<OwnerPanel>, false, &Access::ownsArticlesByDefault, 190,
         title(QT_TRANSLATE_NOOP("cw::MainWindow", "My &Domains")),
         QKeySequence(title(QT_TRANSLATE_NOOP("cw::MainWindow", "Ctrl+1")))},
        // The status bar's lag badge is always there; the full monitor opens
        // for analysts (a tab beside query and compare), on demand for others.
        {QStringLiteral("lagMonitorDock"),
         title(QT_TRANSLATE_NOOP("cw::MainWindow", "Lag Monitor")), Qt::BottomDockWidgetArea,
         make<LagMonitorPanel>, false, &Access::monitorsProjectionByDefault, 0,
         title(QT_TRANSLATE_NOOP("cw::MainWindow", "&Lag Monitor")),
         QKeySequence(title(QT_TRANSLATE_NOOP("cw::MainWindow", "Ctrl+2")))},
        {QStringLiteral("compareDock"),
         title(QT_TRANSLATE_NOOP("cw::MainWindow", "Compare Strategies")), Qt::BottomDockWidgetArea,
         make<ComparePanel>, true, &Access::analysesRetrievalByDefault, 0,
         title(QT_TRANSLATE_NOOP("cw::MainWindow", "&Compare Strategies")),
         QKeySequence(title(QT_TRANSLATE_NOOP("cw::MainWindow", "Ctrl+4")))},
        // Judged query sets and their runs; analysts open it from View.
        {QStringLiteral("evaluationDock"),
         title(QT_TRANSLATE_NOOP("cw::MainWindow", "Evaluation")),
         Qt::BottomDockWidgetArea,
         make<EvaluationPanel>,
         true,
         {},
         0,
         title(QT_TRANSLATE_NOOP("cw::MainWindow", "E&valuation")),
         QKeySequence(title(QT_TRANSLATE_NOOP("cw::MainWindow", "Ctrl+5")))},
        // Analysts see the query panel at once (the last shown is raised),
        // with compare and the lag monitor as tabs behind it; curators and
        // owners find the analysis docks in View, closed.
        {QStringLiteral("queryDock"), title(QT_TRANSLATE_NOOP("cw::MainWindow", "Query")),
         Qt::BottomDockWidgetArea, make<QueryPanel>, true, &Access::analysesRetrievalByDefault, 0,
         title(QT_TRANSLATE_NOOP("cw::MainWindow", "&Query")),
         QKeySequence(title(QT_TRANSLATE_NOOP("cw::MainWindow", "Ctrl+3")))},
    };
}

void connectDocks(const QHash<QString, QDockWidget *> &docks)
{
    QDockWidget *evaluation = docks.value(QStringLiteral("evaluationDock"));
    QDockWidget *query = docks.value(QStringLiteral("queryDock"));
    // Each panel sits in its dock's scroll area.
    auto *from = evaluation ? evaluation->findChild<EvaluationPanel *>() : nullptr;
    auto *to = query ? query->findChild<QueryPanel *>() : nullptr;
    if (!from || !to)
        return;
    QObject::connect(from, &EvaluationPanel::queryOpened, to,
                     [query, to](const RetrievalRequest &request, const QString &as) {
                         query->show();
                         query->raise();
                         to->loadRequest(request, as);
                     });
}

} // namespace cw
