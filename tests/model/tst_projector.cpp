// The projector: ordered, idempotent, batched, watermark with the rows,
// dead letters, and incremental == rebuild on real data.

#include "DemoBuilder.h"
#include "MemoryImport.h"
#include "ProjectionRebuild.h"
#include "ProjectionVerify.h"
#include "Projector.h"
#include "ProjectorFixture.h"
#include "TestPaths.h"

using namespace cw;
using namespace cw::test;

class ProjectorTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init() { m_f.open(); }
    void cleanup() { m_f.close(); }

    void appliesEventsInSeqOrderAndCopiesTheCanonicalFields();
    void anEventForAnOlderRevisionNeverOverwritesANewerOne();
    void runningTwiceOrFromAResetWatermarkGivesTheSameRows();
    void appliesInBatchesAndStopsAtMaxEvents();
    void tidyingMergesTheTextIndexIntoOneSegment();
    void aFailedBatchWritesNothingAndLeavesTheWatermark();
    void anEventThatCannotBeAppliedIsDeadLetteredAndTheProjectorContinues();
    void supersededAndRetiredRevisionsAreNoLongerActive();
    void aSecondProjectorFindsNothingLeftToDo();
    void incrementalEqualsRebuildOnTheDemoData();
    void incrementalEqualsRebuildOnTheMemoryCorpus();

private:
    ProjectorRun project(int batch = 500, qint64 maxEvents = -1);
    void expectIncrementalEqualsRebuild();

    ProjectorFixture m_f;
};

ProjectorRun ProjectorTest::project(int batch, qint64 maxEvents)
{
    auto run = Projector(m_f.db(), m_f.clock()).run(batch, maxEvents);
    if (!run)
        qWarning("projector: %s", qPrintable(run.error()));
    return run ? *run : ProjectorRun{};
}

void ProjectorTest::expectIncrementalEqualsRebuild()
{
    auto verified = ProjectionVerify(m_f.db()).verify();
    QVERIFY2(verified, qPrintable(verified.error()));
    QStringList texts;
    for (const auto &d : verified->differences)
        texts.append(d.toText());
    QVERIFY2(verified->identical(), qPrintable(texts.join(u'\n')));
    const QStringList incremental = m_f.dump();
    auto rebuilt = ProjectionRebuild(m_f.db(), m_f.clock()).rebuild();
    QVERIFY2(rebuilt, qPrintable(rebuilt.error()));
    QCOMPARE(m_f.dump(), incremental);
    QCOMPARE(m_f.count("SELECT count(*) FROM projection_fts"),
             m_f.count("SELECT count(*) FROM projection"));
}

void ProjectorTest::appliesEventsInSeqOrderAndCopiesTheCanonicalFields()
{
    m_f.publish(u"EXP-1"_s, u"First wording"_s);
    m_f.publish(u"EXP-1"_s, u"Second wording"_s);
    const ProjectorRun run = project(); // activated 1, superseded 1, activated 2
    QCOMPARE(run.events, 3);
    QCOMPARE(run.watermark, 3);
    QVERIFY(run.caughtUp);
    QCOMPARE(m_f.dump().size(), 1);
    Statement s = m_f.db().prepare("SELECT revision, status, title, outcome, tags, related_to, "
                                   "projected_seq FROM projection WHERE ref = 'EXP-1'");
    QVERIFY(*s.step());
    QCOMPARE(s.integer(0), 2);
    QCOMPARE(s.text(1), u"active"_s);
    QCOMPARE(s.text(2), u"Second wording"_s);
    QCOMPARE(s.text(3), u"outcome of Second wording"_s);
    QCOMPARE(s.text(4), uR"(["register","policy"])"_s);
    QCOMPARE(s.text(5), uR"(["EXP-7"])"_s);
    QCOMPARE(s.integer(6), 3);
    // The FTS body carries the claim, not only the body text.
    QCOMPARE(m_f.count("SELECT count(*) FROM projection_fts WHERE projection_fts MATCH "
                       "'outcome AND second AND mechanism AND limits'"),
             1);
    QCOMPARE(m_f.count("SELECT watermark FROM projector_state"), 3);
}

