// The model services the front ends use instead of stores (docs/storage.md):
// what the workbench's View As list, the CLI's identity and the candidate
// and proposal panes read.

#include "ArticleRevisions.h"
#include "Identity.h"
#include "IngestFixture.h"
#include "PrincipalDirectory.h"

#include <QTest>

using namespace cw;
using namespace cw::test;
using namespace Qt::Literals::StringLiterals;

class FrontEndServicesTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void principalDirectoryIsEmptyUntilThePrincipalsAreIngested();
    void principalDirectoryListsEveryPrincipalById();
    void resolvingFromTheDatabaseActsAsTheLoginsPrincipal();
    void articleRevisionsReadTheRevisionARetrievalNamed();
    void articleRevisionsFindNothingForAnUnknownRefOrRevision();
    void articleRevisionsNameTheActiveRevision();
};

void FrontEndServicesTest::principalDirectoryIsEmptyUntilThePrincipalsAreIngested()
{
    IngestFixture f;
    QVERIFY2(f.db, qPrintable(f.openError));
    auto empty = PrincipalDirectory(*f.db).isEmpty();
    QVERIFY2(empty, qPrintable(empty.error()));
    QVERIFY(*empty);

    auto ingested = f.ingest(baseLines());
    QVERIFY2(ingested, qPrintable(ingested.error()));
    empty = PrincipalDirectory(*f.db).isEmpty();
    QVERIFY2(empty, qPrintable(empty.error()));
    QVERIFY(!*empty);
}

void FrontEndServicesTest::principalDirectoryListsEveryPrincipalById()
{
    IngestFixture f;
    QVERIFY2(f.db, qPrintable(f.openError));
    QVERIFY(f.ingest(baseLines()));
    auto principals = PrincipalDirectory(*f.db).principals();
    QVERIFY2(principals, qPrintable(principals.error()));
    QStringList ids;
    for (const PrincipalRecord &p : *principals)
        ids << p.id;
    QCOMPARE(ids, (QStringList{u"ana"_s, u"cora"_s, u"dora"_s}));
    QCOMPARE(principals->at(1).roles, QStringList{u"curator"_s});
}

void FrontEndServicesTest::resolvingFromTheDatabaseActsAsTheLoginsPrincipal()
{
    IngestFixture f;
    QVERIFY2(f.db, qPrintable(f.openError));
    QVERIFY(f.ingest(baseLines()));
    auto actor = IdentityResolver::resolve(*f.db, u"cora"_s, QString());
    QVERIFY2(actor, qPrintable(actor.error()));
    QCOMPARE(actor->real.id, u"cora"_s);
    QCOMPARE(actor->effective.id, u"cora"_s);
    // Only admins act as someone else, also through this door.
    auto as = IdentityResolver::resolve(*f.db, u"cora"_s, u"dora"_s);
    QVERIFY(!as);
    QVERIFY2(as.error().contains(u"only for admins"_s), qPrintable(as.error()));
}

void FrontEndServicesTest::articleRevisionsReadTheRevisionARetrievalNamed()
{
    IngestFixture f;
    QVERIFY2(f.db, qPrintable(f.openError));
    QVERIFY(f.ingest(baseLines() + line(article(u"KB-12"_s, u"Register basics"_s))));
    auto revision = ArticleRevisions(*f.db).revision(u"KB-12"_s, 1);
    QVERIFY2(revision, qPrintable(revision.error()));
    QVERIFY(revision->has_value());
    QCOMPARE((*revision)->title, u"Register basics"_s);
    QCOMPARE((*revision)->body, u"How registers are kept."_s);
}

void FrontEndServicesTest::articleRevisionsFindNothingForAnUnknownRefOrRevision()
{
    IngestFixture f;
    QVERIFY2(f.db, qPrintable(f.openError));
    QVERIFY(f.ingest(baseLines() + line(article(u"KB-12"_s, u"Register basics"_s))));
    const ArticleRevisions revisions(*f.db);
    auto unknownRef = revisions.revision(u"KB-99"_s, 1);
    QVERIFY2(unknownRef, qPrintable(unknownRef.error()));
    QVERIFY(!unknownRef->has_value());
    auto unknownRevision = revisions.revision(u"KB-12"_s, 7);
    QVERIFY2(unknownRevision, qPrintable(unknownRevision.error()));
    QVERIFY(!unknownRevision->has_value());
}

void FrontEndServicesTest::articleRevisionsNameTheActiveRevision()
{
    IngestFixture f;
    QVERIFY2(f.db, qPrintable(f.openError));
    QVERIFY(f.ingest(baseLines() + line(article(u"KB-12"_s, u"Register basics"_s))));
    const ArticleRevisions revisions(*f.db);
    auto first = revisions.revision(u"KB-12"_s, 1);
    QVERIFY(first && first->has_value());
    auto active = revisions.active((*first)->articleId);
    QVERIFY2(active, qPrintable(active.error()));
    QVERIFY(active->has_value());
    QCOMPARE((*active)->id, (*first)->id);
    QCOMPARE((*active)->state, u"active"_s);
}

QTEST_GUILESS_MAIN(FrontEndServicesTest)
#include "tst_frontendservices.moc"
