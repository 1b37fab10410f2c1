// MemoryExport: memory written back as a contexts/memory/ tree. Importing the
// tree again changes nothing; a decision made through review comes back from
// a fresh import with the same fields; who may export, and every refusal
// leaves the folder as it was.

#include "ArticleStore.h"
#include "MemoryExport.h"
#include "MemoryFileParser.h"
#include "MemoryImport.h"
#include "ReviewFixture.h"
#include "TreeFiles.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace cw;
using namespace cw::test;
using namespace Qt::StringLiterals;

namespace {

void writeTreeFile(const QString &root, const QString &relative, const QByteArray &content)
{
    const QString path = root + u'/' + relative;
    QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(file.write(content), content.size());
}

// Every file under root (relative path -> bytes).
QStringList entries(const QString &folder)
{
    return QDir(folder).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden);
}

// What a revision holds that a memory file carries, for comparing two databases.
struct Fields
{
    QString kind, domain, title, body, level, state, tags, relatedTo, supersedes, createdAt;
    bool operator==(const Fields &) const = default;
};

char *toString(const Fields &f) // for QCOMPARE messages
{
    return qstrdup(QStringList{f.kind, f.domain, f.title, f.body, f.level, f.state, f.tags,
                               f.relatedTo, f.supersedes, f.createdAt}
                       .join(u" | "_s)
                       .toUtf8()
                       .constData());
}

Fields currentFields(const Database &db, const QString &ref)
{
    Statement s = db.prepare(
        "SELECT a.kind, a.domain, r.title, r.body, r.level, r.state, "
        "(SELECT group_concat(tag, ',') FROM (SELECT tag FROM revision_tags WHERE revision_id = "
        "r.id AND kind = 'tag' ORDER BY tag) AS t), "
        "(SELECT group_concat(target_ref, ',') FROM (SELECT target_ref FROM revision_links WHERE "
        "revision_id = r.id AND kind = 'related_to' ORDER BY target_ref) AS t), "
        "(SELECT group_concat(target_ref, ',') FROM (SELECT target_ref FROM revision_links WHERE "
        "revision_id = r.id AND kind = 'supersedes' ORDER BY target_ref) AS t), a.created_at "
        "FROM articles a JOIN revisions r ON r.article_id = a.id WHERE a.ref = ?1 AND r.state "
        "NOT IN ('proposed', 'approved') ORDER BY r.state = 'active' DESC, r.revision DESC LIMIT "
        "1");
    s.bind(1, ref);
    auto row = s.step();
    if (!row || !*row)
        return {};
    return {s.text(0), s.text(1), s.text(2), s.text(3), s.text(4),
            s.text(5), s.text(6), s.text(7), s.text(8), s.text(9)};
}

// The state of everything an import could change: revisions (with their
// state and version), articles' paths, outbox events, and audit rows other
// than the adoption rows that say which tree an article is from now.
QString importableState(const ReviewFixture &f)
{
    return f.text("SELECT group_concat(x, ';') FROM (SELECT r.article_id || ':' || r.revision || "
                  "':' || r.state || ':' || r.version || ':' || coalesce(a.source_path, '') AS x "
                  "FROM revisions r JOIN articles a ON a.id = r.article_id ORDER BY r.id) AS s") +
           u" outbox="_s + QString::number(f.rows("outbox")) + u" audit="_s +
           QString::number(
               f.number("SELECT count(*) FROM audit WHERE NOT (action = 'import-memory' AND "
                        "revision IS NULL)"));
}

