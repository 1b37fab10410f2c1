#include "Database.h"
#include "OutboxStore.h"
#include "ProjectionStateStore.h"
#include "TestDatabase.h"

#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

// The value, or the test stops saying why there is none.
template <typename T> T must(const Result<T> &result)
{
    if (!result)
        qFatal("%s", qPrintable(result.error()));
    return *result;
}

} // namespace

// The projection's bookkeeping (watermark, dead letters, recent batches) and
// the outbox reads the projector and the lag monitor make.
class ProjectionStateStoreTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void theWatermarkStartsAtZeroAndMovesWhenSet();
    void theOutboxIsReadBetweenTwoPointsByDomainAndByRef();
    void theLagCountsTheEventsAfterTheWatermarkAndNamesTheOldest();
    void onlyActivatingEventsAreListedAsPossiblyUnindexed();
    void missingRevisionsAreDeadLetteredOnceAndCountedPerRevision();
    void recentRunsSumTheLatestBatchesAndOnlyTheKeptOnesStay();

private:
    std::int64_t append(const QString &event, const QString &ref, int revision,
                        const QString &domain = u"data"_s);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<cw::test::TestDatabase> m_location; // a file, or a server database
    std::unique_ptr<Database> m_db;
};

void ProjectionStateStoreTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_location = std::make_unique<cw::test::TestDatabase>(m_dir->filePath(u"state.db"_s));
    auto opened = Database::open(m_location->location());
    QVERIFY2(opened, qPrintable(opened.error()));
    m_db = std::move(*opened);
}

void ProjectionStateStoreTest::cleanup()
{
    m_db.reset();
    m_location.reset();
    m_dir.reset();
}

std::int64_t ProjectionStateStoreTest::append(const QString &event, const QString &ref,
                                              int revision, const QString &domain)
{
    const int n = int(must(OutboxStore(*m_db).head())) + 1;
    auto seq = OutboxStore(*m_db).append(
        OutboxEvent{0, u"2026-03-01T09:00:%1Z"_s.arg(n, 2, 10, QChar(u'0')), event, ref, revision,
                    domain, u"{}"_s});
    return seq ? *seq : -1;
}

void ProjectionStateStoreTest::theWatermarkStartsAtZeroAndMovesWhenSet()
{
    ProjectionStateStore state(*m_db);
    QCOMPARE(must(state.watermark()), 0);
    QVERIFY(state.setWatermark(7, u"2026-03-01T09:00:00Z"_s));
    QCOMPARE(must(state.watermark()), 7);
}

void ProjectionStateStoreTest::theOutboxIsReadBetweenTwoPointsByDomainAndByRef()
{
    append(u"revision-activated"_s, u"EXP-1"_s, 1);
    append(u"revision-activated"_s, u"CFG-1"_s, 1, u"configuration"_s);
    append(u"revision-superseded"_s, u"EXP-1"_s, 1);
    append(u"revision-activated"_s, u"EXP-1"_s, 2);
    const OutboxStore outbox(*m_db);

    auto between = outbox.between(1, 3, 10);
    QVERIFY2(between, qPrintable(between.error()));
    QCOMPARE(between->size(), 2);
    QCOMPARE(between->at(0).seq, 2);
    QCOMPARE(between->at(1).event, u"revision-superseded"_s);
    QCOMPARE(must(outbox.between(0, 4, 3)).size(), 3);
    QCOMPARE(must(outbox.countBetween(1, 4)), 3);
    QCOMPARE(must(outbox.countBetween(4, 4)), 0);

    QCOMPARE(must(outbox.countByDomainAfter(1)),
             (QMap<QString, qint64>{{u"configuration"_s, 1}, {u"data"_s, 2}}));
    QVERIFY(must(outbox.countByDomainAfter(4)).isEmpty());

    auto ofRef = outbox.forRef(u"EXP-1"_s, 2);
    QVERIFY2(ofRef, qPrintable(ofRef.error()));
    QCOMPARE(ofRef->size(), 1);
    QCOMPARE(ofRef->at(0).seq, 4);
    QCOMPARE(must(outbox.forRef(u"EXP-1"_s, 1)).size(), 3);
}

