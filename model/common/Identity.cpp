#include "Identity.h"

#include "Database.h"
#include "IdentityStore.h"
#include "Vocabulary.h"

namespace cw::inline common {

namespace {

// Who the real principal is, however it was found; `who` says by what
// ("OS user 'ana'", "database role 'ana'"), `howToAdd` how an admin maps it.
Result<Actor> resolveFrom(const IdentityStore &store, Result<std::optional<PrincipalRecord>> real,
                          const QString &who, const QString &howToAdd, const QString &asPrincipal)
{
    if (!real)
        return fail(real.error());
    if (!*real)
        return fail(QStringLiteral("no principal is mapped to %1; an admin must add one (%2)")
                        .arg(who, howToAdd));
    Actor actor{**real, **real};
    if (asPrincipal.isEmpty() || asPrincipal == actor.real.id)
        return actor;
    if (!actor.real.hasRole(name(Role::Admin)))
        return fail(QStringLiteral("--as is allowed only for admins; %1 (%2) is not an admin")
                        .arg(actor.real.id, who));
    auto effective = store.principal(asPrincipal);
    if (!effective)
        return fail(effective.error());
    if (!*effective)
        return fail(QStringLiteral("--as %1: no such principal").arg(asPrincipal));
    actor.effective = **effective;
    return actor;
}

} // namespace

Result<Actor> IdentityResolver::resolve(const IdentityStore &store, const QString &osUser,
                                        const QString &asPrincipal)
{
    return resolveFrom(
        store, store.principalByOsUser(osUser), QStringLiteral("OS user '%1'").arg(osUser),
        QStringLiteral("ingest a principal with \"os_user\":\"%1\"").arg(osUser), asPrincipal);
}

QString signInName(const Database &db, const PrincipalRecord &principal)
{
    return db.isServer() ? principal.dbRole : principal.osUser;
}

Result<Actor> IdentityResolver::resolve(const Database &db, const QString &osUser,
                                        const QString &asPrincipal)
{
    const IdentityStore store(db);
    if (!db.isServer())
        return resolve(store, osUser, asPrincipal);
    // On a server the server authenticated the connection: its role, not
    // the OS login, names the principal (docs/postgresql.md, "Identity").
    auto role = db.sessionRole();
    if (!role)
        return fail(role.error());
    return resolveFrom(
        store, store.principalByDbRole(*role), QStringLiteral("database role '%1'").arg(*role),
        QStringLiteral("ingest a principal with \"db_role\":\"%1\"").arg(*role), asPrincipal);
}

} // namespace cw::inline common
