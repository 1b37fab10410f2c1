#pragma once

#include "RunComparison.h"

#include <QByteArray>

namespace cw {

// A comparison of two runs as CSV (RFC 4180, UTF-8, CRLF): first one row
// per metric (a, b, difference, p-value), then one per query (each run's
// nDCG@k, who won, rank-biased overlap). A text cell that a spreadsheet would
// read as a formula (=, +, -, @ first) is written with a leading apostrophe,
// so a query id from a set cannot run in whoever opens the file.
namespace ComparisonCsv {

QByteArray write(const Comparison &comparison);
QString cell(const QString &text);

} // namespace ComparisonCsv
} // namespace cw