void ProjectionStateStoreTest::theLagCountsTheEventsAfterTheWatermarkAndNamesTheOldest()
{
    ProjectionStateStore state(*m_db);
    const ProjectionLag empty = must(state.lag());
    QCOMPARE(empty.head, 0);
    QCOMPARE(empty.pending, 0);
    QVERIFY(empty.oldestPendingAt.isEmpty());

    append(u"revision-activated"_s, u"EXP-1"_s, 1);
    append(u"revision-activated"_s, u"CFG-1"_s, 1, u"configuration"_s);
    append(u"revision-superseded"_s, u"EXP-1"_s, 1);
    QVERIFY(state.setWatermark(1, u"2026-03-01T09:00:00Z"_s));
    const ProjectionLag behind = must(state.lag());
    QCOMPARE(behind.watermark, 1);
    QCOMPARE(behind.head, 3);
    QCOMPARE(behind.pending, 2);
    QCOMPARE(behind.oldestPendingAt, u"2026-03-01T09:00:02Z"_s);

    QVERIFY(state.setWatermark(3, u"2026-03-01T09:00:00Z"_s));
    const ProjectionLag caughtUp = must(state.lag());
    QCOMPARE(caughtUp.head, 3);
    QCOMPARE(caughtUp.pending, 0);
    QVERIFY(caughtUp.oldestPendingAt.isEmpty());
}

void ProjectionStateStoreTest::onlyActivatingEventsAreListedAsPossiblyUnindexed()
{
    append(u"revision-activated"_s, u"EXP-1"_s, 1);
    append(u"revision-retired"_s, u"EXP-1"_s, 1);
    append(u"revision-corrected"_s, u"EXP-2"_s, 1);
    append(u"revision-recorded"_s, u"EXP-3"_s, 1);
    append(u"revision-activated"_s, u"EXP-4"_s, 1);

    auto events = OutboxStore(*m_db).activationsAfter(1, 10);
    QVERIFY2(events, qPrintable(events.error()));
    QStringList refs;
    for (const OutboxEvent &e : std::as_const(*events))
        refs.append(e.ref);
    QCOMPARE(refs, (QStringList{u"EXP-2"_s, u"EXP-4"_s}));
    QCOMPARE(must(OutboxStore(*m_db).activationsAfter(0, 1)).size(), 1);
}

void ProjectionStateStoreTest::missingRevisionsAreDeadLetteredOnceAndCountedPerRevision()
{
    // No article exists: every event names a revision that does not.
    append(u"revision-activated"_s, u"EXP-1"_s, 1);
    append(u"revision-activated"_s, u"EXP-1"_s, 2);
    append(u"revision-activated"_s, u"EXP-2"_s, 1);
    ProjectionStateStore state(*m_db);
    QVERIFY(state.recordDeadLetter(2, u"recorded by the projector"_s, u"t0"_s));

    QVERIFY(state.deadLetterMissingRevisions(1, 3, u"t1"_s));
    QCOMPARE(must(state.deadLetterCount()), 2); // seq 2 and 3; seq 1 is not after 1
    auto kept = state.deadLettersOf(u"EXP-1"_s, 2);
    QVERIFY2(kept, qPrintable(kept.error()));
    QCOMPARE(kept->count, 1);
    QCOMPARE(kept->lastSeq, 2);
    QCOMPARE(kept->error, u"recorded by the projector"_s); // not overwritten
    auto added = state.deadLettersOf(u"EXP-2"_s, 1);
    QVERIFY(added);
    QCOMPARE(added->error, u"EXP-2 revision 1 does not exist"_s);
    auto none = state.deadLettersOf(u"EXP-1"_s, 1);
    QVERIFY(none);
    QCOMPARE(none->count, 0);
    QCOMPARE(none->lastSeq, 0);
}

void ProjectionStateStoreTest::recentRunsSumTheLatestBatchesAndOnlyTheKeptOnesStay()
{
    ProjectionStateStore state(*m_db);
    auto empty = state.recentRuns(20);
    QVERIFY2(empty, qPrintable(empty.error()));
    QCOMPARE(empty->runs, 0);
    QVERIFY(empty->lastAt.isEmpty());

    for (int i = 1; i <= 5; ++i)
        QVERIFY(state.recordRun({u"2026-03-01T09:00:0%1Z"_s.arg(i), 10, 0, 2.5, i * 10}, 3));
    auto recent = state.recentRuns(2);
    QVERIFY2(recent, qPrintable(recent.error()));
    QCOMPARE(recent->runs, 2);
    QCOMPARE(recent->events, 20);
    QCOMPARE(recent->ms, 5.0);
    QCOMPARE(recent->lastAt, u"2026-03-01T09:00:05Z"_s);
    QCOMPARE(must(state.recentRuns(20)).runs, 3); // only 3 kept
}

QTEST_GUILESS_MAIN(ProjectionStateStoreTest)
#include "tst_projectionstatestore.moc"
