#include "Identity.h"

#include "IdentityStore.h"
#include "Vocabulary.h"

namespace cw::inline common {

Result<Actor> IdentityResolver::resolve(const IdentityStore &store, const QString &osUser,
                                        const QString &asPrincipal)
{
    auto real = store.principalByOsUser(osUser);
    if (!real)
        return fail(real.error());
    if (!*real)
        return fail(QStringLiteral("no principal is mapped to OS user '%1'; an admin must add one "
                                   "(ingest a principal with \"os_user\":\"%1\")")
                        .arg(osUser));
    Actor actor{**real, **real};
    if (asPrincipal.isEmpty() || asPrincipal == actor.real.id)
        return actor;
    if (!actor.real.hasRole(name(Role::Admin)))
        return fail(QStringLiteral("--as is allowed only for admins; %1 (OS user '%2') is not "
                                   "an admin")
                        .arg(actor.real.id, osUser));
    auto effective = store.principal(asPrincipal);
    if (!effective)
        return fail(effective.error());
    if (!*effective)
        return fail(QStringLiteral("--as %1: no such principal").arg(asPrincipal));
    actor.effective = **effective;
    return actor;
}

Result<Actor> IdentityResolver::resolve(const Database &db, const QString &osUser,
                                        const QString &asPrincipal)
{
    return resolve(IdentityStore(db), osUser, asPrincipal);
}

} // namespace cw::inline common
