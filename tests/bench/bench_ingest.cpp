// Ingest throughput: generates a realistic JSON Lines file (tenants,
// principals, arrivals with duplicate deliveries and new revisions, proofs,
// case updates, grants, proposals, articles), ingests it into a fresh database
// with Ingest::ingestFile, and prints records/s. Target: >= 50,000 records/s.
//
//   bench_ingest [RECORDS]   (default 200000)

#include "Clock.h"
#include "Database.h"
#include "Ingest.h"

#include <QTimeZone>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <cstdio>
#include <ctime>

using namespace cw;
using namespace Qt::Literals::StringLiterals;

namespace {

const QStringList Tenants = {u"studio"_s, u"harbor"_s, u"meridian"_s};
const QStringList Symptoms = {u"missing-register-row"_s, u"stale-cache"_s, u"wrong-premium"_s,
                              u"duplicate-letter"_s,     u"timeout"_s,     u"login-loop"_s};

QString timeAt(int minutes)
{
    static const QDateTime start(QDate(2026, 1, 1), QTime(0, 0), QTimeZone::utc());
    return Clock::format(start.addSecs(qint64(minutes) * 60));
}

QString caseKey(int n)
{
    return Tenants[n % Tenants.size()] + u"/servicedesk/SD-"_s + QString::number(n);
}

class Generator
{
public:
    explicit Generator(QFile &out)
        : m_out(out)
    {
    }

    void write(const QJsonObject &record)
    {
        m_out.write(QJsonDocument(record).toJson(QJsonDocument::Compact));
        m_out.write("\n", 1);
        ++m_records;
    }

    void arrival(int n, int revision, const QString &delivery, int minute)
    {
        write({{u"type"_s, u"arrival"_s},
               {u"tenant"_s, Tenants[n % Tenants.size()]},
               {u"source_system"_s, u"servicedesk"_s},
               {u"source_request"_s, QString(u"SD-"_s + QString::number(n))},
               {u"source_revision"_s, QString::number(revision)},
               {u"delivery_id"_s, delivery},
               {u"received_at"_s, timeAt(minute)},
               {u"title"_s,
                QString(u"Register row missing for policy P-"_s + QString::number(n % 977))},
               {u"object"_s, QString(u"policy/P-"_s + QString::number(n % 977) + u"/register"_s)},
               {u"request_type"_s, u"data-correction"_s},
               {u"symptom_tags"_s, QJsonArray{Symptoms[n % Symptoms.size()]}},
               {u"product"_s, u"lifeline"_s},
               {u"product_version"_s, QString(u"4."_s + QString::number(n % 4))},
               {u"body"_s, QString(u"The nightly batch left the register without the row for "
                                   u"this policy; the customer letter shows the old premium. "
                                   u"Revision "_s +
                                   QString::number(revision))}});
    }

    void generate(int target)
    {
        for (const QString &tenant : Tenants)
            write({{u"type"_s, u"tenant"_s}, {u"id"_s, tenant}, {u"name"_s, tenant.toUpper()}});
        for (int i = 0; i < 10; ++i)
            write({{u"type"_s, u"principal"_s},
                   {u"id"_s, QString(u"user"_s + QString::number(i))},
                   {u"name"_s, QString(u"User "_s + QString::number(i))},
                   {u"os_user"_s, QString(u"user"_s + QString::number(i))},
                   {u"roles"_s, QJsonArray{i % 2 ? u"curator"_s : u"domain_owner"_s}},
                   {u"tenants"_s, QJsonArray{Tenants[i % Tenants.size()]}},
                   {u"domains"_s, QJsonArray{u"data"_s}}});
        // Per case, on average ~2.3 records: every case arrives; some twice,
        // some in a second revision; most get a proof, many an update, a few a
        // proposal or a grant.
        for (int n = 1; m_records < target; ++n) {
            const int minute = n * 3;
            arrival(n, 1, u"d-"_s + QString::number(n), minute);
            if (n % 5 == 0)
                arrival(n, 1, u"d-"_s + QString::number(n) + u"-again"_s, minute + 1);
            if (n % 6 == 0)
                arrival(n, 2, u"d-"_s + QString::number(n) + u"-r2"_s, minute + 30);
            if (n % 3 != 0)
                write({{u"type"_s, u"proof"_s},
                       {u"case"_s, caseKey(n)},
                       {u"id"_s, u"P-1"_s},
                       {u"kind"_s, u"execution"_s},
                       {u"title"_s, u"Insert missing register row"_s},
                       {u"content_type"_s, u"sql"_s},
                       {u"content"_s,
                        QString(u"INSERT INTO register (policy, premium) VALUES ('P-"_s +
                                QString::number(n % 977) + u"', 120.50);"_s)},
                       {u"result"_s, n % 7 ? u"verified"_s : u"failed"_s},
                       {u"captured_at"_s, timeAt(minute + 60)}});
            if (n % 4 != 3)
                write({{u"type"_s, u"case_update"_s},
                       {u"case"_s, caseKey(n)},
                       {u"status"_s, n % 4 == 0 ? u"completed"_s : u"waiting"_s},
                       {u"route"_s, u"data-investigation"_s},
                       {u"owner"_s, u"data"_s},
                       {u"at"_s, timeAt(minute + 90)}});
            if (n % 25 == 1)
                write(
                    {{u"type"_s, u"proposal"_s},
                     {u"id"_s, QString(u"PR-"_s + QString::number(n))},
                     {u"case"_s, caseKey(n)},
                     {u"kind"_s, u"experience"_s},
                     {u"domain"_s, u"data"_s},
                     {u"title"_s, u"Restore a missing register row"_s},
                     {u"synopsis"_s, u"Re-insert the row from the policy history"_s},
                     {u"route"_s, u"data-investigation"_s},
                     {u"mechanism"_s, u"row dropped by a failed batch"_s},
                     {u"method"_s, u"insert from history"_s},
                     {u"outcome"_s, u"row restored"_s},
                     {u"proof_level"_s, u"verified"_s},
                     {u"proof_refs"_s, n % 3 != 0 ? QJsonArray{u"P-1"_s} : QJsonArray()},
                     {u"tags"_s, QJsonArray{u"register"_s}},
                     {u"symptom_tags"_s, QJsonArray{Symptoms[n % Symptoms.size()]}},
                     {u"effort"_s, QJsonObject{{u"active_hours"_s, 3.5}, {u"waiting_hours"_s, 48}}},
                     {u"proposed_by"_s, u"agent-data"_s},
                     {u"proposed_at"_s, timeAt(minute + 120)}});
            if (n % 200 == 0)
                write({{u"type"_s, u"grant"_s},
                       {u"principal"_s, QString(u"user"_s + QString::number(n % 10))},
                       {u"case"_s, caseKey(n)}});
            if (n % 400 == 0)
                write({{u"type"_s, u"article"_s},
                       {u"ref"_s, QString(u"KB-"_s + QString::number(n / 400))},
                       {u"kind"_s, u"domain-article"_s},
                       {u"domain"_s, u"data"_s},
                       {u"owner"_s, u"user0"_s},
                       {u"title"_s, u"How registers are kept"_s},
                       {u"body"_s, u"Registers hold one row per policy and premium period."_s},
                       {u"tags"_s, QJsonArray{u"register"_s}}});
        }
    }

