#include "DemoDatabase.h"

#include <QCoreApplication>
#include <QFile>
#include <QProcess>
#include <QProgressDialog>
#include <QStandardPaths>

#include <memory>

namespace cw {

namespace {

QString &overridden()
{
    static QString program;
    return program;
}

} // namespace

QString DemoDatabase::cliProgram()
{
    if (!overridden().isEmpty())
        return overridden();
    // The packages install both programs side by side; a build tree has them
    // in the same folder too.
    const QString beside = QStandardPaths::findExecutable(QStringLiteral("curation-cli"),
                                                          {QCoreApplication::applicationDirPath()});
    return beside.isEmpty() ? QStandardPaths::findExecutable(QStringLiteral("curation-cli"))
                            : beside;
}

void DemoDatabase::setCliProgram(const QString &program)
{
    overridden() = program;
}

void DemoDatabase::create(QWidget *parent, const QString &path, Finished done)
{
    const QString program = cliProgram();
    if (program.isEmpty()) {
        done(false, tr("curation-cli, which makes the demo, is neither beside the workbench nor "
                       "on PATH. Install it (the curation-cli package), or run: "
                       "curation-cli --db %1 demo")
                        .arg(path));
        return;
    }
    auto *dialog = new QProgressDialog(tr("Creating the demo database %1…").arg(path), tr("Cancel"),
                                       0, 0, parent);
    dialog->setObjectName(QStringLiteral("demoProgress"));
    dialog->setWindowTitle(tr("Create Demo Database"));
    dialog->setWindowModality(Qt::WindowModal);
    dialog->setMinimumDuration(300);
    auto *process = new QProcess(dialog);
    process->setObjectName(QStringLiteral("demoProcess"));
    auto cancelled = std::make_shared<bool>(false);
    auto finish = std::make_shared<Finished>(std::move(done));
    QObject::connect(dialog, &QProgressDialog::canceled, process, [process, cancelled] {
        *cancelled = true;
        process->kill();
    });
    QObject::connect(
        process, &QProcess::finished, dialog,
        [dialog, process, path, cancelled, finish](int code, QProcess::ExitStatus status) {
            dialog->hide();
            dialog->deleteLater();
            if (*cancelled) {
                // The file was new (the caller refuses to reuse one): a half
                // demo must not be left behind to be opened later.
                for (const char *suffix : {"", "-wal", "-shm"})
                    QFile::remove(path + QLatin1String(suffix));
                return (*finish)(false, QString());
            }
            if (status == QProcess::NormalExit && code == 0)
                return (*finish)(true, QString());
            const QString said = QString::fromLocal8Bit(process->readAllStandardError()).trimmed();
            (*finish)(false,
                      said.isEmpty() ? tr("curation-cli demo stopped (exit %1).").arg(code) : said);
        });
    QObject::connect(process, &QProcess::errorOccurred, dialog,
                     [dialog, program, finish](QProcess::ProcessError error) {
                         if (error != QProcess::FailedToStart)
                             return; // finished() reports the rest
                         dialog->hide();
                         dialog->deleteLater();
                         (*finish)(false, tr("%1 could not be started.").arg(program));
                     });
    process->start(program, {QStringLiteral("--db"), path, QStringLiteral("demo")});
}

} // namespace cw
