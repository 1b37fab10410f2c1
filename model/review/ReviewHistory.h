#pragma once

#include "AuditRecords.h"

#include <QList>

#include <optional>

namespace cw::inline review {

// The history a detail view shows: the audit of a proposal and of the
// article it revises (RecordViews reads both, as `curation-cli show` prints
// them), as one timeline.
namespace ReviewHistory {

// Both audits in the order things happened (time, then the order written).
QList<AuditRecord> timeline(const QList<AuditRecord> &proposal, const QList<AuditRecord> &article);
// The latest reject or return in an audit, if any: why the proposal was set back.
std::optional<AuditRecord> lastSetBack(const QList<AuditRecord> &audit);

} // namespace ReviewHistory
} // namespace cw::inline review
