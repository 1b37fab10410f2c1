#pragma once

#include "EvaluationRecords.h"
#include "Identity.h"
#include "QuerySet.h"
#include "Result.h"

#include <QByteArray>
#include <QList>

#include <optional>

namespace cw {
class Database;
}
namespace cw::inline common {
class Clock;
}

namespace cw::inline evaluation {

struct SetImport
{
    enum class Outcome
    {
        Created,   // a new set
        Unchanged, // the same content was there already: nothing written
        Replaced   // the set's content changed; its earlier runs now show as drifted
    };
    QString id;
    QString name;
    QString hash;
    int queries = 0;
    int judgments = 0;
    Outcome outcome = Outcome::Created;

    static QString outcomeName(Outcome outcome);
};

// The stored query sets: import (content-hashed, in one transaction),
// list, load.
class QuerySets
{
public:
    QuerySets(const Database &db, const Clock &clock);

    // Parses and stores a JSON Lines set; a parse error stores nothing.
    Result<SetImport> importJsonLines(const QByteArray &jsonLines, const QString &importedBy);
    Result<SetImport> import(const QuerySet &set, const QString &importedBy);

    Result<QList<EvalSetRecord>> list() const;
    // The set with that id as reader may see it (ProvenanceScope); nullopt
    // when there is none.
    Result<std::optional<QuerySet>> load(const QString &id, const Actor *reader) const;

private:
    const Database &m_db;
    const Clock &m_clock;
};

} // namespace cw::inline evaluation
