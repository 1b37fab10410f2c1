#pragma once

#include "Result.h"

namespace cw {

class Database;

// BEGIN IMMEDIATE on construction; rolls back in the destructor unless
// commit() succeeded. IMMEDIATE takes the write lock up front, so two
// processes deciding at once serialise here instead of failing at COMMIT.
class Transaction
{
public:
    explicit Transaction(const Database &db);
    ~Transaction();
    Transaction(const Transaction &) = delete;
    Transaction &operator=(const Transaction &) = delete;

    // False when BEGIN failed (e.g. the database stayed busy past the timeout).
    bool isActive() const { return m_active; }
    const QString &beginError() const { return m_beginError; }
    Status commit();
    void rollback();

private:
    const Database &m_db;
    bool m_active = false;
    QString m_beginError;
};

} // namespace cw
