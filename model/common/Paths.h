#pragma once

#include <QString>

namespace cw::inline common {

// Where things live, shared by the GUI and the CLI so both open the same
// database by default.
namespace Paths {

// $XDG_DATA_HOME/curation-workbench/workbench.db (~/.local/share/...).
QString defaultDatabase();
// The login name of the process owner (from the password database, not from
// $USER, which any caller can set).
QString osLoginName();

} // namespace Paths
} // namespace cw::inline common
