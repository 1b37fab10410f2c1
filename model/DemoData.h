#pragma once

#include "Ingest.h"
#include "MemoryImport.h"
#include "Result.h"

#include <functional>

namespace cw {

class Clock;
class Database;

struct DemoReport
{
    bool alreadyPresent = false;
    IngestReport scenarios;
    MemoryImportReport memory;
    qint64 generatedRecords = 0;
};

// Builds the demo database: the acceptance scenarios (resources/demo/demo.jsonl,
// ingested through the same validated path as any upstream feed), the demo
// memory tree (resources/demo/contexts/memory), an admin mapped to the current
// OS user, and optionally generated volume.
class DemoBuilder
{
public:
    using Progress = std::function<void(qint64 done, qint64 total)>;

    DemoBuilder(const Database &db, const Clock &clock, QString osUser);

    // Also take the demo's review decisions (PR-7 to PR-11 rejected,
    // published, approved, superseding, returned). The `demo` command does;
    // test fixtures that decide for themselves leave them out.
    void setWithDecisions(bool decide) { m_withDecisions = decide; }

    // Into an empty database only; a database that already holds data is left
    // alone (alreadyPresent) unless volume was asked for, which is refused.
    Result<DemoReport> build(int scaleCases, const Progress &progress = {});

private:
    Result<IngestReport> ingestScenarios();
    Result<MemoryImportReport> importMemoryTree();

    const Database &m_db;
    const Clock &m_clock;
    QString m_osUser;
    bool m_withDecisions = false;
};

} // namespace cw
