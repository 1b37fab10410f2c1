#include "DemoBuilder.h"

#include "Clock.h"
#include "Database.h"
#include "DemoDecisions.h"
#include "Statement.h"
#include "Transaction.h"
#include "VolumeGenerator.h"

#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>

#include <memory>

namespace cw::inline demo {

using namespace Qt::StringLiterals;

namespace {

// Derived from canonical state (rebuilt at any time), or seeded by the schema
// itself: never records of their own.
bool isDerived(const QString &table)
{
    return table.startsWith(u"projection"_s) || table.startsWith(u"projector"_s) ||
           table.startsWith(u"sqlite_"_s);
}

Result<QStringList> tablesOf(const Database &db, const char *sql)
{
    Statement s = db.prepare(sql);
    QStringList tables;
    for (;;) {
        auto row = s.step();
        if (!row)
            return fail(row.error());
        if (!*row)
            break;
        const QString table = s.text(0);
        if (!isDerived(table))
            tables.append(table);
    }
    return tables;
}

// A few of the tables, enough to say what is there.
QString named(const QStringList &tables)
{
    constexpr qsizetype Shown = 4;
    QString text = tables.first(qMin(Shown, tables.size())).join(u", "_s);
    if (tables.size() > Shown)
        text += u" and %1 more tables"_s.arg(tables.size() - Shown);
    return text;
}

// Table names come from the schema, never from input; quoted all the same.
QByteArray quoted(const QString &table)
{
    return '"' + table.toUtf8().replace('"', "\"\"") + '"';
}

} // namespace

DemoBuilder::DemoBuilder(const Database &db, const Clock &clock, QString osUser)
    : m_db(db)
    , m_clock(clock)
    , m_osUser(std::move(osUser))
{
}

Result<QStringList> DemoBuilder::tablesWithRecords(const Database &db)
{
    // Who is there first: principals and tenants are what a demo must never touch.
    auto tables = tablesOf(db, "SELECT name FROM main.sqlite_schema WHERE type = 'table' "
                               "ORDER BY name NOT IN ('principals', 'tenants'), name");
    if (!tables)
        return tables;
    QStringList filled;
    for (const QString &table : std::as_const(*tables)) {
        const QByteArray sql = "SELECT EXISTS (SELECT 1 FROM main." + quoted(table) + ")";
        auto any = db.queryInt(sql.constData());
        if (!any)
            return fail(any.error());
        if (*any)
            filled.append(table);
    }
    return filled;
}

Result<DemoReport> DemoBuilder::build(int scaleCases, const Progress &progress)
{
    auto filled = tablesWithRecords(m_db);
    if (!filled)
        return fail(filled.error());
    if (!filled->isEmpty())
        return fail(u"%1 already holds records (%2); `demo` only creates a new database and "
                    "changed nothing: give it a new file with --db NEW.db"_s.arg(m_db.path(),
                                                                                 named(*filled)));

    // Built aside in a scratch database beside the target, so that a failure
    // or a kill half-way leaves the target as it was.
    const QString folder = QFileInfo(m_db.path()).absolutePath();
    auto scratchDir = std::make_unique<QTemporaryDir>(folder + u"/.demo-XXXXXX"_s);
    if (!scratchDir->isValid())
        scratchDir = std::make_unique<QTemporaryDir>();
    if (!scratchDir->isValid())
        return fail(u"cannot create a scratch folder for the demo: "_s + scratchDir->errorString());
    const QString scratchPath = scratchDir->filePath(u"demo.sqlite"_s);
    DemoReport report;
    {
        auto scratch = Database::open(scratchPath);
        if (!scratch)
            return fail(scratch.error());
        auto built = buildInto(**scratch, scaleCases, progress);
        if (!built)
            return built;
        report = *built;
    }
    if (auto moved = moveInto(scratchPath); !moved)
        return fail(moved.error());
    return report;
}

Result<DemoReport> DemoBuilder::buildInto(Database &scratch, int scaleCases,
                                          const Progress &progress)
{
    DemoReport report;
    auto scenarios = ingestScenarios(scratch);
    if (!scenarios)
        return fail(u"demo scenarios: "_s + scenarios.error());
    report.scenarios = *scenarios;
    auto memory = importMemoryTree(scratch);
    if (!memory)
        return fail(u"demo memory: "_s + memory.error());
    report.memory = *memory;
    // The demo's judged query set (INTERFACES.md §8): `eval run` works at once.
    auto querySet = DemoQuerySet::importInto(scratch, m_clock, u"admin"_s);
    if (!querySet)
        return fail(u"demo query set: "_s + querySet.error());
    report.querySet = *querySet;
    if (auto reviewed = DemoDecisions(scratch, m_clock).history(); !reviewed)
        return fail(reviewed.error());
    if (m_withDecisions) {
        if (auto decided = DemoDecisions(scratch, m_clock).apply(); !decided)
            return fail(decided.error());
    }
    if (scaleCases > 0) {
        VolumeGenerator generator(scratch, m_clock);
        auto generated = generator.generate(scaleCases, progress);
        if (!generated)
            return fail(u"demo volume: "_s + generated.error());
        report.generatedRecords = *generated;
    }
    return report;
}

Status DemoBuilder::moveInto(const QString &scratchPath)
{
    // ATTACH needs no transaction open; the copy itself is one transaction,
    // which checks again that the target is still new.
    Statement attach = m_db.prepare("ATTACH DATABASE ?1 AS demo");
    attach.bind(1, scratchPath);
    if (auto attached = attach.exec(); !attached)
        return fail(u"cannot open the built demo: "_s + attached.error());
    // Tables are copied in name order, children before their parents at
    // times: the keys are checked as a whole below instead of row by row (the
    // pragma has no effect inside a transaction, so it is set around it).
    if (auto off = m_db.execScript("PRAGMA foreign_keys = OFF"); !off)
        return off;
    Status copied = [&]() -> Status {
        auto tables = tablesOf(m_db, "SELECT name FROM demo.sqlite_schema WHERE type = 'table' "
                                     "ORDER BY name");
        if (!tables)
            return fail(tables.error());
        Transaction transaction(m_db);
        if (!transaction.isActive())
            return fail(transaction.beginError());
        auto filled = tablesWithRecords(m_db);
        if (!filled)
            return fail(filled.error());
        if (!filled->isEmpty())
            return fail(u"%1 received records (%2) while the demo was built; nothing was "
                        "changed"_s.arg(m_db.path(), named(*filled)));
        for (const QString &table : std::as_const(*tables)) {
            const QByteArray sql =
                "INSERT INTO main." + quoted(table) + " SELECT * FROM demo." + quoted(table);
            if (auto inserted = m_db.execScript(sql.constData()); !inserted)
                return fail(u"demo: copying %1: %2"_s.arg(table, inserted.error()));
        }
        // The scratch database enforced the keys while it was built; check
        // the copy once more before it counts.
        {
            Statement check = m_db.prepare("PRAGMA main.foreign_key_check");
            auto orphan = check.step();
            if (!orphan)
                return fail(orphan.error());
            if (*orphan)
                return fail(u"demo: the copy of %1 refers to a missing row; nothing was "
                            "changed"_s.arg(check.text(0)));
        }
        return transaction.commit();
    }();
    (void)m_db.execScript("PRAGMA foreign_keys = ON");
    (void)m_db.execScript("DETACH DATABASE demo");
    return copied;
}

Result<IngestReport> DemoBuilder::ingestScenarios(const Database &scratch)
{
    QFile file(u":/cw/demo/demo.jsonl"_s);
    if (!file.open(QIODevice::ReadOnly))
        return fail(u"the demo data is missing from this build"_s);
    Ingest ingest(scratch, m_clock, u"demo"_s);
    auto report = ingest.ingestJsonLines(file, u"demo.jsonl"_s);
    if (!report)
        return report;

    // The person running the demo administers it and may act as anyone. The
    // scratch database is new, so this creates the admin; it rebinds nobody.
    Transaction transaction(scratch);
    if (!transaction.isActive())
        return fail(transaction.beginError());
    QJsonObject admin{{u"type"_s, u"principal"_s},
                      {u"id"_s, u"admin"_s},
                      {u"name"_s, u"Workbench admin (%1)"_s.arg(m_osUser)},
                      {u"os_user"_s, m_osUser},
                      {u"roles"_s, QJsonArray{u"admin"_s, u"analyst"_s}},
                      {u"tenants"_s, QJsonArray{u"studio"_s, u"northwind"_s}},
                      {u"domains"_s, QJsonArray{}}};
    if (!m_adminDbRole.isEmpty())
        admin[u"db_role"_s] = m_adminDbRole;
    if (auto applied = ingest.apply(admin); !applied)
        return fail(u"admin principal: "_s + applied.error());
    if (auto committed = transaction.commit(); !committed)
        return fail(committed.error());
    return ingest.report();
}

Result<MemoryImportReport> DemoBuilder::importMemoryTree(const Database &scratch)
{
    // The importer reads a real directory; copy the shipped tree out of the
    // resources first.
    QTemporaryDir temporary;
    if (!temporary.isValid())
        return fail(u"cannot create a temporary folder: "_s + temporary.errorString());
    const QString prefix = u":/cw/demo/contexts/memory"_s;
    QDirIterator files(prefix, QDir::Files, QDirIterator::Subdirectories);
    while (files.hasNext()) {
        const QString source = files.next();
        const QString target = temporary.filePath(u"contexts/memory"_s + source.mid(prefix.size()));
        QDir().mkpath(QFileInfo(target).absolutePath());
        if (!QFile::copy(source, target))
            return fail(u"cannot copy %1 to %2"_s.arg(source, target));
    }
    MemoryImport import(scratch, m_clock, u"demo"_s);
    return import.importTree(temporary.path());
}

} // namespace cw::inline demo
