#pragma once

#include "MemorySearchTypes.h"

#include <QJsonObject>
#include <QString>

namespace cw::inline memory {

// The two forms of a memory-search answer (INTERFACES.md §6): the skill's
// YAML search_results list, and {"search_results":[...]} for --json. Both
// carry file_path, id (null without one), title, relevance and, when the
// hit has one (Mode B), excerpt. Notes follow as "notes" in JSON and as
// YAML comments, so the YAML document stays the list alone.
class MemorySearchFormat
{
public:
    static QJsonObject toJson(const MemorySearchResult &result);
    static QString toYaml(const MemorySearchResult &result);

    // A YAML scalar: plain when unambiguous (paths, ids), else double-quoted
    // with escapes. Titles and excerpts are always quoted, as in the skill.
    static QString yamlScalar(const QString &value, bool forceQuotes);
};

} // namespace cw::inline memory
