#pragma once

#include "Result.h"

namespace cw {
class Database;
}
namespace cw::inline common {
class Clock;
}

namespace cw::inline demo {

// The review decisions of the demo, taken through the real workflow (each
// demo reviewer deciding as itself), so the demo shows proposals in
// every state: PR-7 rejected, PR-8 published as a new article, PR-9 approved
// and waiting to supersede, PR-10 published by superseding EXP-2, PR-11
// returned. PR-1 to PR-6 stay pending for the reader to decide.
class DemoDecisions
{
public:
    DemoDecisions(Database &db, const Clock &clock);
    // The reviews behind what the demo starts with as published (EXP-2):
    // part of every demo database.
    Status history();
    // The decisions above, on the proposals of demo-decided.jsonl.
    Status apply();

private:
    Database &m_db;
    const Clock &m_clock;
};

} // namespace cw::inline demo
