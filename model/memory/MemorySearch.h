#pragma once

#include "Identity.h"
#include "MemorySearchBudget.h"
#include "MemorySearchTypes.h"
#include "Result.h"

#include <QString>
#include <QStringList>

#include <memory>

namespace cw {
class Database;
}

namespace cw::inline memory {

// The memory-search skill (shared/seeds/001_…) over imported memory: the
// articles that came from a contexts/memory/ tree (source_path set), read
// from the search projection, current and non-current records alike (each
// keeps its status label). Ranking rules: docs/memory-search.md.
//
// Scope: imported memory is sanitised and broadly readable; nothing from the
// case registry is read. The actor is null only for a database without
// principals yet (bootstrap), as for the other read commands.
//
// lag is the projection's lag when the search is made, read by the caller
// from LagMonitor (the one lag reader; memory does not see the projection
// library): every answer made while the projection lags says so in its
// notes, as every retrieval does.
class MemorySearch
{
public:
    static constexpr int TopResults = 10;
    static constexpr int MaxKeywords = 3;
    static constexpr int TokenLimit = MemorySearchBudget::TokenLimit;

    MemorySearch(const Database &db, const Actor *actor, MemoryIndexLag lag = {});
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
    // The notes every mode adds (lag), then the output bound.
    Result<MemorySearchResult> finish(MemorySearchResult result) const;

    const Database &m_db;
    const Actor *m_actor;
    MemoryIndexLag m_lag;
    // Mode B's statements, prepared on first use (storage's statements are
    // private to the model, hence the indirection).
    struct ContentStatements;
    mutable std::unique_ptr<ContentStatements> m_content;
};

} // namespace cw::inline memory
