#include "SourceChanges.h"

#include "Access.h"
#include "Clock.h"
#include "Database.h"
#include "OutboxStore.h"
#include "Statement.h"
#include "Transaction.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace cw::inline review {

using namespace Qt::StringLiterals;

namespace {

} // namespace

SourceChanges::SourceChanges(const Database &db, const Clock &clock)
    : m_db(db)
    , m_clock(clock)
{
}

Result<QList<SourceChange>> SourceChanges::open(const Database &db, std::int64_t revisionId)
{
    Statement s = db.prepare("SELECT change, detail, at FROM revision_source_changes "
                             "WHERE revision_id = ?1 AND cleared_at IS NULL ORDER BY id");
    s.bind(1, revisionId);
    QList<SourceChange> changes;
    if (auto done = s.forEachRow([&] { changes.append({s.text(0), s.text(1), s.text(2)}); }); !done)
        return fail(done.error());
    return changes;
}

Refusable<ReverifyOutcome> SourceChanges::reverify(const Actor &actor, const QString &ref,
                                                   const QString &reason)
{
    if (reason.trimmed().isEmpty())
        return Refusal{Refusal::Invalid, u"re-verification needs a reason (--reason TEXT)"_s, {}};
    Transaction transaction(m_db);
    if (!transaction.isActive())
        return Refusal::failed(transaction.beginError());
    Statement find = m_db.prepare(
        "SELECT r.id, r.revision, a.domain, r.version FROM articles a JOIN revisions r "
        "ON r.article_id = a.id AND r.state = 'active' WHERE a.ref = ?1");
    find.bind(1, ref);
    auto row = find.step();
    if (!row)
        return Refusal::failed(row.error());
    if (!*row)
        return Refusal{Refusal::NotFound, u"no active revision of %1"_s.arg(ref), {}};
    const std::int64_t revisionId = find.int64(0);
    const int revision = find.integer(1);
    const QString domain = find.text(2);
    const int version = find.integer(3);
    find.reset();
    if (auto no = Access(m_db, actor).mayReverify(domain, ref))
        return *no;
    auto changes = open(m_db, revisionId);
    if (!changes)
        return Refusal::failed(changes.error());
    if (changes->isEmpty())
        return Refusal{Refusal::Invalid,
                       u"%1@%2 has no open source change to re-verify"_s.arg(ref).arg(revision),
                       {}};
    const QString now = m_clock.nowText();
    Statement clear = m_db.prepare("UPDATE revision_source_changes SET cleared_at = ?2, "
                                   "cleared_by = ?3 WHERE revision_id = ?1 AND cleared_at IS NULL");
    clear.bind(1, revisionId).bind(2, now).bind(3, actor.effective.id);
    if (auto done = clear.exec(); !done)
        return Refusal::failed(done.error());

    QJsonArray cleared;
    for (const SourceChange &c : std::as_const(*changes))
        cleared.append(c.change);
    const QJsonObject details{{u"cleared"_s, cleared}};
    const QString compact =
        QString::fromUtf8(QJsonDocument(details).toJson(QJsonDocument::Compact));
    AuditRecord audit;
    audit.at = now;
    audit.principal = actor.real.id;
    audit.effectivePrincipal = actor.effective.id;
    audit.action = u"reverify"_s;
    audit.subject = ref;
    audit.revision = revision;
    audit.fromVersion = version;
    audit.toVersion = version;
    audit.reason = reason;
    audit.details = compact;
    if (auto appended = AuditStore(m_db).append(audit); !appended)
        return Refusal::failed(appended.error());
    // The projection copies canonical state; the event tells every reader
    // (projector, live views) that this revision's standing changed.
    const OutboxEvent event{
        0,
        now,
        u"revision-corrected"_s,
        ref,
        revision,
        domain,
        QString::fromUtf8(
            QJsonDocument(QJsonObject{{u"reverified"_s, cleared}}).toJson(QJsonDocument::Compact))};
    auto seq = OutboxStore(m_db).append(event);
    if (!seq)
        return Refusal::failed(seq.error());
    if (auto committed = transaction.commit(); !committed)
        return Refusal::failed(committed.error());
    return ReverifyOutcome{ref, revision, *changes, *seq};
}

} // namespace cw::inline review
