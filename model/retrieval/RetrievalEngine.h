#pragma once

#include "ContentPlan.h"
#include "Identity.h"
#include "Result.h"
#include "Retrieval.h"
#include "RetrievalHit.h"

namespace cw {
class Database;
class ReadTransaction;
} // namespace cw
namespace cw::inline common {
class Clock;
}

namespace cw::inline retrieval {

struct EffectiveRequest;

// The retrieval engine agents use — and the analysts' query panel, and the
// CLI's `query`. Scope comes from the Actor (resolved by the application),
// never from the request. Every run writes a memory-use record.
// The engine returns candidates and evidence; it never chooses a remedy.
// Keep one engine per connection for repeated queries: it remembers how
// common words are (see TermCounts).
class RetrievalEngine
{
public:
    // How much of the database file the engine maps (PRAGMA mmap_size).
    // Every page read through the map stays in the process's resident size
    // until the map goes, so a process that lives beside its user (the
    // workbench) keeps it Bounded; one that lives for a command, or serves
    // agents whose latency is the point (the CLI, its MCP server), maps the
    // Whole file: at 1,000,000 cases, with the file in the page cache, that
    // saves about a tenth of a retrieval (more when the cache is cold), and
    // 1,000 retrievals in the workbench with it grew its resident size to
    // 808 MB against 146 MB Bounded (docs/benchmarks.md).
    enum class FileMap
    {
        Bounded,
        Whole
    };

    RetrievalEngine(const Database &db, const Clock &clock, FileMap map = FileMap::Bounded);

    Result<RetrievalResult> run(const Actor &actor, const RetrievalRequest &request);

    // Evaluation runs (model/evaluation) score the engine on judged sets:
    // those are not retrievals anyone used, so they write no memory-use
    // record (INTERFACES.md §8). On by default.
    void setRecordsMemoryUse(bool records) { m_recordsMemoryUse = records; }
    // The engine's connection never checkpoints the WAL in a retrieval's
    // commit; its owner calls this between retrievals, off their path (the
    // CLI after printing, the query panel's thread after delivering), so the
    // -wal file cannot grow without bound when nothing else writes. A
    // PASSIVE checkpoint once the -wal file passes 4 MB; true when one ran.
    bool checkpointIfGrown();

private:
    Result<EffectiveRequest> prepare(const Actor &actor, const RetrievalRequest &request,
                                     QStringList &notes);
    // The lag monitor's report, in the run's snapshot.
    Status readLag(const ReadTransaction &snapshot, RetrievalResult &result);
    Status record(const Actor &actor, const EffectiveRequest &request, RetrievalResult &result);

    const Database &m_db;
    const Clock &m_clock;
    TermCounts m_termCounts; // the content stage's word statistics, across runs
    bool m_recordsMemoryUse = true;
};

} // namespace cw::inline retrieval
