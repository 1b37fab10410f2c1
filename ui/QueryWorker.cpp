#include "QueryWorker.h"

#include "Database.h"
#include "RetrievalEngine.h"

namespace cw {

QueryWorker::QueryWorker(QString databasePath, const Clock &clock,
                         std::shared_ptr<const std::atomic<quint64>> latest)
    : m_path(std::move(databasePath))
    , m_clock(clock)
    , m_latest(std::move(latest))
{
}

QueryWorker::~QueryWorker() = default;

void QueryWorker::run(const QueryJob &job)
{
    if (isStale(job.generation)) {
        Q_EMIT skipped(job.generation);
        return;
    }
    QueryOutcome outcome;
    outcome.generation = job.generation;
    if (!m_db) {
        auto opened = Database::open(m_path, Database::Mode::OpenExisting);
        if (!opened) {
            outcome.error = opened.error();
            Q_EMIT finished(outcome);
            return;
        }
        m_db = std::move(*opened);
    }
    RetrievalEngine engine(*m_db, m_clock);
    for (const RetrievalRequest &request : job.requests) {
        if (isStale(job.generation)) {
            Q_EMIT skipped(job.generation);
            return;
        }
        auto result = engine.run(job.actor, request);
        if (!result) {
            outcome.error = result.error();
            break;
        }
        outcome.results.append(std::move(*result));
    }
    Q_EMIT finished(outcome);
}

} // namespace cw
