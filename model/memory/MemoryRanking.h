#pragma once

#include "Result.h"
#include "Statement.h"

#include <QByteArray>
#include <QList>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <vector>

namespace cw {
class Database;
}

namespace cw::inline memory {

// Mode B's winners: the memory files ranked first by cw_keyword_rank's key,
// then newest, decisions before other files, by number, by path
// (docs/memory-search.md). The same order as one SQL ORDER BY over every
// match joined with projection_memory, without that join: a common word
// matches half the files, and seeking each match's sort keys and sorting
// them all was most of such a search (60 ms at 100,000 files). Here every
// match's key is read from the index alone; only matches in key order are
// looked up, until the winners and everything tied with the last are known.
// On a server the index is a tsvector: the key is computed here from the
// positions of the keywords' words in each matching memory file
// (MemoryRankingServer.cpp).
class MemoryRanking
{
public:
    struct Winner
    {
        std::int64_t rowId;
        std::int64_t key; // cw_keyword_rank
    };

    // A memory file's sort keys after the rank key, compared as SQLite
    // compares them in `updated_at DESC, is_other, number, source_path`
    // (BINARY text, NULL below every value).
    struct Candidate
    {
        std::int64_t rowId = 0;
        std::int64_t key = 0;
        bool hasUpdatedAt = false;
        QByteArray updatedAt;
        std::int64_t isOther = 0;
        bool hasNumber = false;
        std::int64_t number = 0;
        QByteArray sourcePath;

        // From a row whose columns 1 to 4 are updated_at, is_other, number
        // and source_path of projection_memory.
        static Candidate fromRow(const Statement &s, std::int64_t rowId, std::int64_t key);
    };

    explicit MemoryRanking(const Database &db);

    // expression: the keywords as one FTS5 query (MemorySearch::ftsExpression).
    Result<QList<Winner>> top(const QStringList &keywords, const QString &expression, int limit);

private:
    struct Match
    {
        std::int64_t key; // cw_keyword_rank
        std::int64_t rowId;
        auto operator<=>(const Match &) const = default;
    };
    // Appends the chunk's memory files, with their keys, to `memory`.
    Status lookUp(const std::vector<Match> &chunk, std::vector<Candidate> &memory);
    Result<std::vector<Candidate>> onFile(const QString &expression, int limit);
    // Every memory file matching a keyword, with its key (MemoryRankingServer.cpp).
    Result<std::vector<Candidate>> onServer(const QStringList &keywords);

    const Database &m_db;
    // On a file: every match's row and key, and the sort keys of those of a
    // chunk of matches that are memory files.
    std::optional<Statement> m_keys;
    std::optional<Statement> m_memory;
};

} // namespace cw::inline memory
