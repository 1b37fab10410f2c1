// The workbench's resident size over a long analyst session (issue #16:
// <= 200 MB after 1,000 retrievals on the 1M-case database). Opens DB in the
// real main window offscreen, as the workbench opens a file (writable; the
// login's principal acting as --as, default ana, an analyst of the generated
// databases), and runs N retrievals through the Query panel the way a user
// does: it sets the strategy, text, symptoms and case widgets, clicks Run
// and waits for the answer to be shown (the panel runs the engine on its own
// thread). Prints VmRSS, VmHWM and the anonymous/file split of the resident
// set (/proc/self/status) after 0, 100, 250, 500, 1000, ... retrievals, the
// retrieval times as the panel sees them (click to result shown) and the
// load average.
//
//   bench_guirss DB [--retrievals N] [--as PRINCIPAL]
//
// The panel records a memory use per retrieval, as it does for a user: run
// it on a copy of a database nobody else may change (the 1M-case file is
// about 2 GB; `sqlite3 -readonly SRC ".backup /tmp/copy.db"`). Settings go
// to Qt's test-mode folder, not the user's.

#include "BackgroundRunner.h"
#include "BenchSupport.h"
#include "IntegrityWatch.h"
#include "MainWindow.h"
#include "ProposalListModel.h"
#include "QueryForm.h"
#include "QueryPanel.h"
#include "QueryResultView.h"
#include "QueryRunner.h"
#include "Session.h"
#include "Statement.h"

#include <QApplication>
#include <QComboBox>
#include <QCommandLineParser>
#include <QDockWidget>
#include <QFileInfo>
#include <QLineEdit>
#include <QPushButton>
#include <QStandardPaths>

#include <cstdio>
#include <random>
#include <vector>

using namespace cw;
using namespace cw::bench;

