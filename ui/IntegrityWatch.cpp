#include "IntegrityWatch.h"

#include "BackgroundRunner.h"

#include <QFileInfo>
#include <QMessageBox>
#include <QSettings>
#include <QWidget>

namespace cw {

IntegrityWatch::IntegrityWatch(const QString &databasePath, QWidget *window)
    : QObject(window)
    , m_path(databasePath)
    , m_window(window)
{
}

QString IntegrityWatch::settingsKey() const
{
    // QSettings keys treat '/' as groups: the path is kept as a value key.
    QString path = QFileInfo(m_path).canonicalFilePath();
    if (path.isEmpty())
        path = m_path;
    return QStringLiteral("integrity/lastCheck/") +
           QString::fromLatin1(path.toUtf8().toBase64(QByteArray::Base64UrlEncoding));
}

bool IntegrityWatch::startIfDue(const QDate &today)
{
    if (m_path == QLatin1String(":memory:") || QSettings().value(settingsKey()).toDate() == today ||
        m_runner)
        return false;
    m_runner = new BackgroundRunner(QStringLiteral("integrityCheck"), m_path, this);
    m_runner->submit([this, today](const Database &db) -> BackgroundRunner::Delivery {
        auto problems = db.checkIntegrity(Database::IntegrityScan::Quick);
        const QStringList found = problems ? *problems : QStringList{problems.error()};
        return [this, found, today] { report(found, today); };
    });
    return true;
}

void IntegrityWatch::report(const QStringList &problems, const QDate &day)
{
    if (problems.isEmpty())
        QSettings().setValue(settingsKey(), day);
    Q_EMIT checked(problems);
    if (problems.isEmpty() || !m_window)
        return;
    // Non-modal: the window stays usable; SQLite refuses damaged pages as
    // they are read, and `curation-cli check` lists everything.
    auto *notice = new QMessageBox(QMessageBox::Warning, tr("Database damaged"),
                                   tr("The daily check found damage in %1. Restore a backup; "
                                      "`curation-cli check` lists every problem.")
                                       .arg(m_path),
                                   QMessageBox::Ok, m_window);
    notice->setObjectName(QStringLiteral("integrityNotice"));
    notice->setDetailedText(problems.join(QLatin1Char('\n')));
    notice->setAttribute(Qt::WA_DeleteOnClose);
    notice->setModal(false);
    notice->show();
}

} // namespace cw
