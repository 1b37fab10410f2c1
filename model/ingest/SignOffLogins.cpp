#include "SignOffLogins.h"

#include "Database.h"

namespace cw::inline ingest {

using namespace Qt::StringLiterals;

SignOffLogins::SignOffLogins(const Database &db)
    : m_openSignOff(db.prepare("SELECT p.id, r.effective_principal, r.role FROM reviews r "
                               "JOIN proposals p ON p.revision_id = r.revision_id "
                               "WHERE r.login = ?1 AND r.decision = 'approve' AND r.outdated = 0 "
                               "AND p.status = 'pending' ORDER BY p.id LIMIT 1"))
{
}

Status SignOffLogins::checkReassignment(const PrincipalRecord *old, const PrincipalRecord &changed)
{
    if (!changed.osUser.isEmpty() && (!old || old->osUser != changed.osUser))
        if (auto kept = checkLogin(u"os_user"_s, changed.osUser, changed.id); !kept)
            return kept;
    if (!changed.dbRole.isEmpty() && (!old || old->dbRole != changed.dbRole))
        if (auto kept = checkLogin(u"db_role"_s, changed.dbRole, changed.id); !kept)
            return kept;
    return {};
}

Status SignOffLogins::checkLogin(const QString &field, const QString &login,
                                 const QString &principal)
{
    m_openSignOff.bind(1, login);
    auto row = m_openSignOff.step();
    if (!row) {
        m_openSignOff.reset();
        return fail(row.error());
    }
    if (!*row) {
        m_openSignOff.reset();
        return {};
    }
    const QString proposal = m_openSignOff.text(0);
    const QString as = m_openSignOff.text(1);
    const QString role = m_openSignOff.text(2).replace(u'_', u' ');
    m_openSignOff.reset();
    return fail(u"principal: %1 \"%2\" gave the %3 sign-off of %4 (as %5), which waits for its "
                "second; it cannot be mapped to %6 until %4 is decided (one login gives one "
                "sign-off)"_s.arg(field, login, role, proposal, as, principal));
}

} // namespace cw::inline ingest
