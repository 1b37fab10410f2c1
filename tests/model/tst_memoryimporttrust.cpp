// What a hostile or careless memory tree must not get past the import
// (issue 10, items 9 to 11): symlinks out of the tree, removed files whose
// articles stay current, records that supersede themselves, folders that are
// two trees at once.

#include "MemoryImportFixture.h"
#include "MemorySearch.h"
#include "MemoryTree.h"
#include "Projector.h"
#include "Statement.h"

#include <QFile>

#include <sys/stat.h>

using namespace cw;
using namespace cw::test;
using namespace Qt::StringLiterals;

namespace {

QByteArray decision(int number, const QByteArray &fields = "domain: infrastructure\n")
{
    return "---\nid: DEC-" + QByteArray::number(number) + "\ntitle: Decision " +
           QByteArray::number(number) + "\nstatus: final\n" + fields + "---\n# Decision " +
           QByteArray::number(number) + "\n\nBody text.\n";
}

} // namespace

class MemoryImportTrustTest : public QObject, public MemoryImportFixture
{
    Q_OBJECT

private Q_SLOTS:
    void init() { MemoryImportFixture::init(); }
    void cleanup() { MemoryImportFixture::cleanup(); }

    // Item 9: symlinks.
    void aFileSymlinkLeavingTheTreeIsReportedAndNotImported();
    void aFolderSymlinkLeavingTheTreeIsReportedAndNotEntered();
    void symlinkLoopsAndDanglingLinksAreReportedAndTheRestImports();
    void aSymlinkInsideTheTreeDoesNotImportAFileTwice();
    void aFileReplacedByASymlinkOutOfTheTreeIsRetired();
    void aNamedPipeIsReportedNotRead();
    void aContextsMemorySymlinkLeavingTheFolderIsRefused();

    // Item 10: removed files.
    void aRemovedFileRetiresItsArticleWithAuditAndOutboxEvent();
    void aRemovedFileIsGoneFromModeAAfterProjecting();
    void aRemovedFileThatComesBackIsANewCurrentRevision();
    void aRemovedNonCurrentFileIsNoLongerListedButKeepsItsState();
    void aFileThatNoLongerParsesIsReportedNotRetired();
    void anArticleRetiredInReviewIsNotRevivedByItsUnchangedFile();

    // Item 11: self-supersession and ambiguous trees.
    void aRecordSupersedingItselfIsRefusedAndTheRestImports();
    void aFolderHoldingContextsMemoryAndDecisionsIsRefusedNamingBoth();

private:
    void write(const QString &relative, const QByteArray &content)
    {
        QVERIFY(writeMemoryFile(m_tree->path(), relative, content));
    }
    void remove(const QString &relative) { QVERIFY(QFile::remove(memoryDir() + u'/' + relative)); }
    void link(const QString &target, const QString &relative)
    {
        const QString path = memoryDir() + u'/' + relative;
        QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
        QVERIFY2(QFile::link(target, path), qPrintable(path));
    }
    QString outside(const QString &name, const QByteArray &content)
    {
        const QString path = m_dir->filePath(name);
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(content) != content.size())
            qWarning("cannot write %s", qPrintable(path));
        return path;
    }
    QString state(const QString &ref, int revision)
    {
        Statement s = m_db->prepare("SELECT r.state FROM revisions r JOIN articles a ON "
                                    "a.id = r.article_id WHERE a.ref = ?1 AND r.revision = ?2");
        s.bind(1, ref).bind(2, revision);
        auto row = s.step();
        return row && *row ? s.text(0) : u"<none>"_s;
    }
    QStringList modeA(const QString &domain)
    {
        if (auto projected = Projector(*m_db, *m_clock).run(); !projected)
            qWarning("project: %s", qPrintable(projected.error()));
        MemoryFieldQuery q;
        q.domain = domain;
        auto r = MemorySearch(*m_db, nullptr).byFields(q);
        QStringList found;
        if (!r) {
            qWarning("Mode A: %s", qPrintable(r.error()));
            return found;
        }
        for (const MemorySearchHit &hit : r->hits)
            found.append(hit.filePath);
        return found;
    }
    QStringList modeB(const QString &keyword)
    {
        auto r = MemorySearch(*m_db, nullptr).byContent({keyword});
        QStringList found;
        for (const MemorySearchHit &hit : r ? r->hits : QList<MemorySearchHit>())
            found.append(hit.filePath);
        return found;
    }
};

