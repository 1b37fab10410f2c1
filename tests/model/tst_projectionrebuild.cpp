// Rebuild from canonical state: atomic swap, watermark at the head, and a
// verify diff that finds every difference.

#include "ProjectionRebuild.h"
#include "ProjectionVerify.h"
#include "Projector.h"
#include "ProjectorFixture.h"
#include "Schema.h"

using namespace cw;
using namespace cw::test;

class ProjectionRebuildTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup() { m_f.close(); }

    void verifyOfACaughtUpProjectionFindsNoDifference();
    void verifyFindsATamperedFieldAndAMissingRow();
    void verifyFindsAnExtraRowAndTamperedFullText();
    void rebuildRestoresTheRowsTheProjectorWrote();
    void rebuildSetsTheWatermarkToTheHeadAndDeadLettersWhatCannotBeApplied();
    void aFailedRebuildLeavesTheLiveProjectionUntouched();
    void aProjectLaterThanARebuildAppliesOnlyNewEvents();
    void migratingAVersionNineDatabaseIndexesItsTextFromTheProjection();

private:
    QStringList differences();

    ProjectorFixture m_f;
};

void ProjectionRebuildTest::init()
{
    m_f.open();
    m_f.publish(u"EXP-1"_s, u"Register row missing"_s);
    m_f.publish(u"EXP-1"_s, u"Register row missing after migration"_s);
    m_f.publish(u"EXP-2"_s, u"Address change not propagated"_s);
    m_f.publish(u"EXP-3"_s, u"Premium recalculation"_s);
    QVERIFY(m_f.setState(u"EXP-3"_s, 1, u"retired"_s));
    m_f.event(u"revision-retired"_s, u"EXP-3"_s, 1);
    auto run = Projector(m_f.db(), m_f.clock()).run();
    QVERIFY2(run, qPrintable(run.error()));
    QCOMPARE(run->watermark, 6);
}

QStringList ProjectionRebuildTest::differences()
{
    auto verified = ProjectionVerify(m_f.db()).verify();
    if (!verified)
        return {u"verify failed: "_s + verified.error()};
    QStringList texts;
    for (const ProjectionDifference &d : verified->differences)
        texts.append(d.toText());
    return texts;
}

void ProjectionRebuildTest::verifyOfACaughtUpProjectionFindsNoDifference()
{
    auto verified = ProjectionVerify(m_f.db()).verify();
    QVERIFY2(verified, qPrintable(verified.error()));
    QVERIFY(verified->identical());
    QCOMPARE(verified->liveRows, 3);
    QCOMPARE(verified->rebuiltRows, 3);
    QCOMPARE(verified->watermark, 6);
    // Verify writes nothing and leaves no table behind.
    QCOMPARE(m_f.count("SELECT count(*) FROM temp.sqlite_master"), 0);
}

void ProjectionRebuildTest::verifyFindsATamperedFieldAndAMissingRow()
{
    QVERIFY(m_f.db().execScript("UPDATE projection SET title = 'Tampered' WHERE ref = 'EXP-1'"));
    QVERIFY(m_f.db().execScript("DELETE FROM projection WHERE ref = 'EXP-2'"));
    const QStringList found = differences();
    QCOMPARE(found.size(), 3);
    QCOMPARE(found[0], u"EXP-1: title differs: live \"Tampered\" vs rebuilt \"Register row "
                       "missing after migration\""_s);
    QCOMPARE(found[1], u"EXP-2: missing from the live projection (rebuild has revision 1, "
                       "active)"_s);
    // The FTS row of the deleted projection row is left over and still matches.
    QCOMPARE(found[2], u"full-text index: 1 rows belong to no projection row"_s);
}

void ProjectionRebuildTest::verifyFindsAnExtraRowAndTamperedFullText()
{
    QVERIFY(m_f.db().execScript(
        "INSERT INTO projection (ref, revision, kind, domain, status, title, projected_seq) "
        "VALUES ('EXP-9', 1, 'experience', 'data', 'active', 'Ghost', 6)"));
    QVERIFY(m_f.db().execScript("UPDATE projection_fts SET body = 'rewritten' WHERE rowid = "
                                "(SELECT rowid FROM projection WHERE ref = 'EXP-3')"));
    QVERIFY(m_f.db().execScript("UPDATE projection SET status = 'active' WHERE ref = 'EXP-3'"));
    const QStringList found = differences();
    QCOMPARE(found.size(), 3);
    QVERIFY2(found[0].startsWith(u"EXP-3: status differs: live \"active\" vs rebuilt "
                                 "\"retired\""_s),
             qPrintable(found[0]));
    QCOMPARE(found[1], u"EXP-9: in the live projection (revision 1, active) but not in a "
                       "rebuild"_s);
    QVERIFY2(found[2].startsWith(u"EXP-3: full-text body differs: live \"rewritten\""_s),
             qPrintable(found[2]));
}

void ProjectionRebuildTest::rebuildRestoresTheRowsTheProjectorWrote()
{
    const QStringList incremental = m_f.dump();
    QVERIFY(m_f.db().execScript("UPDATE projection SET title = 'Tampered' WHERE ref = 'EXP-1'"));
    QVERIFY(m_f.db().execScript("DELETE FROM projection WHERE ref = 'EXP-2'"));
    auto rebuilt = ProjectionRebuild(m_f.db(), m_f.clock()).rebuild();
    QVERIFY2(rebuilt, qPrintable(rebuilt.error()));
    QCOMPARE(rebuilt->rows, 3);
    QCOMPARE(m_f.dump(), incremental);
    QCOMPARE(m_f.count("SELECT count(*) FROM projection_fts"), 3);
    QVERIFY(differences().isEmpty());
}

