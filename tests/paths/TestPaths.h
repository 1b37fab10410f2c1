#pragma once

// Where the tests and benchmarks find the checkout, the CLI they run, and the
// data beside the clone. The paths are absolute and differ from clone to
// clone, so they are compiled into one small library (TestPaths.cpp) rather
// than into every test: a compile definition holding them would make every
// test object differ between clones, and ccache would compile them all anew
// in each CI stage.

#include <QString>

namespace TestPaths {

// The repository's root, and a path inside it ("tests/data/memory").
QString sourceDir();
QString source(const char *relative);

// The curation-cli this build made.
QString cliPath();

// The shared/ folder beside the repository (benchmarks), and a path inside it.
QString shared(const char *relative);

// The PEP memory corpus of the pep-corpus suite (CMake cache path CW_PEP_CORPUS).
QString pepCorpusDir();

} // namespace TestPaths
