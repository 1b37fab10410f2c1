#include "Access.h"

#include "Database.h"
#include "IdentityStore.h"

namespace cw {

Access::Access(const Database &db, Actor actor)
    : m_db(db)
    , m_actor(std::move(actor))
{
}

bool Access::mayReadCase(std::int64_t caseId) const
{
    auto readable = IdentityStore(m_db).canReadCase(m_actor.effective.id, caseId);
    return readable && *readable;
}

bool Access::mayReadCase(const CaseKey &key) const
{
    if (m_actor.effective.tenants.contains(key.tenant))
        return true;
    Statement s = m_db.prepare("SELECT c.id FROM cases c JOIN grants g ON g.case_id = c.id "
                               "WHERE g.principal = ?1 AND c.tenant = ?2 AND c.source_system = ?3 "
                               "AND c.source_request = ?4");
    s.bind(1, m_actor.effective.id).bind(2, key.tenant).bind(3, key.sourceSystem);
    s.bind(4, key.sourceRequest);
    auto row = s.step();
    return row && *row;
}

Status Access::mayAdminister(const Database &db, const Actor *actor)
{
    if (actor) {
        if (actor->effective.hasRole(QStringLiteral("admin")))
            return {};
        return fail(QStringLiteral("only admins may ingest or import; %1 is not an admin")
                        .arg(actor->effective.id));
    }
    auto principals = db.queryInt("SELECT count(*) FROM principals");
    if (!principals)
        return fail(principals.error());
    if (*principals == 0)
        return {};
    return fail(QStringLiteral("only admins may ingest or import, and no principal is mapped to "
                               "this OS user"));
}

} // namespace cw
