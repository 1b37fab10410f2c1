#pragma once

#include "Identity.h"
#include "ReviewTypes.h"

#include <QStringList>

#include <cstdint>

namespace cw {
class Database;
}
namespace cw::inline common {
class Clock;
}

namespace cw::inline retrieval {

// A verdict as recorded.
struct RecordedVerdict
{
    std::int64_t id = 0;
    std::int64_t memoryUseId = 0;
    QString ref;
    int revision = 0;
    QString verdict;
};

// Applicability verdicts on a retrieval's candidates, for every front end
// (the query panel and `curation-cli verdict`). Only the principal the
// retrieval ran for, or an admin, may judge it (Access::mayJudge), and only
// candidates it returned. The verdict and the read it implies are one fact:
// both are written in one transaction, or neither.
class Verdicts
{
public:
    Verdicts(const Database &db, const Clock &clock);

    // applies, rejected, needs-check
    static const QStringList &values();

    Refusable<RecordedVerdict> record(const Actor &actor, std::int64_t memoryUseId,
                                      const QString &ref, int revision, const QString &verdict,
                                      const QString &reason);

private:
    const Database &m_db;
    const Clock &m_clock;
};

} // namespace cw::inline retrieval
