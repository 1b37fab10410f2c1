#include "QueryRunner.h"

#include "Database.h"

namespace cw {

QueryRunner::QueryRunner(const Database &db, const Clock &clock, QObject *parent)
    : QObject(parent)
{
    m_thread.setObjectName(QStringLiteral("queryThread"));
    m_worker = new QueryWorker(db.path(), clock, m_latest);
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &QueryWorker::finished, this, [this](const QueryOutcome &outcome) {
        const bool current = outcome.generation == m_latest->load();
        settle(outcome.generation, current, &outcome);
    });
    connect(m_worker, &QueryWorker::skipped, this,
            [this](quint64 generation) { settle(generation, false, nullptr); });
    m_thread.start();
}

QueryRunner::~QueryRunner()
{
    // Anything still queued sees a newer generation and returns at once.
    m_latest->fetch_add(1);
    m_thread.quit();
    m_thread.wait();
}

quint64 QueryRunner::submit(const Actor &actor, const QList<RetrievalRequest> &requests)
{
    const quint64 generation = m_latest->fetch_add(1) + 1;
    QueryJob job{generation, actor, requests};
    if (m_pending++ == 0)
        Q_EMIT busyChanged(true);
    Q_EMIT started(generation);
    QueryWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        m_worker, [worker, job] { worker->run(job); }, Qt::QueuedConnection);
    return generation;
}

void QueryRunner::cancel()
{
    m_latest->fetch_add(1);
}

void QueryRunner::settle(quint64 generation, bool delivered, const QueryOutcome *outcome)
{
    if (delivered)
        Q_EMIT finished(*outcome);
    else
        Q_EMIT superseded(generation);
    if (--m_pending == 0)
        Q_EMIT busyChanged(false);
}

} // namespace cw
