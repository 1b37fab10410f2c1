#include "AdminReach.h"

#include "Database.h"
#include "StoreUtil.h"
#include "Vocabulary.h"

#include <QFile>

#include <pwd.h>

namespace cw::inline ingest {

using namespace Qt::StringLiterals;

namespace {

bool loginExists(const QString &login)
{
    if (login.isEmpty())
        return false;
    const QByteArray name = login.toLocal8Bit();
    return ::getpwnam(name.constData()) != nullptr;
}

} // namespace

AdminReach::AdminReach(const Database &db)
    : m_db(db)
    , m_otherAdmins(db.prepare("SELECT p.os_user, p.db_role FROM principals p "
                               "JOIN principal_roles r ON r.principal = p.id "
                               "WHERE r.role = 'admin' AND p.id <> ?1"))
{
}

Result<bool> AdminReach::canSignIn(const PrincipalRecord &p)
{
    if (!m_db.isServer())
        return loginExists(p.osUser);
    if (p.dbRole.isEmpty())
        return false;
    if (!m_roleExists)
        m_roleExists.emplace(m_db.prepare("SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = ?1"));
    m_roleExists->bind(1, p.dbRole);
    auto found = readOptional<bool>(*m_roleExists, [](const Statement &) { return true; });
    if (!found)
        return fail(found.error());
    return found->has_value();
}

Result<bool> AdminReach::anotherAdminCanSignIn(const QString &except)
{
    m_otherAdmins.bind(1, except);
    auto admins = readAll<PrincipalRecord>(m_otherAdmins, [](const Statement &s) {
        PrincipalRecord admin;
        admin.osUser = s.text(0);
        admin.dbRole = s.text(1);
        return admin;
    });
    if (!admins)
        return fail(admins.error());
    for (const PrincipalRecord &admin : std::as_const(*admins)) {
        auto reachable = canSignIn(admin);
        if (!reachable || *reachable)
            return reachable;
    }
    return false;
}

Status AdminReach::checkChange(const PrincipalRecord &old, const PrincipalRecord &changed)
{
    const QString admin = name(Role::Admin);
    if (!old.hasRole(admin))
        return {};
    auto before = canSignIn(old);
    if (!before)
        return fail(before.error());
    if (!*before)
        return {}; // this change does not lock anyone out who could get in
    auto after = changed.hasRole(admin) ? canSignIn(changed) : Result<bool>(false);
    if (!after)
        return fail(after.error());
    if (*after)
        return {};
    auto others = anotherAdminCanSignIn(old.id);
    if (!others)
        return fail(others.error());
    if (*others)
        return {};
    const QString what = !changed.hasRole(admin)
                             ? u"take the admin role away"_s
                             : (m_db.isServer() ? u"leave it no database role the server has"_s
                                                : u"leave it no login this machine knows"_s);
    return fail(u"principal: "_s + old.id + u" is the last admin who can sign in; this record "_s +
                u"would "_s + what +
                u" and leave nobody able to administer the database (ingest another admin "
                u"first)"_s);
}

} // namespace cw::inline ingest
