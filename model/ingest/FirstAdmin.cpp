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

QJsonObject describe(const PrincipalRecord &p)
{
    return {{u"name"_s, p.name},
            {u"os_user"_s, p.osUser},
            {u"roles"_s, QJsonArray::fromStringList(p.roles)},
            {u"tenants"_s, QJsonArray::fromStringList(p.tenants)},
            {u"domains"_s, QJsonArray::fromStringList(p.domains)}};
}

Refusal failed(const QString &message)
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

Refusable<PrincipalRecord> FirstAdmin::make(const QString &osUser)
{
    // The check and the write in one IMMEDIATE transaction: two first runs at
    // once make one admin, and the second is told who.
    Transaction transaction(m_db);
    if (!transaction.isActive())
        return failed(transaction.beginError());
    IdentityStore identity(m_db);
    auto existing = identity.principals();
    if (!existing)
        return failed(existing.error());
    if (!existing->isEmpty())
        return Refusal{Refusal::Conflict, refusalText(*existing, osUser), {}};

    // Through ingest's own checks (id characters, roles), as a principal
    // record would be.
    const PrincipalRecord admin{osUser, osUser, osUser, {name(Role::Admin)}, {}, {}, {}};
    Ingest ingest(m_db, m_clock, osUser);
    QJsonObject record = describe(admin);
    record.insert(u"type"_s, u"principal"_s);
    record.insert(u"id"_s, admin.id);
    if (auto applied = ingest.apply(record); !applied)
        return Refusal{Refusal::Invalid,
                       u"init --admin: your login cannot be a principal id: "_s + applied.error(),
                       {}};

    AuditRecord audit;
    audit.at = m_clock.nowText();
    audit.principal = admin.id;
    audit.effectivePrincipal = admin.id;
    audit.action = u"init-admin"_s;
    audit.subject = admin.id;
    audit.reason = u"first admin: the login %1 ran init --admin on a database without "
                   "principals"_s.arg(osUser);
    const QJsonObject details{{u"before"_s, QJsonValue::Null},
                              {u"after"_s, describe(admin)},
                              {u"changed"_s, QJsonArray{u"name"_s, u"os_user"_s, u"roles"_s,
                                                        u"tenants"_s, u"domains"_s}}};
    audit.details = QString::fromUtf8(QJsonDocument(details).toJson(QJsonDocument::Compact));
    if (auto appended = AuditStore(m_db).append(audit); !appended)
        return failed(appended.error());
    if (auto committed = transaction.commit(); !committed)
        return failed(committed.error());
    return admin;
}

QString FirstAdmin::refusalText(const QList<PrincipalRecord> &principals,
                                const QString &osUser) const
{
    QStringList admins;
    const PrincipalRecord *mine = nullptr;
    for (const PrincipalRecord &p : principals) {
        if (p.hasRole(name(Role::Admin)))
            admins.append(p.id);
        if (!p.osUser.isEmpty() && p.osUser == osUser)
            mine = &p;
    }
    QString text =
        u"init --admin: this database already has principals (%1"_s.arg(principals.size());
    text += admins.isEmpty() ? u", none of them an admin)"_s
                             : u"; admins: %1)"_s.arg(admins.join(u", "_s));
    text += u"; the first admin is made only in a database without any, nothing was changed. "_s;
    if (mine)
        return text + u"Your login %1 is already principal %2 (roles: %3)."_s.arg(
                          osUser, mine->id, mine->roles.join(u", "_s));
    return text +
           u"Ask an admin to ingest a principal record with \"os_user\": \"%1\"."_s.arg(osUser);
}

} // namespace cw::inline ingest
