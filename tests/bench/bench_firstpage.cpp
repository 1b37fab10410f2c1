// The review queue's first page on a big database (DESIGN.md section 8:
// open the 1,000,000-case database and show the first page in <= 300 ms;
// scrolling never loads the whole table; RSS <= 200 MB). Each run opens the
// file, builds the real main window, shows it, and stops the clock when the
// queue's first page is in the model and the table has painted. The count
// and the owners' view arrive later, off the GUI thread; their times are
// printed too. Then one window scrolls through PAGES pages of the queue and
// the peak resident set is read from /proc/self/status (VmHWM).
//
// Before that, the whole process (WholeStart.h, issue #16: GUI start to first
// page <= 300 ms): WHOLE times a child process started as curation-workbench
// starts (`--db DB --as PRINCIPAL`), from before the process exists to the
// queue's first page painted, beside the floor of a Qt Widgets process (a
// child that exits once QApplication is constructed), after one first start
// of the day (which starts the daily integrity check).
//
//   bench_firstpage DB [--runs N] [--pages N] [--whole N] [--as PRINCIPAL]
//
// In process the file is opened read-only. The whole-process children open
// it as the workbench does, writable (the session's connection; a clean
// close leaves the file as it was, but use a copy of a file nobody may
// write). Everything runs offscreen unless QT_QPA_PLATFORM says otherwise;
// in process, layout and recent files go to Qt's test-mode settings, and the
// children get a HOME of their own: never the user's settings.

#include "BenchSupport.h"
#include "Database.h"
#include "Identity.h"
#include "IdentityStore.h"
#include "MainWindow.h"
#include "OwnerPanel.h"
#include "Paths.h"
#include "ProposalListModel.h"
#include "ReviewQueuePanel.h"
#include "Session.h"
#include "WholeStart.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QScrollBar>
#include <QStandardPaths>
#include <QTableView>

#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>

using namespace cw;
using namespace cw::bench;

