#include "LagMonitor.h"

#include "Clock.h"
#include "Database.h"
#include "OutboxStore.h"
#include "ProjectionStateStore.h"
#include "ReadTransaction.h"
#include "Vocabulary.h"

#include <QDateTime>
#include <QList>

namespace cw::inline projection {

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

// Seconds from at (RFC 3339) to now, never negative; 0 when at is unreadable.
double ageSeconds(const QString &at, const QDateTime &now)
{
    const QDateTime since = QDateTime::fromString(at, Qt::ISODate);
    return since.isValid() ? qMax(0.0, double(since.msecsTo(now)) / 1000.0) : 0.0;
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
    return report(snapshot);
}

Result<LagReport> LagMonitor::headline(const ReadTransaction &snapshot) const
{
    Q_UNUSED(snapshot); // the caller's: every read below sees the same state
    auto lag = ProjectionStateStore(m_db).lag();
    if (!lag)
        return fail(lag.error());
    LagReport r;
    r.canonicalHead = lag->head;
    r.watermark = lag->watermark;
    r.lagEvents = lag->pending;
    if (!lag->oldestPendingAt.isEmpty())
        r.oldestPendingAgeS = ageSeconds(lag->oldestPendingAt, m_clock.now());
    return r;
}

Result<LagReport> LagMonitor::report(const ReadTransaction &snapshot) const
{
    auto headline = this->headline(snapshot);
    if (!headline)
        return headline;
    LagReport r = *headline;
    const OutboxStore outbox(m_db);
    const ProjectionStateStore state(m_db);
    auto dead = state.deadLetterCount();
    if (!dead)
        return fail(dead.error());
    r.deadLetters = *dead;
    if (r.lagEvents > 0) {
        auto pending = outbox.countByDomainAfter(r.watermark);
        if (!pending)
            return fail(pending.error());
        r.pendingByDomain = *pending;
    }

    auto runs = state.recentRuns(RecentRuns);
    if (!runs)
        return fail(runs.error());
    r.recentRuns = runs->runs;
    r.recentEvents = runs->events;
    r.recentEventsPerSecond = runs->ms > 0 ? double(r.recentEvents) * 1000.0 / runs->ms : 0.0;
    r.lastRunAt = runs->lastAt;
    return r;
}

Result<Visibility> LagMonitor::visibility(const QString &ref, int revision) const
{
    ReadTransaction snapshot(m_db);
    if (!snapshot.isActive())
        return fail(snapshot.beginError());
    Visibility v;
    const OutboxStore outbox(m_db);
    const ProjectionStateStore state(m_db);
    auto watermark = state.watermark();
    if (!watermark)
        return fail(watermark.error());
    v.watermark = *watermark;

    // This revision's events, and the first event of any newer revision.
    auto events = outbox.forRef(ref, revision);
    if (!events)
        return fail(events.error());
    QList<EventRef> own;
    std::optional<std::pair<std::int64_t, int>> newer; // (seq, revision) applied
    for (const OutboxEvent &e : std::as_const(*events)) {
        if (e.revision == revision)
            own.append({e.seq, e.event});
        else if (!newer && e.seq <= v.watermark)
            newer = std::pair(e.seq, e.revision);
    }
    if (own.isEmpty()) {
        v.text = QStringLiteral("not published");
        return v;
    }
    const EventRef &first = own.constFirst();
    if (first.seq > v.watermark) {
        auto pending = outbox.countBetween(v.watermark, first.seq);
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
    auto later = outbox.countBetween(v.watermark, own.constLast().seq);
    if (!later)
        return fail(later.error());
    v.pendingEvents = *later;

    auto dead = state.deadLettersOf(ref, revision);
    if (!dead)
        return fail(dead.error());
    if (dead->count >= appliedOwn) {
        v.state = Visibility::State::DeadLettered;
        v.seq = dead->lastSeq;
        v.text = QStringLiteral("could not be projected (dead letter at seq %1: %2)")
                     .arg(v.seq)
                     .arg(dead->error);
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

} // namespace cw::inline projection
