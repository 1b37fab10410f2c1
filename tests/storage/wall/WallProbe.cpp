// A front end's translation unit, for the storage wall (StorageWall.cmake):
// built as the workbench (cw_ui) and as the CLI (cw_model, cw_demo) see
// headers. CW_WALL_PRIVATE names a private storage header and comes first,
// so its build stops at that include and at nothing else; without it, the
// public headers below must build.
#ifdef CW_WALL_PRIVATE
#include CW_WALL_PRIVATE
#endif

#include "Database.h"
#include "Records.h"
#include "Result.h"

#include <memory>

int main()
{
    // Opening and closing is public; a statement is not.
    auto db = cw::Database::open(QStringLiteral(":memory:"));
    return db ? 0 : 1;
}
