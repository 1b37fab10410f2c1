#pragma once

#include "Result.h"
#include "Statement.h"

#include <QList>
#include <QString>

#include <cstdint>
#include <optional>

namespace cw {

class Database;

struct MemoryUseRecord
{
    std::int64_t id = 0;
    QString at;
    QString strategy; // id
    int strategyVersion = 0;
    QString principal;
    QString effectivePrincipal;
    QString inputs;     // JSON object: the request
    std::int64_t watermark = 0;
    std::int64_t canonicalHead = 0;
    QString candidates; // JSON array: candidates with their stage traces
    QString reads = QStringLiteral("[]"); // JSON array: what was actually read
};

struct VerdictRecord
{
    std::int64_t id = 0;
    std::int64_t memoryUseId = 0;
    QString ref;
    int revision = 0;
    QString verdict; // applies, rejected, needs-check
    QString reason;
    QString principal; // effective: whose verdict it is
    QString at;
    QString realPrincipal; // who gave it (an admin may act as someone)
};

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
