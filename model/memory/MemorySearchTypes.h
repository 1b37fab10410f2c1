#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <cstdint>

namespace cw {
class Statement;
}

namespace cw::inline memory {

// Why a file is in the answer, as the memory-search skill names it.
enum class MemoryRelevance
{
    FrontmatterMatch,  // Mode A
    ContentMatch,      // Mode B
    RelatedToInbound,  // Mode C: the file's related_to lists the target
    RelatedToOutbound, // Mode C: the target's related_to lists the file
    DirectMention      // Mode C: the file's text contains the target id
};

QString relevanceName(MemoryRelevance relevance);

struct MemorySearchHit
{
    QString filePath; // relative to contexts/memory/, e.g. decisions/DEC-42.md
    QString id;       // frontmatter id; null QString for a file without one
    QString title;
    MemoryRelevance relevance = MemoryRelevance::FrontmatterMatch;
    QString excerpt; // Mode B only; null otherwise
    QString status;  // the projection's label (active, superseded, ...), for callers
    int matches = 0; // Mode B: keyword occurrences the ranking counted

    // Columns 0..4 of every hit query: ref, kind, source_path, title, status.
    // Only decisions keep their frontmatter id; other files have none.
    static MemorySearchHit fromRow(const Statement &row, MemoryRelevance relevance);
};

struct MemorySearchResult
{
    QList<MemorySearchHit> hits; // ranked, best first
    QStringList notes;           // what was left out or could not be resolved
};

// How far the search projection trails canonical state when the search is
// made, as the caller read it from the one lag reader (LagMonitor, in the
// projection library, which memory does not see). Memory search reads the
// projection, so files imported after the watermark are not found yet; a
// search says so in its notes (INTERFACES.md §6).
struct MemoryIndexLag
{
    std::int64_t watermark = 0;
    qint64 pendingEvents = 0;

    // "736 events pending: files imported after watermark 0 are not searched
    // yet"; null when nothing is pending.
    QString note() const;
};

// Mode A: every field given must match (AND). Empty fields are not asked.
struct MemoryFieldQuery
{
    QString domain;
    QString level;
    QString status; // as filed in the frontmatter (final, draft, ...)
    QStringList tags;
    QStringList relatedTo;

    bool isEmpty() const;
};

// The values, trimmed, without empty ones and repeats, in their order.
QStringList distinctNonEmpty(const QStringList &values);

} // namespace cw::inline memory
