#pragma once

#include "Result.h"

namespace cw {
class Database;
}

namespace cw::inline review {

// Whether a database holds anything to work on yet: the workbench shows its
// welcome page (create the demo, open, import) instead of an empty queue
// while there is neither a proposal nor an article.
class DatabaseContents
{
public:
    explicit DatabaseContents(const Database &db);

    // True while there is no proposal and no article (principals, tenants
    // and cases alone are set-up, not work).
    Result<bool> isEmpty() const;

private:
    const Database &m_db;
};

} // namespace cw::inline review
