#pragma once

#include "EvalRun.h"
#include "Result.h"

#include <QList>
#include <QStringList>

#include <cstdint>
#include <optional>

namespace cw {
class Database;
}

namespace cw::inline evaluation {

// A stored run and what has changed since it ran.
struct RunStatus
{
    EvalRun run;
    QStringList drift; // empty: the signature still holds

    bool drifted() const { return !drift.isEmpty(); }
};

// The stored runs, with drift checked against today's set, strategy
// definitions and projection (read once per call).
class RunHistory
{
public:
    explicit RunHistory(const Database &db);

    // Every run, or those of one set; oldest first.
    Result<QList<RunStatus>> list(const QString &setId = {}) const;
    // nullopt when there is no such run.
    Result<std::optional<EvalRun>> load(std::int64_t id) const;

private:
    const Database &m_db;
};

} // namespace cw::inline evaluation