// A tree with what the format allows and a writer could get wrong: quoting,
// times with offsets, no frontmatter, statuses that are not current, a
// supersession pair, a title only in the heading, "---" inside the body.
void writeHostileTree(const QString &root)
{
    writeTreeFile(root, u"decisions/DEC-20.md"_s,
                  "---\nid: DEC-20\ntitle: 'Pool: \"exhaustion\" # not a comment'\n"
                  "domain: infrastructure\nlevel: strategic\nstatus: final\n"
                  "tags: [pool, \"needs: quoting\", yes]\nrelated_to: [DEC-4]\n"
                  "supersedes: DEC-21\ncreated_at: 2026-01-05\n"
                  "updated_at: 2026-01-06T10:30:00+02:00\nsource: meeting\n---\n"
                  "# Pool exhaustion\n\nSee DEC-3.\n\n---\n\nA rule, not frontmatter.\n");
    writeTreeFile(root, u"decisions/DEC-21.md"_s,
                  "---\nid: DEC-21\ntitle: \"null\"\ndomain: infrastructure\nstatus: Withdrawn\n"
                  "superseded_by: DEC-20\n---\nOld pooling rule.\n");
    writeTreeFile(root, u"decisions/DEC-22.md"_s,
                  "---\nid: DEC-22\n---\n# Only a heading names it\n\nCaf\xc3\xa9 notes.\n");
    writeTreeFile(root, u"notes/plain.md"_s, "No frontmatter at all.\n");
    writeTreeFile(root, u"domains/ops/runbook.md"_s,
                  "---\ntitle: \"yes\"\ntags: []\n---\n# Runbook\n\nRestart the pool.\n");
}

} // namespace

class TestMemoryExport : public QObject
{
    Q_OBJECT

private:
    static Refusable<MemoryExportReport> exportAs(ReviewFixture &f, const QString &who,
                                                  const QString &dir, bool replace = false)
    {
        return MemoryExport(*f.db, f.as(who)).write(dir, replace);
    }

    // DEC-77: a decision recorded in the workbench's database (an ingested
    // article record), never a file. A proposal for a new article gets an
    // EXP-n ref, which no memory file can carry (docs/memory-export.md);
    // EXP-90 is such an article, approved by the curator and the data owner.
    static void recordDecisionsInTheWorkbench(ReviewFixture &f)
    {
        const QJsonObject article{
            {u"type"_s, u"article"_s},
            {u"ref"_s, u"DEC-77"_s},
            {u"kind"_s, u"decision"_s},
            {u"domain"_s, u"data"_s},
            {u"owner"_s, u"dora"_s},
            {u"title"_s, u"Repair register rows from the period close"_s},
            {u"body"_s, u"# Repair register rows\n\nRe-run the close; see DEC-3.\n"_s},
            {u"level"_s, u"operational"_s},
            {u"status"_s, u"active"_s},
            {u"tags"_s, QJsonArray{u"register"_s, u"close"_s}},
            {u"related_to"_s, QJsonArray{u"DEC-3"_s}}};
        QCOMPARE(f.ingest({article}), QString());
        QJsonObject proposal = proposalRecord(u"PR-90"_s, u"verified"_s, {u"P-1"_s});
        proposal.insert(u"kind"_s, u"decision"_s);
        QCOMPARE(f.ingest({proposal}), QString());
        auto approved = f.approveByBoth(u"PR-90"_s);
        QVERIFY2(approved, qPrintable(approved.error()));
        QCOMPARE(f.state(u"PR-90"_s), u"active"_s);
    }

