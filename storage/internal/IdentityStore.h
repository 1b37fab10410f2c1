#pragma once

#include "Records.h"
#include "Result.h"

#include <optional>

namespace cw {

class Database;

// Tenants, principals (with roles, tenants, domains) and case grants.
class IdentityStore
{
public:
    explicit IdentityStore(const Database &db);

    Status upsertTenant(const TenantRecord &tenant);
    Result<std::optional<TenantRecord>> tenant(const QString &id) const;
    Result<QList<TenantRecord>> tenants() const;

    // Replaces the principal's name, os_user, roles, tenants and domains.
    Status upsertPrincipal(const PrincipalRecord &principal);
    Result<std::optional<PrincipalRecord>> principal(const QString &id) const;
    Result<std::optional<PrincipalRecord>> principalByOsUser(const QString &osUser) const;
    Result<std::optional<PrincipalRecord>> principalByDbRole(const QString &role) const;
    Result<QList<PrincipalRecord>> principals() const;

    Status grantCase(const QString &principal, std::int64_t caseId);
    // True when the principal may read the case: its tenant is one of the
    // principal's tenants, or the principal holds a grant for it.
    Result<bool> canReadCase(const QString &principal, std::int64_t caseId) const;

private:
    Result<std::optional<PrincipalRecord>> principalWhere(const char *sql,
                                                          const QString &value) const;
    Status loadLists(PrincipalRecord &principal) const;

    const Database &m_db;
};

} // namespace cw
