#include "IdentityStore.h"

#include "Database.h"
#include "Statement.h"

#include <optional>

namespace cw {

namespace {

// The first column of every row sql gives; key, when there is one, is ?1.
Result<QStringList> column(const Database &db, const char *sql,
                           const std::optional<QString> &key = std::nullopt)
{
    Statement s = db.prepare(sql);
    if (key)
        s.bind(1, *key);
    QStringList values;
    for (;;) {
        auto row = s.step();
        if (!row)
            return fail(row.error());
        if (!*row)
            return values;
        values.append(s.text(0));
    }
}

} // namespace

IdentityStore::IdentityStore(const Database &db)
    : m_db(db)
{
}

Status IdentityStore::upsertTenant(const TenantRecord &t)
{
    Statement s = m_db.prepare("INSERT INTO tenants (id, name) VALUES (?1, ?2) "
                               "ON CONFLICT(id) DO UPDATE SET name = excluded.name");
    s.bind(1, t.id).bind(2, t.name);
    if (auto done = s.exec(); !done)
        return fail(QStringLiteral("tenant %1: %2").arg(t.id, done.error()));
    return {};
}

Result<std::optional<TenantRecord>> IdentityStore::tenant(const QString &id) const
{
    Statement s = m_db.prepare("SELECT id, name FROM tenants WHERE id = ?1");
    s.bind(1, id);
    auto row = s.step();
    if (!row)
        return fail(row.error());
    return *row ? std::optional(TenantRecord{s.text(0), s.text(1)}) : std::nullopt;
}

Result<QList<TenantRecord>> IdentityStore::tenants() const
{
    Statement s = m_db.prepare("SELECT id, name FROM tenants ORDER BY id");
    QList<TenantRecord> list;
    for (;;) {
        auto row = s.step();
        if (!row)
            return fail(row.error());
        if (!*row)
            return list;
        list.append(TenantRecord{s.text(0), s.text(1)});
    }
}

Status IdentityStore::upsertPrincipal(const PrincipalRecord &p)
{
    Statement s = m_db.prepare(
        "INSERT INTO principals (id, name, os_user, db_role) VALUES (?1, ?2, ?3, ?4) "
        "ON CONFLICT(id) DO UPDATE SET name = excluded.name, os_user = excluded.os_user, "
        "db_role = excluded.db_role");
    s.bind(1, p.id).bind(2, p.name).bind(3, p.osUser.isEmpty() ? QString() : p.osUser);
    s.bind(4, p.dbRole.isEmpty() ? QString() : p.dbRole);
    if (auto done = s.exec(); !done)
        return fail(QStringLiteral("principal %1: %2").arg(p.id, done.error()));
    const std::tuple<const char *, const char *, const QStringList *> lists[] = {
        {"DELETE FROM principal_roles WHERE principal = ?1",
         "INSERT INTO principal_roles (principal, role) VALUES (?1, ?2)", &p.roles},
        {"DELETE FROM principal_tenants WHERE principal = ?1",
         "INSERT INTO principal_tenants (principal, tenant) VALUES (?1, ?2)", &p.tenants},
        {"DELETE FROM principal_domains WHERE principal = ?1",
         "INSERT INTO principal_domains (principal, domain) VALUES (?1, ?2)", &p.domains}};
    for (const auto &[clearSql, insertSql, values] : lists) {
        Statement clear = m_db.prepare(clearSql);
        clear.bind(1, p.id);
        if (auto done = clear.exec(); !done)
            return fail(QStringLiteral("principal %1: %2").arg(p.id, done.error()));
        Statement insert = m_db.prepare(insertSql);
        for (const QString &value : *values) {
            insert.bind(1, p.id).bind(2, value);
            if (auto done = insert.exec(); !done)
                return fail(QStringLiteral("principal %1, %2: %3").arg(p.id, value, done.error()));
        }
    }
    return {};
}

Status IdentityStore::loadLists(PrincipalRecord &p) const
{
    auto roles =
        column(m_db, "SELECT role FROM principal_roles WHERE principal = ?1 ORDER BY role", p.id);
    auto tenants = column(
        m_db, "SELECT tenant FROM principal_tenants WHERE principal = ?1 ORDER BY tenant", p.id);
    auto domains = column(
        m_db, "SELECT domain FROM principal_domains WHERE principal = ?1 ORDER BY domain", p.id);
    if (!roles || !tenants || !domains)
        return fail(!roles ? roles.error() : !tenants ? tenants.error() : domains.error());
    p.roles = *roles;
    p.tenants = *tenants;
    p.domains = *domains;
    return {};
}

Result<std::optional<PrincipalRecord>> IdentityStore::principalWhere(const char *sql,
                                                                     const QString &value) const
{
    Statement s = m_db.prepare(sql);
    s.bind(1, value);
    auto row = s.step();
    if (!row)
        return fail(row.error());
    if (!*row)
        return std::optional<PrincipalRecord>();
    PrincipalRecord p{s.text(0), s.text(1), s.text(2), {}, {}, {}, s.text(3)};
    if (auto loaded = loadLists(p); !loaded)
        return fail(loaded.error());
    return std::optional(std::move(p));
}

Result<std::optional<PrincipalRecord>> IdentityStore::principal(const QString &id) const
{
    return principalWhere("SELECT id, name, os_user, db_role FROM principals WHERE id = ?1", id);
}

Result<std::optional<PrincipalRecord>> IdentityStore::principalByOsUser(const QString &osUser) const
{
    return principalWhere("SELECT id, name, os_user, db_role FROM principals WHERE os_user = ?1",
                          osUser);
}

Result<std::optional<PrincipalRecord>> IdentityStore::principalByDbRole(const QString &role) const
{
    return principalWhere("SELECT id, name, os_user, db_role FROM principals WHERE db_role = ?1",
                          role);
}

Result<QList<PrincipalRecord>> IdentityStore::principals() const
{
    // In byte order on both backends (a server database sorts as C: init).
    auto ids = column(m_db, "SELECT id FROM principals ORDER BY id");
    if (!ids)
        return fail(ids.error());
    QList<PrincipalRecord> list;
    for (const QString &id : *ids) {
        auto p = principal(id);
        if (!p)
            return fail(p.error());
        list.append(**p);
    }
    return list;
}

Status IdentityStore::grantCase(const QString &principal, std::int64_t caseId)
{
    Statement s = m_db.prepare("INSERT INTO grants (principal, case_id) VALUES (?1, ?2) "
                               "ON CONFLICT DO NOTHING");
    s.bind(1, principal).bind(2, caseId);
    if (auto done = s.exec(); !done)
        return fail(QStringLiteral("grant for %1: %2").arg(principal, done.error()));
    return {};
}

Result<bool> IdentityStore::canReadCase(const QString &principal, std::int64_t caseId) const
{
    Statement s = m_db.prepare(
        "SELECT EXISTS (SELECT 1 FROM cases c JOIN principal_tenants pt ON pt.tenant = c.tenant "
        "WHERE c.id = ?2 AND pt.principal = ?1) "
        "OR EXISTS (SELECT 1 FROM grants WHERE principal = ?1 AND case_id = ?2)");
    s.bind(1, principal).bind(2, caseId);
    auto row = s.step();
    if (!row)
        return fail(row.error());
    return *row && s.int64(0) != 0;
}

} // namespace cw
