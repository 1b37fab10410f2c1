#pragma once

#include "ReviewTypes.h"

#include <QJsonArray>
#include <QJsonObject>

// JSON forms of the review workflow's answers, shared by the CLI and `show`.
namespace cw::inline review::ReviewJson {

QJsonObject approval(const ReviewRecord &review);
QJsonArray approvals(const QList<ReviewRecord> &reviews);
QJsonObject standing(const RevisionStanding &standing);
QJsonObject outcome(const ReviewOutcome &outcome);
QJsonObject refusal(const Refusal &refusal);
// The sticky/outdated rule: description plus the fields of each weight.
QJsonObject editRule();

} // namespace cw::inline review::ReviewJson
