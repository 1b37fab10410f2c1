#include "FtsFunctions.h"

#include "FtsBm25.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <sqlite3.h>
#include <vector>

namespace cw {

namespace {

using Instance = KeywordInstance;

// Whether phrases 0, 1, ... n-1 occur one right after the other in one
// column: the keywords as the phrase written ("dependency confusion"), each
// keyword starting where the one before it ends (its token count later).
// instances is sorted.
bool holdsPhrase(const std::vector<Instance> &instances, const std::vector<int> &sizes)
{
    const int phrases = int(sizes.size());
    for (const Instance &first : instances) {
        if (first.phrase != 0)
            continue;
        int offset = first.offset;
        int next = 1;
        for (; next < phrases; ++next) {
            offset += sizes[std::size_t(next - 1)];
            if (!std::binary_search(instances.begin(), instances.end(),
                                    Instance{next, first.column, offset}))
                break;
        }
        if (next == phrases)
            return true;
    }
    return false;
}

void keywordRank(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context, int argc,
                 sqlite3_value **argv)
{
    Q_UNUSED(argv);
    if (argc != 0) {
        sqlite3_result_error(context, "cw_keyword_rank takes no arguments after the table", -1);
        return;
    }
    int count = 0;
    if (const int rc = api->xInstCount(fts, &count); rc != SQLITE_OK) {
        sqlite3_result_error_code(context, rc);
        return;
    }
    const int phrases = std::min(api->xPhraseCount(fts), 63);
    // Called once per match (tens of thousands for a common word): no
    // allocation per row. One keyword needs no instance at all: every one
    // is of phrase 0. Several reuse this thread's buffer.
    std::int64_t distinct = 0;
    bool phrase = phrases == 0; // every one of no keywords is found
    if (phrases == 1) {
        distinct = count > 0 ? 1 : 0;
        phrase = distinct == 1;
    } else if (phrases > 1) {
        thread_local std::vector<Instance> instances;
        thread_local std::vector<int> sizes;
        instances.clear();
        sizes.clear();
        for (int i = 0; i < count; ++i) {
            Instance at{};
            if (const int rc = api->xInst(fts, i, &at.phrase, &at.column, &at.offset);
                rc != SQLITE_OK) {
                sqlite3_result_error_code(context, rc);
                return;
            }
            if (at.phrase >= 0 && at.phrase < phrases)
                instances.push_back(at);
        }
        for (int p = 0; p < phrases; ++p)
            sizes.push_back(api->xPhraseSize(fts, p));
        sqlite3_result_int64(context, KeywordRank::of(instances, sizes));
        return;
    }
    const std::int64_t key = (distinct << KeywordRank::DistinctShift) |
                             (std::int64_t(phrase) << KeywordRank::PhraseShift) |
                             std::min<std::int64_t>(count, KeywordRank::OccurrenceMask);
    sqlite3_result_int64(context, key);
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

std::int64_t KeywordRank::of(std::vector<KeywordInstance> &instances, const std::vector<int> &sizes)
{
    const int phrases = int(sizes.size());
    std::uint64_t found = 0;
    for (const KeywordInstance &at : instances)
        found |= std::uint64_t(1) << at.phrase;
    const std::int64_t distinct = std::popcount(found);
    bool phrase = distinct == phrases; // every one of no keywords is found
    if (phrase && phrases > 0) {
        std::sort(instances.begin(), instances.end());
        phrase = holdsPhrase(instances, sizes);
    }
    return (distinct << DistinctShift) | (std::int64_t(phrase) << PhraseShift) |
           std::min<std::int64_t>(std::int64_t(instances.size()), OccurrenceMask);
}

Status FtsFunctions::registerAll(sqlite3 *db)
{
    fts5_api *api = fts5Api(db);
    if (!api || api->iVersion < 2)
        return fail(QStringLiteral("this SQLite has no usable FTS5 extension API"));
    int rc = api->xCreateFunction(api, "cw_keyword_rank", nullptr, &keywordRank, nullptr);
    if (rc == SQLITE_OK)
        rc = registerBm25(api);
    if (rc != SQLITE_OK)
        return fail(QStringLiteral("cannot register the FTS5 ranking functions: %1")
                        .arg(QString::fromUtf8(sqlite3_errstr(rc))));
    return {};
}

} // namespace cw
