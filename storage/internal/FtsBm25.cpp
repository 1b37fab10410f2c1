#include "FtsBm25.h"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <sqlite3.h>
#include <vector>

namespace cw {

namespace {

constexpr double K1 = 1.2;
constexpr double B = 0.75;

// What a query needs once, kept with the query (xSetAuxdata).
struct QueryData
{
    std::vector<double> idf; // per phrase
    double averageLength = 1.0;
    std::vector<double> frequency; // per phrase, for the row at hand: no allocation per row
};

int countRow(const Fts5ExtensionApi *, Fts5Context *, void *records)
{
    ++*static_cast<sqlite3_int64 *>(records);
    return SQLITE_OK;
}

// "21970,5133" -> {21970, 5133}; anything unreadable is -1 (count it here).
std::vector<sqlite3_int64> parseCounts(const unsigned char *text, int phrases)
{
    std::vector<sqlite3_int64> counts(std::size_t(phrases), -1);
    const char *at = reinterpret_cast<const char *>(text);
    for (int i = 0; at && *at && i < phrases; ++i) {
        char *end = nullptr;
        const long long value = std::strtoll(at, &end, 10);
        if (end != at)
            counts[std::size_t(i)] = value;
        at = std::strchr(at, ',');
        if (at)
            ++at;
    }
    return counts;
}

int queryData(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_value *countsArg,
              QueryData **out)
{
    auto *data = static_cast<QueryData *>(api->xGetAuxdata(fts, 0));
    if (!data) {
        auto made = std::make_unique<QueryData>();
        sqlite3_int64 rows = 0;
        sqlite3_int64 tokens = 0;
        if (int rc = api->xRowCount(fts, &rows); rc != SQLITE_OK)
            return rc;
        if (rows <= 0)
            rows = 1;
        if (int rc = api->xColumnTotalSize(fts, -1, &tokens); rc != SQLITE_OK)
            return rc;
        made->averageLength = double(tokens) / double(rows);
        const int phrases = api->xPhraseCount(fts);
        const auto counts = parseCounts(sqlite3_value_text(countsArg), phrases);
        for (int i = 0; i < phrases; ++i) {
            sqlite3_int64 records = counts[std::size_t(i)];
            if (records < 0) {
                records = 0;
                if (int rc = api->xQueryPhrase(fts, i, &records, countRow); rc != SQLITE_OK)
                    return rc;
            }
            const double idf =
                std::log((double(rows) - double(records) + 0.5) / (double(records) + 0.5));
            made->idf.push_back(idf <= 0.0 ? 1e-6 : idf);
        }
        data = made.get();
        const int rc = api->xSetAuxdata(fts, made.release(),
                                        [](void *p) { delete static_cast<QueryData *>(p); });
        if (rc != SQLITE_OK)
            return rc; // xSetAuxdata frees it on failure
    }
    *out = data;
    return SQLITE_OK;
}

void bm25(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context, int argc,
          sqlite3_value **argv)
{
    if (argc < 1) {
        sqlite3_result_error(context, "cw_bm25 takes the phrases' record counts after the table",
                             -1);
        return;
    }
    QueryData *data = nullptr;
    if (int rc = queryData(api, fts, argv[0], &data); rc != SQLITE_OK) {
        sqlite3_result_error_code(context, rc);
        return;
    }
    const int weights = argc - 1;
    std::vector<double> &frequency = data->frequency;
    frequency.assign(data->idf.size(), 0.0);
    int instances = 0;
    if (int rc = api->xInstCount(fts, &instances); rc != SQLITE_OK) {
        sqlite3_result_error_code(context, rc);
        return;
    }
    for (int i = 0; i < instances; ++i) {
        int phrase = 0, column = 0, offset = 0;
        if (int rc = api->xInst(fts, i, &phrase, &column, &offset); rc != SQLITE_OK) {
            sqlite3_result_error_code(context, rc);
            return;
        }
        if (phrase < 0 || std::size_t(phrase) >= frequency.size())
            continue;
        frequency[std::size_t(phrase)] +=
            column < weights ? sqlite3_value_double(argv[1 + column]) : 1.0;
    }
    int tokens = 0;
    if (int rc = api->xColumnSize(fts, -1, &tokens); rc != SQLITE_OK) {
        sqlite3_result_error_code(context, rc);
        return;
    }
    const double lengthNorm = K1 * (1 - B + B * double(tokens) / data->averageLength);
    double score = 0.0;
    for (std::size_t i = 0; i < frequency.size(); ++i)
        score += data->idf[i] * (frequency[i] * (K1 + 1.0)) / (frequency[i] + lengthNorm);
    sqlite3_result_double(context, -1.0 * score);
}

} // namespace

int registerBm25(fts5_api *api)
{
    return api->xCreateFunction(api, "cw_bm25", nullptr, &bm25, nullptr);
}

} // namespace cw
