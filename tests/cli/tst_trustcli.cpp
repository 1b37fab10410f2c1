// The access policy through curation-cli: the queue as the principal sees it
// (proposals, export queue), tenant filters, and verdicts, each tried by the
// wrong person too. The demo admin is the OS user running the tests; --as
// acts as the demo's principals.

#include "CliRunner.h"
#include "TestDatabase.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

#include <utility>

using namespace cw::test;
using namespace Qt::StringLiterals;

class TestTrustCli : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    TestDatabases m_databases{m_dir.path()};
    QString m_db;

    CliRun cli(const QStringList &arguments, const QString &as = {})
    {
        return runCli(m_db, arguments, as);
    }
    // A root-classification query run for `as`; its memory use id.
    qint64 queryAs(const QString &as, QString &ref, int &revision)
    {
        const CliRun run = cli({u"query"_s, u"--strategy"_s, u"root-classification"_s, u"--text"_s,
                                u"register row missing"_s, u"--json"_s},
                               as);
        const QJsonObject json = run.json();
        const QJsonObject first = json.value(u"candidates"_s).toArray().first().toObject();
        ref = first.value(u"ref"_s).toString();
        revision = first.value(u"revision"_s).toInt();
        return json.value(u"memory_use_id"_s).toInteger(-1);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_db = m_databases.location(u"demo.db"_s);
        const CliRun demo = cli({u"demo"_s});
        QVERIFY2(demo.ok(), qPrintable(demo.describe()));
        QVERIFY(cli({u"project"_s}).ok());
    }

    void proposalsRedactCasesOfOtherTenants()
    {
        const CliRun run = cli({u"proposals"_s, u"--json"_s}, u"cora"_s);
        QVERIFY2(run.ok(), qPrintable(run.describe()));
        QVERIFY(!run.out.contains("NW-311"));
        bool sawPr6 = false;
        for (const QJsonValue &row : run.json().value(u"proposals"_s).toArray()) {
            if (row[u"id"_s].toString() != u"PR-6"_s)
                continue;
            sawPr6 = true;
            QVERIFY(row[u"case"_s].isNull());
            QVERIFY(row[u"case_redacted"_s].toBool());
        }
        QVERIFY(sawPr6);
        const CliRun text = cli({u"proposals"_s}, u"cora"_s);
        QVERIFY(text.out.contains("(redacted)"));
        QVERIFY(!text.out.contains("NW-311"));
    }

    void aTenantFilterOfAnotherTenantIsRefused()
    {
        const CliRun refused = cli({u"proposals"_s, u"--tenant"_s, u"northwind"_s}, u"cora"_s);
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.err.contains("own tenants"), refused.err.constData());
        QVERIFY(refused.out.isEmpty());
        const CliRun own =
            cli({u"proposals"_s, u"--tenant"_s, u"northwind"_s, u"--json"_s}, u"nils"_s);
        QVERIFY2(own.ok(), qPrintable(own.describe()));
        QCOMPARE(own.json().value(u"total"_s).toInt(), 1);
        const CliRun exported =
            cli({u"export"_s, u"queue"_s, u"--tenant"_s, u"northwind"_s}, u"cora"_s);
        QCOMPARE(exported.exitCode, 1);
        QVERIFY(exported.out.isEmpty());
    }

    // Every write is scoped like a read, in both directions: cora (Studio)
    // may not decide on Northwind's PR-6, nils (Northwind) not on Studio's PR-1.
    void reviewWritesStayInTheReviewersTenants()
    {
        for (const auto &[as, proposal] :
             {std::pair{u"cora"_s, u"PR-6"_s}, std::pair{u"nils"_s, u"PR-1"_s}}) {
            for (const QString &decision : {u"approve"_s, u"reject"_s, u"return"_s}) {
                const CliRun run = cli({u"review"_s, decision, proposal, u"--version"_s, u"1"_s,
                                        u"--reason"_s, u"checked"_s, u"--json"_s},
                                       as);
                QCOMPARE(run.exitCode, 1);
                QCOMPARE(run.json().value(u"error"_s).toObject().value(u"kind"_s).toString(),
                         u"forbidden"_s);
                QVERIFY2(run.err.contains("does not read"), run.err.constData());
            }
            const CliRun edit = cli({u"edit"_s, proposal, u"--version"_s, u"1"_s, u"--reason"_s,
                                     u"wording"_s, u"--title"_s, u"Another title"_s},
                                    as);
            QCOMPARE(edit.exitCode, 1);
        }
        const CliRun show = cli({u"show"_s, u"PR-6"_s, u"--json"_s}, u"nils"_s);
        QCOMPARE(show.json().value(u"status"_s).toString(), u"pending"_s);
        QCOMPARE(show.json().value(u"revision"_s).toObject().value(u"version"_s).toInt(), 1);
    }

    void exportQueueWritesTheQueueAsThePrincipalSeesIt_data()
    {
        QTest::addColumn<QString>("format");
        QTest::newRow("csv") << u"csv"_s;
        QTest::newRow("json") << u"json"_s;
        QTest::newRow("jsonl") << u"jsonl"_s;
    }

    void exportQueueWritesTheQueueAsThePrincipalSeesIt()
    {
        QFETCH(QString, format);
        const QString path = m_dir.filePath(u"queue."_s + format);
        const CliRun run =
            cli({u"export"_s, u"queue"_s, u"--format"_s, format, u"--out"_s, path, u"--json"_s},
                u"cora"_s);
        QVERIFY2(run.ok(), qPrintable(run.describe()));
        const qint64 exported = run.json().value(u"exported"_s).toInteger();
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        QVERIFY(bytes.contains("PR-6"));
        QVERIFY2(!bytes.contains("NW-311"), bytes.constData());
        QVERIFY(bytes.contains("SD-1598"));
        const CliRun listed = cli({u"proposals"_s, u"--json"_s}, u"cora"_s);
        QCOMPARE(exported, listed.json().value(u"total"_s).toInteger());
        // Standard output carries the same bytes.
        const CliRun out = cli({u"export"_s, u"queue"_s, u"--format"_s, format}, u"cora"_s);
        QVERIFY2(out.ok(), qPrintable(out.describe()));
        QCOMPARE(out.out, bytes);
    }

    // Each output a command writes to a path: a symbolic link there is
    // replaced by the new file, and what it pointed at is left alone (the
    // outputs once wrote through the link); the new file is the user's only.
    void anOutputReplacesALinkAndNeverWritesThroughIt_data()
    {
        QTest::addColumn<QStringList>("arguments"); // OUT: where the path goes
        QTest::addRow("export queue --out")
            << QStringList{u"export"_s, u"queue"_s, u"--format"_s, u"csv"_s, u"--out"_s, u"OUT"_s};
        QTest::addRow("eval run --trec-run") << QStringList{u"eval"_s,
                                                            u"run"_s,
                                                            u"demo-paired-2026-12"_s,
                                                            u"--strategy"_s,
                                                            u"data-investigation"_s,
                                                            u"--trec-run"_s,
                                                            u"OUT"_s};
        QTest::addRow("eval export-qrels")
            << QStringList{u"eval"_s, u"export-qrels"_s, u"demo-paired-2026-12"_s, u"OUT"_s};
    }

    void anOutputReplacesALinkAndNeverWritesThroughIt()
    {
        QFETCH(QStringList, arguments);
        const QString victim = m_dir.filePath(u"someone-elses.txt"_s);
        const QString link = m_dir.filePath(u"output-link"_s);
        QFile::remove(link);
        {
            QFile file(victim);
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
            file.write("keep me\n");
        }
        QVERIFY(QFile::link(victim, link));
        arguments.replace(arguments.indexOf(u"OUT"_s), link);
        const CliRun run = cli(arguments);
        QVERIFY2(run.ok(), qPrintable(run.describe()));
        QFile kept(victim);
        QVERIFY(kept.open(QIODevice::ReadOnly));
        QCOMPARE(kept.readAll(), QByteArray("keep me\n"));
        const QFileInfo written(link);
        QVERIFY2(!written.isSymLink(), "the link is still there");
        QVERIFY(written.isFile() && written.size() > 0);
        QCOMPARE(written.permissions() &
                     (QFile::ReadGroup | QFile::WriteGroup | QFile::ReadOther | QFile::WriteOther),
                 QFile::Permissions());
        // Nothing half-written is left beside it.
        QCOMPARE(QDir(m_dir.path()).entryList({u".output-link*"_s}, QDir::Hidden | QDir::Files),
                 QStringList());
    }

    void exportQueueNeedsAKnownFormatAndWhat()
    {
        QCOMPARE(cli({u"export"_s, u"queue"_s, u"--format"_s, u"xml"_s}, u"cora"_s).exitCode, 2);
        QCOMPARE(cli({u"export"_s, u"everything"_s}, u"cora"_s).exitCode, 2);
        QCOMPARE(cli({u"export"_s}, u"cora"_s).exitCode, 2);
    }

    void aVerdictOnAnotherPrincipalsRetrievalIsNotFound()
    {
        QString ref;
        int revision = 0;
        const qint64 use = queryAs(u"ana"_s, ref, revision);
        QVERIFY(use > 0);
        QVERIFY(!ref.isEmpty());
        const QStringList verdict{u"verdict"_s,
                                  QString::number(use),
                                  ref,
                                  u"--revision"_s,
                                  QString::number(revision),
                                  u"--verdict"_s,
                                  u"applies"_s,
                                  u"--reason"_s,
                                  u"fits"_s};
        const CliRun other = cli(verdict, u"cora"_s);
        QCOMPARE(other.exitCode, 1);
        const QByteArray notFound = "memory use #" + QByteArray::number(use) + " does not exist";
        QVERIFY2(other.err.contains(notFound), other.err.constData());
        // Not a candidate? Someone else's retrieval does not say.
        QStringList guess = verdict;
        guess[2] = u"EXP-999"_s;
        QCOMPARE(cli(guess, u"cora"_s).err, other.err);
        const CliRun missing =
            cli(QStringList(verdict).replaceInStrings(QString::number(use), u"99999"_s), u"cora"_s);
        QCOMPARE(missing.exitCode, 1);
        QVERIFY(missing.err.contains("memory use #99999 does not exist"));

        const CliRun own = cli(verdict + QStringList{u"--json"_s}, u"ana"_s);
        QVERIFY2(own.ok(), qPrintable(own.describe()));
        QCOMPARE(own.json().value(u"verdict"_s).toString(), u"applies"_s);
        const CliRun admin = cli(verdict);
        QVERIFY2(admin.ok(), qPrintable(admin.describe()));
    }
};

QTEST_GUILESS_MAIN(TestTrustCli)
#include "tst_trustcli.moc"
