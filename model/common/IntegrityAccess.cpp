#include "IntegrityAccess.h"

#include "Database.h"
#include "Vocabulary.h"

namespace cw::inline common {

Status IntegrityAccess::mayCheck(const Database &db, const Actor *actor)
{
    if (!actor) {
        auto principals = db.queryInt("SELECT count(*) FROM principals");
        if (!principals)
            return fail(principals.error());
        if (*principals == 0)
            return {};
        return fail(QStringLiteral("no principal is mapped to this OS user; only principals may "
                                   "check the database"));
    }
    if (actor->effective.roles.isEmpty())
        return fail(QStringLiteral("%1 has no role; only principals with a role may check the "
                                   "database")
                        .arg(actor->effective.id));
    return {};
}

Status IntegrityAccess::mayRepair(const Database &db, const Actor *actor)
{
    if (auto checked = mayCheck(db, actor); !checked || !actor)
        return checked;
    if (!actor->effective.hasRole(name(Role::Admin)))
        return fail(QStringLiteral("%1 is not an admin; only admins may repair the database's "
                                   "schema")
                        .arg(actor->effective.id));
    return {};
}

} // namespace cw::inline common
