#pragma once

#include "Identity.h"
#include "ReviewTypes.h"

#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace cw {
class Database;
}

namespace cw::inline memory {

// One article as a file of a contexts/memory/ tree: the revision written and
// where it goes. Built from the database by MemoryExport; render() is pure.
struct MemoryExportFile
{
    QString path; // relative to contexts/memory/, '/'-separated
    QString ref;
    QString kind; // decision or domain-article
    QString domain;
    QString title;
    QString level;
    QString status; // as the frontmatter says it (see MemoryExport::statusFor)
    QStringList tags;
    QStringList relatedTo;
    QStringList supersedes;
    QStringList supersededBy;
    QString createdAt;
    QString updatedAt;
    QString body;
};

struct MemoryExportReport
{
    QString dir;           // the folder written (absolute, cleaned)
    int decisions = 0;     // files under decisions/
    int articles = 0;      // other Markdown files (domain articles)
    int notCurrent = 0;    // of those files, how many say superseded/rejected/retired
    int fromWorkbench = 0; // decisions that never came from a file (made through review)
    bool replaced = false; // an earlier tree in dir was replaced (--force)
    // Articles with no file form in a memory tree, by kind (see docs/memory-export.md).
    QMap<QString, int> leftOut;

    int files() const { return decisions + articles; }
};

// Writes memory back out as a contexts/memory/ tree in the import format
// (INTERFACES.md §3), so that import-memory of the tree changes nothing and
// the memory-search skill's grep over it finds what `memory-search` finds.
// Written: every article that came from a file (source_path), in its current
// revision or else its latest published one, as memory search lists it; and
// the decisions made through review that never were a file, while current.
// Rules and limits: docs/memory-export.md.
//
// The tree is built in a hidden folder beside dir and renamed into place, so
// a refused or failed export leaves dir as it was.
class MemoryExport
{
public:
    // actor: nullopt only for a database without principals (bootstrap).
    MemoryExport(const Database &db, std::optional<Actor> actor);

    // Who may export: Access::mayExportMemory.

    // replace: dir may hold an earlier tree (only Markdown files and folders),
    // which is replaced; without it dir must be absent or empty.
    Refusable<MemoryExportReport> write(const QString &dir, bool replace);

    // The file's bytes: YAML frontmatter, then the body as stored.
    static QByteArray render(const MemoryExportFile &file);
    // The frontmatter status for a revision: what the file said, unless the
    // revision's state has since changed (retired or superseded through
    // review), then the state, so that a file never reads as current when
    // its article is not (and the reverse).
    static QString statusFor(const QString &sourceStatus, const QString &state);
    // Why a path may not be written under the tree (it would leave it, be
    // skipped by the import as hidden, or not be Markdown); empty when fine.
    static QString unsafePath(const QString &path);

private:
    const Database &m_db;
    std::optional<Actor> m_actor;
};

} // namespace cw::inline memory