void MemoryImportTrustTest::aFileSymlinkLeavingTheTreeIsReportedAndNotImported()
{
    write(u"decisions/DEC-1.md"_s, decision(1));
    link(outside(u"secret/passwd.md"_s, "# root:x:0:0\n\nhunter2\n"), u"notes/passwd.md"_s);
    link(u"/etc/passwd"_s, u"notes/etc-passwd.md"_s);
    const MemoryImportReport report = importTree(m_tree->path());
    QCOMPARE(report.imported, 1);
    QCOMPARE(report.problems,
             QStringList({u"notes/etc-passwd.md: symlink leaves the tree, not imported"_s,
                          u"notes/passwd.md: symlink leaves the tree, not imported"_s}));
    QCOMPARE(count("SELECT count(*) FROM articles WHERE ref LIKE 'notes/%'"), 0);
    QCOMPARE(count("SELECT count(*) FROM revisions WHERE body LIKE '%hunter2%' OR "
                   "body LIKE '%root:%'"),
             0);
    QVERIFY(modeA(u"notes"_s).isEmpty()); // projects first
    QVERIFY(modeB(u"hunter2"_s).isEmpty());
}

void MemoryImportTrustTest::aFolderSymlinkLeavingTheTreeIsReportedAndNotEntered()
{
    write(u"decisions/DEC-1.md"_s, decision(1));
    outside(u"elsewhere/private.md"_s, "# Private\n");
    link(m_dir->filePath(u"elsewhere"_s), u"domains/elsewhere"_s);
    const MemoryImportReport report = importTree(m_tree->path());
    QCOMPARE(report.imported, 1);
    QCOMPARE(report.problems,
             QStringList{u"domains/elsewhere: symlink leaves the tree, not imported"_s});
    QCOMPARE(count("SELECT count(*) FROM articles"), 1);
}

void MemoryImportTrustTest::symlinkLoopsAndDanglingLinksAreReportedAndTheRestImports()
{
    write(u"decisions/DEC-1.md"_s, decision(1));
    link(u"b.md"_s, u"notes/a.md"_s);
    link(u"a.md"_s, u"notes/b.md"_s);
    link(u"../.."_s, u"notes/up"_s); // a folder loop back to the tree's parent
    link(u"."_s, u"notes/here"_s);   // and to itself
    link(u"gone.md"_s, u"notes/dangling.md"_s);
    const MemoryImportReport report = importTree(m_tree->path());
    QCOMPARE(report.imported, 1);
    const QString unresolved =
        u"symlink that does not resolve (dangling or a loop), not imported"_s;
    QCOMPARE(report.problems,
             QStringList({u"notes/a.md: "_s + unresolved, u"notes/b.md: "_s + unresolved,
                          u"notes/dangling.md: "_s + unresolved,
                          u"notes/here: symlink to notes inside the tree, not followed (files are "
                          u"imported once, under their own path)"_s,
                          u"notes/up: symlink leaves the tree, not imported"_s}));
}

void MemoryImportTrustTest::aSymlinkInsideTheTreeDoesNotImportAFileTwice()
{
    write(u"decisions/DEC-1.md"_s, decision(1));
    write(u"notes/real.md"_s, "# Real notes\n");
    link(u"../decisions/DEC-1.md"_s, u"notes/alias.md"_s);
    link(u"../notes"_s, u"domains/notes-again"_s);
    const MemoryImportReport report = importTree(m_tree->path());
    QCOMPARE(report.imported, 2);
    QCOMPARE(report.problems,
             QStringList({u"domains/notes-again: symlink to notes inside the tree, not followed "
                          u"(files are imported once, under their own path)"_s,
                          u"notes/alias.md: symlink to decisions/DEC-1.md inside the tree, not "
                          u"followed (files are imported once, under their own path)"_s}));
    QCOMPARE(count("SELECT count(*) FROM articles"), 2);
    QCOMPARE(count("SELECT count(*) FROM articles WHERE ref IN ('DEC-1', 'notes/real.md')"), 2);
}

