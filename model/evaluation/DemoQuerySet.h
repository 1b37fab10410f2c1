#pragma once

#include "QuerySets.h"
#include "Result.h"

#include <optional>

namespace cw {
class Database;
}
namespace cw::inline common {
class Clock;
}

namespace cw::inline evaluation {

// The judged query set shipped for the demo database
// (resources/eval/demo-queries.jsonl, compiled in as a resource when it is
// there), imported by `curation-cli demo` so that a new user can run
// `eval run` at once.
class DemoQuerySet
{
public:
    static inline const QString ResourcePath = QStringLiteral(":/cw/eval/demo-queries.jsonl");

    // nullopt when there is no such file (a build without the set); an
    // error naming the file and line when it does not parse.
    static Result<std::optional<SetImport>> importInto(const Database &db, const Clock &clock,
                                                       const QString &importedBy,
                                                       const QString &path = ResourcePath);
};

} // namespace cw::inline evaluation
