#include "LagMonitor.h"

#include "Clock.h"
#include "Database.h"
#include "OutboxStore.h"
#include "ReadTransaction.h"
#include "Vocabulary.h"

#include <QDateTime>
#include <QList>

namespace cw {

namespace {

struct EventRef
{
    std::int64_t seq = 0;
    QString event;
};

bool activates(const QString &event)
{
    return event == u"revision-activated" || event == u"revision-corrected";
}

bool ends(const QString &event)
{
    return event == u"revision-superseded" || event == u"revision-retired";
}

Result<qint64> countBetween(const Database &db, std::int64_t after, std::int64_t upTo)
{
    Statement s = db.prepare("SELECT count(*) FROM outbox WHERE seq > ?1 AND seq <= ?2");
    s.bind(1, after).bind(2, upTo);
    auto row = s.step();
    if (!row)
        return fail(row.error());
    return qint64(s.int64(0));
}

} // namespace

QString Visibility::stateName() const
{
    switch (state) {
    case State::NotPublished:
        return QStringLiteral("not-published");
    case State::Pending:
        return QStringLiteral("pending");
    case State::Retrievable:
        return QStringLiteral("retrievable");
    case State::NoLongerCurrent:
        return QStringLiteral("no-longer-current");
    case State::RecordedNotCurrent:
        return QStringLiteral("recorded-not-current");
    case State::DeadLettered:
        return QStringLiteral("dead-lettered");
    }
    return {};
}

LagMonitor::LagMonitor(const Database &db, const Clock &clock)
    : m_db(db)
    , m_clock(clock)
{
}

Result<LagReport> LagMonitor::report() const
{
    ReadTransaction snapshot(m_db);
    if (!snapshot.isActive())
        return fail(snapshot.beginError());
    LagReport r;
    auto head = OutboxStore(m_db).head();
    auto watermark = m_db.queryInt("SELECT watermark FROM projector_state WHERE id = 1");
    auto dead = m_db.queryInt("SELECT count(*) FROM projector_dead_letters");
    if (!head || !watermark || !dead)
        return fail(!head ? head.error() : !watermark ? watermark.error() : dead.error());
    r.canonicalHead = *head;
    r.watermark = *watermark;
    r.deadLetters = *dead;

    Statement pending = m_db.prepare("SELECT domain, count(*), min(seq) FROM outbox "
                                     "WHERE seq > ?1 GROUP BY domain ORDER BY domain");
    pending.bind(1, r.watermark);
    std::int64_t oldestSeq = 0;
    for (;;) {
        auto row = pending.step();
        if (!row)
            return fail(row.error());
        if (!*row)
            break;
        r.pendingByDomain.insert(pending.text(0), pending.int64(1));
        r.lagEvents += pending.int64(1);
        if (!oldestSeq || pending.int64(2) < oldestSeq)
            oldestSeq = pending.int64(2);
    }
    if (oldestSeq) {
        Statement at = m_db.prepare("SELECT at FROM outbox WHERE seq = ?1");
        at.bind(1, oldestSeq);
        auto row = at.step();
        if (!row)
            return fail(row.error());
        const QDateTime since = QDateTime::fromString(at.text(0), Qt::ISODate);
        if (since.isValid())
            r.oldestPendingAgeS = qMax(0.0, double(since.msecsTo(m_clock.now())) / 1000.0);
    }

    Statement runs = m_db.prepare("SELECT count(*), coalesce(sum(events), 0), "
                                  "coalesce(sum(ms), 0), max(at) FROM (SELECT events, ms, at "
                                  "FROM projector_runs ORDER BY id DESC LIMIT ?1)");
    runs.bind(1, RecentRuns);
    auto row = runs.step();
    if (!row)
        return fail(row.error());
    r.recentRuns = runs.int64(0);
    r.recentEvents = runs.int64(1);
    const double ms = runs.real(2);
    r.recentEventsPerSecond = ms > 0 ? double(r.recentEvents) * 1000.0 / ms : 0.0;
    r.lastRunAt = runs.text(3);
    return r;
}

Result<Visibility> LagMonitor::visibility(const QString &ref, int revision) const
{
    ReadTransaction snapshot(m_db);
    if (!snapshot.isActive())
        return fail(snapshot.beginError());
    Visibility v;
    auto watermark = m_db.queryInt("SELECT watermark FROM projector_state WHERE id = 1");
    if (!watermark)
        return fail(watermark.error());
    v.watermark = *watermark;

    // This revision's events, and the first event of any newer revision.
    Statement events = m_db.prepare("SELECT seq, event, revision FROM outbox WHERE ref = ?1 "
                                    "AND revision >= ?2 ORDER BY seq");
    events.bind(1, ref).bind(2, revision);
    QList<EventRef> own;
    std::optional<std::pair<std::int64_t, int>> newer; // (seq, revision) applied
    for (;;) {
        auto row = events.step();
        if (!row)
            return fail(row.error());
        if (!*row)
            break;
        if (events.integer(2) == revision)
            own.append({events.int64(0), events.text(1)});
        else if (!newer && events.int64(0) <= v.watermark)
            newer = std::pair(events.int64(0), events.integer(2));
    }
    if (own.isEmpty()) {
        v.text = QStringLiteral("not published");
        return v;
    }
    const EventRef &first = own.constFirst();
    if (first.seq > v.watermark) {
        auto pending = countBetween(m_db, v.watermark, first.seq);
        if (!pending)
            return fail(pending.error());
        v.state = Visibility::State::Pending;
        v.pendingEvents = *pending;
        v.seq = first.seq;
        v.text = QStringLiteral("%1 events pending (published at seq %2, watermark %3)")
                     .arg(*pending)
                     .arg(first.seq)
                     .arg(v.watermark);
        return v;
    }

    // What was applied: the latest activation and the latest ending event.
    std::optional<EventRef> activation;
    std::optional<EventRef> ending;
    qint64 appliedOwn = 0;
    for (const EventRef &e : std::as_const(own)) {
        if (e.seq > v.watermark)
            continue;
        ++appliedOwn;
        if (activates(e.event))
            activation = e;
        else if (ends(e.event))
            ending = e;
    }
    auto later = countBetween(m_db, v.watermark, own.constLast().seq);
    if (!later)
        return fail(later.error());
    v.pendingEvents = *later;

    Statement dead = m_db.prepare("SELECT count(*), max(d.seq), max(d.error) FROM "
                                  "projector_dead_letters d JOIN outbox o ON o.seq = d.seq "
                                  "WHERE o.ref = ?1 AND o.revision = ?2");
    dead.bind(1, ref).bind(2, revision);
    if (auto row = dead.step(); !row)
        return fail(row.error());
    if (dead.int64(0) >= appliedOwn) {
        v.state = Visibility::State::DeadLettered;
        v.seq = dead.int64(1);
        v.text = QStringLiteral("could not be projected (dead letter at seq %1: %2)")
                     .arg(v.seq)
                     .arg(dead.text(2));
        return v;
    }

    Statement row = m_db.prepare("SELECT revision, status FROM projection WHERE ref = ?1");
    row.bind(1, ref);
    auto found = row.step();
    if (!found)
        return fail(found.error());
    const int held = *found ? row.integer(0) : 0;
    v.status = *found && held == revision ? row.text(1) : QString();
    const QString pendingNote =
        v.pendingEvents ? QStringLiteral("; %1 events pending").arg(v.pendingEvents) : QString();
    if (held == revision && parse<RevisionState>(v.status) == RevisionState::Active && activation) {
        v.state = Visibility::State::Retrievable;
        v.seq = activation->seq;
        v.text = QStringLiteral("retrievable since watermark %1").arg(v.seq) + pendingNote;
    } else if (activation && (ending || (newer && held > revision))) {
        v.state = Visibility::State::NoLongerCurrent;
        const bool byOwnEvent = ending && (!newer || ending->seq < newer->first);
        v.seq = byOwnEvent ? ending->seq : newer->first;
        const QString how = byOwnEvent
                                ? ending->event.mid(int(qstrlen("revision-")))
                                : QStringLiteral("superseded by revision %1").arg(newer->second);
        v.text = QStringLiteral("no longer current (%1 at watermark %2)").arg(how).arg(v.seq) +
                 pendingNote;
    } else {
        v.state = Visibility::State::RecordedNotCurrent;
        v.seq = own.constFirst().seq;
        v.text = QStringLiteral("published as %1, not current (at watermark %2)")
                     .arg(v.status.isEmpty() ? QStringLiteral("not current") : v.status)
                     .arg(v.seq) +
                 pendingNote;
    }
    return v;
}

} // namespace cw