void MemoryImportTrustTest::aFileReplacedByASymlinkOutOfTheTreeIsRetired()
{
    write(u"notes/passwd.md"_s, "# Harmless at first\n");
    QCOMPARE(importTree(m_tree->path()).imported, 1);
    remove(u"notes/passwd.md"_s);
    link(u"/etc/passwd"_s, u"notes/passwd.md"_s);
    const MemoryImportReport report = importTree(m_tree->path());
    QCOMPARE(report.problems,
             QStringList{u"notes/passwd.md: symlink leaves the tree, not imported"_s});
    QCOMPARE(report.retired.size(), 1);
    QCOMPARE(report.retired[0].ref, u"notes/passwd.md"_s);
    QCOMPARE(state(u"notes/passwd.md"_s, 1), u"retired"_s);
    QCOMPARE(count("SELECT count(*) FROM revisions"), 1);
}

void MemoryImportTrustTest::aNamedPipeIsReportedNotRead()
{
    write(u"decisions/DEC-1.md"_s, decision(1));
    QVERIFY(QDir().mkpath(memoryDir() + u"/notes"_s));
    // Opening a FIFO would block the import until someone writes to it.
    QCOMPARE(::mkfifo(QFile::encodeName(memoryDir() + u"/notes/pipe.md"_s).constData(), 0600), 0);
    const MemoryImportReport report = importTree(m_tree->path());
    QCOMPARE(report.imported, 1);
    QCOMPARE(report.problems, QStringList{u"notes/pipe.md: not a regular file, not imported"_s});
}

void MemoryImportTrustTest::aContextsMemorySymlinkLeavingTheFolderIsRefused()
{
    QTemporaryDir elsewhere;
    QVERIFY(writeMemoryFile(elsewhere.path(), u"decisions/DEC-1.md"_s, decision(1)));
    QTemporaryDir repo;
    QVERIFY(QDir().mkpath(repo.filePath(u"contexts"_s)));
    QVERIFY(
        QFile::link(elsewhere.filePath(u"contexts/memory"_s), repo.filePath(u"contexts/memory"_s)));
    MemoryImport importer(*m_db, *m_clock);
    auto refused = importer.importTree(repo.path());
    QVERIFY(!refused);
    QVERIFY2(refused.error().contains(u"contexts/memory is a symlink that leaves"),
             qPrintable(refused.error()));
    QCOMPARE(count("SELECT count(*) FROM articles"), 0);
    // Named directly, the target is what the user meant: imported.
    QCOMPARE(importTree(elsewhere.filePath(u"contexts/memory"_s)).imported, 1);
}

void MemoryImportTrustTest::aRemovedFileRetiresItsArticleWithAuditAndOutboxEvent()
{
    write(u"decisions/DEC-1.md"_s, decision(1));
    write(u"decisions/DEC-2.md"_s, decision(2));
    write(u"notes/pool.md"_s, "# Pool notes\n");
    QCOMPARE(importTree(m_tree->path()).imported, 3);
    m_clock->advance(3600);
    remove(u"decisions/DEC-2.md"_s);
    remove(u"notes/pool.md"_s);

    const MemoryImportReport report = importTree(m_tree->path());
    QCOMPARE(report.problems, QStringList());
    QCOMPARE(report.unchanged, 1);
    QCOMPARE(report.retired.size(), 2);
    QCOMPARE(report.retired[0].ref, u"DEC-2"_s);
    QCOMPARE(report.retired[0].sourcePath, u"decisions/DEC-2.md"_s);
    QCOMPARE(report.retired[0].revision, 1);
    QVERIFY(report.retired[0].wasCurrent);
    QCOMPARE(report.retired[1].ref, u"notes/pool.md"_s);

    QCOMPARE(state(u"DEC-1"_s, 1), u"active"_s);
    QCOMPARE(state(u"DEC-2"_s, 1), u"retired"_s);
    QCOMPARE(text("SELECT r.valid_to FROM revisions r JOIN articles a ON a.id = r.article_id "
                  "WHERE a.ref = ?1",
                  u"DEC-2"_s),
             u"2026-03-01T10:00:00Z"_s);
    QCOMPARE(text("SELECT group_concat(event, ' ') FROM outbox WHERE ref = ?1", u"DEC-2"_s),
             u"revision-activated revision-retired"_s);
    QCOMPARE(text("SELECT reason FROM audit WHERE subject = ?1 AND action = 'retire'", u"DEC-2"_s),
             u"decisions/DEC-2.md was removed from the memory tree "_s +
                 QFileInfo(memoryDir()).canonicalFilePath());

    // Importing the same tree again changes nothing more.
    const qint64 changes = count("SELECT total_changes()");
    const MemoryImportReport again = importTree(m_tree->path());
    QVERIFY(again.retired.isEmpty());
    QCOMPARE(again.unchanged, 1);
    QCOMPARE(count("SELECT total_changes()"), changes);
}

