#pragma once

// The load average a figure was measured at, printed beside it: on the
// shared 2-core machine a benchmark's times mean little without it.

#include <QFile>
#include <QString>

namespace cw::bench {

inline QString loadAverage()
{
    QFile file(QStringLiteral("/proc/loadavg"));
    return file.open(QIODevice::ReadOnly)
               ? QString::fromLatin1(file.readAll()).section(QLatin1Char(' '), 0, 2)
               : QStringLiteral("?");
}

} // namespace cw::bench
