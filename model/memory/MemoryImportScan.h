#pragma once

#include "Result.h"

#include <QString>
#include <QStringList>

namespace cw::inline memory {

// What a walk of a contexts/memory/ tree found.
struct MemoryTreeListing
{
    QString root;        // the tree, canonical (symlinks resolved)
    QStringList files;   // regular Markdown files, relative and '/'-separated, in import order
    QStringList skipped; // "<path>: <reason>" for each entry the walk would not follow
};

// Finds the memory tree a folder names and the files to import from it. The
// walk never follows a symbolic link: a link that leaves the tree could make
// any readable file of the machine (/etc/passwd) an article, and a link
// inside the tree would import its target a second time under another path
// (and could loop). Every file is imported once, under its real path; links
// to Markdown files or folders are reported, not imported.
class MemoryImportScan
{
public:
    // The contexts/memory/ folder dir names, or why it is not one memory tree:
    // dir must be a contexts/memory/ folder, a folder holding one, or a folder
    // with decisions/; a folder that is two of these at once is refused (the
    // message names both and says which to pass).
    static Result<QString> memoryRoot(const QString &dir);
    // Walks root (from memoryRoot). Hidden files and folders are not memory.
    static MemoryTreeListing list(const QString &root);
    // Whether relative still names a regular file inside root, reached without
    // a symlink: the tree may change between the walk and the read.
    static bool stillInside(const QString &root, const QString &relative);
};

} // namespace cw::inline memory
