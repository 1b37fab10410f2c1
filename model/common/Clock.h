#pragma once

#include <QDateTime>
#include <QString>

namespace cw::inline common {

// The time source for everything the model stamps (reviews, audit, lag ages).
// Tests install a fixed clock so timestamps and ages are deterministic.
class Clock
{
public:
    virtual ~Clock() = default;
    virtual QDateTime now() const { return QDateTime::currentDateTimeUtc(); }

    // RFC 3339 UTC, second precision: 2026-03-01T09:00:00Z
    QString nowText() const { return format(now()); }
    static QString format(const QDateTime &time) { return time.toUTC().toString(Qt::ISODate); }
};

// A clock that stands still until told to move.
class FixedClock : public Clock
{
public:
    explicit FixedClock(QDateTime time)
        : m_time(std::move(time))
    {
    }
    QDateTime now() const override { return m_time; }
    void advance(qint64 seconds) { m_time = m_time.addSecs(seconds); }
    void set(QDateTime time) { m_time = std::move(time); }

private:
    QDateTime m_time;
};

} // namespace cw::inline common
