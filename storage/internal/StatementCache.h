#pragma once

#include <QByteArray>
#include <QHash>

#include <cstdint>

struct sqlite3_stmt;

namespace cw {

// The idle prepared statements of one connection, kept for the next
// Statement with the same SQL. Preparing costs more than running most of the
// retrieval engine's short queries (a tenth of a retrieval went to
// sqlite3_prepare); a statement comes back reset, without bindings.
//
// Used on the connection's thread only, like the connection itself. At most
// Capacity statements wait here; the one idle longest is finalised first.
class StatementCache
{
public:
    static constexpr qsizetype Capacity = 96;

    StatementCache() = default;
    ~StatementCache();
    StatementCache(const StatementCache &) = delete;
    StatementCache &operator=(const StatementCache &) = delete;

    // An idle statement prepared from exactly this SQL, or nullptr.
    sqlite3_stmt *take(const char *sql);
    // Resets the statement and keeps it for the next take() of its SQL.
    void give(sqlite3_stmt *stmt);
    qsizetype idleCount() const { return m_idle.size(); }

private:
    struct Idle
    {
        sqlite3_stmt *stmt;
        std::uint64_t since;
    };
    void evictOldest();

    QMultiHash<QByteArray, Idle> m_idle;
    std::uint64_t m_clock = 0;
};

} // namespace cw
