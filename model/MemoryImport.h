#pragma once

#include "Result.h"

#include <QString>
#include <QStringList>

namespace cw {

class Clock;
class Database;

struct MemoryImportReport
{
    int imported = 0;     // new articles
    int revised = 0;      // existing refs whose content changed -> new revision
    int unchanged = 0;    // identical re-import: nothing written
    QStringList problems; // "<path relative to the tree>: <reason>" for each file not imported
};

// Imports a contexts/memory/ tree: decisions/DEC-*.md become decision
// articles (ref = frontmatter id), every other Markdown file a domain-article
// (ref = its path under contexts/memory/). See INTERFACES.md §3.
class MemoryImport
{
public:
    MemoryImport(const Database &db, const Clock &clock,
                 QString actingPrincipal = QStringLiteral("import"));

    // dir is either a contexts/memory/ folder or a folder containing
    // contexts/memory/. One transaction for the whole tree; unparseable files
    // are reported and skipped, the rest imported. Fails (nothing written)
    // only when dir does not exist / is not a memory tree, or the database
    // fails.
    Result<MemoryImportReport> importTree(const QString &dir);

    // The contexts/memory/ folder dir names, or why it is not a memory tree.
    static Result<QString> memoryRoot(const QString &dir);
    // Markdown files under root, relative and '/'-separated, in import order:
    // decisions by number, then the other files by path.
    static QStringList memoryFiles(const QString &root);

private:
    const Database &m_db;
    const Clock &m_clock;
    QString m_principal;
};

} // namespace cw
