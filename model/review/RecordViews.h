#pragma once

#include "Access.h"
#include "Records.h"
#include "Result.h"
#include "ReviewRecords.h"
#include "SourceChanges.h"

#include <QJsonObject>

#include <optional>

namespace cw {
class Database;
}

namespace cw::inline review {

// Everything `show` and the workbench's detail panes display about one case,
// proposal or article, already cut to what the acting principal may read.
struct CaseView
{
    CaseRecord record;
    QList<ArrivalRecord> arrivals;
    QList<CaseUpdateRecord> updates;
    QList<ProofRecord> proofs;
};

struct ProposalView
{
    ProposalRecord proposal;
    ArticleRecord article;
    RevisionRecord revision;
    QString caseKey;           // empty without a case, or when it is redacted
    bool caseRedacted = false; // the principal may not read the source case
    std::optional<CaseView> sourceCase;
    QList<ProofRecord> claimedProofs; // empty when redacted
    QList<AuditRecord> audit;
    QList<ReviewRecord> approvals; // current and outdated, oldest first
};

struct ArticleView
{
    ArticleRecord article;
    QList<RevisionRecord> revisions;
    QList<AuditRecord> audit;
    // Open changes of the active revision's source case (re-verify or retire clears them).
    QList<SourceChange> sourceChanges;
};

class RecordViews
{
public:
    RecordViews(const Database &db, const Access &access);

    // nullopt: no such case, or not readable by the principal (the two are
    // deliberately indistinguishable).
    Result<std::optional<CaseView>> caseView(const CaseKey &key);
    Result<std::optional<ProposalView>> proposalView(const QString &id);
    Result<std::optional<ArticleView>> articleView(const QString &ref);

    static QJsonObject toJson(const CaseView &view);
    static QJsonObject toJson(const ProposalView &view);
    static QJsonObject toJson(const ArticleView &view);

private:
    Result<CaseView> loadCase(const CaseRecord &record);

    const Database &m_db;
    const Access &m_access;
};

} // namespace cw::inline review
