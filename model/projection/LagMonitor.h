#pragma once

#include "Result.h"

#include <QMap>
#include <QString>

#include <cstdint>

namespace cw {
class Database;
class ReadTransaction;
}
namespace cw::inline common {
class Clock;
}

namespace cw::inline projection {

// How far the search projection trails the outbox (INTERFACES.md §4), read
// from one snapshot so the numbers agree with each other.
struct LagReport
{
    std::int64_t canonicalHead = 0;
    std::int64_t watermark = 0;
    qint64 lagEvents = 0;
    double oldestPendingAgeS = 0; // now - at of the oldest pending event; 0 when none
    QMap<QString, qint64> pendingByDomain;
    qint64 deadLetters = 0;
    // Over the latest projector batches (projector_runs): events per second
    // of projector work, and when the projector last applied something.
    double recentEventsPerSecond = 0;
    qint64 recentRuns = 0;
    qint64 recentEvents = 0;
    QString lastRunAt;
};

// Whether a published revision can be retrieved yet.
struct Visibility
{
    enum class State
    {
        NotPublished,       // no outbox event for it
        Pending,            // published, waiting for the projector
        Retrievable,        // projected as the active revision of its ref
        NoLongerCurrent,    // was current, superseded or retired (as projected)
        RecordedNotCurrent, // published labelled (rejected, ...), never current
        DeadLettered        // its events could not be applied
    };
    State state = State::NotPublished;
    std::int64_t watermark = 0;
    std::int64_t seq = 0;     // the event the text refers to
    qint64 pendingEvents = 0; // events the projector still has to apply for it
    QString status;           // as projected, when it is
    QString text;             // e.g. "retrievable since watermark 57"

    QString stateName() const;
};

// The one place that computes projection lag: the lag badge, `lag`, and the
// retrieval engine's lag note all read it from here, at the clock they share.
class LagMonitor
{
public:
    // The number of latest projector batches "recent throughput" looks at.
    static constexpr int RecentRuns = 20;

    LagMonitor(const Database &db, const Clock &clock);

    // In a snapshot of its own.
    Result<LagReport> report() const;
    // In the caller's snapshot (the retrieval engine's), so the lag agrees
    // with everything else the caller reads in it.
    Result<LagReport> report(const ReadTransaction &snapshot) const;
    // What a retrieval reports of it, in the caller's snapshot: only
    // canonicalHead, watermark, lagEvents and oldestPendingAgeS are filled,
    // read in one statement (the rest of the report takes four more).
    Result<LagReport> headline(const ReadTransaction &snapshot) const;
    Result<Visibility> visibility(const QString &ref, int revision) const;

private:
    const Database &m_db;
    const Clock &m_clock;
};

} // namespace cw::inline projection