    int records() const { return m_records; }

private:
    QFile &m_out;
    int m_records = 0;
};

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int target = argc > 1 ? QString::fromLocal8Bit(argv[1]).toInt() : 200000;
    QTemporaryDir dir;
    const QString input = dir.filePath(u"bench.jsonl"_s);
    QFile out(input);
    if (!out.open(QIODevice::WriteOnly)) {
        std::fprintf(stderr, "cannot write %s\n", qPrintable(input));
        return 1;
    }
    Generator generator(out);
    generator.generate(target);
    out.close();
    std::printf("generated %d records (%.1f MB)\n", generator.records(),
                double(QFileInfo(input).size()) / 1e6);

    auto db = Database::open(dir.filePath(u"bench.sqlite"_s));
    if (!db) {
        std::fprintf(stderr, "%s\n", qPrintable(db.error()));
        return 1;
    }
    if (qEnvironmentVariableIsSet("CW_BENCH_CACHE_KB")) {
        const QByteArray pragma = "PRAGMA cache_size=-" + qgetenv("CW_BENCH_CACHE_KB");
        (void)(*db)->execScript(pragma.constData());
    }
    Clock clock;
    Ingest ingest(**db, clock);
    QElapsedTimer timer;
    timer.start();
    const std::clock_t cpuStart = std::clock();
    auto report = ingest.ingestFile(input);
    const double seconds = double(timer.nsecsElapsed()) / 1e9;
    // The machine is shared: CPU time says what the ingest costs, wall time what it took.
    const double cpuSeconds = double(std::clock() - cpuStart) / CLOCKS_PER_SEC;
    if (!report) {
        std::fprintf(stderr, "%s\n", qPrintable(report.error()));
        return 1;
    }
    std::printf("ingested %d records in %.2f s: %.0f records/s (target >= 50000); "
                "CPU %.2f s: %.0f records per CPU-second\n",
                report->records, seconds, report->records / seconds, cpuSeconds,
                report->records / cpuSeconds);
    for (auto it = report->byType.cbegin(); it != report->byType.cend(); ++it)
        std::printf("  %-12s %d\n", qPrintable(it.key()), it.value());
    std::printf("  new cases %d, new revisions %d, duplicate deliveries %d\n", report->newCases,
                report->newRevisionsOfCases, report->duplicateDeliveries);

    // Ingesting the same file again is idempotent: everything is already recorded.
    Ingest again(**db, clock);
    timer.restart();
    auto second = again.ingestFile(input);
    const double secondSeconds = double(timer.nsecsElapsed()) / 1e9;
    if (!second) {
        std::fprintf(stderr, "%s\n", qPrintable(second.error()));
        return 1;
    }
    std::printf("re-ingest: %d of %d already recorded in %.2f s: %.0f records/s\n",
                second->alreadyRecorded, second->records, secondSeconds,
                second->records / secondSeconds);
    return report->records == generator.records() ? 0 : 1;
}
