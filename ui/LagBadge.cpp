#include "LagBadge.h"

#include "BackgroundRunner.h"
#include "Clock.h"
#include "Database.h"
#include "Session.h"
#include "Theme.h"

namespace cw {

LagBadge::LagBadge(Session &session, QWidget *parent)
    : QLabel(parent)
    , m_session(session)
    , m_reader(new BackgroundRunner(QStringLiteral("lagBadge"), session.location(), this))
{
    setObjectName(QStringLiteral("lagBadge"));
    setAccessibleName(tr("Projection lag"));
    setMargin(2);
    setText(tr("lag: reading…"));
    connect(&m_session, &Session::databaseChanged, this, &LagBadge::refresh);
    connect(m_reader, &BackgroundRunner::failed, this,
            [this](const QString &message) { showReport(fail(message)); });
    refresh();
}

void LagBadge::refresh()
{
    // Ages are taken at the time of asking; the clock stays on this thread.
    const QDateTime now = m_session.clock().now();
    m_reader->submit([this, now](const Database &db) -> BackgroundRunner::Delivery {
        const FixedClock asked(now);
        auto report = LagMonitor(db, asked).report();
        return [this, report] { showReport(report); };
    });
}

void LagBadge::showReport(const Result<LagReport> &report)
{
    if (!report) {
        setText(tr("lag unknown"));
        setToolTip(report.error());
        return;
    }
    const LagReport &r = *report;
    QString text = tr("watermark %1 / head %2 · %n pending", nullptr, int(r.lagEvents))
                       .arg(r.watermark)
                       .arg(r.canonicalHead);
    if (r.deadLetters > 0)
        text += tr(" · %n dead letter(s)", nullptr, int(r.deadLetters));
    setText(text);
    // Colour says "behind" at a glance; the text says it for screen readers.
    const bool behind = r.lagEvents > 0 || r.deadLetters > 0;
    const Theme::Tone tone = behind ? Theme::Tone::Warning : Theme::Tone::Good;
    setStyleSheet(QStringLiteral("QLabel{%1;border-radius:3px;padding:0 6px}")
                      .arg(Theme::css(tone, true, QGuiApplication::palette())));
    QStringList tip;
    tip << tr("Oldest pending event: %1 s").arg(r.oldestPendingAgeS, 0, 'f', 0);
    for (auto it = r.pendingByDomain.cbegin(); it != r.pendingByDomain.cend(); ++it)
        tip << tr("%1: %2 pending").arg(it.key()).arg(it.value());
    tip << tr("Projector: %1 events/s recently; last run %2")
               .arg(r.recentEventsPerSecond, 0, 'f', 1)
               .arg(r.lastRunAt.isEmpty() ? tr("never") : r.lastRunAt);
    setToolTip(tip.join(u'\n'));
}

} // namespace cw
