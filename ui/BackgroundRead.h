#pragma once

#include "BackgroundRunner.h"

namespace cw {

// A read-only BackgroundRunner under its former name, for code that still
// says so; new code says BackgroundRunner.
class BackgroundRead : public BackgroundRunner
{
public:
    using BackgroundRunner::BackgroundRunner;
};

} // namespace cw
