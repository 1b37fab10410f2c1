#pragma once

#include <QList>
#include <QString>
#include <QStringList>

// What an import of a contexts/memory/ tree did (MemoryImport), apart from
// the classes that write it, which use storage's private headers.
namespace cw::inline memory {

// An article whose memory file is gone from the tree.
struct RemovedMemoryFile
{
    QString ref;
    QString sourcePath;
    int revision = 0;        // its active (now retired) or latest revision; 0: none published
    bool wasCurrent = false; // an active revision was retired
};

// An article an earlier import tied to another tree, or to none (imported
// before trees were recorded), whose file is in the tree imported now: the
// import stamps it with this tree, so only this tree's re-imports retire it.
struct AdoptedMemoryFile
{
    QString ref;
    QString sourcePath;
    QString fromTree; // empty: no tree was recorded
};

struct MemoryImportReport
{
    int imported = 0;     // new articles
    int revised = 0;      // existing refs whose content changed -> new revision
    int restored = 0;     // files removed earlier and back again -> new current revision
    int unchanged = 0;    // identical re-import: nothing written
    QStringList problems; // "<path relative to the tree>: <reason>" for each file not imported
    // Articles whose file is gone from the tree: retired by this import.
    QList<RemovedMemoryFile> retired;
    // Articles of another tree (or of none) whose file is in this one: now
    // this tree's (a moved tree, refs shared by two trees, an old import).
    QList<AdoptedMemoryFile> adopted;
    QString tree; // the contexts/memory folder imported, canonical
};

} // namespace cw::inline memory