void MemoryImportTrustTest::aRemovedFileIsGoneFromModeAAfterProjecting()
{
    write(u"decisions/DEC-1.md"_s, decision(1));
    write(u"decisions/DEC-2.md"_s, decision(2));
    QCOMPARE(importTree(m_tree->path()).imported, 2);
    QCOMPARE(modeA(u"infrastructure"_s),
             QStringList({u"decisions/DEC-1.md"_s, u"decisions/DEC-2.md"_s}));
    remove(u"decisions/DEC-2.md"_s);
    QCOMPARE(importTree(m_tree->path()).retired.size(), 1);
    QCOMPARE(modeA(u"infrastructure"_s), QStringList{u"decisions/DEC-1.md"_s});
    QCOMPARE(modeB(u"body"_s), QStringList{u"decisions/DEC-1.md"_s});
}

void MemoryImportTrustTest::aRemovedFileThatComesBackIsANewCurrentRevision()
{
    write(u"decisions/DEC-2.md"_s, decision(2, "domain: infrastructure\nupdated_at: 2026-01-01\n"));
    QCOMPARE(importTree(m_tree->path()).imported, 1);
    remove(u"decisions/DEC-2.md"_s);
    m_clock->advance(3600);
    QCOMPARE(importTree(m_tree->path()).retired.size(), 1);
    QVERIFY(modeA(u"infrastructure"_s).isEmpty());

    m_clock->advance(3600);
    write(u"decisions/DEC-2.md"_s, decision(2, "domain: infrastructure\nupdated_at: 2026-01-01\n"));
    const MemoryImportReport report = importTree(m_tree->path());
    QCOMPARE(report.restored, 1);
    QCOMPARE(report.unchanged, 0);
    QVERIFY(report.retired.isEmpty());
    QCOMPARE(state(u"DEC-2"_s, 1), u"retired"_s);
    QCOMPARE(state(u"DEC-2"_s, 2), u"active"_s);
    // Current again from now: it was not current while its file was gone.
    QCOMPARE(text("SELECT r.valid_from FROM revisions r JOIN articles a ON a.id = r.article_id "
                  "WHERE a.ref = ?1 AND r.revision = 2",
                  u"DEC-2"_s),
             u"2026-03-01T11:00:00Z"_s);
    QCOMPARE(text("SELECT reason FROM audit WHERE subject = ?1 AND revision = 2", u"DEC-2"_s),
             u"decisions/DEC-2.md is back in the memory tree"_s);
    QCOMPARE(modeA(u"infrastructure"_s), QStringList{u"decisions/DEC-2.md"_s});
    QCOMPARE(importTree(m_tree->path()).unchanged, 1);
}

void MemoryImportTrustTest::aRemovedNonCurrentFileIsNoLongerListedButKeepsItsState()
{
    write(u"decisions/DEC-1.md"_s, decision(1));
    write(u"decisions/DEC-4.md"_s,
          "---\nid: DEC-4\ndomain: infrastructure\nstatus: superseded\nsuperseded_by: DEC-1\n"
          "---\n# Old\n");
    QCOMPARE(importTree(m_tree->path()).imported, 2);
    QCOMPARE(modeA(u"infrastructure"_s),
             QStringList({u"decisions/DEC-1.md"_s, u"decisions/DEC-4.md"_s}));
    remove(u"decisions/DEC-4.md"_s);
    const MemoryImportReport report = importTree(m_tree->path());
    QCOMPARE(report.retired.size(), 1);
    QVERIFY(!report.retired[0].wasCurrent);
    QCOMPARE(state(u"DEC-4"_s, 1), u"superseded"_s);
    QCOMPARE(modeA(u"infrastructure"_s), QStringList{u"decisions/DEC-1.md"_s});
}

