#pragma once

// Percentiles of benchmark samples, defined once for the benchmarks that
// share it: the sample at rank p * (n - 1), rounded to the nearest rank (no
// interpolation: every figure printed is a time that was measured).

#include <algorithm>
#include <cstddef>
#include <limits>
#include <vector>

namespace cw::bench {

inline double percentile(std::vector<double> values, double p)
{
    if (values.empty())
        return std::numeric_limits<double>::quiet_NaN();
    std::sort(values.begin(), values.end());
    const auto index =
        std::min(values.size() - 1, std::size_t(p * double(values.size() - 1) + 0.5));
    return values[index];
}

} // namespace cw::bench
