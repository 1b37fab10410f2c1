#pragma once

#include <QString>
#include <QStringList>

// Who may act: tenants and principals with their roles, tenants and domains.
// Plain values, QtCore only: public to every layer (storage/, model/, front ends).
namespace cw {

struct TenantRecord
{
    QString id;
    QString name;
};

struct PrincipalRecord
{
    QString id;
    QString name;
    QString osUser;
    QStringList roles;   // curator, domain_owner, analyst, admin
    QStringList tenants; // tenants whose cases the principal may read
    QStringList domains; // domains a domain owner owns
    QString dbRole;      // the PostgreSQL role that is this principal on a server

    bool hasRole(const QString &role) const { return roles.contains(role); }
};

} // namespace cw