void MemoryImportTrustTest::aFileThatNoLongerParsesIsReportedNotRetired()
{
    write(u"decisions/DEC-1.md"_s, decision(1));
    QCOMPARE(importTree(m_tree->path()).imported, 1);
    write(u"decisions/DEC-1.md"_s, "---\nid: DEC-1\ntags: [a, b\n---\n");
    const MemoryImportReport report = importTree(m_tree->path());
    QCOMPARE(report.problems.size(), 1);
    QVERIFY(report.retired.isEmpty());
    QCOMPARE(state(u"DEC-1"_s, 1), u"active"_s);
}

void MemoryImportTrustTest::anArticleRetiredInReviewIsNotRevivedByItsUnchangedFile()
{
    write(u"decisions/DEC-1.md"_s, decision(1));
    QCOMPARE(importTree(m_tree->path()).imported, 1);
    // As ReviewWorkflow::retire leaves it: retired, audited without a removed file.
    QVERIFY(m_db->prepare("UPDATE revisions SET state = 'retired'").exec());
    QVERIFY(m_db->prepare("INSERT INTO audit (at, principal, effective_principal, action, "
                          "subject, revision, reason) VALUES ('2026-03-01T09:30:00Z', 'dora', "
                          "'dora', 'retire', 'DEC-1', 1, 'obsolete')")
                .exec());
    const MemoryImportReport report = importTree(m_tree->path());
    QCOMPARE(report.unchanged, 1);
    QCOMPARE(report.restored, 0);
    QCOMPARE(state(u"DEC-1"_s, 1), u"retired"_s);
}

void MemoryImportTrustTest::aRecordSupersedingItselfIsRefusedAndTheRestImports()
{
    write(u"decisions/DEC-5.md"_s, "---\nid: DEC-5\ntitle: Self\nsupersedes: DEC-5\n---\n");
    write(u"decisions/DEC-6.md"_s, "---\nid: DEC-6\ntitle: Self too\nstatus: superseded\n"
                                   "superseded_by: [DEC-1, DEC-6]\n---\n");
    write(u"notes/self.md"_s, "---\nsupersedes: notes/self.md\n---\n# Self\n");
    write(u"decisions/DEC-7.md"_s, "---\nid: DEC-7\ntitle: Fine\nsupersedes: DEC-5\n---\n");
    const MemoryImportReport report = importTree(m_tree->path());
    QCOMPARE(report.imported, 1);
    QCOMPARE(report.problems,
             QStringList({u"decisions/DEC-5.md: line 4: supersedes names the file's own id DEC-5 "
                          u"(a record cannot supersede itself)"_s,
                          u"decisions/DEC-6.md: line 5: superseded_by names the file's own id "
                          u"DEC-6 (a record cannot supersede itself)"_s,
                          u"notes/self.md: line 2: supersedes names the file's own id "
                          u"notes/self.md (a record cannot supersede itself)"_s}));
    QCOMPARE(count("SELECT count(*) FROM articles"), 1);
}

void MemoryImportTrustTest::aFolderHoldingContextsMemoryAndDecisionsIsRefusedNamingBoth()
{
    write(u"decisions/DEC-1.md"_s, decision(1));
    const QString stray = m_tree->filePath(u"decisions/DEC-2.md"_s);
    QVERIFY(QDir().mkpath(QFileInfo(stray).absolutePath()));
    QFile file(stray);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(decision(2));
    file.close();

    MemoryImport importer(*m_db, *m_clock);
    auto refused = importer.importTree(m_tree->path());
    QVERIFY(!refused);
    const QString nested = QDir::cleanPath(m_tree->path()) + u"/contexts/memory"_s;
    const QString decisions = QDir::cleanPath(m_tree->path()) + u"/decisions"_s;
    QVERIFY2(refused.error().contains(nested) && refused.error().contains(decisions) &&
                 refused.error().contains(u"pass "_s + nested),
             qPrintable(refused.error()));
    QCOMPARE(count("SELECT count(*) FROM articles"), 0);
    // What the message says to pass imports the tree.
    QCOMPARE(importTree(nested).imported, 1);
}

QTEST_GUILESS_MAIN(MemoryImportTrustTest)
#include "tst_memoryimporttrust.moc"
