#pragma once

// Memory-search goldens: one query per data row (mode A with field=value
// arguments, B with keywords, C with one DEC id), its --json answer compared
// with DIR/<data tag>.json, a reference checked by hand; with
// CW_REGENERATE_GOLDEN=1 the answer is written there instead, for review.

#include "MemorySearch.h"
#include "MemorySearchBudget.h"
#include "MemorySearchFormat.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QTest>

namespace cw::test {

inline Result<MemorySearchResult> runGoldenQuery(const MemorySearch &search, const QString &mode,
                                                 const QStringList &args)
{
    if (mode == u"B")
        return search.byContent(args);
    if (mode == u"C")
        return search.byReference(args.value(0));
    MemoryFieldQuery q;
    for (const QString &arg : args) {
        const QString key = arg.section(u'=', 0, 0);
        const QString value = arg.section(u'=', 1);
        if (key == u"status")
            q.status = value;
        else if (key == u"domain")
            q.domain = value;
        else if (key == u"level")
            q.level = value;
        else if (key == u"tag")
            q.tags.append(value);
        else if (key == u"related_to")
            q.relatedTo.append(value);
    }
    return search.byFields(q);
}

inline void compareMemorySearchGolden(const MemorySearch &search, const QString &mode,
                                      const QStringList &args, const QString &goldenDir)
{
    const Result<MemorySearchResult> r = runGoldenQuery(search, mode, args);
    QVERIFY2(r, qPrintable(r.error()));
    QVERIFY(MemorySearchBudget::estimate(*r) <= MemorySearch::TokenLimit);
    const QByteArray actual =
        QJsonDocument(MemorySearchFormat::toJson(*r)).toJson(QJsonDocument::Indented);
    const QString path =
        goldenDir + u'/' + QString::fromLatin1(QTest::currentDataTag()) + QStringLiteral(".json");
    QFile file(path);
    if (qEnvironmentVariableIntValue("CW_REGENERATE_GOLDEN") == 1) {
        QDir().mkpath(goldenDir);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(actual);
        return;
    }
    QVERIFY2(file.open(QIODevice::ReadOnly),
             qPrintable(path + QStringLiteral(": missing (run with CW_REGENERATE_GOLDEN=1, then "
                                              "review)")));
    QCOMPARE(QJsonDocument::fromJson(actual), QJsonDocument::fromJson(file.readAll()));
}

} // namespace cw::test
