#pragma once

#include "Result.h"

#include <QJsonObject>

#include <functional>
#include <random>

namespace cw {
class Database;
}
namespace cw::inline common {
class Clock;
}
namespace cw::inline ingest {
class Ingest;
}

namespace cw::inline demo {

// Generated, deterministic volume for benchmarks: per case 1-2 arrivals
// (every fifth delivered twice), most with a proof record and a status
// update; one article with three revisions per ten cases; one pending
// proposal per twenty. Everything goes through the validated ingest path,
// committed in batches so a million cases stay practical.
class VolumeGenerator
{
public:
    using Progress = std::function<void(qint64 done, qint64 total)>;

    VolumeGenerator(const Database &db, const Clock &clock, quint32 seed = 20260301);

    // Returns the number of records written.
    Result<qint64> generate(int cases, const Progress &progress = {});

private:
    Status generateCase(Ingest &ingest, int index);
    Status generateArticle(Ingest &ingest, int index);
    Status generateProposal(Ingest &ingest, int index);
    QString sentence(int words);
    static const QStringList &vocabulary();
    QString pick(const QStringList &list);
    QString tenantFor(int index) const;
    static QString caseRef(const QString &tenant, int index);

    const Database &m_db;
    const Clock &m_clock;
    std::mt19937 m_random;
    qint64 m_records = 0;
};

} // namespace cw::inline demo
