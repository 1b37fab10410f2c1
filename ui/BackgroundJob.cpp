#include "BackgroundJob.h"

#include "BackgroundRunner.h"

#include <QProgressDialog>

#include <algorithm>
#include <atomic>
#include <memory>

namespace cw::BackgroundJob {

namespace {

constexpr int Steps = 1000;

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
    // The runner belongs to the dialog: it waits for its thread as the
    // dialog goes.
    auto *runner = new BackgroundRunner(QStringLiteral("backgroundJob"), databasePath,
                                        Database::Mode::OpenExisting, dialog);
    // Cancel asks the job to stop at its next progress report (imports and
    // exports end cleanly in their own transaction); it is not interrupted.
    auto cancelled = std::make_shared<std::atomic_bool>(false);
    QObject::connect(dialog, &QProgressDialog::canceled, dialog,
                     [cancelled] { cancelled->store(true); });
    auto onFinished = std::make_shared<Finished>(std::move(finished));
    const auto finish = [dialog, onFinished, cancelled](Outcome outcome) {
        if (cancelled->load())
            outcome = Outcome{false, QString(), true};
        dialog->hide();
        dialog->deleteLater();
        if (*onFinished)
            (*onFinished)(outcome);
    };
    QObject::connect(runner, &BackgroundRunner::failed, dialog, [finish](const QString &message) {
        finish(Outcome{false, message});
    });
    runner->submit([body = std::move(body), dialog, cancelled,
                    finish](const Database &db) -> BackgroundRunner::Delivery {
        const Progress progress = [&dialog, &cancelled](qint64 done, qint64 total) {
            if (total > 0) {
                const int value = int(std::clamp<qint64>(done * Steps / total, 0, Steps));
                // The dialog lives on the GUI thread and outlives this work
                // (it owns the runner, which waits for its thread).
                QMetaObject::invokeMethod(
                    dialog, [dialog, value] { dialog->setValue(value); }, Qt::QueuedConnection);
            }
            return !cancelled->load();
        };
        auto result = body(db, progress);
        Outcome outcome = result ? Outcome{true, *result} : Outcome{false, result.error()};
        return [finish, outcome] { finish(outcome); };
    });
}

} // namespace cw::BackgroundJob
