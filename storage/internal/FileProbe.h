#pragma once

#include <QString>

// What a database file says about how it was left, read beside SQLite rather
// than through it, so that opening costs O(1) and not a scan of every page
// (docs/storage.md, "Corruption").
namespace cw::FileProbe {

// Whether any other process holds one of SQLite's locks on the file (an
// open WAL connection keeps a SHARED lock for as long as it is open). True
// when it cannot tell, so that nothing is blamed on a crash. Only for a file
// this process has no connection to: closing the probe's descriptor drops
// the process's POSIX locks on that file.
bool anotherProcessHolds(const QString &path);

// How many bytes the file is shorter than its header's page count says (0
// when it is whole or the count is not valid): a truncated file shows in
// O(1). Only meaningful when the file holds every committed page itself
// (no -wal file left over).
qint64 bytesMissing(const QString &path);

} // namespace cw::FileProbe
