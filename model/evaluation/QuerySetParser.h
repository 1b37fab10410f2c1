#pragma once

#include "QuerySet.h"
#include "Result.h"

#include <QByteArray>

namespace cw::inline evaluation {

// Reads a query set in JSON Lines (INTERFACES.md §8): one `set` line, then
// `query`, `judgment`, `required`, `forbidden` and `pair` lines in any order.
// The first problem ends the parse with "line N: ..." naming the field, and
// nothing is returned: a set is stored whole or not at all. Unknown fields
// are refused (a misspelt `symptom` would silently widen a query).
class QuerySetParser
{
public:
    static Result<QuerySet> parse(const QByteArray &jsonLines);
};

} // namespace cw::inline evaluation
