#include "DatabaseContents.h"

#include "Database.h"

namespace cw::inline review {

DatabaseContents::DatabaseContents(const Database &db)
    : m_db(db)
{
}

Result<bool> DatabaseContents::isEmpty() const
{
    // EXISTS stops at the first row: cheap enough for every data change.
    auto any = m_db.queryInt("SELECT EXISTS (SELECT 1 FROM proposals) "
                             "OR EXISTS (SELECT 1 FROM articles)");
    if (!any)
        return fail(any.error());
    return *any == 0;
}

} // namespace cw::inline review
