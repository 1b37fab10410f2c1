#pragma once

#include "RecordViews.h"

#include <QString>

namespace cw {

// The selected proposal as rich text: the claim, and the source case it came
// from. All record text is escaped: retrieved text is data, never markup.
namespace ProposalDetails {

QString headerHtml(const ProposalView &view);
// "version 3 (counts every change, sign-offs too) · text edited 0 times".
QString versionText(const ProposalView &view);
QString claimHtml(const RevisionRecord &revision);
// Arrivals (with why deliveries were merged), status, route, disposition,
// and whether the linked proofs support the claimed proof level.
QString caseHtml(const ProposalView &view);
// Whether one proof record, by itself, supports the claimed proof level.
bool supportsClaim(const ProofRecord &proof, const QString &claimedLevel);

} // namespace ProposalDetails
} // namespace cw
