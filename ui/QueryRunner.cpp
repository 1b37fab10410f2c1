#include "QueryRunner.h"

#include "BackgroundRunner.h"
#include "Clock.h"
#include "RetrievalEngine.h"

namespace cw {

struct QueryRunner::Engine
{
    FixedClock clock{QDateTime()};
    std::unique_ptr<RetrievalEngine> engine;
};

QueryRunner::QueryRunner(const QString &databasePath, QObject *parent)
    : QObject(parent)
    , m_runner(new BackgroundRunner(QStringLiteral("queryThread"), databasePath,
                                    Database::Mode::OpenExisting, this))
    , m_engine(std::make_shared<Engine>())
{
    connect(m_runner, &BackgroundRunner::busyChanged, this, &QueryRunner::busyChanged);
    connect(m_runner, &BackgroundRunner::failed, this, [this](const QString &message) {
        QueryRunOutcome outcome;
        outcome.error = message;
        Q_EMIT finished(outcome);
    });
}

QueryRunner::~QueryRunner() = default;

quint64 QueryRunner::submit(const Actor &actor, const QList<RetrievalRequest> &requests,
                            const Clock &clock)
{
    const QDateTime asked = clock.now();
    auto state = m_engine;
    // Read on the GUI thread only, when the outcome is delivered.
    auto generation = std::make_shared<quint64>(0);
    *generation = m_runner->submit([this, state, actor, requests, asked,
                                    generation](const Database &db) -> BackgroundRunner::Delivery {
        state->clock.set(asked);
        if (!state->engine)
            state->engine = std::make_unique<RetrievalEngine>(db, state->clock);
        QueryRunOutcome outcome;
        for (const RetrievalRequest &request : requests) {
            // A superseded submission stops between runs too.
            if (m_runner->isRunningStale())
                return {};
            auto result = state->engine->run(actor, request);
            if (!result) {
                outcome.error = result.error();
                break;
            }
            outcome.results.append(std::move(*result));
        }
        // The retrievals' commits skip the WAL checkpoint: it runs here,
        // after them, once the -wal file has grown (a few ms every few
        // hundred retrievals), and never inside one.
        state->engine->checkpointIfGrown();
        return [this, outcome, generation]() mutable {
            outcome.generation = *generation;
            Q_EMIT finished(outcome);
        };
    });
    return *generation;
}

void QueryRunner::cancel()
{
    m_runner->cancel();
}

bool QueryRunner::isBusy() const
{
    return m_runner->isBusy();
}

} // namespace cw
