#pragma once

// The generated N-case database that the retrieval and evaluation
// benchmarks share: opened when the file exists (generation is paid once),
// otherwise built with DemoBuilder, projected and its text index merged into
// one segment, as `curation-cli project` leaves it.

#include "Clock.h"
#include "Database.h"
#include "DemoBuilder.h"
#include "Projector.h"
#include "ServerConnection.h"

#include <QElapsedTimer>
#include <QFileInfo>

#include <cstdio>
#include <memory>

namespace cw::bench {

// nullptr (the reason printed to stderr) when the file cannot be opened or built.
inline std::unique_ptr<Database> openGeneratedDatabase(const QString &path, int cases, Clock &clock)
{
    // A server's database is used as it is (bench_server copies one there).
    const bool existed = QFileInfo::exists(path) || ServerConnection::isServerLocation(path);
    auto db = Database::open(path);
    if (!db) {
        std::fprintf(stderr, "%s\n", qPrintable(db.error()));
        return nullptr;
    }
    if (existed)
        return std::move(*db);
    QElapsedTimer timer;
    timer.start();
    auto built = DemoBuilder(**db, clock, QStringLiteral("bench")).build(cases);
    if (!built) {
        std::fprintf(stderr, "%s\n", qPrintable(built.error()));
        return nullptr;
    }
    std::printf("generated %d cases (%lld records) in %.1f s\n", cases,
                qint64(built->generatedRecords), double(timer.elapsed()) / 1000.0);
    timer.restart();
    auto projected = Projector(**db, clock).run(5000);
    if (!projected) {
        std::fprintf(stderr, "%s\n", qPrintable(projected.error()));
        return nullptr;
    }
    for (auto more = Projector(**db, clock).tidyIndex(); more && *more;)
        more = Projector(**db, clock).tidyIndex();
    std::printf("projected %lld events in %.1f s\n", projected->events,
                double(timer.elapsed()) / 1000.0);
    return std::move(*db);
}

} // namespace cw::bench
