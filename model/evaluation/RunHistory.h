#pragma once

#include "EvalRun.h"
#include "Identity.h"
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
// definitions and projection (read once per call), as the reader may see
// them (ProvenanceScope).
class RunHistory
{
public:
    RunHistory(const Database &db, const Actor *reader);

    // Every run, or those of one set; oldest first.
    Result<QList<RunStatus>> list(const QString &setId = {}) const;
    // nullopt when there is no such run.
    Result<std::optional<EvalRun>> load(std::int64_t id) const;

private:
    const Database &m_db;
    const Actor *m_reader;
};

} // namespace cw::inline evaluation
