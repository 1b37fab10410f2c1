#pragma once

#include <QDate>
#include <QObject>
#include <QStringList>

class QWidget;

namespace cw {

class BackgroundRunner;

// The workbench's corruption check (docs/storage.md, "Corruption"): opening
// a database no longer scans it, so on the first open of a file each day
// quick_check runs on a thread of its own (BackgroundRunner, a read-only
// connection) and, if it finds damage, a notice says so without blocking
// the window. The day of the last check of each file is kept in QSettings.
class IntegrityWatch : public QObject
{
    Q_OBJECT

public:
    IntegrityWatch(const QString &databasePath, QWidget *window);

    // Starts the check unless this file was checked today; true if started.
    bool startIfDue(const QDate &today = QDate::currentDate());

Q_SIGNALS:
    // After a check ran: problems empty when the file is sound.
    void checked(const QStringList &problems);

private:
    void report(const QStringList &problems, const QDate &day);
    QString settingsKey() const;

    QString m_path;
    QWidget *m_window = nullptr;
    BackgroundRunner *m_runner = nullptr;
};

} // namespace cw
