#include "ReviewStore.h"

#include "Database.h"
#include "StoreUtil.h"

namespace cw {

ReviewStore::ReviewStore(const Database &db)
    : m_db(db)
    , m_insert(db.prepare(
          returningKey(db, "INSERT INTO reviews (revision_id, decision, role, principal, "
                           "effective_principal, on_version, reason, outdated, outdated_reason, "
                           "at, login) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)")
              .constData()))
    , m_forRevision(db.prepare("SELECT id, revision_id, decision, role, principal, "
                               "effective_principal, on_version, reason, outdated, "
                               "outdated_reason, at, login FROM reviews WHERE revision_id = ?1 "
                               "ORDER BY id"))
    , m_outdate(db.prepare("UPDATE reviews SET outdated = 1, outdated_reason = ?2 "
                           "WHERE revision_id = ?1 AND decision = 'approve' AND outdated = 0"))
{
}

Result<std::int64_t> ReviewStore::insert(const ReviewRecord &r)
{
    m_insert.bind(1, r.revisionId).bind(2, r.decision).bind(3, r.role).bind(4, r.principal);
    m_insert.bind(5, r.effectivePrincipal).bind(6, r.onVersion).bind(7, r.reason);
    m_insert.bind(8, r.outdated ? 1 : 0).bind(9, r.outdatedReason).bind(10, r.at);
    m_insert.bind(11, r.login);
    auto id = insertedKey(m_db, m_insert);
    if (!id)
        return fail(QStringLiteral("review %1 by %2: %3")
                        .arg(r.decision, r.effectivePrincipal, id.error()));
    return id;
}

Result<QList<ReviewRecord>> ReviewStore::forRevision(std::int64_t revisionId)
{
    m_forRevision.bind(1, revisionId);
    return readAll<ReviewRecord>(m_forRevision, [](const Statement &s) {
        return ReviewRecord{s.int64(0),      s.int64(1), s.text(2),    s.text(3),
                            s.text(4),       s.text(5),  s.integer(6), s.text(7),
                            s.int64(8) != 0, s.text(9),  s.text(10),   s.text(11)};
    });
}

Result<int> ReviewStore::outdateApprovals(std::int64_t revisionId, const QString &why)
{
    m_outdate.bind(1, revisionId).bind(2, why);
    if (auto done = m_outdate.exec(); !done)
        return fail(QStringLiteral("outdating approvals: ") + done.error());
    return m_db.changes();
}

} // namespace cw
