#include "MemorySearchBudget.h"

namespace cw::inline memory {

namespace {

constexpr int EntryAllowanceBytes = 72; // keys, quotes, indentation, "- "
constexpr int HeaderTokens = 8;         // "search_results:" / {"search_results":[...]}
constexpr int NoteAllowanceTokens = 40; // room for the note this may add

int tokens(qsizetype bytes)
{
    return int((bytes + 2) / 3);
}

} // namespace

int MemorySearchBudget::estimate(const MemorySearchHit &hit)
{
    qsizetype bytes = EntryAllowanceBytes;
    for (const QString *value : {&hit.filePath, &hit.id, &hit.title, &hit.excerpt})
        bytes += value->toUtf8().size();
    bytes += relevanceName(hit.relevance).size();
    return tokens(bytes);
}

int MemorySearchBudget::estimate(const MemorySearchResult &result)
{
    int total = HeaderTokens;
    for (const MemorySearchHit &hit : result.hits)
        total += estimate(hit);
    for (const QString &note : result.notes)
        total += tokens(note.toUtf8().size() + 8);
    return total;
}

void MemorySearchBudget::apply(MemorySearchResult &result, int limit)
{
    if (estimate(result) <= limit)
        return;
    const int target = limit - NoteAllowanceTokens;
    int total = estimate(result);
    int excerptsDropped = 0;
    for (qsizetype i = result.hits.size() - 1; i >= 0 && total > target; --i) {
        MemorySearchHit &hit = result.hits[i];
        if (hit.excerpt.isNull())
            continue;
        const int before = estimate(hit);
        hit.excerpt = QString();
        total -= before - estimate(hit);
        ++excerptsDropped;
    }
    int entriesDropped = 0;
    while (total > target && !result.hits.isEmpty()) {
        total -= estimate(result.hits.takeLast());
        ++entriesDropped;
    }
    if (excerptsDropped)
        result.notes.append(
            QStringLiteral("excerpts of the last %1 results left out to stay under ~%2 tokens")
                .arg(excerptsDropped)
                .arg(limit));
    if (entriesDropped)
        result.notes.append(QStringLiteral("%1 lower-ranked results left out to stay under ~%2 "
                                           "tokens; narrow the query to see them")
                                .arg(entriesDropped)
                                .arg(limit));
}

} // namespace cw::inline memory
