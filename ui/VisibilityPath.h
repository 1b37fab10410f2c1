#pragma once

#include "RecordViews.h"
#include "ReviewTypes.h"

#include <QString>

namespace cw::inline common {
class Clock;
}

namespace cw {

class Database;

// A revision's way to being retrievable, in one line: "activated → outbox
// event #12 → projected at watermark 12: retrievable", or "… → 3 events
// pending", or what is still missing before it is published at all.
namespace VisibilityPath {

QString describe(const Database &db, const Clock &clock, const ProposalView &view,
                 const ReviewOutcome *lastOutcome);

} // namespace VisibilityPath
} // namespace cw
