#pragma once

#include "Identity.h"
#include "Retrieval.h"

#include <QObject>

#include <atomic>
#include <memory>

namespace cw::inline common {
class Clock;
}

namespace cw {

class Database;

// One submission: the same actor runs one request (query panel) or several
// on the same input (side-by-side comparison) in one go.
struct QueryJob
{
    quint64 generation = 0;
    Actor actor;
    QList<RetrievalRequest> requests;
};

struct QueryOutcome
{
    quint64 generation = 0;
    QList<RetrievalResult> results; // one per request, in order, when error is empty
    QString error;

    bool ok() const { return error.isEmpty(); }
};

// Runs retrievals on its own thread. It opens its own connection there on
// first use: a SQLite connection is never shared across threads. A job whose
// generation is no longer the latest is skipped before (and between) engine
// runs, so a superseded query writes no memory-use record it would not show.
class QueryWorker : public QObject
{
    Q_OBJECT

public:
    QueryWorker(QString databasePath, const Clock &clock,
                std::shared_ptr<const std::atomic<quint64>> latest);
    ~QueryWorker() override;

    // Called on the worker's thread.
    void run(const cw::QueryJob &job);

Q_SIGNALS:
    void finished(const cw::QueryOutcome &outcome);
    void skipped(quint64 generation);

private:
    bool isStale(quint64 generation) const { return generation != m_latest->load(); }

    QString m_path;
    const Clock &m_clock;
    std::shared_ptr<const std::atomic<quint64>> m_latest;
    std::unique_ptr<Database> m_db;
};

} // namespace cw