void ProjectorTest::anEventForAnOlderRevisionNeverOverwritesANewerOne()
{
    m_f.addRevision(u"EXP-1"_s, u"superseded"_s, u"Old"_s);
    m_f.addRevision(u"EXP-1"_s, u"active"_s, u"New"_s);
    m_f.event(u"revision-activated"_s, u"EXP-1"_s, 2);
    m_f.event(u"revision-activated"_s, u"EXP-1"_s, 1); // late, out of order
    QCOMPARE(project().events, 2);
    QCOMPARE(m_f.count("SELECT revision FROM projection WHERE ref = 'EXP-1'"), 2);
    QCOMPARE(m_f.count("SELECT count(*) FROM projection_fts WHERE projection_fts MATCH 'new'"), 1);
    QCOMPARE(m_f.count("SELECT count(*) FROM projection_fts WHERE projection_fts MATCH 'old'"), 0);
    // It still counts as the last event that touched the ref, as a rebuild sees it.
    QCOMPARE(m_f.count("SELECT projected_seq FROM projection WHERE ref = 'EXP-1'"), 2);
    expectIncrementalEqualsRebuild();
}

void ProjectorTest::runningTwiceOrFromAResetWatermarkGivesTheSameRows()
{
    for (int i = 1; i <= 5; ++i)
        m_f.publish(u"EXP-%1"_s.arg(i), u"Article %1"_s.arg(i));
    m_f.publish(u"EXP-2"_s, u"Article 2 corrected"_s);
    QCOMPARE(project(2).events, 7);
    const QStringList first = m_f.dump();
    QCOMPARE(project().events, 0); // nothing new: nothing applied
    QCOMPARE(m_f.dump(), first);
    QVERIFY(m_f.db().execScript("UPDATE projector_state SET watermark = 0"));
    QCOMPARE(project(3).events, 7);
    QCOMPARE(m_f.dump(), first);
    QCOMPARE(m_f.count("SELECT count(*) FROM projection_fts"), 5);
}

void ProjectorTest::appliesInBatchesAndStopsAtMaxEvents()
{
    for (int i = 1; i <= 10; ++i)
        m_f.publish(u"EXP-%1"_s.arg(i), u"Article %1"_s.arg(i));
    Projector projector(m_f.db(), m_f.clock());
    QList<qint64> sizes;
    auto run = projector.run(3, 7, [&](const ProjectorBatch &b) { sizes.append(b.events); });
    QVERIFY2(run, qPrintable(run.error()));
    QCOMPARE(sizes, (QList<qint64>{3, 3, 1}));
    QCOMPARE(run->events, 7);
    QCOMPARE(run->watermark, 7);
    QVERIFY(!run->caughtUp);
    QCOMPARE(m_f.count("SELECT count(*) FROM projection"), 7);
    QCOMPARE(m_f.count("SELECT count(*) FROM projector_runs"), 3);
    QCOMPARE(m_f.count("SELECT sum(events) FROM projector_runs"), 7);

    auto step = projector.step(100);
    QVERIFY2(step, qPrintable(step.error()));
    QCOMPARE(step->events, 3);
    QCOMPARE(step->watermark, 10);
    QCOMPARE(projector.step(100)->events, 0);
}

