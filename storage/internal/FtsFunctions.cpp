#include "FtsFunctions.h"

#include <sqlite3.h>

namespace cw {

namespace {

void matchCount(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context, int argc,
                sqlite3_value **argv)
{
    Q_UNUSED(argv);
    if (argc != 0) {
        sqlite3_result_error(context, "cw_match_count takes no arguments after the table", -1);
        return;
    }
    int count = 0;
    const int rc = api->xInstCount(fts, &count);
    if (rc != SQLITE_OK) {
        sqlite3_result_error_code(context, rc);
        return;
    }
    sqlite3_result_int(context, count);
}

// The documented way to reach the fts5_api of a connection ("Extending
// FTS5"): SELECT fts5(?1) with a pointer bound under the type "fts5_api_ptr".
fts5_api *fts5Api(sqlite3 *db)
{
    fts5_api *api = nullptr;
    sqlite3_stmt *statement = nullptr;
    if (sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, nullptr) == SQLITE_OK) {
        sqlite3_bind_pointer(statement, 1, static_cast<void *>(&api), "fts5_api_ptr", nullptr);
        sqlite3_step(statement);
    }
    sqlite3_finalize(statement);
    return api;
}

} // namespace

Status FtsFunctions::registerAll(sqlite3 *db)
{
    fts5_api *api = fts5Api(db);
    if (!api || api->iVersion < 2)
        return fail(QStringLiteral("this SQLite has no usable FTS5 extension API"));
    const int rc = api->xCreateFunction(api, "cw_match_count", nullptr, &matchCount, nullptr);
    if (rc != SQLITE_OK)
        return fail(QStringLiteral("cannot register cw_match_count: %1")
                        .arg(QString::fromUtf8(sqlite3_errstr(rc))));
    return {};
}

} // namespace cw