    // PR-91 revises the imported DEC-3 through review and supersedes it.
    static void reviseImportedDecision(ReviewFixture &f)
    {
        QCOMPARE(f.ingest({principalRecord(u"rita"_s, {u"domain_owner"_s}, {u"case-registry"_s})}),
                 QString());
        QJsonObject record = proposalRecord(u"PR-91"_s, u"verified"_s, {u"P-1"_s}, u"DEC-3"_s);
        record.remove(u"domain"_s);
        record.insert(u"title"_s, u"Deduplicate by source identity, reviewed"_s);
        record.insert(u"body"_s, u"# Deduplicate by source identity\n\nReviewed text.\n"_s);
        record.insert(u"level"_s, u"operational"_s);
        QCOMPARE(f.ingest({record}), QString());
        auto first =
            f.workflow->approve(f.as(u"cora"_s), u"PR-91"_s, f.version(u"PR-91"_s), u"ok"_s);
        QVERIFY2(first, qPrintable(first.error()));
        auto second =
            f.workflow->approve(f.as(u"rita"_s), u"PR-91"_s, f.version(u"PR-91"_s), u"ok"_s);
        QVERIFY2(second, qPrintable(second.error()));
        auto superseded = f.workflow->supersede(f.as(u"cora"_s), u"DEC-3"_s, u"PR-91"_s,
                                                f.activeVersion(u"DEC-3"_s), u"reviewed"_s);
        QVERIFY2(superseded, qPrintable(superseded.error()));
    }

private Q_SLOTS:
    void aRenderedFileParsesBackToItsFields()
    {
        MemoryExportFile file;
        file.path = u"decisions/DEC-7.md"_s;
        file.ref = u"DEC-7"_s;
        file.kind = u"decision"_s;
        file.domain = u"infra: core"_s;
        file.title = u"Title: \"quoted\" # hash, \x1b escape, line\nbreak, null"_s;
        file.level = u"true"_s;
        file.status = u"superseded"_s;
        file.tags = {u"a, b"_s, u"[x]"_s, u"null"_s, u"#t"_s};
        file.relatedTo = {u"DEC-1"_s};
        file.supersededBy = {u"DEC-8"_s};
        file.createdAt = u"2026-01-05T00:00:00Z"_s;
        file.updatedAt = u"2026-01-06T08:30:00Z"_s;
        file.body = u"\n---\nbody with a delimiter line\n...\nDEC-1 and DEC-9\n"_s;
        auto doc = MemoryFileParser::parse(file.path, MemoryExport::render(file));
        QVERIFY2(doc, qPrintable(doc.error()));
        QCOMPARE(doc->ref, file.ref);
        QCOMPARE(doc->kind, file.kind);
        QCOMPARE(doc->domain, file.domain);
        QCOMPARE(doc->title, file.title);
        QCOMPARE(doc->level, file.level);
        QCOMPARE(doc->status, file.status);
        QCOMPARE(doc->tags, file.tags);
        QCOMPARE(doc->relatedTo, file.relatedTo);
        QCOMPARE(doc->supersededBy, file.supersededBy);
        QCOMPARE(doc->createdAt, file.createdAt);
        QCOMPARE(doc->updatedAt, file.updatedAt);
        QCOMPARE(doc->body, file.body);
    }

    void reimportingTheExportChangesNothing()
    {
        ReviewFixture f;
        QVERIFY2(f.ok(), qPrintable(f.error));
        QTemporaryDir work;
        writeHostileTree(work.filePath(u"tree"_s));
        auto imported = MemoryImport(*f.db, f.clock).importTree(work.filePath(u"tree"_s));
        QVERIFY2(imported, qPrintable(imported.error()));
        QVERIFY2(imported->problems.isEmpty(), qPrintable(imported->problems.join(u'\n')));
        reviseImportedDecision(f);
        // A revision still in review is not the article's: never exported.
        QJsonObject pending = proposalRecord(u"PR-92"_s, u"verified"_s, {u"P-1"_s}, u"DEC-3"_s);
        pending.remove(u"domain"_s);
        QCOMPARE(f.ingest({pending}), QString());

        auto exported = exportAs(f, u"cora"_s, work.filePath(u"out"_s));
        QVERIFY2(exported, qPrintable(exported.error()));
        QCOMPARE(exported->decisions, 5 + 3); // the demo's and DEC-20..22
        QCOMPARE(exported->articles, 3);
        QCOMPARE(exported->notCurrent, 3); // DEC-1 superseded, DEC-2 rejected, DEC-21 withdrawn
        QCOMPARE(exported->fromWorkbench, 0);
        const QByteArray dec3 = treeFiles(exported->dir).value(u"decisions/DEC-3.md"_s);
        QVERIFY2(dec3.contains("Reviewed text."), dec3.constData());
        QVERIFY(!dec3.contains("PR-92"));

        const QString before = importableState(f);
        auto again = MemoryImport(*f.db, f.clock).importTree(exported->dir);
        QVERIFY2(again, qPrintable(again.error()));
        QCOMPARE(again->imported, 0);
        QCOMPARE(again->revised, 0);
        QCOMPARE(again->restored, 0);
        QCOMPARE(again->retired.size(), 0);
        QVERIFY2(again->problems.isEmpty(), qPrintable(again->problems.join(u'\n')));
        QCOMPARE(again->unchanged, exported->files());
        QCOMPARE(importableState(f), before);

        // The export of the re-imported memory is the same tree, byte for byte.
        auto second = exportAs(f, u"cora"_s, work.filePath(u"out2"_s));
        QVERIFY2(second, qPrintable(second.error()));
        QCOMPARE(treeFiles(second->dir), treeFiles(exported->dir));
    }

