// The first window: the proposal queue over a lazy model, filters, details.

#include "Clock.h"
#include "Database.h"
#include "DemoBuilder.h"
#include "IdentityStore.h"
#include "MainWindow.h"
#include "ProposalListModel.h"
#include "ProposalStore.h"
#include "Session.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTimeZone>

using namespace cw;

class ProposalQueueTest : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    FixedClock m_clock{QDateTime(QDate(2026, 5, 1), QTime(9, 0), QTimeZone::utc())};

    std::unique_ptr<Database> demoDatabase(const QString &name, int scale = 0)
    {
        auto db = Database::open(m_dir.filePath(name));
        if (!db)
            qFatal("%s", qPrintable(db.error()));
        auto built = DemoBuilder(**db, m_clock, QStringLiteral("tester")).build(scale);
        if (!built)
            qFatal("%s", qPrintable(built.error()));
        return std::move(*db);
    }

    Actor actorFor(const Database &db, const QString &id)
    {
        auto principal = IdentityStore(db).principal(id);
        if (!principal || !*principal)
            qFatal("no principal %s", qPrintable(id));
        return Actor{**principal, **principal};
    }

    // The queue as the demo admin sees it (paging and sorting do not
    // depend on who looks; redaction has its own test).
    ProposalListModel::ActorSource reader(const Database &db)
    {
        return [actor = actorFor(db, QStringLiteral("admin"))] { return std::optional(actor); };
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void modelPassesTheItemModelTesterWhileFetchingPages()
    {
        auto db = demoDatabase(QStringLiteral("tester.db"), 2000);
        ProposalListModel model(*db, reader(*db));
        model.setPageSize(25);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        // The tester itself fetches; whatever it loaded is whole pages, never everything.
        QVERIFY(model.canFetchMore({}));
        const int loaded = model.rowCount();
        model.fetchMore({});
        QCOMPARE(model.rowCount(), loaded + 25);
        QTRY_COMPARE(model.totalCount(), 7 + 100);
        QVERIFY(model.rowCount() < model.totalCount());
        while (model.canFetchMore({}))
            model.fetchMore({});
        QCOMPARE(model.rowCount(), 7 + 100);
        QCOMPARE(model.totalCount(), 7 + 100);
    }

    void pagesFollowOneAnotherWithoutGapsOrRepeats()
    {
        auto db = demoDatabase(QStringLiteral("paging.db"), 2000);
        ProposalListModel model(*db, reader(*db));
        model.setPageSize(7);
        QSet<QString> seen;
        QString previous;
        while (model.canFetchMore({}))
            model.fetchMore({});
        for (int row = 0; row < model.rowCount(); ++row) {
            const ProposalSummary *s = model.summaryAt(row);
            QVERIFY(!seen.contains(s->id));
            seen.insert(s->id);
            const QString key = s->proposedAt + u'|' + s->id;
            QVERIFY2(previous <= key, qPrintable(previous + QStringLiteral(" > ") + key));
            previous = key;
        }
        QCOMPARE(seen.size(), 107);
    }

    void filteringByStatusAndDomainNarrowsTheQueue()
    {
        auto db = demoDatabase(QStringLiteral("filter.db"));
        ProposalListModel model(*db, reader(*db));
        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        ProposalFilter filter;
        filter.status = QStringLiteral("pending");
        filter.domain = QStringLiteral("configuration");
        model.setFilter(filter);
        QCOMPARE(resets.count(), 1);
        QTRY_COMPARE(model.totalCount(), 1);
        model.fetchMore({});
        QCOMPARE(model.data(model.index(0, ProposalListModel::Id)).toString(),
                 QStringLiteral("PR-3"));
        filter = ProposalFilter{};
        filter.status = QStringLiteral("rejected");
        model.setFilter(filter);
        QTRY_COMPARE(model.totalCount(), 0);
    }

    void mainWindowFiltersAndShowsTheClaimBesideTheEvidence()
    {
        auto db = demoDatabase(QStringLiteral("window.db"));
        const Actor cora = actorFor(*db, QStringLiteral("cora"));
        MainWindow window(std::move(db), cora, QString());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        auto *table = window.findChild<QTableView *>(QStringLiteral("proposalTable"));
        auto *domain = window.findChild<QLineEdit *>(QStringLiteral("domainFilter"));
        auto *claim = window.findChild<QTextBrowser *>(QStringLiteral("claimView"));
        auto *source = window.findChild<QTextBrowser *>(QStringLiteral("caseView"));
        QVERIFY(table && domain && claim && source);
        // PR-1 to PR-6 pending, and PR-0, published behind the demo's EXP-2.
        QCOMPARE(table->model()->rowCount(), 7);

        domain->setFocus();
        QTest::keyClicks(domain, QStringLiteral("configuration"));
        QTest::keyClick(domain, Qt::Key_Return);
        QTRY_COMPARE(table->model()->rowCount(), 2);

        table->setFocus();
        table->selectRow(window.proposalModel()->rowOf(QStringLiteral("PR-3")));
        QTRY_VERIFY(claim->toPlainText().contains(QStringLiteral("external template owner")));
        QVERIFY(source->toPlainText().contains(QStringLiteral("studio/servicedesk/SD-1744")));
    }

    void queueFiltersByProofLevelAgeTenantAndText()
    {
        auto db = demoDatabase(QStringLiteral("filters.db"));
        const Actor cora = actorFor(*db, QStringLiteral("cora"));
        MainWindow window(std::move(db), cora, QString());
        window.session().setClock(&m_clock);
        auto *proof = window.findChild<QComboBox *>(QStringLiteral("proofFilter"));
        auto *age = window.findChild<QComboBox *>(QStringLiteral("ageFilter"));
        auto *tenant = window.findChild<QLineEdit *>(QStringLiteral("tenantFilter"));
        auto *text = window.findChild<QLineEdit *>(QStringLiteral("textFilter"));
        QVERIFY(proof && age && tenant && text);
        ProposalListModel *model = window.proposalModel();

        proof->setCurrentIndex(proof->findData(QStringLiteral("executed")));
        QTRY_COMPARE(model->totalCount(), 1);
        QCOMPARE(model->summaryAt(0)->id, QStringLiteral("PR-2"));
        proof->setCurrentIndex(0);

        // The clock stands at 2026-05-01: PR-4 (04-03) and PR-5 (04-05) are under 30 days old.
        age->setCurrentIndex(age->findData(QStringLiteral("-30")));
        QTRY_COMPARE(model->totalCount(), 2);
        age->setCurrentIndex(age->findData(QStringLiteral("30")));
        QTRY_COMPARE(model->totalCount(), 5); // and PR-0, published behind EXP-2
        age->setCurrentIndex(0);

        const qint64 studio =
            window.session()
                .db()
                .queryInt("SELECT count(*) FROM proposals p JOIN cases c ON c.id = p.case_id "
                          "WHERE c.tenant = 'studio'")
                .value();
        tenant->setText(QStringLiteral("studio"));
        QTest::keyClick(tenant, Qt::Key_Return);
        QTRY_COMPARE(model->totalCount(), studio);
        // Northwind is not cora's: filtering by it would tell which
        // proposals come from there, so the queue refuses and shows none.
        tenant->setText(QStringLiteral("northwind"));
        QTest::keyClick(tenant, Qt::Key_Return);
        QTRY_VERIFY2(model->lastError().contains(QStringLiteral("own tenants")),
                     qPrintable(model->lastError()));
        QCOMPARE(model->rowCount(), 0);
        tenant->clear();
        QTest::keyClick(tenant, Qt::Key_Return);

        // Typing filters after a short pause; LIKE wildcards are literal.
        QTest::keyClicks(text, QStringLiteral("family"));
        QTRY_COMPARE(model->totalCount(), 1);
        text->setText(QStringLiteral("100%"));
        QTRY_COMPARE(model->totalCount(), 0);
    }

    void sortingChangesTheKeysetAndPagesStillFollowEachOther()
    {
        auto db = demoDatabase(QStringLiteral("sorting.db"), 2000);
        ProposalListModel model(*db, reader(*db));
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setPageSize(9);
        model.sort(ProposalListModel::Domain, Qt::DescendingOrder);
        while (model.canFetchMore({}))
            model.fetchMore({});
        QCOMPARE(model.rowCount(), 107);
        QSet<QString> seen;
        for (int row = 1; row < model.rowCount(); ++row) {
            const ProposalSummary *a = model.summaryAt(row - 1);
            const ProposalSummary *b = model.summaryAt(row);
            QVERIFY2(a->domain >= b->domain, qPrintable(QString(a->domain + u' ' + b->domain)));
            seen.insert(b->id);
        }
        QCOMPARE(seen.size(), 106);
        model.sort(ProposalListModel::ProposedAt, Qt::DescendingOrder);
        model.fetchMore({});
        QVERIFY(model.summaryAt(0)->proposedAt >= model.summaryAt(1)->proposedAt);
    }

    void theCountArrivesFromAnotherThreadAndTheNewestFilterWins()
    {
        auto db = demoDatabase(QStringLiteral("count.db"));
        ProposalListModel model(*db, reader(*db));
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy counts(&model, &ProposalListModel::totalCountChanged);
        ProposalFilter pending;
        pending.status = QStringLiteral("pending");
        model.setFilter(pending);
        // Nothing was counted on this thread: the count is still unknown.
        QCOMPARE(model.totalCount(), ProposalListModel::CountUnknown);
        ProposalFilter configuration = pending;
        configuration.domain = QStringLiteral("configuration");
        model.setFilter(configuration);
        QTRY_COMPARE(model.totalCount(), 1);
        // The superseded counts (all proposals, all pending) never land.
        QTest::qWait(300);
        QCOMPARE(model.totalCount(), 1);
        for (const QList<QVariant> &arguments : counts) {
            const qint64 total = arguments.at(0).toLongLong();
            QVERIFY2(total == ProposalListModel::CountUnknown || total == 1,
                     qPrintable(QString::number(total)));
        }
    }

    void theQueueSaysCountingUntilTheCountArrives()
    {
        auto db = demoDatabase(QStringLiteral("counting.db"));
        ProposalFilter pending;
        pending.status = QStringLiteral("pending");
        const qint64 expected = ProposalStore(*db).count(pending).value();
        const Actor cora = actorFor(*db, QStringLiteral("cora"));
        MainWindow window(std::move(db), cora, QString());
        auto *count = window.findChild<QLabel *>(QStringLiteral("proposalCount"));
        auto *status = window.findChild<QComboBox *>(QStringLiteral("statusFilter"));
        QVERIFY(count && status);
        QTRY_COMPARE(count->text(), QStringLiteral("7 proposal(s)"));
        status->setCurrentIndex(status->findData(QStringLiteral("pending")));
        QCOMPARE(count->text(), QStringLiteral("counting…"));
        // The rows of the first page are there before the count.
        QVERIFY(window.proposalModel()->rowCount() > 0);
        QTRY_COMPARE(count->text(), QStringLiteral("%1 proposal(s)").arg(expected));
    }

    void anotherTenantsCaseIsRedactedInTheQueue()
    {
        auto db = demoDatabase(QStringLiteral("redact.db"));
        const Actor cora = actorFor(*db, QStringLiteral("cora"));
        MainWindow window(std::move(db), cora, QString());
        auto *status = window.findChild<QComboBox *>(QStringLiteral("statusFilter"));
        QVERIFY(status);
        ProposalListModel *model = window.proposalModel();
        bool sawForeign = false;
        for (int row = 0; row < model->rowCount(); ++row) {
            if (model->summaryAt(row)->id == QLatin1String("PR-6")) {
                sawForeign = true;
                QCOMPARE(model->data(model->index(row, ProposalListModel::Case)).toString(),
                         QStringLiteral("(redacted)"));
            }
        }
        QVERIFY(sawForeign);
    }
};

QTEST_MAIN(ProposalQueueTest)
#include "tst_proposalqueue.moc"
