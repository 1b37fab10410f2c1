#pragma once

#include "MemoryUseRecords.h"
#include "Result.h"
#include "Statement.h"

#include <QList>
#include <QString>

#include <cstdint>
#include <optional>

namespace cw {

class Database;

// Every retrieval's record and the applicability verdicts given on it.
class MemoryUseStore
{
public:
    explicit MemoryUseStore(const Database &db);

    Result<std::int64_t> insert(const MemoryUseRecord &record);
    Result<std::optional<MemoryUseRecord>> find(std::int64_t id) const;
    // Appends ref@revision to the record's reads unless it is there already.
    Status recordRead(std::int64_t id, const QString &ref, int revision);
    Result<std::int64_t> addVerdict(const VerdictRecord &verdict);
    Result<QList<VerdictRecord>> verdicts(std::int64_t memoryUseId) const;
    // How often retrieval returned the ref (for the domain owners' view).
    Result<std::int64_t> timesReturned(const QString &ref) const;

private:
    const Database &m_db;
    Statement m_insert;
};

} // namespace cw
