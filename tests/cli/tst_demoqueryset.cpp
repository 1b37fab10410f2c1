// The demo query set (resources/eval/demo-queries.jsonl, INTERFACES.md §8)
// against a fresh demo database, through `curation-cli query --json` as an
// analyst or agent would run it: every pair's decisive ref is in the one
// answer and not in the other, every forbidden ref is absent, every required
// ref is present (with its flag, when one is named), every judged ref exists.
// So the set cannot rot when the demo data or the engine change.
//
// "In the answer" means among the candidates' refs or the exact matches'
// cases: an open critical issue or a duplicate delivery is an exact match
// (live case state), not an article.

#include "CliRunner.h"
#include "TestDatabase.h"
#include "TestPaths.h"

#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace cw::test;

namespace {

const QString SetPath = TestPaths::source("resources/eval/demo-queries.jsonl");

// The §5 options a query line may carry, by their long names; lists repeat
// their option.
const QList<std::pair<QString, QString>> SingleOptions = {
    {u"text"_s, u"--text"_s},
    {u"case"_s, u"--case"_s},
    {u"source"_s, u"--source"_s},
    {u"domain"_s, u"--domain"_s},
    {u"product"_s, u"--product"_s},
    {u"version"_s, u"--version"_s},
    {u"min_proof"_s, u"--min-proof"_s},
    {u"limit"_s, u"--limit"_s},
    {u"budget_tokens"_s, u"--budget-tokens"_s},
    {u"as_of"_s, u"--as-of"_s}};
const QList<std::pair<QString, QString>> ListOptions = {
    {u"tags"_s, u"--tag"_s}, {u"symptoms"_s, u"--symptom"_s}, {u"refs"_s, u"--ref"_s}};

struct Answer
{
    QSet<QString> refs;                // candidates' refs and exact matches' cases
    QHash<QString, QStringList> flags; // ref -> applicability flags
};

} // namespace