    void aDecisionMadeThroughReviewComesBackFromAFreshImport()
    {
        ReviewFixture f;
        QVERIFY2(f.ok(), qPrintable(f.error));
        recordDecisionsInTheWorkbench(f);
        reviseImportedDecision(f);
        QTemporaryDir work;
        auto exported = exportAs(f, u"cora"_s, work.filePath(u"memory"_s));
        QVERIFY2(exported, qPrintable(exported.error()));
        QCOMPARE(exported->fromWorkbench, 1);
        // The proposal's new decision has an EXP ref: left out, and counted.
        const QString made = f.text("SELECT a.ref FROM proposals p JOIN revisions r ON r.id = "
                                    "p.revision_id JOIN articles a ON a.id = r.article_id "
                                    "WHERE p.id = 'PR-90'");
        QVERIFY2(made.startsWith(u"EXP-"_s), qPrintable(made));
        QVERIFY(exported->leftOut.value(u"decision"_s) == 1);
        QVERIFY(exported->leftOut.value(u"experience"_s) > 0); // no file form: not written

        auto fresh = Database::open(work.filePath(u"fresh.db"_s));
        QVERIFY2(fresh, qPrintable(fresh.error()));
        auto imported = MemoryImport(**fresh, f.clock).importTree(exported->dir);
        QVERIFY2(imported, qPrintable(imported.error()));
        QVERIFY2(imported->problems.isEmpty(), qPrintable(imported->problems.join(u'\n')));
        QCOMPARE(imported->imported, exported->files());
        for (const QString &ref : {u"DEC-77"_s, u"DEC-3"_s, u"DEC-1"_s, u"DEC-4"_s}) {
            const Fields original = currentFields(*f.db, ref);
            QVERIFY2(!original.kind.isEmpty(), qPrintable(ref));
            QCOMPARE(currentFields(**fresh, ref), original);
        }
    }

    // docs/memory-export.md: the one change a re-import into the same
    // database makes for a decision that was never a file. It becomes the
    // tree's file (a source path, so memory search lists it) with one new
    // revision of the same content; the next import changes nothing.
    void aDecisionRecordedInTheWorkbenchBecomesAFileOnce()
    {
        ReviewFixture f;
        QVERIFY2(f.ok(), qPrintable(f.error));
        recordDecisionsInTheWorkbench(f);
        QTemporaryDir work;
        auto exported = exportAs(f, u"cora"_s, work.filePath(u"memory"_s));
        QVERIFY2(exported, qPrintable(exported.error()));
        const Fields before = currentFields(*f.db, u"DEC-77"_s);
        auto first = MemoryImport(*f.db, f.clock).importTree(exported->dir);
        QVERIFY2(first, qPrintable(first.error()));
        QCOMPARE(first->revised, 1);
        QCOMPARE(first->unchanged, exported->files() - 1);
        QCOMPARE(currentFields(*f.db, u"DEC-77"_s), before);
        QCOMPARE(f.text("SELECT source_path FROM articles WHERE ref = 'DEC-77'"),
                 u"decisions/DEC-77.md"_s);
        auto second = MemoryImport(*f.db, f.clock).importTree(exported->dir);
        QVERIFY2(second, qPrintable(second.error()));
        QCOMPARE(second->revised, 0);
        QCOMPARE(second->unchanged, exported->files());
    }

    void aStateChangedThroughReviewIsWhatTheFileSays()
    {
        ReviewFixture f;
        QVERIFY2(f.ok(), qPrintable(f.error));
        // DEC-5 was filed as active; a curator retires it in the workbench.
        auto retired = f.workflow->retire(f.as(u"cora"_s), u"DEC-5"_s, f.activeVersion(u"DEC-5"_s),
                                          u"obsolete"_s);
        QVERIFY2(retired, qPrintable(retired.error()));
        QTemporaryDir work;
        auto exported = exportAs(f, u"cora"_s, work.filePath(u"memory"_s));
        QVERIFY2(exported, qPrintable(exported.error()));
        const QByteArray dec5 = treeFiles(exported->dir).value(u"decisions/DEC-5.md"_s);
        QVERIFY2(dec5.contains("\nstatus: retired\n"), dec5.constData());
        auto fresh = Database::open(work.filePath(u"fresh.db"_s));
        QVERIFY(fresh);
        QVERIFY(MemoryImport(**fresh, f.clock).importTree(exported->dir));
        QCOMPARE(currentFields(**fresh, u"DEC-5"_s).state, u"retired"_s);
    }

