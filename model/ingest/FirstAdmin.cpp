#include "FirstAdmin.h"

#include "Clock.h"
#include "Database.h"
#include "IdentityStore.h"
#include "Ingest.h"
#include "OutboxStore.h"
#include "Transaction.h"
#include "Vocabulary.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace cw::inline ingest {

using namespace Qt::StringLiterals;

namespace {

// As a principal record names them (ingest's JSON Lines).
QJsonObject asPrincipalLine(const PrincipalRecord &p)
{
    QJsonObject record{{u"name"_s, p.name},
                       {u"roles"_s, QJsonArray::fromStringList(p.roles)},
                       {u"tenants"_s, QJsonArray::fromStringList(p.tenants)},
                       {u"domains"_s, QJsonArray::fromStringList(p.domains)}};
    if (!p.osUser.isEmpty())
        record.insert(u"os_user"_s, p.osUser);
    if (!p.dbRole.isEmpty())
        record.insert(u"db_role"_s, p.dbRole);
    return record;
}

QString loginField(FirstAdmin::Login kind)
{
    return kind == FirstAdmin::Login::DbRole ? u"db_role"_s : u"os_user"_s;
}

QString loginNoun(FirstAdmin::Login kind)
{
    return kind == FirstAdmin::Login::DbRole ? u"database role"_s : u"login"_s;
}

Refusal firstAdminFailed(const QString &message)
{
    return Refusal{
        Refusal::Failed, u"init --admin: "_s + message + u" (nothing was written)"_s, {}};
}

} // namespace

FirstAdmin::FirstAdmin(const Database &db, const Clock &clock)
    : m_db(db)
    , m_clock(clock)
{
}

Refusable<PrincipalRecord> FirstAdmin::make(const QString &login, Login kind)
{
    // The check and the write in one IMMEDIATE transaction: two first runs at
    // once make one admin, and the second is told who.
    Transaction transaction(m_db);
    if (!transaction.isActive())
        return firstAdminFailed(transaction.beginError());
    IdentityStore identity(m_db);
    auto existing = identity.principals();
    if (!existing)
        return firstAdminFailed(existing.error());
    if (!existing->isEmpty())
        return Refusal{Refusal::Conflict, refusalText(*existing, login, kind), {}};

    // Through ingest's own checks (id characters, roles), as a principal
    // record would be.
    const bool dbRole = kind == Login::DbRole;
    const PrincipalRecord admin{login, login, dbRole ? QString() : login, {name(Role::Admin)},
                                {},    {},    dbRole ? login : QString()};
    Ingest ingest(m_db, m_clock, login);
    QJsonObject record = asPrincipalLine(admin);
    record.insert(u"type"_s, u"principal"_s);
    record.insert(u"id"_s, admin.id);
    if (auto applied = ingest.apply(record); !applied)
        // An id ingest refuses, or (on a server) a role the server's policy
        // keeps from writing principals: it does not own the tables.
        return Refusal{Refusal::Invalid,
                       u"init --admin: your %1 %2 could not be made a principal (nothing was "
                       "written): "_s.arg(loginNoun(kind), login) +
                           applied.error(),
                       {}};

    AuditRecord audit;
    audit.at = m_clock.nowText();
    audit.principal = admin.id;
    audit.effectivePrincipal = admin.id;
    audit.action = u"init-admin"_s;
    audit.subject = admin.id;
    audit.reason = u"first admin: the %1 %2 ran init --admin on a database without "
                   "principals"_s.arg(loginNoun(kind), login);
    const QJsonObject details{{u"before"_s, QJsonValue::Null},
                              {u"after"_s, asPrincipalLine(admin)},
                              {u"changed"_s, QJsonArray{u"name"_s, loginField(kind), u"roles"_s,
                                                        u"tenants"_s, u"domains"_s}}};
    audit.details = QString::fromUtf8(QJsonDocument(details).toJson(QJsonDocument::Compact));
    if (auto appended = AuditStore(m_db).append(audit); !appended)
        return firstAdminFailed(appended.error());
    if (auto committed = transaction.commit(); !committed)
        return firstAdminFailed(committed.error());
    return admin;
}

QString FirstAdmin::refusalText(const QList<PrincipalRecord> &principals, const QString &login,
                                Login kind)
{
    QStringList admins;
    const PrincipalRecord *mine = nullptr;
    for (const PrincipalRecord &p : principals) {
        if (p.hasRole(name(Role::Admin)))
            admins.append(p.id);
        const QString &named = kind == Login::DbRole ? p.dbRole : p.osUser;
        if (!named.isEmpty() && named == login)
            mine = &p;
    }
    QString text =
        u"init --admin: this database already has principals (%1"_s.arg(principals.size());
    text += admins.isEmpty() ? u", none of them an admin)"_s
                             : u"; admins: %1)"_s.arg(admins.join(u", "_s));
    text += u"; the first admin is made only in a database without any, nothing was changed. "_s;
    if (mine)
        return text + u"Your %1 %2 is already principal %3 (roles: %4)."_s.arg(
                          loginNoun(kind), login, mine->id, mine->roles.join(u", "_s));
    return text + u"Ask an admin to ingest a principal record with \"%1\": \"%2\"."_s.arg(
                      loginField(kind), login);
}

} // namespace cw::inline ingest
