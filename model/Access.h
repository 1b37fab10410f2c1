#pragma once

#include "Identity.h"
#include "Records.h"
#include "Result.h"

namespace cw {

class Database;

// What the acting principal may see and do. Scope comes from the effective
// principal's roles, tenants and grants, never from the request.
class Access
{
public:
    Access(const Database &db, Actor actor);

    const Actor &actor() const { return m_actor; }
    // A case is readable when its tenant is one of the principal's tenants or
    // the principal holds a grant for it. Anything else is redacted.
    bool mayReadCase(std::int64_t caseId) const;
    bool mayReadCase(const CaseKey &key) const;

    // Bulk writes (ingest, memory import) are for admins; a database without
    // any principal yet can be bootstrapped by whoever creates it.
    static Status mayAdminister(const Database &db, const Actor *actor);

private:
    const Database &m_db;
    Actor m_actor;
};

} // namespace cw
