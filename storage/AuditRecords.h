#pragma once

#include <QString>

#include <cstdint>
#include <optional>

// The audit trail: who did what, when and why.
// Plain values, QtCore only: public to every layer (storage/, model/, front ends).
namespace cw {

struct AuditRecord
{
    std::int64_t id = 0;
    QString at;
    QString principal;
    QString effectivePrincipal;
    QString action;
    QString subject;
    std::optional<std::int64_t> revision;
    std::optional<std::int64_t> fromVersion;
    std::optional<std::int64_t> toVersion;
    QString reason;
    QString details = QStringLiteral("{}"); // JSON object
};

} // namespace cw