namespace {

double msSince(const QElapsedTimer &timer)
{
    return double(timer.nsecsElapsed()) / 1e6;
}

// Notes when a widget first paints.
class FirstPaint : public QObject
{
public:
    explicit FirstPaint(QWidget *widget) { widget->installEventFilter(this); }
    bool painted = false;

protected:
    bool eventFilter(QObject *, QEvent *event) override
    {
        if (event->type() == QEvent::Paint)
            painted = true;
        return false;
    }
};

struct Opened
{
    std::unique_ptr<MainWindow> window;
    double openMs = 0;
};

Opened openWindow(const QString &path, const QString &as, QString *error)
{
    QElapsedTimer timer;
    timer.start();
    auto db = Database::open(path, Database::Mode::ReadOnly);
    if (!db) {
        *error = db.error();
        return {};
    }
    const double openMs = msSince(timer);
    auto actor = IdentityResolver::resolve(IdentityStore(**db), Paths::osLoginName(), as);
    std::optional<Actor> acting;
    if (actor)
        acting = *actor;
    return {std::make_unique<MainWindow>(std::move(*db), acting, actor ? QString() : actor.error()),
            openMs};
}

} // namespace

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    if (argc > 2 && std::strcmp(argv[1], "--child") == 0)
        return runStartChild(argc, argv);
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("DB"), QStringLiteral("Database file"));
    const QCommandLineOption runsOption(QStringLiteral("runs"), QStringLiteral("Runs (10)."),
                                        QStringLiteral("N"), QStringLiteral("10"));
    const QCommandLineOption pagesOption(QStringLiteral("pages"),
                                         QStringLiteral("Pages to scroll (20)."),
                                         QStringLiteral("N"), QStringLiteral("20"));
    const QCommandLineOption asOption(QStringLiteral("as"), QStringLiteral("Principal (admins)."),
                                      QStringLiteral("PRINCIPAL"));
    const QCommandLineOption wholeOption(QStringLiteral("whole"),
                                         QStringLiteral("Whole-process starts (10; 0: none)."),
                                         QStringLiteral("N"), QStringLiteral("10"));
    parser.addOptions({runsOption, pagesOption, asOption, wholeOption});
    parser.addHelpOption();
    parser.process(app);
    if (parser.positionalArguments().size() != 1)
        parser.showHelp(2);
    const QString path = parser.positionalArguments().first();
    const int runs = std::max(1, parser.value(runsOption).toInt());
    const int pages = std::max(1, parser.value(pagesOption).toInt());
    const int wholeRuns = std::max(0, parser.value(wholeOption).toInt());

    // First, while this process holds no connection to the file.
    QStringList workbenchArgs{QStringLiteral("--db"), path};
    if (parser.isSet(asOption))
        workbenchArgs << QStringLiteral("--as") << parser.value(asOption);
    if (wholeRuns > 0 && !reportWholeStart(workbenchArgs, wholeRuns))
        return 1;
    std::printf("\nin process (load average %s)\n", qPrintable(loadAverage()));

    std::vector<double> openMs, rowsMs, shownMs, countMs, ownerMs;
    qint64 total = 0;
    QString principal;
    for (int run = 0; run < runs; ++run) {
        QElapsedTimer timer;
        timer.start();
        QString error;
        Opened opened = openWindow(path, parser.value(asOption), &error);
        if (!opened.window) {
            std::fprintf(stderr, "%s\n", qPrintable(error));
            return 1;
        }
        MainWindow &window = *opened.window;
        ProposalListModel *model = window.proposalModel();
        OwnerPanel *owner = window.ownerPanel();
        FirstPaint paint(window.queue()->table()->viewport());
        // Both arrive from other threads, whenever they are ready.
        double countAt = -1;
        double ownerAt = -1;
        QObject::connect(model, &ProposalListModel::totalCountChanged, model, [&](qint64 t) {
            if (t != ProposalListModel::CountUnknown && countAt < 0)
                countAt = msSince(timer);
        });
        QObject::connect(owner, &OwnerPanel::loaded, owner, [&] {
            if (ownerAt < 0)
                ownerAt = msSince(timer);
        });
        if (!waitFor([model] { return model->rowCount() > 0; }, 60000)) {
            std::fprintf(stderr, "no rows in the queue\n");
            return 1;
        }
        rowsMs.push_back(msSince(timer));
        window.show();
        waitFor([&paint] { return paint.painted; }, 60000);
        shownMs.push_back(msSince(timer));
        openMs.push_back(opened.openMs);
        waitFor([&] { return countAt >= 0 && !owner->isLoading(); }, 60000);
        if (countAt >= 0)
            countMs.push_back(countAt);
        if (ownerAt >= 0)
            ownerMs.push_back(ownerAt);
        total = model->totalCount();
        if (window.session().actor())
            principal = window.session().actor()->effective.id;
    }

    // One window scrolls PAGES pages down, the way a user drags to the end.
    QString error;
    Opened opened = openWindow(path, parser.value(asOption), &error);
    MainWindow &window = *opened.window;
    window.show();
    ProposalListModel *model = window.proposalModel();
    QTableView *table = window.queue()->table();
    waitFor([model] { return model->rowCount() > 0; }, 60000);
    std::vector<double> pageMs;
    for (int page = 0; page < pages && model->canFetchMore({}); ++page) {
        const int before = model->rowCount();
        QElapsedTimer timer;
        timer.start();
        // At the bottom the view asks the model for more (fetchMore).
        table->scrollToBottom();
        waitFor([&] { return model->rowCount() > before; }, 10000);
        table->verticalScrollBar()->setValue(table->verticalScrollBar()->maximum());
        QCoreApplication::processEvents();
        pageMs.push_back(msSince(timer));
    }
    const int loaded = model->rowCount();

    std::printf("first page of the review queue: %s (read-only), principal %s\n", qPrintable(path),
                principal.isEmpty() ? "(none)" : qPrintable(principal));
    std::printf("proposals matching the queue: %lld; runs: %d\n", total, runs);
    report("open the file", openMs);
    report("first page in the model", rowsMs);
    report("first page painted", shownMs);
    report("count arrived (background)", countMs);
    report("owners' view loaded (background)", ownerMs); // none: the principal owns no domain
    report("one more page while scrolling", pageMs);
    std::printf("rows loaded after scrolling %zu page(s): %d of %lld\n", pageMs.size(), loaded,
                total);
    const double peak = statusMegabytes("VmHWM");
    std::printf("peak RSS (VmHWM) %.1f MB, RSS now %.1f MB\n", peak, statusMegabytes("VmRSS"));
    const double p50 = percentile(shownMs, 0.5);
    std::printf("target first page <= 300 ms (p50 %.1f ms): %s; RSS <= 200 MB: %s\n", p50,
                p50 <= 300 ? "met" : "NOT met", peak <= 200 ? "met" : "NOT met");
    std::printf("load average now %s\n", qPrintable(loadAverage()));
    return 0;
}