class DemoQuerySetTest : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    cw::test::TestDatabases m_databases{m_dir.path()};
    QList<QJsonObject> m_lines;
    QHash<QString, Answer> m_answers; // query id -> answer

    QList<QJsonObject> linesOf(const QString &type) const
    {
        QList<QJsonObject> out;
        for (const QJsonObject &line : m_lines)
            if (line.value(u"type"_s).toString() == type)
                out.append(line);
        return out;
    }

    static QStringList arguments(const QJsonObject &query)
    {
        QStringList args{u"query"_s, u"--strategy"_s, query.value(u"strategy"_s).toString(),
                         u"--json"_s};
        for (const auto &[field, option] : SingleOptions) {
            const QJsonValue value = query.value(field);
            if (value.isString())
                args << option << value.toString();
            else if (value.isDouble())
                args << option << QString::number(value.toInteger());
        }
        for (const auto &[field, option] : ListOptions)
            for (const QJsonValue &value : query.value(field).toArray())
                args << option << value.toString();
        return args;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QFile file(SetPath);
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(SetPath));
        int lineNumber = 0;
        while (!file.atEnd()) {
            const QByteArray text = file.readLine().trimmed();
            ++lineNumber;
            if (text.isEmpty())
                continue;
            QJsonParseError error;
            const QJsonDocument document = QJsonDocument::fromJson(text, &error);
            QVERIFY2(
                document.isObject(),
                qPrintable(
                    u"%1 line %2: %3"_s.arg(SetPath).arg(lineNumber).arg(error.errorString())));
            m_lines.append(document.object());
        }
        const QString db = m_databases.location(u"demo.db"_s);
        const CliRun demo = runCli(db, {u"demo"_s});
        QVERIFY2(demo.ok(), qPrintable(demo.describe()));
        const CliRun projected = runCli(db, {u"project"_s});
        QVERIFY2(projected.ok(), qPrintable(projected.describe()));
        for (const QJsonObject &query : linesOf(u"query"_s)) {
            const QString id = query.value(u"id"_s).toString();
            const CliRun run = runCli(db, arguments(query), query.value(u"as"_s).toString());
            QVERIFY2(run.ok(), qPrintable(id + u": "_s + run.describe()));
            Answer answer;
            for (const QJsonValue &c : run.json().value(u"candidates"_s).toArray()) {
                const QString ref = c[u"ref"_s].toString();
                answer.refs.insert(ref);
                for (const QJsonValue &flag : c[u"applicability"_s][u"flags"_s].toArray())
                    answer.flags[ref].append(flag.toString());
            }
            for (const QJsonValue &m : run.json().value(u"exact_matches"_s).toArray())
                answer.refs.insert(m[u"case"_s].toString());
            m_answers.insert(id, answer);
        }
    }

    void theSetHasFortyQueriesOverAllFiveStrategies()
    {
        const QList<QJsonObject> queries = linesOf(u"query"_s);
        QVERIFY2(queries.size() >= 40, qPrintable(QString::number(queries.size())));
        QSet<QString> strategies;
        for (const QJsonObject &query : queries)
            strategies.insert(query.value(u"strategy"_s).toString());
        QCOMPARE(strategies,
                 (QSet<QString>{u"root-classification"_s, u"data-investigation"_s,
                                u"configuration"_s, u"development"_s, u"effort-assessment"_s}));
        QCOMPARE(linesOf(u"set"_s).size(), 1);
    }

    void everyPairsDecisiveRefIsInOneAnswerAndNotTheOther()
    {
        const QList<QJsonObject> pairs = linesOf(u"pair"_s);
        QVERIFY(pairs.size() >= 5);
        for (const QJsonObject &pair : pairs) {
            const QJsonObject decisive = pair.value(u"decisive"_s).toObject();
            const QString ref = decisive.value(u"ref"_s).toString();
            const QString in = decisive.value(u"in"_s).toString();
            const QString notIn = decisive.value(u"not_in"_s).toString();
            const QString id = pair.value(u"id"_s).toString();
            QVERIFY2(m_answers.contains(in) && m_answers.contains(notIn), qPrintable(id));
            QVERIFY2(!decisive.value(u"fact"_s).toString().isEmpty(),
                     qPrintable(id + u": the pair names no decisive fact"_s));
            QVERIFY2(m_answers[in].refs.contains(ref),
                     qPrintable(u"%1: %2 is not in %3's answer"_s.arg(id, ref, in)));
            QVERIFY2(!m_answers[notIn].refs.contains(ref),
                     qPrintable(u"%1: %2 is in %3's answer"_s.arg(id, ref, notIn)));
        }
    }

    void everyForbiddenRefIsAbsentAndSaysWhy()
    {
        for (const QJsonObject &forbidden : linesOf(u"forbidden"_s)) {
            const QString query = forbidden.value(u"query"_s).toString();
            const QString ref = forbidden.value(u"ref"_s).toString();
            QVERIFY2(!forbidden.value(u"why"_s).toString().isEmpty(), qPrintable(query + ref));
            QVERIFY2(m_answers.contains(query), qPrintable(query));
            QVERIFY2(!m_answers[query].refs.contains(ref),
                     qPrintable(u"%1: forbidden %2 (%3) is in the answer"_s.arg(
                         query, ref, forbidden.value(u"why"_s).toString())));
        }
    }

    void everyRequiredFactIsMetWithItsFlag()
    {
        for (const QJsonObject &required : linesOf(u"required"_s)) {
            const QString query = required.value(u"query"_s).toString();
            const QString ref = required.value(u"ref"_s).toString();
            QVERIFY2(m_answers[query].refs.contains(ref),
                     qPrintable(u"%1: required %2 is missing"_s.arg(query, ref)));
            const QString flag = required.value(u"flag"_s).toString();
            if (!flag.isEmpty())
                QVERIFY2(m_answers[query].flags.value(ref).contains(flag),
                         qPrintable(u"%1: %2 lacks the flag %3"_s.arg(query, ref, flag)));
        }
    }

    void everyJudgmentNamesAQueryOfTheSetWithAGradeFromZeroToThree()
    {
        for (const QJsonObject &judgment : linesOf(u"judgment"_s)) {
            QVERIFY2(m_answers.contains(judgment.value(u"query"_s).toString()),
                     qPrintable(judgment.value(u"query"_s).toString()));
            const int grade = judgment.value(u"grade"_s).toInt(-1);
            QVERIFY(grade >= 0 && grade <= 3);
        }
    }
};

QTEST_GUILESS_MAIN(DemoQuerySetTest)
#include "tst_demoqueryset.moc"
