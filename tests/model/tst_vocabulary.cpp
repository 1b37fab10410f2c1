// The closed value sets (model/common/Vocabulary.h): each value has one
// spelling that reads back as itself, anything else is refused rather than
// read as a default, and each set is exactly what the schema's CHECK
// constraint allows, so code deciding on an enum sees every stored value.

#include "TestPaths.h"
#include "Vocabulary.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

// Every migration in order, as one text: a later one may redefine a table.
QString schemaText()
{
    const QDir dir(TestPaths::source("resources/sql"));
    QString text;
    for (const QString &file : dir.entryList({u"*.sql"_s}, QDir::Files, QDir::Name)) {
        QFile sql(dir.filePath(file));
        if (!sql.open(QIODevice::ReadOnly))
            qFatal("cannot read %s", qPrintable(sql.fileName()));
        text += QString::fromUtf8(sql.readAll());
    }
    return text;
}

// The values CHECK (column IN (...)) allows in the last definition of table.
QStringList checkedValues(const QString &table, const QString &column)
{
    static const QString schema = schemaText();
    const qsizetype start = schema.lastIndexOf(u"CREATE TABLE "_s + table + u" ("_s);
    if (start < 0)
        return {u"<no table %1>"_s.arg(table)};
    const qsizetype end = schema.indexOf(u"\n);"_s, start);
    const QString definition = schema.mid(start, end - start);
    const QRegularExpression check(u"CHECK \\(%1 IN \\(([^)]*)\\)\\)"_s.arg(column));
    const QRegularExpressionMatch match = check.match(definition);
    if (!match.hasMatch())
        return {u"<no check on %1.%2>"_s.arg(table, column)};
    QStringList values;
    for (QString value : match.captured(1).split(u',')) {
        value = value.trimmed();
        values.append(value.mid(1, value.size() - 2)); // without the quotes
    }
    return values;
}

QStringList sorted(QStringList list)
{
    list.sort();
    return list;
}

// Every value spelled and read back; every spelling distinct.
template <typename E> void roundTrips()
{
    QStringList seen;
    for (E value : values<E>()) {
        const QString spelled = name(value);
        QVERIFY2(!spelled.isEmpty(), "a value without a spelling");
        QVERIFY2(!seen.contains(spelled), qPrintable(u"spelled twice: "_s + spelled));
        seen.append(spelled);
        QVERIFY2(parse<E>(spelled) == value, qPrintable(u"does not read back: "_s + spelled));
    }
    QCOMPARE(names<E>(), seen);
}

// Near misses of a real spelling are errors, not the nearest value.
template <typename E> void refusesNearMisses()
{
    for (E value : values<E>()) {
        const QString spelled = name(value);
        const QStringList nearMisses{spelled.toUpper(), u" "_s + spelled, spelled + u" "_s,
                                     spelled.left(spelled.size() - 1), spelled + u"s"_s};
        for (const QString &wrong : nearMisses) {
            QVERIFY2(!parse<E>(wrong), qPrintable(u"accepted \"%1\""_s.arg(wrong)));
        }
    }
    QVERIFY(!parse<E>(QString()));
    QVERIFY(!parse<E>(u""_s));
    QVERIFY(!parse<E>(u"unknown"_s));
}

} // namespace

class TestVocabulary : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyValueReadsBackFromItsSpelling();
    void unknownSpellingsAreRefused();
    void aSpellingOfAnotherSetIsNotAValueOfThisOne();
    void proofLevelsAreOrderedByEvidence();
    void eachSetIsWhatTheSchemaAllows();
    void reviewsCountOnlyTheTwoReviewRoles();
};

void TestVocabulary::everyValueReadsBackFromItsSpelling()
{
    roundTrips<Role>();
    roundTrips<CaseStatus>();
    roundTrips<ProofResult>();
    roundTrips<ProofLevel>();
    roundTrips<ArticleKind>();
    roundTrips<RevisionState>();
    roundTrips<ProposalStatus>();
    roundTrips<ReviewDecision>();
    roundTrips<Verdict>();
}

void TestVocabulary::unknownSpellingsAreRefused()
{
    refusesNearMisses<Role>();
    refusesNearMisses<CaseStatus>();
    refusesNearMisses<ProofResult>();
    refusesNearMisses<ProofLevel>();
    refusesNearMisses<ArticleKind>();
    refusesNearMisses<RevisionState>();
    refusesNearMisses<ProposalStatus>();
    refusesNearMisses<ReviewDecision>();
    refusesNearMisses<Verdict>();
    // The JSON spelling, not the C++ one or a human one.
    QVERIFY(!parse<Role>(u"domain owner"_s));
    QVERIFY(!parse<Role>(u"DomainOwner"_s));
    QVERIFY(!parse<Verdict>(u"needs check"_s));
    QVERIFY(!parse<ArticleKind>(u"domain_article"_s));
}

void TestVocabulary::aSpellingOfAnotherSetIsNotAValueOfThisOne()
{
    QVERIFY(!parse<ProposalStatus>(u"active"_s));
    QVERIFY(!parse<RevisionState>(u"pending"_s));
    QVERIFY(!parse<ReviewDecision>(u"approved"_s));
    QVERIFY(!parse<ProofLevel>(u"failed"_s));
    QVERIFY(!parse<Role>(u"owner"_s));
}

void TestVocabulary::proofLevelsAreOrderedByEvidence()
{
    QVERIFY(ProofLevel::Proposed < ProofLevel::Executed);
    QVERIFY(ProofLevel::Executed < ProofLevel::Verified);
}

void TestVocabulary::eachSetIsWhatTheSchemaAllows()
{
    QCOMPARE(sorted(names<Role>()), sorted(checkedValues(u"principal_roles"_s, u"role"_s)));
    QCOMPARE(sorted(names<CaseStatus>()), sorted(checkedValues(u"cases"_s, u"status"_s)));
    QCOMPARE(sorted(names<ProofResult>()), sorted(checkedValues(u"proof_records"_s, u"result"_s)));
    QCOMPARE(sorted(names<ProofLevel>()), sorted(checkedValues(u"revisions"_s, u"proof_level"_s)));
    QCOMPARE(sorted(names<ArticleKind>()), sorted(checkedValues(u"articles"_s, u"kind"_s)));
    QCOMPARE(sorted(names<RevisionState>()), sorted(checkedValues(u"revisions"_s, u"state"_s)));
    QCOMPARE(sorted(names<ProposalStatus>()), sorted(checkedValues(u"proposals"_s, u"status"_s)));
    QCOMPARE(sorted(names<ReviewDecision>()), sorted(checkedValues(u"reviews"_s, u"decision"_s)));
    QCOMPARE(sorted(names<Verdict>()),
             sorted(checkedValues(u"memory_use_verdicts"_s, u"verdict"_s)));
}

void TestVocabulary::reviewsCountOnlyTheTwoReviewRoles()
{
    QCOMPARE(checkedValues(u"reviews"_s, u"role"_s),
             (QStringList{name(Role::Curator), name(Role::DomainOwner)}));
}

QTEST_GUILESS_MAIN(TestVocabulary)
#include "tst_vocabulary.moc"
