#include "Principals.h"

#include "IdentityStore.h"

namespace cw::inline common {

Principals::Principals(const Database &db)
    : m_db(db)
{
}

Result<QList<PrincipalRecord>> Principals::all() const
{
    return IdentityStore(m_db).principals();
}

Result<Actor> Principals::resolve(const QString &osUser, const QString &asPrincipal) const
{
    return IdentityResolver::resolve(IdentityStore(m_db), osUser, asPrincipal);
}

} // namespace cw::inline common
