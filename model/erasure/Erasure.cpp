#include "Erasure.h"

#include "Access.h"
#include "CaseRecords.h"
#include "Clock.h"
#include "Database.h"
#include "ErasureDependencies.h"
#include "OutboxStore.h"
#include "Statement.h"
#include "Transaction.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QJsonDocument>

namespace cw::inline erasure {

using namespace Qt::StringLiterals;

namespace {

} // namespace

Erasure::Erasure(const Database &db, const Clock &clock)
    : m_db(db)
    , m_clock(clock)
{
}

QString Erasure::subjectDigest(const QString &scope, const QString &subject)
{
    const QByteArray digest =
        QCryptographicHash::hash((scope + u':' + subject).toUtf8(), QCryptographicHash::Sha256);
    return u"%1 sha256:%2"_s.arg(scope, QString::fromLatin1(digest.toHex()));
}

Refusable<ErasureOutcome> Erasure::eraseCase(const Actor &actor, const QString &caseRef,
                                             const QString &reason, bool dryRun)
{
    const auto key = CaseKey::parse(caseRef);
    if (!key)
        return Refusal{
            Refusal::Invalid,
            QCoreApplication::translate(
                "cw::Erasure", "'%1' is not a case reference (tenant/source_system/source_request)")
                .arg(caseRef),
            {}};
    Access access(m_db, actor);
    if (auto no = access.mayErase(key->tenant, u"case "_s + caseRef))
        return *no;
    Statement find = m_db.prepare("SELECT id FROM cases WHERE tenant = ?1 AND source_system = ?2 "
                                  "AND source_request = ?3");
    find.bind(1, key->tenant).bind(2, key->sourceSystem).bind(3, key->sourceRequest);
    auto row = find.step();
    if (!row)
        return Refusal::failed(row.error());
    if (!*row)
        return Refusal{Refusal::NotFound,
                       QCoreApplication::translate("cw::Erasure", "no case %1 that %2 may erase")
                           .arg(caseRef, actor.effective.id),
                       {}};
    const std::int64_t id = find.int64(0);
    find.reset();
    return run(actor, {id}, u"erase-case"_s, subjectDigest(u"case"_s, caseRef), reason, dryRun,
               std::nullopt, DependencyReport{u"case"_s, caseRef, {}});
}

Refusable<ErasureOutcome> Erasure::eraseTenant(const Actor &actor, const QString &tenant,
                                               const QString &reason, bool dryRun)
{
    Access access(m_db, actor);
    if (auto no = access.mayErase(tenant, u"tenant "_s + tenant))
        return *no;
    auto exists = [&]() -> Result<bool> {
        Statement s = m_db.prepare("SELECT 1 FROM tenants WHERE id = ?1");
        s.bind(1, tenant);
        return s.step();
    }();
    if (!exists)
        return Refusal::failed(exists.error());
    if (!*exists)
        return Refusal{Refusal::NotFound,
                       QCoreApplication::translate("cw::Erasure", "no tenant %1 that %2 may erase")
                           .arg(tenant, actor.effective.id),
                       {}};
    Statement cases = m_db.prepare("SELECT id FROM cases WHERE tenant = ?1 ORDER BY id");
    cases.bind(1, tenant);
    QList<std::int64_t> ids;
    if (auto done = cases.forEachRow([&] { ids.append(cases.int64(0)); }); !done)
        return Refusal::failed(done.error());
    return run(actor, ids, u"erase-tenant"_s, subjectDigest(u"tenant"_s, tenant), reason, dryRun,
               tenant, DependencyReport{u"tenant"_s, tenant, {}});
}

Refusable<ErasureOutcome> Erasure::eraseCases(const Actor &actor, const QList<std::int64_t> &ids,
                                              const QList<std::int64_t> &memoryUses,
                                              const QString &action, const QString &reason,
                                              bool dryRun, DependencyReport report)
{
    return run(actor, ids, action, action, reason, dryRun, std::nullopt, std::move(report),
               memoryUses);
}

Refusable<ErasureOutcome> Erasure::run(const Actor &actor, const QList<std::int64_t> &ids,
                                       const QString &action, const QString &auditSubject,
                                       const QString &reason, bool dryRun,
                                       const std::optional<QString> &tenant,
                                       DependencyReport report,
                                       const QList<std::int64_t> &memoryUses)
{
    if (!dryRun && reason.trimmed().isEmpty())
        return Refusal{
            Refusal::Invalid,
            QCoreApplication::translate("cw::Erasure", "an erasure needs a reason (--reason TEXT)"),
            {}};
    ErasureDependencies deps(m_db, ids);
    ErasureOutcome outcome;
    outcome.dryRun = dryRun;
    auto collect = [&]() -> Status {
        auto collected = deps.collect(report.scope, report.subject);
        if (!collected)
            return fail(collected.error());
        outcome.report = *collected;
        if (tenant) {
            Statement members = m_db.prepare(
                "SELECT principal FROM principal_tenants WHERE tenant = ?1 ORDER BY 1");
            members.bind(1, *tenant);
            DependencySection readers{
                u"tenant_readers"_s, u"lose the tenant (principals are kept)"_s, 0, {}, true};
            if (auto done = members.forEachRow([&] { readers.items.append(members.text(0)); });
                !done)
                return done;
            readers.count = readers.items.size();
            outcome.report.sections.append(readers);
        }
        // A retention run adds its own sections (memory uses by age).
        for (const DependencySection &extra : std::as_const(report.sections))
            outcome.report.sections.append(extra);
        return {};
    };
    if (dryRun) {
        if (auto done = collect(); !done)
            return Refusal::failed(done.error());
        return outcome;
    }

    // On a file, deleted pages are overwritten (secure_delete), the FTS5
    // index rebuilt without the purged entries and the WAL emptied. A server
    // deletes rows (the tsvector rows with them); reclaiming their space is
    // its VACUUM's (docs/postgresql.md).
    const bool onFile = !m_db.isServer();
    FilePurge files(m_db);
    if (onFile) {
        if (auto begun = files.begin(); !begun)
            return Refusal::failed(begun.error());
    }
    {
        Transaction transaction(m_db);
        if (!transaction.isActive())
            return Refusal::failed(transaction.beginError());
        if (auto done = collect(); !done)
            return Refusal::failed(done.error());
        const QString now = m_clock.nowText();
        ErasurePurge purge(m_db, deps, now);
        purge.addMemoryUses(memoryUses);
        if (auto done = purge.run(m_hook); !done)
            return Refusal::failed(done.error());
        if (tenant) {
            Statement readers = m_db.prepare("DELETE FROM principal_tenants WHERE tenant = ?1");
            Statement gone = m_db.prepare("DELETE FROM tenants WHERE id = ?1");
            readers.bind(1, *tenant);
            gone.bind(1, *tenant);
            if (auto done = readers.exec(); !done)
                return Refusal::failed(done.error());
            if (auto done = gone.exec(); !done)
                return Refusal::failed(done.error());
        }
        if (onFile && purge.indexTouched()) {
            if (auto rebuilt = files.rebuildIndex(); !rebuilt)
                return Refusal::failed(rebuilt.error());
            outcome.indexRebuilt = true;
        }
        AuditRecord audit;
        audit.at = now;
        audit.principal = actor.real.id;
        audit.effectivePrincipal = actor.effective.id;
        audit.action = action;
        audit.subject = auditSubject;
        audit.reason = reason;
        audit.details =
            QString::fromUtf8(QJsonDocument(QJsonObject{{u"counts"_s, outcome.report.counts()}})
                                  .toJson(QJsonDocument::Compact));
        auto appended = AuditStore(m_db).append(audit);
        if (!appended)
            return Refusal::failed(appended.error());
        outcome.auditId = *appended;
        if (m_hook)
            m_hook(u"audit"_s);
        if (auto committed = transaction.commit(); !committed)
            return Refusal::failed(committed.error());
    }
    outcome.dryRun = false;
    outcome.onServer = !onFile;
    if (onFile) {
        auto emptied = files.checkpoint();
        outcome.checkpointed = emptied && *emptied;
    }
    return outcome;
}

} // namespace cw::inline erasure
