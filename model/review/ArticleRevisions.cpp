#include "ArticleRevisions.h"

#include "ArticleStore.h"

namespace cw::inline review {

ArticleRevisions::ArticleRevisions(const Database &db)
    : m_db(db)
{
}

Result<std::optional<RevisionRecord>> ArticleRevisions::revision(const QString &ref,
                                                                 int number) const
{
    ArticleStore articles(m_db);
    auto article = articles.findByRef(ref);
    if (!article)
        return fail(article.error());
    if (!*article)
        return std::optional<RevisionRecord>();
    return articles.revisionByNumber((*article)->id, number);
}

Result<std::optional<RevisionRecord>> ArticleRevisions::active(std::int64_t articleId) const
{
    return ArticleStore(m_db).activeRevision(articleId);
}

} // namespace cw::inline review
