#pragma once

#include "Result.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <cstdint>

namespace cw {
class Database;
struct EvalRunRecord;
} // namespace cw
namespace cw::inline retrieval {
struct StrategyDefinition;
}

namespace cw::inline evaluation {

struct QuerySet;

// What a run's figures depend on: the set's content, the strategy
// definition(s) and the projection state (watermark and the revisions it
// holds). The signature is the sha256 of the four; a stored run whose parts
// differ from today's has drifted, and drift() says which part.
struct RunSignature
{
    QString setHash;
    QString strategyHash;
    std::int64_t watermark = 0;
    QString projectionHash;

    // The strategy of a run in which each query used its own.
    static inline const QString QueryDefaults = QStringLiteral("query-defaults");

    QString signature() const;

    // sha256 of the definitions as written (in the order given).
    static QString hashStrategies(const QList<StrategyDefinition> &definitions);
    // The strategy part of a run of `set` with `runStrategy` (ID@V, or
    // "query-defaults": each query's own, as the catalog resolves it today).
    static Result<QString> hashStrategiesOf(const QuerySet &set, const QString &runStrategy);
    // The projection's part, read now.
    static Result<RunSignature> projectionState(const Database &db);
    static RunSignature of(const EvalRunRecord &run);

    // What changed from `then` to `now`; empty when nothing did.
    static QStringList drift(const RunSignature &then, const RunSignature &now);
};

} // namespace cw::inline evaluation
