#pragma once

#include <QObject>
#include <QString>
#include <QThread>

#include <atomic>
#include <functional>
#include <memory>

namespace cw {

class Database;

// One kind of read (the queue's count, the owners' view) off the GUI thread:
// its own thread and its own read-only connection, opened there on first use
// (a connection is never shared across threads). Each submit() supersedes the
// one before: a queued read that is no longer the latest never runs, a
// running one is interrupted inside SQLite, and only the latest read's result
// is delivered — on the GUI thread.
class BackgroundRead : public QObject
{
    Q_OBJECT

public:
    // Runs on the GUI thread with what the read found, if it is still wanted.
    using Delivery = std::function<void()>;
    // Runs on the reader's thread with its connection.
    using Work = std::function<Delivery(const Database &db)>;

    BackgroundRead(const QString &name, QString databasePath, QObject *parent = nullptr);
    ~BackgroundRead() override;

    void submit(Work work);
    // Drops whatever is queued or running: nothing more is delivered.
    void cancel();
    bool isBusy() const { return m_pending > 0; }

Q_SIGNALS:
    void busyChanged(bool busy);
    // The latest read could not run (the connection could not be opened, or
    // the read threw); it is not delivered.
    void failed(const QString &message);

private:
    // Both run on the reader's thread.
    void run(quint64 generation, const Work &work);
    bool isStale(quint64 generation) const { return generation != m_latest->load(); }
    // On the GUI thread.
    void settle(quint64 generation, const Delivery &delivery, const QString &error);

    QString m_path;
    QThread m_thread;
    QObject *m_context = nullptr;   // lives on m_thread: what queued reads run in
    std::unique_ptr<Database> m_db; // used on m_thread only
    quint64 m_running = 0;          // on m_thread: the generation being read
    std::shared_ptr<std::atomic<quint64>> m_latest = std::make_shared<std::atomic<quint64>>(0);
    int m_pending = 0;
};

} // namespace cw
