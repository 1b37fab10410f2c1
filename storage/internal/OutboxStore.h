#pragma once

#include "Records.h"
#include "Result.h"
#include "Statement.h"

namespace cw {

class Database;

// The outbox: events appended in the same transaction as the change they
// describe. seq is AUTOINCREMENT, so it never goes backwards or is reused.
class OutboxStore
{
public:
    explicit OutboxStore(const Database &db);

    Result<std::int64_t> append(const OutboxEvent &event);
    // The highest committed seq (0 when empty): the canonical head.
    Result<std::int64_t> head() const;
    // Events with seq > after, in order, at most limit.
    Result<QList<OutboxEvent>> after(std::int64_t after, int limit) const;

private:
    const Database &m_db;
    Statement m_append;
};

// The audit trail: who did what, when, why.
class AuditStore
{
public:
    explicit AuditStore(const Database &db);

    Result<std::int64_t> append(const AuditRecord &record);
    Result<QList<AuditRecord>> forSubject(const QString &subject) const;

private:
    const Database &m_db;
    Statement m_append;
};

} // namespace cw