void ProjectionRebuildTest::rebuildSetsTheWatermarkToTheHeadAndDeadLettersWhatCannotBeApplied()
{
    m_f.publish(u"EXP-4"_s, u"Pending when the rebuild starts"_s);
    m_f.event(u"revision-activated"_s, u"EXP-4"_s, 7); // no such revision
    auto rebuilt = ProjectionRebuild(m_f.db(), m_f.clock()).rebuild();
    QVERIFY2(rebuilt, qPrintable(rebuilt.error()));
    QCOMPARE(rebuilt->watermark, 8);
    QCOMPARE(m_f.count("SELECT watermark FROM projector_state"), 8);
    QCOMPARE(m_f.count("SELECT count(*) FROM projection"), 4);
    QCOMPARE(*m_f.db().queryText("SELECT error FROM projector_dead_letters WHERE seq = 8"),
             u"EXP-4 revision 7 does not exist"_s);
    QVERIFY(differences().isEmpty());
}

void ProjectionRebuildTest::aFailedRebuildLeavesTheLiveProjectionUntouched()
{
    const QStringList before = m_f.dump();
    m_f.publish(u"EXP-5"_s, u"New since the projection"_s);
    QVERIFY(m_f.db().execScript("CREATE TRIGGER crash BEFORE INSERT ON projection "
                                "WHEN NEW.ref = 'EXP-3' BEGIN SELECT RAISE(ABORT, 'simulated "
                                "crash'); END"));
    auto rebuilt = ProjectionRebuild(m_f.db(), m_f.clock()).rebuild();
    QVERIFY(!rebuilt);
    QVERIFY2(rebuilt.error().contains(u"simulated crash"_s), qPrintable(rebuilt.error()));
    QCOMPARE(m_f.dump(), before);
    QCOMPARE(m_f.count("SELECT watermark FROM projector_state"), 6);
    QCOMPARE(m_f.count("SELECT count(*) FROM temp.sqlite_master"), 0);
}

void ProjectionRebuildTest::aProjectLaterThanARebuildAppliesOnlyNewEvents()
{
    auto rebuilt = ProjectionRebuild(m_f.db(), m_f.clock()).rebuild();
    QVERIFY2(rebuilt, qPrintable(rebuilt.error()));
    m_f.publish(u"EXP-2"_s, u"Address change corrected"_s);
    auto run = Projector(m_f.db(), m_f.clock()).run();
    QVERIFY2(run, qPrintable(run.error()));
    QCOMPARE(run->events, 2);
    QCOMPARE(m_f.count("SELECT revision FROM projection WHERE ref = 'EXP-2'"), 2);
    QVERIFY(differences().isEmpty());
}

void ProjectionRebuildTest::migratingAVersionNineDatabaseIndexesItsTextFromTheProjection()
{
    const QStringList projected = m_f.dump();
    // Back to schema version 9: the index kept its own copy of the text.
    QVERIFY(m_f.db().execScript(
        "DROP TABLE projection_fts; DROP VIEW projection_text; "
        "CREATE VIRTUAL TABLE projection_fts USING fts5(ref UNINDEXED, title, synopsis, body, "
        "tokenize = 'unicode61 remove_diacritics 2'); "
        "INSERT INTO projection_fts (rowid, ref, title, synopsis, body) SELECT rowid, ref, title, "
        "synopsis, coalesce(body, '') || char(10) || coalesce(mechanism, '') || char(10) || "
        "coalesce(method, '') || char(10) || coalesce(outcome, '') || char(10) || "
        "coalesce(limits, '') FROM projection; "
        "DROP INDEX principals_by_db_role; ALTER TABLE principals DROP COLUMN db_role; "
        "DROP INDEX reviews_by_login; ALTER TABLE reviews DROP COLUMN login; "
        "PRAGMA user_version = 9"));
    QCOMPARE(m_f.count("SELECT count(*) FROM projection_fts_content"), 3);
    m_f.reopen();
    QCOMPARE(m_f.db().schemaVersion(), Schema::currentVersion());
    // The text is no longer stored twice, and every row is still found by
    // its words, with the same text read back.
    QCOMPARE(m_f.count("SELECT count(*) FROM sqlite_master WHERE name = 'projection_fts_content'"),
             0);
    QCOMPARE(m_f.count("SELECT count(*) FROM projection_fts WHERE projection_fts MATCH "
                       "'premium AND recalculation'"),
             1);
    QCOMPARE(m_f.count("SELECT count(*) FROM projection_fts WHERE projection_fts MATCH "
                       "'title:migration'"),
             1);
    QCOMPARE(m_f.dump(), projected);
    QVERIFY(differences().isEmpty());
    // And the projector keeps it right after the upgrade.
    m_f.publish(u"EXP-2"_s, u"Address change propagated late"_s);
    QVERIFY(Projector(m_f.db(), m_f.clock()).run());
    QCOMPARE(m_f.count("SELECT count(*) FROM projection_fts WHERE projection_fts MATCH 'late'"), 1);
    QCOMPARE(m_f.count("SELECT count(*) FROM projection_fts WHERE projection_fts MATCH "
                       "'propagated NOT late'"),
             0);
    QVERIFY(differences().isEmpty());
}

QTEST_GUILESS_MAIN(ProjectionRebuildTest)
#include "tst_projectionrebuild.moc"
