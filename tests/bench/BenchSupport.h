#pragma once

// Shared by the GUI benchmarks: percentiles of millisecond samples, one
// summary line, the process's memory from /proc/self/status, and waiting
// for the event loop without spinning.

#include "LoadAverage.h"
#include "Percentiles.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>

namespace cw::bench {

inline void report(const char *what, const std::vector<double> &ms)
{
    if (ms.empty()) {
        std::printf("%-36s no samples\n", what);
        return;
    }
    std::printf("%-36s n=%3zu  p50 %8.1f ms  p90 %8.1f ms  max %8.1f ms\n", what, ms.size(),
                percentile(ms, 0.50), percentile(ms, 0.90),
                *std::max_element(ms.begin(), ms.end()));
}

// A field of /proc/self/status in MB ("VmHWM": peak resident set, "VmRSS":
// now); -1 where there is no /proc.
inline double statusMegabytes(const char *field)
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray prefix = QByteArray(field) + ':';
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith(prefix))
            return line.mid(prefix.size()).trimmed().split(' ').value(0).toDouble() / 1024.0;
    }
    return -1;
}

// Runs the event loop until done() or the timeout; false on timeout. A 1 ms
// tick wakes the loop to look again, so waiting costs no busy core (the
// machine is shared) and a change is seen within about a millisecond.
inline bool waitFor(const std::function<bool()> &done, int timeoutMs)
{
    QTimer tick;
    tick.start(1);
    QElapsedTimer waited;
    waited.start();
    while (!done()) {
        if (waited.elapsed() > timeoutMs)
            return false;
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    }
    return true;
}

} // namespace cw::bench
