#pragma once

#include "Identity.h"
#include "OutboxStore.h"
#include "ReviewStore.h"
#include "RevisionUpdates.h"

#include <QJsonObject>

namespace cw {
class Database;
}
namespace cw::inline common {
class Clock;
}

namespace cw::inline review {

// The writes of one decision, stamped with one time and one actor: review
// rows, revision transitions, proposal status, outbox events and audit rows.
// It never begins or commits; the workflow holds the transaction, so all of
// a decision's writes land together or not at all. It takes the Database
// non-const, as every review class does: they write (the read-only classes
// keep const Database&).
class DecisionWriter
{
public:
    DecisionWriter(Database &db, const Clock &clock, const Actor &actor);

    const QString &now() const { return m_now; }
    const QString &by() const { return m_actor.effective.id; }
    const QString &login() const { return m_login; }

    Result<std::int64_t> review(std::int64_t revisionId, const QString &decision,
                                const QString &role, int onVersion, const QString &reason);
    Result<int> outdateApprovals(std::int64_t revisionId, const QString &why);
    // Moves the revision to state (which may be its current state: the
    // version still goes up, because the decision changed what it carries).
    Status transition(const RevisionRecord &revision, const QString &state,
                      bool startsValidity = false, bool endsValidity = false);
    Status rewriteClaim(const RevisionRecord &edited, int fromVersion);
    Status proposalStatus(const QString &proposalId, const QString &status);
    Result<std::int64_t> event(const QString &event, const ArticleRecord &article, int revision,
                               const QJsonObject &payload);
    Status audit(const QString &action, const QString &subject, int revision, int fromVersion,
                 const QString &reason, const QJsonObject &details);

private:
    const Actor &m_actor;
    QString m_login; // what the real principal signs in with (signInName)
    QString m_now;
    ReviewStore m_reviews;
    RevisionUpdates m_updates;
    OutboxStore m_outbox;
    AuditStore m_audit;
};

} // namespace cw::inline review
