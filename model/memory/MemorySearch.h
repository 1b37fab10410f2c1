#pragma once

#include "Identity.h"
#include "Result.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <memory>

namespace cw {
class Database;
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
};

struct MemorySearchResult
{
    QList<MemorySearchHit> hits; // ranked, best first
    QStringList notes;           // what was left out or could not be resolved
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

// The memory-search skill (shared/seeds/001_…) over imported memory: the
// articles that came from a contexts/memory/ tree (source_path set), read
// from the search projection, current and non-current records alike (each
// keeps its status label). Ranking rules: docs/memory-search.md.
//
// Scope: imported memory is sanitised and broadly readable; nothing from the
// case registry is read. The actor is null only for a database without
// principals yet (bootstrap), as for the other read commands.
class MemorySearch
{
public:
    static constexpr int TopResults = 10;
    static constexpr int MaxKeywords = 3;
    static constexpr int TokenLimit = 2000;

    MemorySearch(const Database &db, const Actor *actor);
    ~MemorySearch();
    MemorySearch(const MemorySearch &) = delete;
    MemorySearch &operator=(const MemorySearch &) = delete;

    Result<MemorySearchResult> byFields(const MemoryFieldQuery &query) const; // Mode A
    Result<MemorySearchResult> byContent(const QStringList &keywords) const;  // Mode B
    Result<MemorySearchResult> byReference(const QString &decisionId) const;  // Mode C

    // DEC-<digits>, exactly.
    static bool isDecisionId(const QString &text);
    // The FTS5 expression Mode B runs for these keywords: each one a quoted
    // string (input is never FTS syntax) with a prefix star, joined by OR.
    // Empty when a keyword has nothing FTS can index (e.g. "++").
    static QString ftsExpression(const QStringList &keywords);

private:
    Status mayRead() const;

    const Database &m_db;
    const Actor *m_actor;
    // Mode B's statements, prepared on first use (storage's statements are
    // private to the model, hence the indirection).
    struct ContentStatements;
    mutable std::unique_ptr<ContentStatements> m_content;
};

} // namespace cw::inline memory
