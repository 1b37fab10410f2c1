// review, edit, supersede, retire end to end: real curation-cli processes on
// a fresh demo database per test. The demo admin is the OS user running the
// tests, so --as cora / --as dora act as the demo's reviewers. The admin is
// one person, so of two sign-offs one is given in process by the other
// reviewer as itself (OtherPerson.h).

#include "CliRunner.h"
#include "OtherPerson.h"
#include "TestDatabase.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace cw::test;
using namespace Qt::StringLiterals;

class TestReviewCli : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<TestDatabase> m_database;
    QString m_db;

    CliRun cli(const QStringList &arguments, const QString &as = {})
    {
        return runCli(m_db, arguments, as);
    }
    CliRun decide(const QString &as, const QString &decision, const QString &proposal, int version,
                  const QStringList &extra = {})
    {
        return cli(QStringList{u"review"_s, decision, proposal, u"--version"_s,
                               QString::number(version), u"--reason"_s, u"checked"_s} +
                       extra,
                   as);
    }

private Q_SLOTS:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
        m_database = std::make_unique<TestDatabase>(m_dir->filePath(u"demo.db"_s));
        m_db = m_database->location();
        const CliRun run = cli({u"demo"_s});
        QVERIFY2(run.exitCode == 0, run.err.constData());
    }

    void helpListsTheReviewCommands()
    {
        const CliRun run = cli({u"--help"_s});
        QCOMPARE(run.exitCode, 0);
        for (const char *command : {"review approve|reject|return", "edit PROPOSAL",
                                    "supersede ARTICLE --with", "retire ARTICLE"})
            QVERIFY2(run.out.contains(command), command);
    }

    void aFirstSignOffAnswersInJsonAndWaits()
    {
        const CliRun first = decide(u"cora"_s, u"approve"_s, u"PR-1"_s, 1, {u"--json"_s});
        QVERIFY2(first.exitCode == 0, qPrintable(first.describe()));
        const QJsonObject json = first.json();
        QCOMPARE(json.value(u"proposal"_s).toString(), u"PR-1"_s);
        QCOMPARE(json.value(u"action"_s).toString(), u"approve"_s);
        QVERIFY(json.value(u"outbox_event"_s).isNull());
        QCOMPARE(json.value(u"approvals"_s).toArray().size(), 1);
        QCOMPARE(json.value(u"proposal_status"_s).toString(), u"pending"_s);
    }

    void twoSignOffsActivateAndAnswerInJson()
    {
        auto first = decideAsItself(m_db, u"cora"_s, u"approve"_s, u"PR-1"_s, 1, u"checked"_s);
        QVERIFY2(first, qPrintable(first.error()));

        const CliRun second = decide(u"dora"_s, u"approve"_s, u"PR-1"_s, 2, {u"--json"_s});
        QVERIFY2(second.exitCode == 0, qPrintable(second.describe()));
        const QJsonObject json = second.json();
        const QJsonObject revision = json.value(u"revision"_s).toObject();
        QCOMPARE(revision.value(u"ref"_s).toString(), u"EXP-3"_s);
        QCOMPARE(revision.value(u"revision"_s).toInt(), 1);
        QCOMPARE(revision.value(u"state"_s).toString(), u"active"_s);
        QCOMPARE(revision.value(u"version"_s).toInt(), 3);
        QCOMPARE(json.value(u"proposal_status"_s).toString(), u"published"_s);
        QVERIFY(json.value(u"outbox_event"_s).toInteger() > 0);
        const QJsonArray approvals = json.value(u"approvals"_s).toArray();
        QCOMPARE(approvals[0].toObject().value(u"real_principal"_s).toString(), u"cora"_s);
        const QJsonObject approval = approvals[1].toObject();
        QCOMPARE(approval.value(u"principal"_s).toString(), u"dora"_s);
        QCOMPARE(approval.value(u"real_principal"_s).toString(), u"admin"_s);
        QCOMPARE(approval.value(u"role"_s).toString(), u"domain_owner"_s);
        QVERIFY(approval.value(u"current"_s).toBool());
    }

    // Invariant 3: the admin acting --as the curator and then --as the owner
    // is one person giving both sign-offs.
    void oneLoginActingAsBothReviewersIsRefused()
    {
        QCOMPARE(decide(u"cora"_s, u"approve"_s, u"PR-1"_s, 1).exitCode, 0);
        const CliRun second = decide(u"dora"_s, u"approve"_s, u"PR-1"_s, 2, {u"--json"_s});
        QCOMPARE(second.exitCode, 1);
        QCOMPARE(second.err.count('\n'), 1);
        QVERIFY2(second.err.contains("one person gives one sign-off"), second.err.constData());
        const QJsonObject refusal = second.json().value(u"refusal"_s).toObject();
        QCOMPARE(refusal.value(u"kind"_s).toString(), u"forbidden"_s);
        const CliRun show = cli({u"show"_s, u"PR-1"_s, u"--json"_s});
        QCOMPARE(show.json().value(u"status"_s).toString(), u"pending"_s);
        QCOMPARE(show.json().value(u"approvals"_s).toArray().size(), 1);
    }

    void textAnswerSaysWhatHappened()
    {
        const CliRun run = decide(u"cora"_s, u"approve"_s, u"PR-1"_s, 1);
        QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
        QVERIFY2(run.out.contains("cora approved PR-1 as curator; waiting for a domain owner of "
                                  "data"),
                 run.out.constData());
        QVERIFY(run.out.contains("EXP-3 revision 1: proposed, version 2; PR-1 pending"));
    }

    void staleVersionIsRefusedWithWhoAndWhen()
    {
        QCOMPARE(decide(u"cora"_s, u"approve"_s, u"PR-1"_s, 1).exitCode, 0);
        const CliRun run = decide(u"dora"_s, u"approve"_s, u"PR-1"_s, 1, {u"--json"_s});
        QCOMPARE(run.exitCode, 1);
        QCOMPARE(run.err.count('\n'), 1);
        QVERIFY2(run.err.contains("PR-1 changed since version 1: cora (via admin) approved it at "),
                 run.err.constData());
        const QJsonObject refusal = run.json().value(u"refusal"_s).toObject();
        QCOMPARE(refusal.value(u"kind"_s).toString(), u"conflict"_s);
        QCOMPARE(refusal.value(u"kept_reason"_s).toString(), u"checked"_s);
    }

    void refusalsExitOneWithOneLine()
    {
        const CliRun analyst = decide(u"ana"_s, u"approve"_s, u"PR-1"_s, 1);
        QCOMPARE(analyst.exitCode, 1);
        QCOMPARE(analyst.err.count('\n'), 1);
        QVERIFY(analyst.err.contains("analysts never decide"));
        const CliRun missing = decide(u"cora"_s, u"reject"_s, u"PR-42"_s, 1);
        QCOMPARE(missing.exitCode, 1);
        QVERIFY(missing.err.contains("no proposal PR-42"));
        const CliRun retire = cli(
            {u"retire"_s, u"KB-30"_s, u"--version"_s, u"1"_s, u"--reason"_s, u"old"_s}, u"dora"_s);
        QCOMPARE(retire.exitCode, 1);
        QVERIFY(retire.err.contains("no active revision"));
    }

    void usageErrorsExitTwo_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("no version")
            << QStringList{u"review"_s, u"approve"_s, u"PR-1"_s, u"--reason"_s, u"ok"_s};
        QTest::newRow("no reason")
            << QStringList{u"review"_s, u"approve"_s, u"PR-1"_s, u"--version"_s, u"1"_s};
        QTest::newRow("empty reason") << QStringList{
            u"review"_s, u"approve"_s, u"PR-1"_s, u"--version"_s, u"1"_s, u"--reason"_s, u""_s};
        QTest::newRow("bad version") << QStringList{
            u"review"_s, u"approve"_s, u"PR-1"_s, u"--version"_s, u"two"_s, u"--reason"_s, u"ok"_s};
        QTest::newRow("bad decision") << QStringList{
            u"review"_s, u"accept"_s, u"PR-1"_s, u"--version"_s, u"1"_s, u"--reason"_s, u"ok"_s};
        QTest::newRow("bad proof level")
            << QStringList{u"edit"_s,     u"PR-1"_s, u"--version"_s,     u"1"_s,
                           u"--reason"_s, u"ok"_s,   u"--proof-level"_s, u"certain"_s};
        QTest::newRow("supersede without --with") << QStringList{
            u"supersede"_s, u"KB-12"_s, u"--version"_s, u"1"_s, u"--reason"_s, u"ok"_s};
        QTest::newRow("retire without article")
            << QStringList{u"retire"_s, u"--version"_s, u"1"_s, u"--reason"_s, u"ok"_s};
    }

    void usageErrorsExitTwo()
    {
        QFETCH(QStringList, arguments);
        const CliRun run = cli(arguments, u"cora"_s);
        QCOMPARE(run.exitCode, 2);
    }

    void editOutdatesApprovalsAndShowSaysWhy()
    {
        QCOMPARE(decide(u"cora"_s, u"approve"_s, u"PR-1"_s, 1).exitCode, 0);
        const CliRun edit =
            cli({u"edit"_s, u"PR-1"_s, u"--version"_s, u"2"_s, u"--reason"_s, u"more precise"_s,
                 u"--outcome"_s, u"Row recreated for March"_s, u"--json"_s},
                u"dora"_s);
        QVERIFY2(edit.exitCode == 0, qPrintable(edit.describe()));
        QVERIFY(edit.json().value(u"substantive"_s).toBool());
        QVERIFY(edit.json().value(u"approvals_outdated"_s).toBool());

        const CliRun show = cli({u"show"_s, u"PR-1"_s, u"--json"_s});
        QVERIFY2(show.exitCode == 0, qPrintable(show.describe()));
        const QJsonObject json = show.json();
        QCOMPARE(json.value(u"type"_s).toString(), u"proposal"_s); // existing fields stay
        QCOMPARE(json.value(u"revision"_s).toObject().value(u"version"_s).toInt(), 3);
        const QJsonObject approval = json.value(u"approvals"_s).toArray().first().toObject();
        QVERIFY(!approval.value(u"current"_s).toBool());
        QVERIFY2(approval.value(u"outdated_reason"_s)
                     .toString()
                     .startsWith(u"substantive edit of outcome by dora at "_s),
                 qPrintable(approval.value(u"outdated_reason"_s).toString()));
        QVERIFY(json.value(u"approval_rule"_s).toString().contains(u"cosmetic"_s));
        const CliRun text = cli({u"show"_s, u"PR-1"_s});
        QVERIFY(text.out.contains("OUTDATED (substantive edit of outcome by dora"));
    }

    void supersedeAndRetireEndToEnd()
    {
        QVERIFY(decideAsItself(m_db, u"cora"_s, u"approve"_s, u"PR-5"_s, 1, u"checked"_s));
        const CliRun approved = decide(u"dora"_s, u"approve"_s, u"PR-5"_s, 2, {u"--json"_s});
        QCOMPARE(approved.json().value(u"proposal_status"_s).toString(), u"approved"_s);
        const CliRun supersede = cli({u"supersede"_s, u"KB-12"_s, u"--with"_s, u"PR-5"_s,
                                      u"--version"_s, u"1"_s, u"--reason"_s, u"5.x"_s, u"--json"_s},
                                     u"cora"_s);
        QVERIFY2(supersede.exitCode == 0, qPrintable(supersede.describe()));
        QJsonObject json = supersede.json();
        QCOMPARE(json.value(u"revision"_s).toObject().value(u"state"_s).toString(), u"active"_s);
        QCOMPARE(json.value(u"superseded"_s).toObject().value(u"revision"_s).toInt(), 1);
        QCOMPARE(json.value(u"outbox_events"_s).toArray().size(), 2);
        const int version = json.value(u"revision"_s).toObject().value(u"version"_s).toInt();

        const CliRun stale = cli(
            {u"retire"_s, u"KB-12"_s, u"--version"_s, u"1"_s, u"--reason"_s, u"old"_s}, u"dora"_s);
        QCOMPARE(stale.exitCode, 1);
        QVERIFY2(stale.err.contains("KB-12 revision 2 changed since version 1"),
                 stale.err.constData());
        const CliRun retire = cli({u"retire"_s, u"KB-12"_s, u"--version"_s,
                                   QString::number(version), u"--reason"_s, u"old"_s, u"--json"_s},
                                  u"dora"_s);
        QVERIFY2(retire.exitCode == 0, qPrintable(retire.describe()));
        json = retire.json();
        QCOMPARE(json.value(u"revision"_s).toObject().value(u"state"_s).toString(), u"retired"_s);
        QVERIFY(json.value(u"outbox_event"_s).toInteger() > 0);
    }
};

QTEST_GUILESS_MAIN(TestReviewCli)
#include "tst_reviewcli.moc"
