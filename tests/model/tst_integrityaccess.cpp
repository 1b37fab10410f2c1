// Who may scan the file for corruption (`curation-cli check`): every
// principal with a role; a principal without one is refused, and so is a
// caller no principal maps to once principals exist.

#include "Database.h"
#include "IntegrityAccess.h"

#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

class IntegrityAccessTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aPrincipalWithARoleMayCheck();
    void aPrincipalWithoutARoleMayNot();
    void anUnmappedCallerMayOnlyBeforeAnyPrincipalExists();
};

namespace {

Actor actorWithRoles(const QStringList &roles)
{
    PrincipalRecord principal;
    principal.id = u"p1"_s;
    principal.roles = roles;
    return {principal, principal};
}

} // namespace

void IntegrityAccessTest::aPrincipalWithARoleMayCheck()
{
    auto db = Database::open(u":memory:"_s);
    QVERIFY(db);
    const Actor analyst = actorWithRoles({u"analyst"_s});
    QVERIFY(IntegrityAccess::mayCheck(**db, &analyst));
}

void IntegrityAccessTest::aPrincipalWithoutARoleMayNot()
{
    auto db = Database::open(u":memory:"_s);
    QVERIFY(db);
    const Actor roleless = actorWithRoles({});
    auto allowed = IntegrityAccess::mayCheck(**db, &roleless);
    QVERIFY(!allowed);
    QVERIFY2(allowed.error().contains(u"no role"), qPrintable(allowed.error()));
}

void IntegrityAccessTest::anUnmappedCallerMayOnlyBeforeAnyPrincipalExists()
{
    auto db = Database::open(u":memory:"_s);
    QVERIFY(db);
    QVERIFY(IntegrityAccess::mayCheck(**db, nullptr));
    QVERIFY(
        (*db)->execScript("INSERT INTO principals (id, name, os_user) VALUES ('p1', 'P', 'p')"));
    auto allowed = IntegrityAccess::mayCheck(**db, nullptr);
    QVERIFY(!allowed);
    QVERIFY2(allowed.error().contains(u"no principal is mapped"), qPrintable(allowed.error()));
}

QTEST_GUILESS_MAIN(IntegrityAccessTest)
#include "tst_integrityaccess.moc"