void ProjectorTest::tidyingMergesTheTextIndexIntoOneSegment()
{
    // Each batch leaves a segment in the FTS5 index; FTS5 alone keeps about
    // ten of these forty.
    for (int i = 1; i <= 40; ++i)
        m_f.publish(u"EXP-%1"_s.arg(i), u"Article %1 about ledgers"_s.arg(i));
    QCOMPARE(project(1).events, 40);
    const char *segments = "SELECT count(DISTINCT segid) FROM projection_fts_idx";
    QVERIFY(m_f.count(segments) > 2);
    Projector projector(m_f.db(), m_f.clock());
    int steps = 0;
    for (bool more = true; more && steps < 100; ++steps) {
        auto tidied = projector.tidyIndex(1); // one page a step: many steps
        QVERIFY2(tidied, qPrintable(tidied.error()));
        more = *tidied;
    }
    QVERIFY(steps > 1);
    QCOMPARE(m_f.count(segments), 1);
    QCOMPARE(m_f.count("SELECT count(*) FROM projection_fts WHERE projection_fts MATCH 'ledgers'"),
             40);
    // Nothing left to merge: a step says so.
    QCOMPARE(projector.tidyIndex().value(), false);
}

void ProjectorTest::aFailedBatchWritesNothingAndLeavesTheWatermark()
{
    for (int i = 1; i <= 4; ++i)
        m_f.publish(u"EXP-%1"_s.arg(i), u"Article %1"_s.arg(i));
    // A crash inside the second batch, simulated by a failing trigger.
    QVERIFY(m_f.db().execScript("CREATE TRIGGER crash BEFORE INSERT ON projection "
                                "WHEN NEW.ref = 'EXP-4' BEGIN SELECT RAISE(ABORT, 'simulated "
                                "crash'); END"));
    auto run = Projector(m_f.db(), m_f.clock()).run(2);
    QVERIFY(!run);
    QVERIFY2(run.error().contains(u"simulated crash"_s), qPrintable(run.error()));
    QCOMPARE(m_f.count("SELECT watermark FROM projector_state"), 2);
    QCOMPARE(m_f.count("SELECT count(*) FROM projection"), 2);
    QCOMPARE(m_f.count("SELECT count(*) FROM projection WHERE ref = 'EXP-3'"), 0);
    QCOMPARE(m_f.count("SELECT count(*) FROM projection_fts"), 2);
    QCOMPARE(m_f.count("SELECT count(*) FROM projector_dead_letters"), 0);

    QVERIFY(m_f.db().execScript("DROP TRIGGER crash"));
    QCOMPARE(project(2).events, 2);
    QCOMPARE(m_f.count("SELECT count(*) FROM projection"), 4);
    expectIncrementalEqualsRebuild();
}

void ProjectorTest::anEventThatCannotBeAppliedIsDeadLetteredAndTheProjectorContinues()
{
    m_f.publish(u"EXP-1"_s, u"Before"_s);
    m_f.event(u"revision-activated"_s, u"EXP-1"_s, 9);  // no such revision
    m_f.event(u"revision-activated"_s, u"EXP-99"_s, 1); // no such article
    m_f.publish(u"EXP-2"_s, u"After"_s);
    const ProjectorRun run = project();
    QCOMPARE(run.events, 4);
    QCOMPARE(run.deadLettered, 2);
    QCOMPARE(run.watermark, 4);
    QCOMPARE(m_f.count("SELECT count(*) FROM projector_dead_letters"), 2);
    auto error = m_f.db().queryText("SELECT error FROM projector_dead_letters WHERE seq = 2");
    QCOMPARE(*error, u"EXP-1 revision 9 does not exist"_s);
    QCOMPARE(m_f.count("SELECT revision FROM projection WHERE ref = 'EXP-1'"), 1);
    QCOMPARE(m_f.count("SELECT count(*) FROM projection WHERE ref = 'EXP-2'"), 1);
    QCOMPARE(m_f.count("SELECT count(*) FROM projection WHERE ref = 'EXP-99'"), 0);
    expectIncrementalEqualsRebuild();
}

