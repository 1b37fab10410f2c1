#pragma once

#include "Records.h"
#include "Result.h"

namespace cw {
class Database;
class IdentityStore;
} // namespace cw

namespace cw::inline common {

// Who is acting: the real principal (from the OS login; on a server, from
// the connection's database role) and the effective one (the same, or
// another principal an admin acts as). Scope is derived from the effective
// principal; audit and memory-use keep both.
struct Actor
{
    PrincipalRecord real;
    PrincipalRecord effective;

    bool isImpersonating() const { return real.id != effective.id; }
};

// The name a principal signs in with on db: its OS login on a file, its
// database role on a server. Empty when it has none there.
QString signInName(const Database &db, const PrincipalRecord &principal);

class IdentityResolver
{
public:
    // asPrincipal empty: act as the real principal. Otherwise only an admin
    // may act as another principal.
    static Result<Actor> resolve(const IdentityStore &store, const QString &osUser,
                                 const QString &asPrincipal);
    // The same for front ends, which see no store (storage/internal/). On a
    // server, the connection's role names the real principal and osUser
    // plays no part.
    static Result<Actor> resolve(const Database &db, const QString &osUser,
                                 const QString &asPrincipal);
};

} // namespace cw::inline common
