#include "RevisionUpdates.h"

#include "Database.h"

namespace cw {

RevisionUpdates::RevisionUpdates(const Database &db)
    : m_db(db)
    , m_transition(
          db.prepare("UPDATE revisions SET state = ?3, version = version + 1, updated_at = ?4, "
                     "updated_by = ?5, valid_from = coalesce(?6, valid_from), "
                     "valid_to = coalesce(?7, valid_to) WHERE id = ?1 AND version = ?2"))
    , m_rewrite(db.prepare(
          "UPDATE revisions SET title = ?3, synopsis = ?4, route = ?5, mechanism = ?6, "
          "method = ?7, outcome = ?8, proof_level = ?9, limits = ?10, product = ?11, "
          "product_versions = ?12, state = ?13, version = version + 1, updated_at = ?14, "
          "updated_by = ?15 WHERE id = ?1 AND version = ?2"))
    , m_clearTags(db.prepare("DELETE FROM revision_tags WHERE revision_id = ?1 AND kind = 'tag'"))
    , m_insertTag(
          db.prepare("INSERT INTO revision_tags (revision_id, kind, tag) VALUES (?1, 'tag', ?2) "
                     "ON CONFLICT DO NOTHING"))
    , m_proposalStatus(db.prepare("UPDATE proposals SET status = ?2 WHERE id = ?1"))
{
}

Status RevisionUpdates::expectOneRow(const QString &what, std::int64_t revisionId, int fromVersion)
{
    if (m_db.changes() == 1)
        return {};
    return fail(QStringLiteral("%1: revision row %2 is no longer at version %3")
                    .arg(what)
                    .arg(revisionId)
                    .arg(fromVersion));
}

Status RevisionUpdates::transition(const RevisionTransition &c)
{
    Statement &s = m_transition;
    s.bind(1, c.revisionId).bind(2, c.fromVersion).bind(3, c.state).bind(4, c.at).bind(5, c.by);
    s.bind(6, c.validFrom).bind(7, c.validTo);
    if (auto done = s.exec(); !done)
        return fail(QStringLiteral("revision state %1: %2").arg(c.state, done.error()));
    return expectOneRow(QStringLiteral("revision state ") + c.state, c.revisionId, c.fromVersion);
}

Status RevisionUpdates::rewriteClaim(const RevisionRecord &r, int fromVersion, const QString &at,
                                     const QString &by)
{
    Statement &s = m_rewrite;
    s.bind(1, r.id).bind(2, fromVersion).bind(3, r.title).bind(4, r.synopsis).bind(5, r.route);
    s.bind(6, r.mechanism).bind(7, r.method).bind(8, r.outcome).bind(9, r.proofLevel);
    s.bind(10, r.limits).bind(11, r.product).bind(12, r.productVersions).bind(13, r.state);
    s.bind(14, at).bind(15, by);
    if (auto done = s.exec(); !done)
        return fail(QStringLiteral("revision edit: ") + done.error());
    if (auto one = expectOneRow(QStringLiteral("revision edit"), r.id, fromVersion); !one)
        return one;
    m_clearTags.bind(1, r.id);
    if (auto cleared = m_clearTags.exec(); !cleared)
        return fail(QStringLiteral("revision tags: ") + cleared.error());
    for (const QString &tag : r.tags) {
        m_insertTag.bind(1, r.id).bind(2, tag);
        if (auto done = m_insertTag.exec(); !done)
            return fail(QStringLiteral("revision tag %1: %2").arg(tag, done.error()));
    }
    return {};
}

Status RevisionUpdates::setProposalStatus(const QString &proposalId, const QString &status)
{
    m_proposalStatus.bind(1, proposalId).bind(2, status);
    if (auto done = m_proposalStatus.exec(); !done)
        return fail(QStringLiteral("proposal %1 status: %2").arg(proposalId, done.error()));
    if (m_db.changes() != 1)
        return fail(QStringLiteral("no proposal %1").arg(proposalId));
    return {};
}

} // namespace cw
