#pragma once

#include "Result.h"

namespace cw {

class Database;

// A read snapshot: BEGIN (deferred) on construction, ended in the destructor.
// In WAL mode every statement until the end sees the same committed state,
// so several queries (head, watermark, counts) agree with each other. Writes
// to TEMP tables inside it do not take the database's write lock.
class ReadTransaction
{
public:
    explicit ReadTransaction(const Database &db);
    ~ReadTransaction();
    ReadTransaction(const ReadTransaction &) = delete;
    ReadTransaction &operator=(const ReadTransaction &) = delete;

    bool isActive() const { return m_active; }
    const QString &beginError() const { return m_beginError; }
    void end();

private:
    const Database &m_db;
    bool m_active = false;
    QString m_beginError;
};

} // namespace cw