void ProjectorTest::supersededAndRetiredRevisionsAreNoLongerActive()
{
    m_f.publish(u"EXP-1"_s, u"Obsolete wording"_s);
    m_f.publish(u"EXP-1"_s, u"Corrected wording"_s);
    m_f.publish(u"EXP-2"_s, u"Stale advice"_s);
    QCOMPARE(project().events, 4);
    QVERIFY(m_f.setState(u"EXP-2"_s, 1, u"retired"_s));
    m_f.event(u"revision-retired"_s, u"EXP-2"_s, 1);
    m_f.addRevision(u"EXP-3"_s, u"rejected"_s, u"Rejected route"_s);
    m_f.event(u"revision-recorded"_s, u"EXP-3"_s, 1);
    QCOMPARE(project().events, 2);

    auto activeMatches = [&](const char *words) {
        Statement s = m_f.db().prepare(
            "SELECT count(*) FROM projection_fts f JOIN projection p ON p.rowid = f.rowid "
            "WHERE projection_fts MATCH ?1 AND p.status = 'active'");
        s.bind(1, words);
        return *s.step() ? s.int64(0) : -1;
    };
    QCOMPARE(activeMatches("obsolete"), 0);
    QCOMPARE(activeMatches("corrected"), 1);
    QCOMPARE(activeMatches("stale"), 0);
    QCOMPARE(activeMatches("rejected"), 0);
    // Still there, labelled: memory search reports non-current records.
    QCOMPARE(*m_f.db().queryText("SELECT status FROM projection WHERE ref = 'EXP-2'"),
             u"retired"_s);
    QCOMPARE(*m_f.db().queryText("SELECT status FROM projection WHERE ref = 'EXP-3'"),
             u"rejected"_s);
    QCOMPARE(m_f.count("SELECT count(*) FROM projection WHERE status = 'active'"), 1);
    expectIncrementalEqualsRebuild();
}

void ProjectorTest::aSecondProjectorFindsNothingLeftToDo()
{
    for (int i = 1; i <= 3; ++i)
        m_f.publish(u"EXP-%1"_s.arg(i), u"Article %1"_s.arg(i));
    auto other = Database::open(m_f.path());
    QVERIFY2(other, qPrintable(other.error()));
    QCOMPARE(project().events, 3);
    // The other connection re-reads the watermark inside its transaction.
    auto second = Projector(**other, m_f.clock()).run();
    QVERIFY2(second, qPrintable(second.error()));
    QCOMPARE(second->events, 0);
    QCOMPARE(second->watermark, 3);
}

void ProjectorTest::incrementalEqualsRebuildOnTheDemoData()
{
    auto built = DemoBuilder(m_f.db(), m_f.clock(), u"tester"_s).build(0);
    QVERIFY2(built, qPrintable(built.error()));
    const ProjectorRun run = project(3);
    QVERIFY(run.events > 0);
    QCOMPARE(run.deadLettered, 0);
    QVERIFY(m_f.count("SELECT count(*) FROM projection WHERE status <> 'active'") > 0);
    expectIncrementalEqualsRebuild();
}

// The repository's memory corpus: decisions and notes in every state, in
// batches that end in the middle of it. (At scale: tests/pepcorpus.)
void ProjectorTest::incrementalEqualsRebuildOnTheMemoryCorpus()
{
    auto imported =
        MemoryImport(m_f.db(), m_f.clock()).importTree(TestPaths::source("tests/data/memory"));
    QVERIFY2(imported, qPrintable(imported.error()));
    QVERIFY2(imported->problems.isEmpty(), qPrintable(imported->problems.join(u'\n')));
    const ProjectorRun run = project(7);
    QCOMPARE(run.events, 51);
    QCOMPARE(m_f.count("SELECT count(*) FROM projection"), 51);
    QCOMPARE(m_f.count("SELECT count(*) FROM projection WHERE status <> 'active'"), 11);
    expectIncrementalEqualsRebuild();
}

QTEST_GUILESS_MAIN(ProjectorTest)
#include "tst_projector.moc"