    void onlyCuratorsAndAdminsMayExport()
    {
        ReviewFixture f;
        QVERIFY2(f.ok(), qPrintable(f.error));
        QTemporaryDir work;
        // ana: an analyst (Studio); agent-data: an analyst of every tenant;
        // dora: a domain owner; an admin acting as ana has ana's scope.
        const QList<std::pair<QString, Actor>> refused = {{u"ana"_s, f.as(u"ana"_s)},
                                                          {u"agent-data"_s, f.as(u"agent-data"_s)},
                                                          {u"dora"_s, f.as(u"dora"_s)},
                                                          {u"ana"_s, f.adminAs(u"ana"_s)}};
        for (const auto &[who, actor] : refused) {
            auto no = MemoryExport(*f.db, actor).write(work.filePath(u"memory"_s), false);
            QVERIFY2(!no, qPrintable(who));
            QCOMPARE(no.refusal().kind, Refusal::Forbidden);
            QVERIFY2(no.refusal().message.contains(who), qPrintable(no.refusal().message));
            QCOMPARE(entries(work.path()), QStringList());
        }
        for (const QString &who : {u"cora"_s, u"nils"_s, u"admin"_s}) {
            auto yes = exportAs(f, who, work.filePath(who));
            QVERIFY2(yes, qPrintable(who + u": "_s + yes.error()));
        }
        // No principal mapped to the login on a database that has principals.
        QVERIFY(!MemoryExport(*f.db, std::nullopt).write(work.filePath(u"none"_s), false));
    }

    void aFolderThatIsNotEmptyIsRefusedUnlessForced()
    {
        ReviewFixture f;
        QVERIFY2(f.ok(), qPrintable(f.error));
        QTemporaryDir work;
        const QString dir = work.filePath(u"memory"_s);
        writeTreeFile(dir, u"decisions/DEC-99.md"_s, "---\nid: DEC-99\n---\nstale\n");
        auto refused = exportAs(f, u"cora"_s, dir);
        QVERIFY(!refused);
        QCOMPARE(refused.refusal().kind, Refusal::Invalid);
        QVERIFY2(refused.refusal().message.contains(dir) &&
                     refused.refusal().message.contains(u"--force"_s),
                 qPrintable(refused.refusal().message));
        QCOMPARE(treeFiles(dir).keys(), QStringList{u"decisions/DEC-99.md"_s});
        QCOMPARE(entries(work.path()), QStringList{u"memory"_s}); // no staging folder left

        auto forced = exportAs(f, u"cora"_s, dir, true);
        QVERIFY2(forced, qPrintable(forced.error()));
        QVERIFY(forced->replaced);
        QVERIFY(!treeFiles(dir).contains(u"decisions/DEC-99.md"_s));
        QVERIFY(treeFiles(dir).contains(u"decisions/DEC-4.md"_s));
        QCOMPARE(entries(work.path()), QStringList{u"memory"_s});

        // An empty folder is fine without --force.
        QVERIFY(QDir().mkpath(work.filePath(u"empty"_s)));
        QVERIFY(exportAs(f, u"cora"_s, work.filePath(u"empty"_s)));
    }

    void forceReplacesOnlyAMemoryTree()
    {
        ReviewFixture f;
        QVERIFY2(f.ok(), qPrintable(f.error));
        QTemporaryDir work;
        const QString dir = work.filePath(u"home"_s);
        writeTreeFile(dir, u"notes/todo.md"_s, "keep\n");
        writeTreeFile(dir, u".ssh/id_ed25519"_s, "secret\n");
        auto refused = exportAs(f, u"cora"_s, dir, true);
        QVERIFY(!refused);
        QVERIFY2(refused.refusal().message.contains(u"id_ed25519"_s),
                 qPrintable(refused.refusal().message));
        QCOMPARE(treeFiles(dir).size(), 2);
        QCOMPARE(entries(work.path()), QStringList{u"home"_s});

        QFile file(work.filePath(u"plain-file"_s));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        auto notAFolder = exportAs(f, u"cora"_s, file.fileName(), true);
        QVERIFY(!notAFolder);
        QVERIFY(notAFolder.refusal().message.contains(u"not a folder"_s));
    }

