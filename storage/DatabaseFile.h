#pragma once

#include "Result.h"

#include <QString>
#include <QStringList>

// Who may read a database file besides the user who made it. A file holds
// every tenant's cases; the program decides who sees what, so the file
// itself is private to its owner (0600) unless a team shares it by group
// (0660, `init --group`). SQLite gives the -wal and -shm files the main
// file's mode (docs/storage.md, "Who may read the file").
namespace cw::DatabaseFile {

// Creates the empty file at path, 0600, and fails if anything is there
// already: SQLite writes its header into it on first use. A link at the
// path is not followed.
Status createPrivate(const QString &path);

// Creates the empty file at path, 0660, owned by group: the group's members
// may open it with their own logins (their principals still decide what
// they see). Fails naming the group when it does not exist or the user may
// not give files to it.
Status createForGroup(const QString &path, const QString &group);

// What makes the database at path, or its -wal and -shm files, readable or
// writable by users outside its owner and group: one sentence per file, to
// be shown as a warning. Empty when they are private.
QStringList exposure(const QString &path);

} // namespace cw::DatabaseFile
