// Cancelling a query interrupts it and records nothing: the memory-use
// record says what an agent or analyst was shown, and a cancelled query
// shows nothing. The cancel is made deterministic by a test hook: it lands
// the moment the engine starts writing its record, the last moment it could.

#include "BackgroundRunner.h"
#include "PanelFixture.h"
#include "QueryForm.h"
#include "QueryPanel.h"
#include "QueryResultView.h"
#include "QueryRunner.h"

#include <QComboBox>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTest>

#include <atomic>
#include <sqlite3.h>

using namespace cw;
using namespace cw::test;

namespace {

// Cancels `runner` when the statement that inserts a memory-use record
// starts, the first `times` times.
struct CancelAtRecord
{
    QueryRunner *runner = nullptr;
    std::atomic_int remaining{0};
    std::atomic_int cancelled{0};

    static int trace(unsigned, void *context, void *statement, void *)
    {
        auto *self = static_cast<CancelAtRecord *>(context);
        const char *sql = sqlite3_sql(static_cast<sqlite3_stmt *>(statement));
        if (sql && QByteArray(sql).startsWith("INSERT INTO memory_use (") &&
            self->remaining.fetch_sub(1) > 0) {
            self->runner->cancel(); // from the runner's thread, as the contract allows
            self->cancelled.fetch_add(1);
        }
        return 0;
    }
};

} // namespace

class QueryCancelTest : public QObject
{
    Q_OBJECT

private:
    PanelFixture m_fixture;

    static void fill(QueryPanel &panel)
    {
        auto *strategy = panel.findChild<QComboBox *>(QStringLiteral("queryStrategy"));
        strategy->setCurrentIndex(strategy->findData(QStringLiteral("data-investigation@1")));
        panel.findChild<QLineEdit *>(QStringLiteral("queryCase"))
            ->setText(QStringLiteral("studio/servicedesk/SD-1602"));
        panel.findChild<QLineEdit *>(QStringLiteral("queryText"))
            ->setText(QStringLiteral("register row"));
    }
    static qint64 memoryUses(const Database &db)
    {
        auto n = db.queryInt("SELECT count(*) FROM memory_use");
        return n ? *n : -1;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_fixture.isValid()); }

    void aQueryCancelledWhileItRecordsLeavesNoMemoryUseAndShowsNothing()
    {
        auto session = m_fixture.session(QStringLiteral("cancel.db"), QStringLiteral("cora"));
        QueryPanel panel(*session);
        CancelAtRecord hook;
        hook.runner = panel.runner();
        hook.remaining = 1;
        panel.runner()->runner()->setConnectionHook([&hook](const Database &db) {
            sqlite3_trace_v2(db.handle(), SQLITE_TRACE_STMT, &CancelAtRecord::trace, &hook);
        });
        QSignalSpy shown(&panel, &QueryPanel::resultShown);
        const qint64 before = memoryUses(session->db());
        fill(panel);

        panel.runQuery();
        QTRY_VERIFY(!panel.isQueryRunning());
        QCOMPARE(hook.cancelled.load(), 1);
        QCOMPARE(shown.count(), 0);
        QCOMPARE(memoryUses(session->db()), before);

        // The same query, not cancelled, records its use: the one above was
        // about to.
        panel.runQuery();
        QTRY_COMPARE(shown.count(), 1);
        QCOMPARE(memoryUses(session->db()), before + 1);
        QCOMPARE(panel.resultView()->result().memoryUseId, shown.first().at(1).toLongLong());
    }
};

QTEST_MAIN(QueryCancelTest)
#include "tst_querycancel.moc"
