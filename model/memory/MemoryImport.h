#pragma once

#include "MemoryImportReport.h"
#include "Result.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace cw {
class Database;
}
namespace cw::inline common {
class Clock;
}

namespace cw::inline memory {

// Imports a contexts/memory/ tree: decisions/DEC-*.md become decision
// articles (ref = frontmatter id), every other Markdown file a domain-article
// (ref = its path under contexts/memory/). See INTERFACES.md §3. Each
// article is tied to the tree it was last imported from (its canonical path);
// an article of this tree whose file is no longer in it is retired
// (MemoryImportRetire), articles of other trees are left alone; symlinks are
// never followed (MemoryImportScan). docs/memory-import.md has the rules.
class MemoryImport
{
public:
    MemoryImport(const Database &db, const Clock &clock,
                 QString actingPrincipal = QStringLiteral("import"));

    // dir is either a contexts/memory/ folder or a folder containing
    // contexts/memory/. One transaction for the whole tree; unparseable files
    // and symlinks are reported and skipped, the rest imported. Fails (nothing
    // written) only when dir does not exist / is not one memory tree, or the
    // database fails.
    Result<MemoryImportReport> importTree(const QString &dir);

private:
    const Database &m_db;
    const Clock &m_clock;
    QString m_principal;
};

} // namespace cw::inline memory
