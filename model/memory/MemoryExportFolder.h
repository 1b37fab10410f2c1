#pragma once

#include "ReviewTypes.h"

#include <QString>

#include <optional>

namespace cw::inline memory {

// The folder an export writes: checked first (absent, empty, or with
// `replace` an earlier tree of Markdown files only; writable), then built as
// a hidden staging folder beside it and renamed into place by commit(). Until
// commit() succeeds the target is untouched, and the staging folder is
// removed when this object goes away. Used by MemoryExport only.
class MemoryExportFolder
{
public:
    MemoryExportFolder(const QString &dir, bool replace);
    ~MemoryExportFolder();
    MemoryExportFolder(const MemoryExportFolder &) = delete;
    MemoryExportFolder &operator=(const MemoryExportFolder &) = delete;

    // Checks the target and creates the staging folder. nullopt when ready.
    std::optional<Refusal> open();
    // relative: a path MemoryExport::unsafePath accepted.
    std::optional<Refusal> writeFile(const QString &relative, const QByteArray &bytes);
    // Puts the staging folder in the target's place.
    std::optional<Refusal> commit();

    QString target() const { return m_target; }
    bool replaced() const { return m_replaced; }

private:
    std::optional<Refusal> checkTarget();

    QString m_target; // absolute, cleaned
    bool m_replace = false;
    bool m_nonEmpty = false; // the target holds an earlier tree
    bool m_replaced = false;
    QString m_staging; // empty until open() made it; cleared by commit()
};

} // namespace cw::inline memory
