#pragma once

#include "Database.h"

#include <QTemporaryDir>

#include <cstdio>
#include <cstdlib>
#include <memory>

namespace cw::fuzz {

// One workbench database (the real schema, migrations and connection
// settings) in a temporary folder, opened once per fuzzing process. Targets
// run each input inside a transaction they roll back, so the file does not
// grow and every input sees the same state.
inline Database &database()
{
    static QTemporaryDir dir;
    static std::unique_ptr<Database> db = [] {
        auto opened = Database::open(dir.filePath(QStringLiteral("fuzz.db")));
        if (!opened) {
            std::fprintf(stderr, "cannot open the fuzz database: %s\n",
                         opened.error().toUtf8().constData());
            std::abort();
        }
        return std::move(*opened);
    }();
    return *db;
}

} // namespace cw::fuzz
