#pragma once

#include "QueryWorker.h"

#include <QObject>
#include <QThread>

#include <atomic>
#include <memory>

namespace cw::inline common {
class Clock;
}

namespace cw {

class Database;

// The GUI side of retrieval off the GUI thread: submit() hands a job to a
// QueryWorker on its own thread and returns the job's generation. Only the
// latest generation's outcome is delivered (finished); an older one that
// still completes is dropped (superseded), one that had not started yet is
// never run at all.
class QueryRunner : public QObject
{
    Q_OBJECT

public:
    QueryRunner(const Database &db, const Clock &clock, QObject *parent = nullptr);
    ~QueryRunner() override;

    quint64 submit(const Actor &actor, const QList<RetrievalRequest> &requests);
    // Drops whatever is running or queued (nothing will be delivered).
    void cancel();
    quint64 latestGeneration() const { return m_latest->load(); }
    bool isBusy() const { return m_pending > 0; }

Q_SIGNALS:
    void started(quint64 generation);
    void finished(const cw::QueryOutcome &outcome);
    void superseded(quint64 generation);
    void busyChanged(bool busy);

private:
    void settle(quint64 generation, bool delivered, const QueryOutcome *outcome);

    std::shared_ptr<std::atomic<quint64>> m_latest = std::make_shared<std::atomic<quint64>>(0);
    QThread m_thread;
    QueryWorker *m_worker = nullptr;
    int m_pending = 0;
};

} // namespace cw
