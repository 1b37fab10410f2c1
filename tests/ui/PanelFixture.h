#pragma once

// A fresh demo database per test, projected up to date, for the panel tests.

#include "Clock.h"
#include "Database.h"
#include "DemoBuilder.h"
#include "Identity.h"
#include "IdentityStore.h"
#include "OutboxStore.h"
#include "Projector.h"
#include "Session.h"
#include "Transaction.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTimeZone>
#include <QWidget>

#include <memory>
#include <optional>

namespace cw::test {

class PanelFixture
{
public:
    FixedClock clock{QDateTime(QDate(2026, 5, 1), QTime(9, 0), QTimeZone::utc())};

    bool isValid() const { return m_dir.isValid(); }
    QString path(const QString &name) const { return m_dir.filePath(name); }

    std::unique_ptr<Database> demo(const QString &name, bool project = true)
    {
        auto db = Database::open(path(name));
        if (!db)
            qFatal("%s", qPrintable(db.error()));
        auto built = DemoBuilder(**db, clock, QStringLiteral("tester")).build(0);
        if (!built)
            qFatal("%s", qPrintable(built.error()));
        if (project) {
            auto ran = Projector(**db, clock).run();
            if (!ran)
                qFatal("%s", qPrintable(ran.error()));
        }
        return std::move(*db);
    }

    // What a panel follows: a fresh demo database, acting as `principal`
    // (none: no principal), at the fixture's clock.
    std::unique_ptr<Session> session(const QString &name, const QString &principal = {})
    {
        auto db = demo(name);
        std::optional<Actor> actor;
        if (!principal.isEmpty())
            actor = actorFor(*db, principal);
        auto session = std::make_unique<Session>(std::move(db), actor, QString());
        session->setClock(&clock);
        return session;
    }

    // A second connection, as another process would have.
    std::unique_ptr<Database> other(const QString &name)
    {
        auto db = Database::open(path(name), Database::Mode::OpenExisting);
        if (!db)
            qFatal("%s", qPrintable(db.error()));
        return std::move(*db);
    }

    static Actor actorFor(const Database &db, const QString &id)
    {
        auto principal = IdentityStore(db).principal(id);
        if (!principal || !*principal)
            qFatal("no principal %s", qPrintable(id));
        return Actor{**principal, **principal};
    }

    // Re-publishes an already active revision: a real, applicable event
    // (the projector applies it idempotently) that moves the canonical head.
    static void publishAgain(const Database &db, int count)
    {
        OutboxEvent event;
        {
            // Finished before the write begins: a statement left open keeps a
            // read snapshot, and a stale snapshot cannot take the write lock.
            Statement s = db.prepare("SELECT ref, revision, domain FROM outbox "
                                     "WHERE event = 'revision-activated' ORDER BY seq LIMIT 1");
            auto row = s.step();
            if (!row || !*row)
                qFatal("no activated revision to publish again");
            event.ref = s.text(0);
            event.revision = s.integer(1);
            event.domain = s.text(2);
        }
        event.at = QStringLiteral("2026-05-01T08:59:00Z");
        event.event = QStringLiteral("revision-corrected");
        Transaction transaction(db);
        if (!transaction.isActive())
            qFatal("%s", qPrintable(transaction.beginError()));
        for (int i = 0; i < count; ++i) {
            if (auto appended = OutboxStore(db).append(event); !appended)
                qFatal("%s", qPrintable(appended.error()));
        }
        if (auto committed = transaction.commit(); !committed)
            qFatal("%s", qPrintable(committed.error()));
    }

    // Saves what the panel looks like when CW_SCREENSHOT_DIR is set
    // (docs/*.png are made this way), so a look at it is one command away.
    static void screenshot(QWidget &widget, const QString &name)
    {
        const QString dir = qEnvironmentVariable("CW_SCREENSHOT_DIR");
        if (!dir.isEmpty() && !widget.grab().save(QDir(dir).filePath(name)))
            qWarning("could not save %s", qPrintable(name));
    }

private:
    QTemporaryDir m_dir;
};

} // namespace cw::test
