#pragma once

// The PEP corpus suite reads shared/corpus/pep-memory (736 decision records
// made from the python/peps repository, 16 MB), which is not part of this
// repository. Its path is the CMake cache path CW_PEP_CORPUS (default: beside
// the clone, ../shared/corpus/pep-memory). Without it every test of the suite
// is skipped, and says so: CTest reports the suite as skipped (its
// SKIP_REGULAR_EXPRESSION matches the message), and scripts/test.sh fails a
// CI run in which it did not run.

#include "TestPaths.h"

#include <QDir>
#include <QTest>

namespace cw::test {

inline const QString PepCorpusDir = TestPaths::pepCorpusDir();

inline bool pepCorpusExists()
{
    return QDir(PepCorpusDir + QStringLiteral("/contexts/memory/decisions")).exists();
}

// Why the suite skips (CTest's SKIP_REGULAR_EXPRESSION matches its start).
inline QString pepCorpusMissing()
{
    return QStringLiteral("PEP corpus not found at %1: the pep-corpus suite is skipped (set the "
                          "CMake cache path CW_PEP_CORPUS to a copy of shared/corpus/pep-memory "
                          "to run it)")
        .arg(PepCorpusDir);
}

} // namespace cw::test
