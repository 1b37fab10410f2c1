#include "ProjectionAccess.h"

#include "Database.h"
#include "Vocabulary.h"

namespace cw::inline common {

namespace {

Status bootstrapOnly(const Database &db, const QString &what)
{
    auto principals = db.queryInt("SELECT count(*) FROM principals");
    if (!principals)
        return fail(principals.error());
    if (*principals == 0)
        return {};
    return fail(QStringLiteral("no principal is mapped to this OS user; %1").arg(what));
}

} // namespace

Status ProjectionAccess::mayReadLag(const Database &db, const Actor *actor)
{
    if (!actor)
        return bootstrapOnly(db, QStringLiteral("only principals may read projection lag"));
    if (actor->effective.roles.isEmpty())
        return fail(QStringLiteral("%1 has no role; only principals with a role may read "
                                   "projection lag")
                        .arg(actor->effective.id));
    return {};
}

Status ProjectionAccess::mayProject(const Database &db, const Actor *actor)
{
    if (!actor)
        return bootstrapOnly(
            db, QStringLiteral("only curators, domain owners and admins may run the projector"));
    for (Role role : {Role::Curator, Role::DomainOwner, Role::Admin}) {
        if (actor->effective.hasRole(name(role)))
            return {};
    }
    return fail(QStringLiteral("only curators, domain owners and admins may run the projector "
                               "or rebuild the projection; %1 is none of them")
                    .arg(actor->effective.id));
}

} // namespace cw::inline common
