#pragma once

#include "ArticleRecords.h"
#include "Result.h"

#include <QString>

#include <cstdint>
#include <optional>

namespace cw {
class Database;
}

namespace cw::inline review {

// Single revisions of an article, for the workbench's panes: the text of the
// revision a retrieval returned, and the revision a proposal would replace.
// Articles are sanitised knowledge, readable by every principal (DESIGN.md
// §3.7); what is cut to the actor's scope comes through RecordViews.
class ArticleRevisions
{
public:
    explicit ArticleRevisions(const Database &db);

    // nullopt when the article or that revision does not exist.
    Result<std::optional<RevisionRecord>> revision(const QString &ref, int number) const;
    // The article's active revision; nullopt when none is active.
    Result<std::optional<RevisionRecord>> active(std::int64_t articleId) const;

private:
    const Database &m_db;
};

} // namespace cw::inline review
