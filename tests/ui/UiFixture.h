#pragma once

// Shared by the GUI tests: a fresh demo database per test (principals cora,
// nils, dora, owen, ana, admin; proposals PR-1..PR-6), the real MainWindow
// acting as one of them, and a second connection to decide "elsewhere".

#include "Clock.h"
#include "Database.h"
#include "DemoBuilder.h"
#include "IdentityStore.h"
#include "MainWindow.h"
#include "ProposalListModel.h"
#include "ReasonPrompt.h"
#include "ReviewQueuePanel.h"
#include "Session.h"

#include <QTimeZone>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

namespace cw::test {

class UiFixture
{
public:
    UiFixture()
        : clock(QDateTime(QDate(2026, 5, 1), QTime(9, 0), QTimeZone::utc()))
    {
        // Layout and recent files go to a throwaway settings location.
        QStandardPaths::setTestModeEnabled(true);
        ReasonPrompt::reset();
        path = dir.filePath(QStringLiteral("cw.db"));
        auto db = open();
        auto built = DemoBuilder(*db, clock, QStringLiteral("tester")).build(0);
        if (!built)
            qFatal("%s", qPrintable(built.error()));
    }

    // Another connection to the same file: "another process".
    std::unique_ptr<Database> open() const
    {
        auto db = Database::open(path);
        if (!db)
            qFatal("%s", qPrintable(db.error()));
        return std::move(*db);
    }

    Actor as(const QString &id) const
    {
        auto db = open();
        auto principal = IdentityStore(*db).principal(id);
        if (!principal || !*principal)
            qFatal("no principal %s", qPrintable(id));
        return Actor{**principal, **principal};
    }

    std::unique_ptr<MainWindow> window(const QString &principal)
    {
        auto w = std::make_unique<MainWindow>(open(), as(principal), QString());
        w->session().setClock(&clock);
        w->show();
        if (!QTest::qWaitForWindowExposed(w.get()))
            qWarning("window not exposed");
        return w;
    }

    static bool select(MainWindow &window, const QString &proposalId)
    {
        ProposalListModel *model = window.proposalModel();
        while (model->rowOf(proposalId) < 0 && model->canFetchMore({}))
            model->fetchMore({});
        const int row = model->rowOf(proposalId);
        if (row < 0)
            return false;
        window.queue()->table()->selectRow(row);
        return true;
    }

    QTemporaryDir dir;
    QString path;
    FixedClock clock;
};

} // namespace cw::test