    void aFolderThatCannotBeWrittenIsRefusedNamingIt()
    {
        ReviewFixture f;
        QVERIFY2(f.ok(), qPrintable(f.error));
        // /proc refuses new folders even to root, so this holds for any user.
        auto refused = exportAs(f, u"cora"_s, u"/proc/cw-export-test"_s);
        QVERIFY(!refused);
        QCOMPARE(refused.refusal().kind, Refusal::Failed);
        QVERIFY2(refused.refusal().message.contains(u"/proc/cw-export-test"_s),
                 qPrintable(refused.refusal().message));
        QTemporaryDir work;
        auto noParent = exportAs(f, u"cora"_s, work.filePath(u"missing/memory"_s));
        QVERIFY(!noParent);
        QVERIFY2(noParent.refusal().message.contains(work.filePath(u"missing"_s)),
                 qPrintable(noParent.refusal().message));
        QCOMPARE(entries(work.path()), QStringList());
    }

    void aReadOnlyFolderIsRefusedNamingIt()
    {
        if (::geteuid() == 0)
            QSKIP("root writes into read-only folders; /proc covers the refusal above");
        ReviewFixture f;
        QVERIFY2(f.ok(), qPrintable(f.error));
        QTemporaryDir work;
        const QString empty = work.filePath(u"read-only"_s);
        QVERIFY(QDir().mkpath(empty));
        QVERIFY(QFile::setPermissions(empty, QFile::ReadOwner | QFile::ExeOwner));
        auto refused = exportAs(f, u"cora"_s, empty);
        QVERIFY(!refused);
        QCOMPARE(refused.refusal().kind, Refusal::Failed);
        QVERIFY2(refused.refusal().message.contains(empty), qPrintable(refused.refusal().message));

        const QString locked = work.filePath(u"locked"_s);
        QVERIFY(QDir().mkpath(locked));
        QVERIFY(QFile::setPermissions(locked, QFile::ReadOwner | QFile::ExeOwner));
        auto inside = exportAs(f, u"cora"_s, locked + u"/memory"_s);
        QVERIFY(!inside);
        QVERIFY2(inside.refusal().message.contains(locked), qPrintable(inside.refusal().message));
        QCOMPARE(entries(locked), QStringList());
        QFile::setPermissions(empty, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        QFile::setPermissions(locked, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    }

    void namesThatWouldLeaveTheTreeAreRefused()
    {
        QTemporaryDir work;
        const QList<std::tuple<QString, QString, QString>> hostile = {
            // ref, kind, source path (empty: made in the workbench)
            {u"DEC-1/../../escaped"_s, u"decision"_s, {}},
            {u"DEC-5\\..\\..\\x"_s, u"decision"_s, {}},
            {u"../../etc/passwd"_s, u"decision"_s, {}},
            {u"notes/outside.md"_s, u"domain-article"_s, u"../outside.md"_s},
            {u"abs.md"_s, u"domain-article"_s, u"/etc/cron.d/x.md"_s}};
        for (const auto &[ref, kind, sourcePath] : hostile) {
            ReviewFixture f;
            QVERIFY2(f.ok(), qPrintable(f.error));
            ArticleStore store(*f.db);
            ArticleRecord article{
                0, ref, kind, u"data"_s, {}, sourcePath, u"2026-01-01T00:00:00Z"_s};
            auto id = store.insertArticle(article);
            QVERIFY2(id, qPrintable(id.error()));
            RevisionRecord revision;
            revision.articleId = *id;
            revision.revision = 1;
            revision.state = u"active"_s;
            revision.title = u"hostile"_s;
            revision.validFrom = revision.createdAt = revision.updatedAt = article.createdAt;
            revision.updatedBy = u"test"_s;
            auto inserted = store.insertRevision(revision);
            QVERIFY2(inserted, qPrintable(inserted.error()));

            const QString dir = work.filePath(u"memory"_s);
            auto refused = exportAs(f, u"cora"_s, dir);
            QVERIFY2(!refused, qPrintable(ref));
            QCOMPARE(refused.refusal().kind, Refusal::Invalid);
            const QString message = refused.refusal().message;
            QVERIFY2(message.contains(ref) && message.contains(u"nothing was exported"_s),
                     qPrintable(message));
            QCOMPARE(entries(work.path()), QStringList());
        }
    }
};

QTEST_GUILESS_MAIN(TestMemoryExport)
#include "tst_memoryexport.moc"
