#pragma once

#include <QString>

#include <cstdint>

// Every retrieval's record (memory use) and the applicability verdicts given
// on it.
// Plain values, QtCore only: public to every layer (storage/, model/, front ends).
namespace cw {

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

} // namespace cw
