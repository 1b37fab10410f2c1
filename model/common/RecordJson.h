#pragma once

#include "Records.h"

#include <QJsonObject>

// JSON forms of the stored records, shared by the CLI's --json answers and
// the workbench's exports. Field names follow INTERFACES.md.
namespace cw::inline common::RecordJson {

QJsonObject arrival(const ArrivalRecord &arrival);
QJsonObject caseUpdate(const CaseUpdateRecord &update);
QJsonObject proof(const ProofRecord &proof, bool withContent = true);
// The case itself; redacted cases are never passed here.
QJsonObject caseRecord(const CaseRecord &record);
QJsonObject revision(const RevisionRecord &revision);
QJsonObject article(const ArticleRecord &article);
QJsonObject audit(const AuditRecord &audit);

} // namespace cw::inline common::RecordJson
