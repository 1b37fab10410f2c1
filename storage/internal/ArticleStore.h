#pragma once

#include "Records.h"
#include "Result.h"
#include "Statement.h"

#include <optional>

namespace cw {

class Database;

// Articles and their revisions, tags and links. Callers own the transaction.
class ArticleStore
{
public:
    explicit ArticleStore(const Database &db);

    Result<std::optional<ArticleRecord>> findByRef(const QString &ref);
    Result<std::optional<ArticleRecord>> findById(std::int64_t id);
    Result<std::int64_t> insertArticle(const ArticleRecord &article);

    // Inserts the revision with its tags and links; assigns record.revision
    // (next number for the article) when it is 0. Returns the row id.
    Result<std::int64_t> insertRevision(RevisionRecord &record);
    Result<std::optional<RevisionRecord>> revision(std::int64_t revisionId);
    Result<std::optional<RevisionRecord>> revisionByNumber(std::int64_t articleId, int revision);
    Result<QList<RevisionRecord>> revisions(std::int64_t articleId);
    Result<std::optional<RevisionRecord>> activeRevision(std::int64_t articleId);

    // The next free number n for a new EXP-n ref.
    Result<int> nextExperienceNumber();
    Result<std::int64_t> count();

private:
    Status insertTags(std::int64_t revisionId, const QString &kind, const QStringList &tags);
    Status insertLinks(std::int64_t revisionId, const QString &kind, const QStringList &refs);
    Status loadLists(RevisionRecord &record);
    Result<std::optional<RevisionRecord>> readOne(Statement &statement);
    static RevisionRecord readRevision(const Statement &statement);
    static ArticleRecord readArticle(const Statement &statement);

    const Database &m_db;
    Statement m_insertArticle;
    Statement m_insertRevision;
    Statement m_insertTag;
    Statement m_insertLink;
    Statement m_nextRevision;
};

} // namespace cw
