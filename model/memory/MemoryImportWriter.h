#pragma once

#include "ArticleStore.h"
#include "MemoryFileParser.h"
#include "MemoryImportReport.h"
#include "OutboxStore.h"
#include "Result.h"
#include "Statement.h"

#include <QString>

#include <optional>

namespace cw {
class Database;
}

namespace cw::inline memory {

// Writes parsed memory documents as articles and revisions, with their outbox
// events and audit rows, and stamps every article it creates or updates with
// the tree (articles.source_tree). Statements are prepared once per import; the caller
// owns the transaction. Used by MemoryImport only.
class MemoryImportWriter
{
public:
    enum class Outcome
    {
        Imported,
        Revised,
        Restored, // its file had been removed and is back: a new current revision
        Unchanged,
        Refused
    };
    struct Written
    {
        Outcome outcome = Outcome::Unchanged;
        QString problem; // why a document was refused (its file is reported, not imported)
        std::optional<AdoptedMemoryFile> adopted; // it was another tree's, or no tree's
    };

    // tree: the canonical path of the contexts/memory folder imported.
    MemoryImportWriter(const Database &db, QString principal, QString now, QString tree);

    // Fails when a statement could not be prepared (e.g. an outdated schema).
    Status ready() const;
    // Fails only on a database error; the caller then rolls everything back.
    Result<Written> write(const MemoryDocument &doc);

private:
    struct Snapshot; // the stored article and its latest published revision

    Result<std::optional<Snapshot>> load(const MemoryDocument &doc);
    Result<Written> insertNew(const MemoryDocument &doc);
    Result<Written> revise(const MemoryDocument &doc, const Snapshot &stored);
    Result<bool> retiredAsRemoved(const QString &ref, int revision);
    Result<std::optional<int>> supersedeActive(std::int64_t articleId, const QString &validTo);
    RevisionRecord revisionFor(const MemoryDocument &doc, std::int64_t articleId, int number,
                               const QString &validFrom) const;
    Status publish(const MemoryDocument &doc, const RevisionRecord &revision,
                   std::optional<int> superseded, bool restored);
    Result<QStringList> column(Statement &statement, std::int64_t id);
    Status adopt(const MemoryDocument &doc, const Snapshot &stored);

    QString m_principal;
    QString m_now;
    QString m_tree;
    ArticleStore m_articles;
    OutboxStore m_outbox;
    AuditStore m_audit;
    Statement m_findArticle;
    Statement m_latestRevision;
    Statement m_removedAudit;
    Statement m_maxRevision;
    Statement m_tags;
    Statement m_links;
    Statement m_supersede;
    Statement m_updateArticle;
    Statement m_stampTree;
};

} // namespace cw::inline memory
