#pragma once

#include "ArticleStore.h"
#include "IngestLedger.h"
#include "OutboxStore.h"
#include "ProposalStore.h"
#include "Result.h"
#include "Statement.h"

#include <QJsonObject>

#include <optional>

namespace cw {
class Database;
}
namespace cw::inline common {
class Clock;
}

namespace cw::inline ingest {

class CaseIngest;
class IngestFields;
struct IngestReport;

// Applies the reviewed-experience records of an ingest: proposal and article.
// A proposal becomes a 'proposed' revision plus a pending proposals row; an
// article record becomes a revision in the state its status names, and an
// activation supersedes the previous active revision and appends the outbox
// event and audit row in the caller's transaction.
class ArticleIngest
{
public:
    ArticleIngest(const Database &db, const Clock &clock, const QString &principal,
                  IngestReport &report, CaseIngest &cases);

    Status proposal(const QJsonObject &record);
    Status article(const QJsonObject &record);

    // Named in audit rows ("ingested from <source>").
    void setSource(const QString &source) { m_source = source; }
    void forgetCaches() { m_nextExperience = 0; }

private:
    struct Target
    {
        ArticleRecord article;
        bool create = false;
    };

    static RevisionRecord readClaim(IngestFields &fields, bool proofLevelRequired);
    std::optional<Target> resolveTarget(IngestFields &fields, const QString &ref,
                                        const QString &kind, const QString &domain);
    Result<QString> nextExperienceRef();
    Result<bool> alreadyIngested(const QByteArray &digest);
    void checkOwner(IngestFields &fields, const QString &owner, const QString &domain);
    void checkNotReviewed(IngestFields &fields, const Target &target, const QString &kind,
                          const QString &status);
    Status createArticle(Target &target);
    Status audit(const QString &action, const QString &subject, int revision,
                 const QJsonObject &details);
    Status activate(const ArticleRecord &article, RevisionRecord &revision, const QString &now);
    Status recordNotCurrent(const ArticleRecord &article, RevisionRecord &revision,
                            const QString &now);
    QString reason() const;

    const Database &m_db;
    const Clock &m_clock;
    const QString &m_principal;
    IngestReport &m_report;
    CaseIngest &m_cases;
    ArticleStore m_articles;
    ProposalStore m_proposals;
    OutboxStore m_outbox;
    AuditStore m_audit;
    IngestLedger m_ledger;
    Statement m_supersede;
    Statement m_reviewed;
    QString m_source;
    int m_nextExperience = 0; // 0: not known yet
};

} // namespace cw::inline ingest
