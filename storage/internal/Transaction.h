#pragma once

#include "Result.h"

namespace cw {

class Database;

// BEGIN IMMEDIATE on construction; rolls back in the destructor unless
// commit() succeeded. IMMEDIATE takes the write lock up front, so two
// processes deciding at once serialise here instead of failing at COMMIT.
// On a server, writers take the same turns (beginOnServer).
class Transaction
{
public:
    enum class Durability
    {
        // COMMIT waits for the disk (synchronous=FULL): the change survives
        // a power loss. Every canonical change uses this.
        Full,
        // COMMIT does not wait for the disk (synchronous=NORMAL under WAL):
        // the change survives a crash of the process, and the database stays
        // consistent, but a power loss can roll back the last commits before
        // the next checkpoint or Full commit. For records of reads (memory
        // use), where the fsync would be most of the cost of a retrieval.
        Relaxed,
    };

    explicit Transaction(const Database &db, Durability durability = Durability::Full);
    ~Transaction();
    Transaction(const Transaction &) = delete;
    Transaction &operator=(const Transaction &) = delete;

    // False when BEGIN failed (e.g. the database stayed busy past the timeout).
    bool isActive() const { return m_active; }
    const QString &beginError() const { return m_beginError; }
    Status commit();
    void rollback();

private:
    Status beginOnServer() const;
    void end(const char *sql);

    const Database &m_db;
    Durability m_durability;
    bool m_active = false;
    QString m_beginError;
};

} // namespace cw