namespace {

// The resident part of the database file's memory maps (the engine maps up
// to 64 MB of it), in MB, from /proc/self/smaps.
double mappedFileMegabytes(const QString &path)
{
    QFile smaps(QStringLiteral("/proc/self/smaps"));
    if (!smaps.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray file = QFileInfo(path).canonicalFilePath().toLocal8Bit();
    double kb = 0;
    bool inFile = false;
    for (const QByteArray &line : smaps.readAll().split('\n')) {
        // A mapping's header line ("ADDR-ADDR perms offset dev inode path"),
        // then its fields ("Rss:  123 kB").
        const QByteArray first = line.left(line.indexOf(' '));
        if (first.isEmpty())
            continue;
        if (!first.endsWith(':'))
            inFile = line.endsWith(QByteArray(' ' + file));
        else if (inFile && first == "Rss:")
            kb += line.mid(4).simplified().split(' ').value(0).toDouble();
    }
    return kb / 1024.0;
}

void printMemory(int done, const QString &path)
{
    std::printf("after %5d retrievals: VmRSS %7.1f MB  VmHWM %7.1f MB  (RssAnon %7.1f MB, "
                "RssFile %7.1f MB, of it the database file mapped %5.1f MB)\n",
                done, statusMegabytes("VmRSS"), statusMegabytes("VmHWM"),
                statusMegabytes("RssAnon"), statusMegabytes("RssFile"), mappedFileMegabytes(path));
    std::fflush(stdout);
}

double engineMs(const RetrievalResult &result)
{
    double ms = 0;
    for (const auto &[stage, stageMs] : result.stageMillis)
        ms += stageMs;
    return ms;
}

// What the analyst types: a third the hard texts of bench_retrieval (words
// found in tens of thousands of records), the rest titles of random
// revisions, so the engine's word statistics are mostly not warm. Read on a
// connection of its own, closed before the window opens.
QStringList queryTexts(const QString &path)
{
    QStringList texts = {QStringLiteral("register row missing after period close"),
                         QStringLiteral("renewal batch family member"),
                         QStringLiteral("stale template letterhead printing"),
                         QStringLiteral("numeric parser broker feed"),
                         QStringLiteral("premium tariff factor cover"),
                         QStringLiteral("migration backup restore ledger")};
    auto db = Database::open(path, Database::Mode::ReadOnlyChecked);
    if (!db)
        return texts;
    Statement s = (*db)->prepare("SELECT title FROM revisions ORDER BY random() LIMIT 400");
    for (auto row = s.step(); row && *row; row = s.step())
        texts.append(s.text(0));
    return texts;
}

template <typename T> T *named(QWidget *in, const char *name)
{
    return in->findChild<T *>(QLatin1String(name));
}

} // namespace

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("DB"),
                                 QStringLiteral("Database file (a copy: it is written)"));
    const QCommandLineOption countOption(QStringLiteral("retrievals"),
                                         QStringLiteral("Retrievals (1000)."), QStringLiteral("N"),
                                         QStringLiteral("1000"));
    const QCommandLineOption asOption(QStringLiteral("as"),
                                      QStringLiteral("Principal to act as (ana)."),
                                      QStringLiteral("PRINCIPAL"), QStringLiteral("ana"));
    parser.addOptions({countOption, asOption});
    parser.addHelpOption();
    parser.process(app);
    if (parser.positionalArguments().size() != 1)
        parser.showHelp(2);
    const QString path = parser.positionalArguments().first();
    const int count = std::max(1, parser.value(countOption).toInt());
    if (!QFileInfo::exists(path)) {
        std::fprintf(stderr, "%s: no such file\n", qPrintable(path));
        return 1;
    }

    const QStringList texts = queryTexts(path);
    QString error;
    MainWindow *window = MainWindow::openFile(path, false, &error, parser.value(asOption));
    if (!window) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    window->show();
    // The first open of the day checks the file on a thread of its own:
    // let it end, so that the figures below are those of the session.
    if (auto *watch = window->findChild<IntegrityWatch *>()) {
        if (auto *check = watch->findChild<BackgroundRunner *>(); check && check->isBusy()) {
            QElapsedTimer timer;
            timer.start();
            waitFor([check] { return !check->isBusy(); }, 30 * 60 * 1000);
            std::printf("the daily integrity check ran first: %.1f s\n",
                        double(timer.elapsed()) / 1000.0);
        }
    }
    waitFor([window] { return window->proposalModel()->rowCount() > 0; }, 60000);
    if (QDockWidget *dock = window->findChild<QDockWidget *>(QStringLiteral("queryDock")))
        dock->show();
    auto *panel = window->findChild<QueryPanel *>();
    if (!panel || !window->session().actor()) {
        std::fprintf(stderr, "no query panel: is %s an analyst here?\n",
                     qPrintable(parser.value(asOption)));
        return 1;
    }
    QueryForm *form = panel->form();
    auto *strategy = named<QComboBox>(form, "queryStrategy");
    auto *text = named<QLineEdit>(form, "queryText");
    auto *symptoms = named<QLineEdit>(form, "querySymptoms");
    auto *caseRef = named<QLineEdit>(form, "queryCase");
    // Kept between queries, as a user keeps them: bench_retrieval's request.
    named<QLineEdit>(form, "queryDomain")->setText(QStringLiteral("data"));
    named<QLineEdit>(form, "queryProduct")->setText(QStringLiteral("lifeline"));
    named<QLineEdit>(form, "queryVersion")->setText(QStringLiteral("5.1"));
    const QStringList symptomTags = {
        QStringLiteral("missing-register"), QStringLiteral("stale-template"),
        QStringLiteral("wrong-premium"), QStringLiteral("missing-register-row"),
        QStringLiteral("delayed-renewal")};

    int shown = 0;
    QString failure;
    QObject::connect(panel, &QueryPanel::resultShown, panel, [&shown] { ++shown; });
    QObject::connect(panel->runner(), &QueryRunner::finished, panel,
                     [&failure](const QueryRunOutcome &outcome) {
                         if (!outcome.ok())
                             failure = outcome.error;
                     });

    std::printf("GUI resident size over %d retrievals through the Query panel: %s (%.0f MB), "
                "acting as %s; load average %s\n",
                count, qPrintable(path), double(QFileInfo(path).size()) / 1e6,
                qPrintable(window->session().actor()->effective.id), qPrintable(loadAverage()));
    // Settle: what arrives in the background after the first page.
    waitFor([] { return false; }, 1000);
    printMemory(0, path);
    const std::vector<int> marks = {100, 250, 500, 1000, 2000, 5000, 10000};
    std::mt19937 random(7);
    std::vector<double> ms;
    std::vector<double> engine; // the stages' own times, on the runner's thread
    for (int i = 1; i <= count; ++i) {
        strategy->setCurrentIndex(i % strategy->count());
        text->setText(i % 3 == 0 ? texts[int(random() % 6)] : texts[int(random() % texts.size())]);
        symptoms->setText(symptomTags[int(random() % symptomTags.size())]);
        caseRef->setText(QStringLiteral("studio/servicedesk/GEN-%1").arg(random() % 250000 * 4));
        const int before = shown;
        QElapsedTimer timer;
        timer.start();
        form->runButton()->click();
        if (!waitFor([&] { return shown > before || !failure.isEmpty(); }, 60000) ||
            !failure.isEmpty()) {
            std::fprintf(stderr, "retrieval %d failed: %s\n", i,
                         failure.isEmpty() ? "no answer in 60 s" : qPrintable(failure));
            return 1;
        }
        ms.push_back(double(timer.nsecsElapsed()) / 1e6);
        engine.push_back(engineMs(panel->resultView()->result()));
        if (std::find(marks.begin(), marks.end(), i) != marks.end() || i == count)
            printMemory(i, path);
    }
    std::printf("retrieval, click to result shown: n=%zu  p50 %.1f ms  p90 %.1f ms  p99 %.1f ms  "
                "max %.1f ms\n",
                ms.size(), percentile(ms, 0.5), percentile(ms, 0.9), percentile(ms, 0.99),
                *std::max_element(ms.begin(), ms.end()));
    std::printf("of it the engine's stages:          n=%zu  p50 %.1f ms  p90 %.1f ms  p99 %.1f ms  "
                "max %.1f ms\n",
                engine.size(), percentile(engine, 0.5), percentile(engine, 0.9),
                percentile(engine, 0.99), *std::max_element(engine.begin(), engine.end()));
    const double rss = statusMegabytes("VmRSS");
    std::printf("target RSS <= 200 MB after %d retrievals (VmRSS %.1f MB, VmHWM %.1f MB): %s; "
                "load average now %s\n",
                count, rss, statusMegabytes("VmHWM"), rss <= 200 ? "met" : "NOT met",
                qPrintable(loadAverage()));
    window->close();
    return 0;
}
