// The analysts' query panel: a query with flags and a stage trace, a newer
// query superseding an older one, a verdict recorded, view-as for admins.

#include "CandidateTableModel.h"
#include "CandidateTextView.h"
#include "IdentityStore.h"
#include "PanelFixture.h"
#include "QueryForm.h"
#include "QueryPanel.h"
#include "QueryResultView.h"
#include "Statement.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QTreeWidget>

using namespace cw;
using namespace cw::test;

class QueryPanelTest : public QObject
{
    Q_OBJECT

private:
    PanelFixture m_fixture;

    static void type(QWidget &panel, const char *name, const QString &text)
    {
        auto *edit = panel.findChild<QLineEdit *>(QLatin1String(name));
        QVERIFY2(edit, name);
        edit->clear();
        QTest::keyClicks(edit, text);
    }
    static void choose(QWidget &panel, const char *name, const QString &data)
    {
        auto *combo = panel.findChild<QComboBox *>(QLatin1String(name));
        QVERIFY2(combo, name);
        const int index = combo->findData(data);
        QVERIFY2(index >= 0, qPrintable(data));
        combo->setCurrentIndex(index);
    }
    static void fillRegisterRowQuery(QWidget &panel)
    {
        choose(panel, "queryStrategy", QStringLiteral("data-investigation@1"));
        type(panel, "queryCase", QStringLiteral("studio/servicedesk/SD-1602"));
        type(panel, "queryText", QStringLiteral("register row"));
    }
    static qint64 count(const Database &db, const char *sql)
    {
        auto n = db.queryInt(sql);
        return n ? *n : -1;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_fixture.isValid()); }

    void queryShowsCandidatesWithFlagsAndTheSelectedTrace()
    {
        auto session = m_fixture.session(QStringLiteral("query.db"), QStringLiteral("cora"));
        QueryPanel panel(*session);
        panel.resize(1300, 800);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QVERIFY2(!panel.findChild<QComboBox *>(QStringLiteral("queryViewAs")),
                 "view-as is for admins only");
        auto *table = panel.findChild<QTableView *>(QStringLiteral("candidateTable"));
        QVERIFY(table);
        QAbstractItemModelTester tester(table->model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy shown(&panel, &QueryPanel::resultShown);

        fillRegisterRowQuery(panel);
        QTest::mouseClick(panel.findChild<QPushButton *>(QStringLiteral("queryRun")),
                          Qt::LeftButton);
        QTRY_COMPARE(shown.count(), 1);

        const RetrievalResult &result = panel.resultView()->result();
        QCOMPARE(result.strategy, QStringLiteral("data-investigation@1"));
        QCOMPARE(result.effectivePrincipal, QStringLiteral("cora"));
        QVERIFY(result.memoryUseId > 0);
        QVERIFY(table->model()->rowCount() > 0);
        const QString banner = panel.findChild<QLabel *>(QStringLiteral("queryBanner"))->text();
        QVERIFY2(banner.contains(QStringLiteral("Index watermark %1").arg(result.watermark)),
                 qPrintable(banner));

        // Some candidate carries flags, shown in the Flags column.
        int flagged = -1;
        for (int row = 0; row < table->model()->rowCount() && flagged < 0; ++row) {
            if (!table->model()->index(row, CandidateTableModel::Flags).data().toString().isEmpty())
                flagged = row;
        }
        QVERIFY2(flagged >= 0, "no candidate with flags");
        const Candidate *c = panel.resultView()->candidateModel()->candidateAt(flagged);
        QCOMPARE(table->model()->index(flagged, CandidateTableModel::Flags).data().toString(),
                 c->flags.join(QStringLiteral(", ")));
        QCOMPARE(table->model()->index(flagged, CandidateTableModel::Ref).data().toString(),
                 c->ref + u'@' + QString::number(c->revision));

        // Selecting it shows its stage trace line by line, and its text.
        table->setFocus();
        table->selectRow(flagged);
        auto *trace = panel.findChild<QTreeWidget *>(QStringLiteral("candidateTrace"));
        QVERIFY(trace);
        QCOMPARE(trace->topLevelItemCount(), int(c->trace.size()));
        QStringList stages;
        for (int i = 0; i < trace->topLevelItemCount(); ++i)
            stages << trace->topLevelItem(i)->text(0);
        QVERIFY2(stages.contains(QStringLiteral("canonical-check")), qPrintable(stages.join(u',')));
        QCOMPARE(trace->topLevelItem(0)->text(1), c->trace.first().note);
        auto *text = panel.findChild<CandidateTextView *>(QStringLiteral("candidateText"));
        QVERIFY(text && text->source()->isReadOnly() && text->rendered()->isReadOnly());
        QVERIFY(text->markdownText().startsWith(QStringLiteral("# ") + c->title));
        // Rendered, the title is a heading, not a line starting with "#".
        QVERIFY(text->rendered()->toPlainText().startsWith(c->title));
        PanelFixture::screenshot(panel, QStringLiteral("query-panel.png"));
    }

    void aNewerQuerySupersedesAnOlderOne()
    {
        auto session = m_fixture.session(QStringLiteral("supersede.db"), QStringLiteral("cora"));
        const Database *db = &session->db();
        QueryPanel panel(*session);
        QSignalSpy shown(&panel, &QueryPanel::resultShown);
        fillRegisterRowQuery(panel);
        panel.runQuery();
        type(panel, "queryText", QStringLiteral("posting service"));
        panel.runQuery();
        QTRY_VERIFY(!panel.isQueryRunning());
        QCOMPARE(shown.count(), 1);
        QCOMPARE(shown.first().at(0).value<quint64>(), quint64(2));
        const qint64 useId = shown.first().at(1).value<qint64>();
        QCOMPARE(panel.resultView()->result().memoryUseId, useId);
        // What is shown is the newer query's record.
        Statement inputs = db->prepare("SELECT inputs FROM memory_use WHERE id = ?1");
        inputs.bind(1, std::int64_t(useId));
        QVERIFY(inputs.step().value());
        QVERIFY(inputs.text(0).contains(QStringLiteral("posting service")));
    }

    void aVerdictIsRecordedOnTheSelectedCandidate()
    {
        auto session = m_fixture.session(QStringLiteral("verdict.db"), QStringLiteral("cora"));
        const Database *db = &session->db();
        QueryPanel panel(*session);
        QSignalSpy shown(&panel, &QueryPanel::resultShown);
        QSignalSpy recorded(&panel, &QueryPanel::verdictRecorded);
        fillRegisterRowQuery(panel);
        panel.runQuery();
        QTRY_COMPARE(shown.count(), 1);
        auto *record = panel.findChild<QPushButton *>(QStringLiteral("verdictRecord"));
        QVERIFY(record);
        QVERIFY2(!record->isEnabled(), "a verdict needs a reason");
        choose(panel, "verdictChoice", QStringLiteral("needs-check"));
        type(panel, "verdictReason", QStringLiteral("register is written by the posting service"));
        QVERIFY(record->isEnabled());
        QTest::mouseClick(record, Qt::LeftButton);
        QCOMPARE(recorded.count(), 1);

        const Candidate *c = panel.resultView()->candidateModel()->candidateAt(0);
        const qint64 useId = panel.resultView()->result().memoryUseId;
        Statement verdicts = db->prepare("SELECT ref, revision, verdict, principal, reason "
                                         "FROM memory_use_verdicts WHERE memory_use_id = ?1");
        verdicts.bind(1, std::int64_t(useId));
        QVERIFY(verdicts.step().value());
        QCOMPARE(verdicts.text(0), c->ref);
        QCOMPARE(verdicts.integer(1), c->revision);
        QCOMPARE(verdicts.text(2), QStringLiteral("needs-check"));
        QCOMPARE(verdicts.text(3), QStringLiteral("cora"));
        Statement reads = db->prepare("SELECT reads FROM memory_use WHERE id = ?1");
        reads.bind(1, std::int64_t(useId));
        QVERIFY(reads.step().value());
        QVERIFY2(reads.text(0).contains(c->ref), qPrintable(reads.text(0)));
        QVERIFY(panel.findChild<QLabel *>(QStringLiteral("verdictStatus"))
                    ->text()
                    .startsWith(QStringLiteral("Recorded")));
    }

    void anAdminMayViewAsAnotherPrincipal()
    {
        auto session = m_fixture.session(QStringLiteral("viewas.db"), QStringLiteral("admin"));
        const Database *db = &session->db();
        auto admin = IdentityStore(*db).principalByOsUser(QStringLiteral("tester"));
        QVERIFY(admin && *admin);
        QCOMPARE(session->actor()->real.id, (*admin)->id);
        QueryPanel panel(*session);
        QVERIFY(panel.findChild<QComboBox *>(QStringLiteral("queryViewAs")));
        QSignalSpy shown(&panel, &QueryPanel::resultShown);
        fillRegisterRowQuery(panel);
        choose(panel, "queryViewAs", QStringLiteral("ana"));
        panel.runQuery();
        QTRY_COMPARE(shown.count(), 1);
        QCOMPARE(panel.resultView()->result().effectivePrincipal, QStringLiteral("ana"));
        QCOMPARE(panel.resultView()->result().realPrincipal, (*admin)->id);

        // A verdict on it is ana's, and keeps who gave it.
        choose(panel, "verdictChoice", QStringLiteral("applies"));
        type(panel, "verdictReason", QStringLiteral("fits the request"));
        QTest::mouseClick(panel.findChild<QPushButton *>(QStringLiteral("verdictRecord")),
                          Qt::LeftButton);
        Statement verdict =
            db->prepare("SELECT principal || '/' || real_principal FROM memory_use_verdicts");
        QVERIFY(verdict.step().value());
        QCOMPARE(verdict.text(0), QStringLiteral("ana/") + (*admin)->id);
    }

    void zeroHitsAreReportedAtTheWatermarkNotAsAbsence()
    {
        RetrievalResult empty;
        empty.strategy = QStringLiteral("root-classification@1");
        empty.watermark = 57;
        empty.canonicalHead = 60;
        empty.lagEvents = 3;
        empty.laggingSources << QStringLiteral("projection is 3 events behind canonical");
        const QString banner = QueryResultView::bannerText(empty);
        QVERIFY2(banner.contains(QStringLiteral("No indexed hits at watermark 57")),
                 qPrintable(banner));
        QVERIFY(banner.contains(QStringLiteral("3 event(s) behind")));
        QVERIFY(
            banner.contains(QStringLiteral("Lagging: projection is 3 events behind canonical")));
    }
};

QTEST_MAIN(QueryPanelTest)
#include "tst_querypanel.moc"
