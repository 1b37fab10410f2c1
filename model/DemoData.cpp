#include "DemoData.h"

#include "Clock.h"
#include "Database.h"
#include "DemoDecisions.h"
#include "Transaction.h"
#include "VolumeGenerator.h"

#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>

namespace cw {

DemoBuilder::DemoBuilder(const Database &db, const Clock &clock, QString osUser)
    : m_db(db)
    , m_clock(clock)
    , m_osUser(std::move(osUser))
{
}

Result<DemoReport> DemoBuilder::build(int scaleCases, const Progress &progress)
{
    auto tenants = m_db.queryInt("SELECT count(*) FROM tenants");
    if (!tenants)
        return fail(tenants.error());
    DemoReport report;
    if (*tenants > 0) {
        if (scaleCases > 0)
            return fail(QStringLiteral("the database already holds data; `demo --scale` needs a "
                                       "new database file (use --db NEW.db)"));
        report.alreadyPresent = true;
        return report;
    }
    auto scenarios = ingestScenarios();
    if (!scenarios)
        return fail(QStringLiteral("demo scenarios: ") + scenarios.error());
    report.scenarios = *scenarios;
    auto memory = importMemoryTree();
    if (!memory)
        return fail(QStringLiteral("demo memory: ") + memory.error());
    report.memory = *memory;
    if (m_withDecisions) {
        if (auto decided = DemoDecisions(m_db, m_clock).apply(); !decided)
            return fail(decided.error());
    }
    if (scaleCases > 0) {
        VolumeGenerator generator(m_db, m_clock);
        auto generated = generator.generate(scaleCases, progress);
        if (!generated)
            return fail(QStringLiteral("demo volume: ") + generated.error());
        report.generatedRecords = *generated;
    }
    return report;
}

Result<IngestReport> DemoBuilder::ingestScenarios()
{
    QFile file(QStringLiteral(":/cw/demo/demo.jsonl"));
    if (!file.open(QIODevice::ReadOnly))
        return fail(QStringLiteral("the demo data is missing from this build"));
    Ingest ingest(m_db, m_clock, QStringLiteral("demo"));
    auto report = ingest.ingestJsonLines(file, QStringLiteral("demo.jsonl"));
    if (!report)
        return report;

    // The person running the demo administers it and may act as anyone.
    Transaction transaction(m_db);
    if (!transaction.isActive())
        return fail(transaction.beginError());
    const QJsonObject admin{
        {QStringLiteral("type"), QStringLiteral("principal")},
        {QStringLiteral("id"), QStringLiteral("admin")},
        {QStringLiteral("name"), QStringLiteral("Workbench admin (%1)").arg(m_osUser)},
        {QStringLiteral("os_user"), m_osUser},
        {QStringLiteral("roles"), QJsonArray{QStringLiteral("admin"), QStringLiteral("analyst")}},
        {QStringLiteral("tenants"),
         QJsonArray{QStringLiteral("studio"), QStringLiteral("northwind")}},
        {QStringLiteral("domains"), QJsonArray{}}};
    if (auto applied = ingest.apply(admin); !applied)
        return fail(QStringLiteral("admin principal: ") + applied.error());
    if (auto committed = transaction.commit(); !committed)
        return fail(committed.error());
    return ingest.report();
}

Result<MemoryImportReport> DemoBuilder::importMemoryTree()
{
    // The importer reads a real directory; copy the shipped tree out of the
    // resources first.
    QTemporaryDir temporary;
    if (!temporary.isValid())
        return fail(QStringLiteral("cannot create a temporary folder: ") + temporary.errorString());
    const QString prefix = QStringLiteral(":/cw/demo/contexts/memory");
    QDirIterator files(prefix, QDir::Files, QDirIterator::Subdirectories);
    while (files.hasNext()) {
        const QString source = files.next();
        const QString target =
            temporary.filePath(QStringLiteral("contexts/memory") + source.mid(prefix.size()));
        QDir().mkpath(QFileInfo(target).absolutePath());
        if (!QFile::copy(source, target))
            return fail(QStringLiteral("cannot copy %1 to %2").arg(source, target));
    }
    MemoryImport import(m_db, m_clock, QStringLiteral("demo"));
    return import.importTree(temporary.path());
}

} // namespace cw
