#pragma once

#include <QString>

namespace cw::cli {

// A count with its noun in the right number: "1 event", "2 events",
// "0 duplicate deliveries". The plural is the singular plus "s" unless
// given.
inline QString counted(qint64 count, QStringView singular, QStringView plural = {})
{
    QString noun = count == 1 || plural.isEmpty() ? singular.toString() : plural.toString();
    if (count != 1 && plural.isEmpty())
        noun += u's';
    return QString::number(count) + u' ' + noun;
}

} // namespace cw::cli
