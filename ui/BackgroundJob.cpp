#include "BackgroundJob.h"

#include "Database.h"

#include <QFutureWatcher>
#include <QProgressDialog>
#include <QPromise>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <exception>

namespace cw::BackgroundJob {

namespace {

constexpr int Steps = 1000;

void work(QPromise<Outcome> &promise, const QString &path, const Work &body)
{
    promise.setProgressRange(0, Steps);
    auto db = Database::open(path, Database::Mode::OpenExisting);
    if (!db) {
        promise.addResult(Outcome{false, db.error()});
        return;
    }
    const Progress progress = [&promise](qint64 done, qint64 total) {
        if (total > 0)
            promise.setProgressValue(int(std::clamp<qint64>(done * Steps / total, 0, Steps)));
        return !promise.isCanceled();
    };
    // Nothing may throw across the thread boundary; the model layer returns
    // results, and this catch only keeps a bug from terminating the process.
    try {
        auto done = body(**db, progress);
        promise.addResult(done ? Outcome{true, *done} : Outcome{false, done.error()});
    } catch (const std::exception &e) {
        promise.addResult(Outcome{false, QString::fromUtf8(e.what())});
    }
}

} // namespace

void start(QWidget *parent, const QString &title, const QString &databasePath, Work body,
           Finished finished)
{
    auto *dialog = new QProgressDialog(title, QProgressDialog::tr("Cancel"), 0, Steps, parent);
    dialog->setObjectName(QStringLiteral("jobProgress"));
    dialog->setWindowTitle(title);
    dialog->setWindowModality(Qt::WindowModal);
    dialog->setMinimumDuration(300);
    dialog->setAutoClose(false);
    dialog->setAutoReset(false);
    auto *watcher = new QFutureWatcher<Outcome>(dialog);
    QObject::connect(watcher, &QFutureWatcherBase::progressValueChanged, dialog,
                     &QProgressDialog::setValue);
    QObject::connect(dialog, &QProgressDialog::canceled, watcher, &QFutureWatcherBase::cancel);
    QObject::connect(watcher, &QFutureWatcherBase::finished, dialog,
                     [watcher, dialog, finished = std::move(finished)] {
                         const QFuture<Outcome> future = watcher->future();
                         // A cancelled job adds no result (QPromise drops it).
                         const Outcome outcome = future.resultCount() > 0
                                                     ? future.result()
                                                     : Outcome{false, QString(), true};
                         dialog->hide();
                         dialog->deleteLater();
                         if (finished)
                             finished(outcome);
                     });
    watcher->setFuture(QtConcurrent::run(work, databasePath, std::move(body)));
}

} // namespace cw::BackgroundJob
