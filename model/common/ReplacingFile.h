#pragma once

// An output file (an export, a run file, qrels) written whole beside its
// path and then renamed over it: a reader never sees half of it, a failed or
// refused write leaves the old file (or none), and a symbolic link at the
// path is replaced, never followed. QSaveFile, which this replaces, writes
// through a link to its target, so `--out LINK` overwrote whatever the link
// named. The file is created 0600 (QTemporaryFile's mode): an export names
// cases and people.

#include "Result.h"

#include <QTemporaryFile>

namespace cw {

class ReplacingFile : public QTemporaryFile
{
public:
    explicit ReplacingFile(const QString &path);

    // Flushes, syncs and renames the written file over the path; until then
    // (or when this fails) the path is untouched and the file is removed
    // with this object.
    Status commit();

    const QString &path() const { return m_path; }

private:
    QString m_path;
};

} // namespace cw
