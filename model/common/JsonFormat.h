#pragma once

#include <QJsonObject>
#include <QLatin1String>

namespace cw::inline common::JsonFormat {

// The version of the JSON documents curation-cli answers with (and of the
// queue export's JSON), in their "format" member; docs/cli.md and
// docs/schema/ describe it. Fields are added within a version; the number
// changes only when a field is removed or renamed or changes its meaning.
inline constexpr QLatin1String Key{"format"};
inline constexpr QLatin1String Version{"curation-cli/1"};

// `document` with its "format" member.
inline QJsonObject stamped(QJsonObject document)
{
    document.insert(Key, Version);
    return document;
}

} // namespace cw::inline common::JsonFormat
