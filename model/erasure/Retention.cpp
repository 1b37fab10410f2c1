#include "Retention.h"

#include "Access.h"
#include "Clock.h"
#include "Database.h"
#include "MemoryUseScrub.h"
#include "OutboxStore.h"
#include "Statement.h"
#include "Transaction.h"

#include <QCoreApplication>
#include <QJsonDocument>

namespace cw::inline erasure {

using namespace Qt::StringLiterals;

namespace {

constexpr const char *MemoryUseKey = "retention.memory_use_days";
constexpr const char *ClosedCaseKey = "retention.closed_case_days";

} // namespace

Result<RetentionSettings> RetentionSettings::read(const Database &db)
{
    RetentionSettings settings;
    Statement s = db.prepare("SELECT key, value FROM settings WHERE key LIKE 'retention.%'");
    auto done = s.forEachRow([&] {
        const QString key = s.text(0);
        bool ok = false;
        const int days = s.text(1).toInt(&ok);
        if (!ok)
            return;
        if (key == QLatin1StringView(MemoryUseKey))
            settings.memoryUseDays = days;
        else if (key == QLatin1StringView(ClosedCaseKey))
            settings.closedCaseDays = days;
    });
    if (!done)
        return fail(done.error());
    return settings;
}

QString RetentionSettings::parseAssignment(const QString &assignment)
{
    const QString name = assignment.section(u'=', 0, 0).trimmed();
    const QString value = assignment.section(u'=', 1).trimmed();
    std::optional<int> *target = name == u"memory-use-days"_s    ? &memoryUseDays
                                 : name == u"closed-case-days"_s ? &closedCaseDays
                                                                 : nullptr;
    if (!target || !assignment.contains(u'='))
        return QCoreApplication::translate(
                   "cw::Retention",
                   "--set '%1': expected memory-use-days=N or closed-case-days=N (N days, or off)")
            .arg(assignment);
    if (value == u"off"_s) {
        target->reset();
        return {};
    }
    bool ok = false;
    const int days = value.toInt(&ok);
    if (!ok || days < 1)
        return QCoreApplication::translate(
                   "cw::Retention", "--set %1: '%2' is not a number of days (1 or more) or off")
            .arg(name, value);
    *target = days;
    return {};
}

QJsonObject RetentionSettings::toJson() const
{
    auto value = [](const std::optional<int> &days) {
        return days ? QJsonValue(*days) : QJsonValue(QJsonValue::Null);
    };
    return {{u"memory_use_days"_s, value(memoryUseDays)},
            {u"closed_case_days"_s, value(closedCaseDays)}};
}

Retention::Retention(const Database &db, const Clock &clock)
    : m_db(db)
    , m_clock(clock)
    , m_erasure(db, clock)
{
}

Refusable<RetentionSettings> Retention::change(const Actor &actor, const QStringList &assignments,
                                               const QString &reason)
{
    if (auto no = Access(m_db, actor).mayApplyRetention())
        return *no;
    auto settings = RetentionSettings::read(m_db);
    if (!settings)
        return Refusal::failed(settings.error());
    for (const QString &assignment : assignments) {
        if (const QString error = settings->parseAssignment(assignment); !error.isEmpty())
            return Refusal{Refusal::Invalid, error, {}};
    }
    Transaction transaction(m_db);
    if (!transaction.isActive())
        return Refusal::failed(transaction.beginError());
    Statement set = m_db.prepare("INSERT INTO settings (key, value) VALUES (?1, ?2) "
                                 "ON CONFLICT (key) DO UPDATE SET value = excluded.value");
    Statement unset = m_db.prepare("DELETE FROM settings WHERE key = ?1");
    const std::pair<const char *, std::optional<int>> values[] = {
        {MemoryUseKey, settings->memoryUseDays}, {ClosedCaseKey, settings->closedCaseDays}};
    for (const auto &[key, days] : values) {
        Statement &s = days ? set : unset;
        s.bind(1, key);
        if (days)
            s.bind(2, QString::number(*days));
        if (auto done = s.exec(); !done)
            return Refusal::failed(done.error());
    }
    AuditRecord audit;
    audit.at = m_clock.nowText();
    audit.principal = actor.real.id;
    audit.effectivePrincipal = actor.effective.id;
    audit.action = u"retention-setting"_s;
    audit.subject = u"retention"_s;
    audit.reason = reason;
    audit.details =
        QString::fromUtf8(QJsonDocument(settings->toJson()).toJson(QJsonDocument::Compact));
    if (auto appended = AuditStore(m_db).append(audit); !appended)
        return Refusal::failed(appended.error());
    if (auto committed = transaction.commit(); !committed)
        return Refusal::failed(committed.error());
    return *settings;
}

Refusable<ErasureOutcome> Retention::apply(const Actor &actor, const QString &reason, bool dryRun)
{
    if (auto no = Access(m_db, actor).mayApplyRetention())
        return *no;
    auto settings = RetentionSettings::read(m_db);
    if (!settings)
        return Refusal::failed(settings.error());
    const QDateTime now = m_clock.now();
    QList<std::int64_t> cases;
    if (settings->closedCaseDays) {
        Statement s = m_db.prepare("SELECT id FROM cases WHERE status IN ('completed','cancelled') "
                                   "AND updated_at < ?1 ORDER BY id");
        s.bind(1, Clock::format(now.addDays(-*settings->closedCaseDays)));
        if (auto done = s.forEachRow([&] { cases.append(s.int64(0)); }); !done)
            return Refusal::failed(done.error());
    }
    DependencySection old{u"memory_use_expired"_s,
                          u"payloads replaced by a marker (structure and verdicts kept)"_s,
                          0,
                          {},
                          true};
    QList<std::int64_t> uses;
    if (settings->memoryUseDays) {
        Statement s = m_db.prepare("SELECT id FROM memory_use WHERE at < ?1 AND inputs <> ?2 "
                                   "ORDER BY id");
        s.bind(1, Clock::format(now.addDays(-*settings->memoryUseDays)));
        s.bind(2, MemoryUseScrub::scrubbedInputs());
        if (auto done = s.forEachRow([&] {
                uses.append(s.int64(0));
                old.items.append(u"memory use %1"_s.arg(s.int64(0)));
            });
            !done)
            return Refusal::failed(done.error());
        old.count = uses.size();
    }
    DependencyReport report{u"retention"_s, QString(), {old}};
    // The expired memory uses are scrubbed in the erasure's transaction.
    auto outcome = m_erasure.eraseCases(actor, cases, uses, u"retain"_s, reason, dryRun, report);
    if (outcome)
        outcome.value().report.subject =
            QString::fromUtf8(QJsonDocument(settings->toJson()).toJson(QJsonDocument::Compact));
    return outcome;
}

} // namespace cw::inline erasure
