#pragma once

#include "Database.h"

#include <QMutex>
#include <QObject>
#include <QString>
#include <QThread>

#include <atomic>
#include <functional>
#include <memory>

namespace cw {

// The one way the workbench works off the GUI thread: one kind of work (the
// queue's count, a query, the projector, an import) on its own thread with
// its own connection, opened there on first use (a connection is never
// shared across threads). The latest request wins: each submit() supersedes
// the one before — a queued request that is no longer the latest never runs,
// a running one is interrupted inside SQLite (Database::interrupt at once,
// and the interrupt check between instructions and before a commit, which
// becomes a rollback) — and only the latest request's result is delivered,
// on the GUI thread. cancel() does the same without a new request.
class BackgroundRunner : public QObject
{
    Q_OBJECT

public:
    // Runs on the GUI thread with what the work found, if it is still wanted.
    using Delivery = std::function<void()>;
    // Runs on the runner's thread with its connection.
    using Work = std::function<Delivery(const Database &db)>;

    // Reads: a read-only connection beside the GUI's writer.
    BackgroundRunner(const QString &name, QString databasePath, QObject *parent = nullptr);
    // Work that writes (queries record their use, the projector, imports)
    // opens with Database::Mode::OpenExisting.
    BackgroundRunner(const QString &name, QString databasePath, Database::Mode mode,
                     QObject *parent = nullptr);
    ~BackgroundRunner() override;

    // Returns the request's generation.
    quint64 submit(Work work);
    // Drops whatever is queued or running: nothing more is delivered, and a
    // running request commits nothing. Safe to call from any thread.
    void cancel();
    bool isBusy() const { return m_pending > 0; }
    // Inside work, on the runner's thread: whether the request running was
    // superseded or cancelled meanwhile (work of several steps stops early).
    bool isRunningStale() const { return isStale(m_running); }

    // Test seam: runs on the runner's thread right after its connection
    // opened (before the first request uses it). Set it before submitting.
    void setConnectionHook(std::function<void(const Database &db)> hook);

Q_SIGNALS:
    void busyChanged(bool busy);
    // The latest request could not run (the connection could not be opened,
    // or the work threw); it is not delivered.
    void failed(const QString &message);

private:
    // Both run on the runner's thread.
    void run(quint64 generation, const Work &work);
    bool isStale(quint64 generation) const { return generation != m_latest->load(); }
    // On the GUI thread.
    void settle(quint64 generation, const Delivery &delivery, const QString &error);
    // Any thread: stops the request running now, if any.
    void interruptRunning();

    QString m_path;
    Database::Mode m_mode;
    QThread m_thread;
    QObject *m_context = nullptr;   // lives on m_thread: what queued requests run in
    QMutex m_dbLock;                // guards m_db's lifetime against interruptRunning()
    std::unique_ptr<Database> m_db; // used on m_thread only
    std::function<void(const Database &)> m_connectionHook;
    quint64 m_running = 0; // on m_thread: the generation being run
    std::shared_ptr<std::atomic<quint64>> m_latest = std::make_shared<std::atomic<quint64>>(0);
    int m_pending = 0;
};

} // namespace cw
