#include "DecisionWriter.h"

#include "Clock.h"

#include <QJsonDocument>

namespace cw::inline review {

DecisionWriter::DecisionWriter(Database &db, const Clock &clock, const Actor &actor)
    : m_actor(actor)
    , m_login(signInName(db, actor.real))
    , m_now(clock.nowText())
    , m_reviews(db)
    , m_updates(db)
    , m_outbox(db)
    , m_audit(db)
{
}

Result<std::int64_t> DecisionWriter::review(std::int64_t revisionId, const QString &decision,
                                            const QString &role, int onVersion,
                                            const QString &reason)
{
    ReviewRecord record;
    record.revisionId = revisionId;
    record.decision = decision;
    record.role = role;
    record.principal = m_actor.real.id;
    record.effectivePrincipal = m_actor.effective.id;
    record.login = m_login;
    record.onVersion = onVersion;
    record.reason = reason;
    record.at = m_now;
    return m_reviews.insert(record);
}

Result<int> DecisionWriter::outdateApprovals(std::int64_t revisionId, const QString &why)
{
    return m_reviews.outdateApprovals(revisionId, why);
}

Status DecisionWriter::transition(const RevisionRecord &revision, const QString &state,
                                  bool startsValidity, bool endsValidity)
{
    RevisionTransition change;
    change.revisionId = revision.id;
    change.fromVersion = revision.version;
    change.state = state;
    change.at = m_now;
    change.by = by();
    if (startsValidity)
        change.validFrom = m_now;
    if (endsValidity)
        change.validTo = m_now;
    return m_updates.transition(change);
}

Status DecisionWriter::rewriteClaim(const RevisionRecord &edited, int fromVersion)
{
    return m_updates.rewriteClaim(edited, fromVersion, m_now, by());
}

Status DecisionWriter::proposalStatus(const QString &proposalId, const QString &status)
{
    return m_updates.setProposalStatus(proposalId, status);
}

Result<std::int64_t> DecisionWriter::event(const QString &event, const ArticleRecord &article,
                                           int revision, const QJsonObject &payload)
{
    const OutboxEvent record{
        0,
        m_now,
        event,
        article.ref,
        revision,
        article.domain,
        QString::fromUtf8(QJsonDocument(payload).toJson(QJsonDocument::Compact))};
    return m_outbox.append(record);
}

Status DecisionWriter::audit(const QString &action, const QString &subject, int revision,
                             int fromVersion, const QString &reason, const QJsonObject &details)
{
    AuditRecord record;
    record.at = m_now;
    record.principal = m_actor.real.id;
    record.effectivePrincipal = m_actor.effective.id;
    record.action = action;
    record.subject = subject;
    record.revision = revision;
    record.fromVersion = fromVersion;
    record.toVersion = fromVersion + 1;
    record.reason = reason;
    record.details = QString::fromUtf8(QJsonDocument(details).toJson(QJsonDocument::Compact));
    if (auto appended = m_audit.append(record); !appended)
        return fail(appended.error());
    return {};
}

} // namespace cw::inline review
