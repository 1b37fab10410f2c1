#include "PrincipalDirectory.h"

#include "Access.h"
#include "Database.h"
#include "IdentityStore.h"

namespace cw::inline common {

PrincipalDirectory::PrincipalDirectory(const Database &db)
    : m_db(db)
{
}

Result<QList<PrincipalRecord>> PrincipalDirectory::principals() const
{
    return IdentityStore(m_db).principals();
}

Result<bool> PrincipalDirectory::isEmpty() const
{
    auto any = m_db.queryInt("SELECT EXISTS (SELECT 1 FROM principals)");
    if (!any)
        return fail(any.error());
    return *any == 0;
}

Result<QStringList> PrincipalDirectory::administrators() const
{
    auto all = principals();
    if (!all)
        return fail(all.error());
    QStringList ids;
    for (const PrincipalRecord &p : *all) {
        const Actor self{p, p};
        if (Access::mayAdminister(m_db, &self))
            ids.append(p.id);
    }
    return ids;
}

} // namespace cw::inline common
