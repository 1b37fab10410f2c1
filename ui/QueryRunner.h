#pragma once

#include "Identity.h"
#include "Retrieval.h"

#include <QObject>

namespace cw::inline common {
class Clock;
}

namespace cw::inline common {
class Clock;
}

namespace cw {

class BackgroundRunner;

struct QueryRunOutcome
{
    quint64 generation = 0;
    QList<RetrievalResult> results; // one per request, in order, when error is empty
    QString error;

    bool ok() const { return error.isEmpty(); }
};

// Retrieval off the GUI thread, on a BackgroundRunner: submit() runs one
// request (query panel) or several on the same input (side-by-side
// comparison) as one actor, and returns the submission's generation. Only
// the latest submission's outcome is delivered (finished). A newer one or
// cancel() interrupts the one running, which then records no memory use: the
// engine's write rolls back, since nobody will see what it would record.
class QueryRunner : public QObject
{
    Q_OBJECT

public:
    QueryRunner(const QString &databasePath, QObject *parent = nullptr);
    ~QueryRunner() override;

    // The engine reads the time from `clock` now: ages and the memory-use
    // stamp are those of the moment the query was asked.
    quint64 submit(const Actor &actor, const QList<RetrievalRequest> &requests, const Clock &clock);
    // Drops whatever is running or queued (nothing will be delivered or
    // recorded). Safe to call from any thread.
    void cancel();
    bool isBusy() const;
    BackgroundRunner *runner() const { return m_runner; }

Q_SIGNALS:
    void finished(const cw::QueryRunOutcome &outcome);
    void busyChanged(bool busy);

private:
    struct Engine;

    BackgroundRunner *m_runner = nullptr;
    // Used on the runner's thread only: one engine per connection remembers
    // how common words are across runs.
    std::shared_ptr<Engine> m_engine;
};

} // namespace cw
