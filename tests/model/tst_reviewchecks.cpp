// ReviewChecks answers, before anyone types a reason, exactly what the
// workflow would answer: for every principal of the demo and every proposal,
// the refusal it predicts for approve, reject and return is the refusal the
// action then gives (same kind, same words), and where it predicts none the
// action is taken. The GUI disables actions on this answer, so the two must
// never drift apart.

#include "ReviewChecks.h"
#include "ReviewFixture.h"
#include "ReviewTurns.h"

using namespace cw;
using namespace cw::test;

class ReviewChecksTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void thePredictedRefusalIsTheRefusalTheActionGives_data()
    {
        QTest::addColumn<QString>("principal");
        QTest::addColumn<QString>("verb");
        for (const char *who : {"cora", "nils", "dora", "owen", "ana", "admin"})
            for (const char *verb : {"approve", "reject", "return"})
                QTest::addRow("%s %s", who, verb)
                    << QString::fromLatin1(who) << QString::fromLatin1(verb);
    }

    void thePredictedRefusalIsTheRefusalTheActionGives()
    {
        QFETCH(QString, principal);
        QFETCH(QString, verb);
        ReviewFixture f;
        QVERIFY2(f.ok(), qPrintable(f.error));
        const Actor actor = f.as(principal);
        for (int n = 0; n <= 6; ++n) {
            const QString id = u"PR-%1"_s.arg(n);
            const ActionRefusals predicted = ReviewChecks(*f.db, actor).forProposal(id);
            const std::optional<Refusal> &expected = verb == u"approve"_s ? predicted.approve
                                                     : verb == u"reject"_s
                                                         ? predicted.reject
                                                         : predicted.returnProposal;
            Statement s = f.db->prepare(
                "SELECT r.version FROM proposals p JOIN revisions r ON r.id = p.revision_id "
                "WHERE p.id = ?1");
            s.bind(1, id);
            auto row = s.step();
            QVERIFY(row && *row);
            const int version = s.integer(0);
            auto done = verb == u"approve"_s ? f.workflow->approve(actor, id, version, u"checked"_s)
                        : verb == u"reject"_s
                            ? f.workflow->reject(actor, id, version, u"checked"_s)
                            : f.workflow->returnProposal(actor, id, version, u"checked"_s);
            QVERIFY2(bool(done) == !expected,
                     qPrintable(u"%1 %2 %3: predicted %4, got %5"_s.arg(
                         principal, verb, id, expected ? expected->message : u"allowed"_s,
                         done ? u"allowed"_s : done.refusal().message)));
            if (expected) {
                QCOMPARE(done.refusal().kind, expected->kind);
                QCOMPARE(done.refusal().message, expected->message);
            }
        }
    }

    // Whose turn: the sign-offs still missing, and "you" only for who may give one.
    void waitingForFollowsTheSignOffs()
    {
        ReviewFixture f;
        QVERIFY2(f.ok(), qPrintable(f.error));
        auto text = [&](const QString &who, const QString &id) {
            auto w = ReviewTurns(*f.db, f.as(who)).waitingFor(id);
            return w ? w->text() : w.error();
        };
        QCOMPARE(text(u"cora"_s, u"PR-1"_s), u"you"_s);
        QCOMPARE(text(u"ana"_s, u"PR-1"_s), u"curator, owner of data"_s);
        QCOMPARE(text(u"admin"_s, u"PR-1"_s), u"curator, owner of data"_s);
        QCOMPARE(text(u"nils"_s, u"PR-1"_s), u"curator, owner of data"_s); // not his tenant
        QVERIFY(f.workflow->approve(f.as(u"cora"_s), u"PR-1"_s, 1, u"ok"_s));
        QCOMPARE(text(u"cora"_s, u"PR-1"_s), u"owner of data"_s);
        QCOMPARE(text(u"dora"_s, u"PR-1"_s), u"you"_s);
        QCOMPARE(text(u"owen"_s, u"PR-1"_s), u"owner of data"_s);
        QVERIFY(f.workflow->approve(f.as(u"dora"_s), u"PR-1"_s, 2, u"ok"_s));
        QCOMPARE(text(u"dora"_s, u"PR-1"_s), u"nobody"_s);
    }
};

QTEST_MAIN(ReviewChecksTest)
#include "tst_reviewchecks.moc"
