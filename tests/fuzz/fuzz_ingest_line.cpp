// libFuzzer target: the JSON Lines ingest (INTERFACES.md §2), one record per
// line, the way Ingest::ingestJsonLines reads a file: each line trimmed,
// read by Ingest::parseLine (QJsonDocument plus the line checks), then
// Ingest::apply validates and writes it.
//
// The database is opened once and holds the demo data (resources/demo/
// demo.jsonl: tenants, principals, grants, cases, proposals, articles), so
// records that refer to them reach the deeper checks. Each input runs in a
// transaction that is rolled back; an input of several lines applies them in
// order inside it (a tenant, then an arrival for it, ...).
//
// Invariants beyond "does not crash":
// - a record that is refused says why, and leaves nothing of itself behind
//   (the canonical tables hold the same rows as before it);
// - a record that is applied is counted in the report.
#include "Clock.h"
#include "FuzzDatabase.h"
#include "FuzzSupport.h"
#include "Ingest.h"
#include "Transaction.h"

#include <QJsonObject>
#include <QTimeZone>

using namespace cw;
using namespace Qt::Literals::StringLiterals;

namespace {

const Clock &fixedClock()
{
    static const FixedClock fixed(QDateTime(QDate(2026, 3, 10), QTime(9, 0), QTimeZone::utc()));
    return fixed;
}

Database &seededDatabase()
{
    static Database &db = []() -> Database & {
        Database &opened = fuzz::database();
        Ingest ingest(opened, fixedClock());
        if (auto seeded = ingest.ingestFile(u":/cw/demo/demo.jsonl"_s); !seeded)
            fuzz::violated("the demo data ingests", seeded.error());
        return opened;
    }();
    return db;
}

// Row counts of the tables an ingest record writes to.
QString fingerprint(const Database &db)
{
    auto counts = db.queryText(
        "SELECT (SELECT count(*) FROM tenants) || ',' || (SELECT count(*) FROM principals) || ',' "
        "|| (SELECT count(*) FROM principal_roles) || ',' || (SELECT count(*) FROM grants) || ',' "
        "|| (SELECT count(*) FROM cases) || ',' || (SELECT count(*) FROM arrivals) || ',' "
        "|| (SELECT count(*) FROM case_updates) || ',' || (SELECT count(*) FROM proof_records) "
        "|| ',' || (SELECT count(*) FROM articles) || ',' || (SELECT count(*) FROM revisions) "
        "|| ',' || (SELECT count(*) FROM proposals) || ',' || (SELECT count(*) FROM audit) || ',' "
        "|| (SELECT count(*) FROM outbox) || ',' || (SELECT count(*) FROM ingest_records)");
    if (!counts)
        fuzz::violated("the row counts can be read", counts.error());
    return *counts;
}

constexpr int MaxLines = 16;

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    Database &db = seededDatabase();
    Transaction transaction(db); // never committed
    CW_FUZZ_CHECK(transaction.isActive(), transaction.beginError());
    Ingest ingest(db, fixedClock());
    const QByteArray input = fuzz::bytes(data, size);
    int lines = 0;
    for (const QByteArray &raw : input.split('\n')) {
        const QByteArray line = raw.trimmed();
        if (line.isEmpty())
            continue;
        if (++lines > MaxLines)
            break;
        // The ingest's own line reader: the JSON parser plus the checks of
        // what it accepts silently (duplicate keys, NUL, lone surrogates).
        auto record = ingest.parseLine(line);
        if (!record) {
            CW_FUZZ_CHECK(!record.error().isEmpty(), QString::fromUtf8(line));
            continue;
        }
        const QString before = fingerprint(db);
        const int recordsBefore = ingest.report().records;
        const Status applied = ingest.apply(*record, lines);
        if (applied) {
            CW_FUZZ_CHECK(ingest.report().records == recordsBefore + 1, QString::fromUtf8(line));
        } else {
            CW_FUZZ_CHECK(!applied.error().isEmpty(), QString::fromUtf8(line));
            CW_FUZZ_CHECK(fingerprint(db) == before,
                          QString::fromUtf8(line) + u"\n"_s + applied.error());
        }
    }
    return 0;
}
