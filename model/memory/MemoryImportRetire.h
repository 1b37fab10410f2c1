#pragma once

#include "MemoryImportReport.h"
#include "OutboxStore.h"
#include "Result.h"
#include "RevisionUpdates.h"
#include "Statement.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace cw {
class Database;
}

namespace cw::inline memory {

// Takes the articles whose memory file was removed from the tree out of the
// memory, in the import's transaction: the active revision becomes retired
// (valid_to = now) with a revision-retired event and an audit row (action
// "retire") whose reason names the file; the article's source_path is
// cleared, so memory search (Modes A and B, which list files of the tree)
// no longer returns it, also when it was not current. A later import of the
// file brings it back as a new revision (MemoryImportWriter).
//
// Only articles of the tree imported now (articles.source_tree, the
// canonical path of its contexts/memory folder) are considered: a database
// may hold articles of several trees (the demo's, a user's own), and
// importing one must not retire the others'. An article with no tree
// recorded (imported before schema step 6) is never retired here. Used by
// MemoryImport only, after MemoryImportWriter stamped every file present;
// the caller owns the transaction.
class MemoryImportRetire
{
public:
    MemoryImportRetire(const Database &db, QString principal, QString now);

    Status ready() const;
    // present: every regular Markdown file of the tree (also those that did not
    // parse: a file that is still there is not removed). tree: the canonical
    // path of the contexts/memory folder, as stamped in articles.source_tree.
    Result<QList<RemovedMemoryFile>> retireMissing(const QStringList &present, const QString &tree);

private:
    struct Stored;
    Status remove(const Stored &stored, const QString &tree);
    Result<std::int64_t> event(const Stored &stored, const QString &name);
    Status audit(const Stored &stored, const QString &action, const QString &reason,
                 QJsonObject details);

    QString m_principal;
    QString m_now;
    RevisionUpdates m_updates;
    OutboxStore m_outbox;
    AuditStore m_audit;
    Statement m_missing;
    Statement m_clearPath;
};

} // namespace cw::inline memory
