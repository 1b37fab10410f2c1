#pragma once

#include "DemoQuerySet.h"
#include "Ingest.h"
#include "MemoryImport.h"
#include "Result.h"

#include <QStringList>

#include <functional>

namespace cw {
class Database;
}
namespace cw::inline common {
class Clock;
}

namespace cw::inline demo {

struct DemoReport
{
    IngestReport scenarios;
    MemoryImportReport memory;
    qint64 generatedRecords = 0;
    std::optional<SetImport> querySet; // the demo's judged query set, when the build has it
};

// Builds the demo database: the acceptance scenarios (resources/demo/demo.jsonl,
// ingested through the same validated path as any upstream feed), the demo
// memory tree (resources/demo/contexts/memory), an admin mapped to the current
// OS user, and optionally generated volume.
//
// Only into a new database: one that holds any record (a principal, tenant,
// case, article, ...) is refused and left exactly as it was, so the demo can
// never rebind an existing principal to whoever runs it. The demo is built in
// a scratch database beside the target and moved in with one transaction:
// if anything fails on the way, the target gets nothing.
class DemoBuilder
{
public:
    using Progress = std::function<void(qint64 done, qint64 total)>;

    DemoBuilder(const Database &db, const Clock &clock, QString osUser);

    // Also take the demo's review decisions (PR-7 to PR-11 rejected,
    // published, approved, superseding, returned). The `demo` command does;
    // test fixtures that decide for themselves leave them out.
    void setWithDecisions(bool decide) { m_withDecisions = decide; }
    // The admin's database role (db_role), for a demo copied to a server
    // afterwards, where the connection's role names the principal.
    void setAdminDbRole(const QString &role) { m_adminDbRole = role; }

    Result<DemoReport> build(int scaleCases, const Progress &progress = {});

    // The tables of db that hold records (not counting bookkeeping rows a new
    // database starts with); empty for a new database.
    static Result<QStringList> tablesWithRecords(const Database &db);

private:
    Result<DemoReport> buildInto(Database &scratch, int scaleCases, const Progress &progress);
    Result<IngestReport> ingestScenarios(const Database &scratch);
    Result<MemoryImportReport> importMemoryTree(const Database &scratch);
    Status moveInto(const QString &scratchPath);

    const Database &m_db;
    const Clock &m_clock;
    QString m_osUser;
    QString m_adminDbRole;
    bool m_withDecisions = false;
};

} // namespace cw::inline demo
