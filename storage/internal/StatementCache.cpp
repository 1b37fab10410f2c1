#include "StatementCache.h"

#include <sqlite3.h>

namespace cw {

StatementCache::~StatementCache()
{
    for (const Idle &idle : std::as_const(m_idle))
        sqlite3_finalize(idle.stmt);
}

sqlite3_stmt *StatementCache::take(const char *sql)
{
    auto it = m_idle.find(QByteArray::fromRawData(sql, qsizetype(qstrlen(sql))));
    if (it == m_idle.end())
        return nullptr;
    sqlite3_stmt *stmt = it->stmt;
    m_idle.erase(it);
    return stmt;
}

void StatementCache::give(sqlite3_stmt *stmt)
{
    sqlite3_reset(stmt);
    sqlite3_clear_bindings(stmt);
    if (m_idle.size() >= Capacity)
        evictOldest();
    m_idle.insert(QByteArray(sqlite3_sql(stmt)), Idle{stmt, ++m_clock});
}

void StatementCache::evictOldest()
{
    auto oldest = m_idle.begin();
    for (auto it = m_idle.begin(); it != m_idle.end(); ++it) {
        if (it->since < oldest->since)
            oldest = it;
    }
    if (oldest == m_idle.end())
        return;
    sqlite3_finalize(oldest->stmt);
    m_idle.erase(oldest);
}

} // namespace cw
