// Projector throughput and full rebuild time at the DESIGN size: 100,000
// articles with 3 revisions each (two superseded, one active), published
// through the outbox as the workflow does (activated, superseded, activated,
// superseded, activated: 5 events per article). Canonical rows and events are
// generated directly with prepared statements. Targets: >= 20,000 events/s
// incremental; full rebuild of 100,000 articles (300,000 revisions) <= 10 s.
//
//   bench_projector [ARTICLES] [BATCH]   (default 100000 1000)

#include "Clock.h"
#include "Database.h"
#include "ProjectionRebuild.h"
#include "ProjectionVerify.h"
#include "Projector.h"
#include "Statement.h"
#include "Transaction.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QStringList>
#include <QTemporaryDir>

#include <cstdio>
#include <ctime>

using namespace cw;
using namespace Qt::Literals::StringLiterals;

namespace {

// Process CPU seconds: the machine is shared, so wall time alone can mislead.
double cpuSeconds()
{
    return double(std::clock()) / CLOCKS_PER_SEC;
}

const QStringList Words = {
    u"register"_s, u"policy"_s,   u"premium"_s,   u"address"_s,   u"renewal"_s,  u"letter"_s,
    u"cache"_s,    u"timeout"_s,  u"migration"_s, u"row"_s,       u"missing"_s,  u"duplicate"_s,
    u"batch"_s,    u"export"_s,   u"ledger"_s,    u"reconcile"_s, u"schedule"_s, u"index"_s,
    u"customer"_s, u"contract"_s, u"claim"_s,     u"payment"_s,   u"invoice"_s,  u"retry"_s};
const QStringList Domains = {u"data"_s, u"configuration"_s, u"development"_s, u"assessment"_s};

QString sentence(quint32 &seed, int words)
{
    QStringList out;
    for (int i = 0; i < words; ++i) {
        seed = seed * 1664525u + 1013904223u;
        out.append(Words[int((seed >> 8) % quint32(Words.size()))]);
    }
    return out.join(u' ');
}

bool check(const Status &status, const char *what)
{
    if (!status)
        std::fprintf(stderr, "%s: %s\n", what, qPrintable(status.error()));
    return status.ok();
}

bool generate(const Database &db, int articles)
{
    Transaction transaction(db);
    Statement article = db.prepare("INSERT INTO articles (id, ref, kind, domain, owner, "
                                   "created_at) VALUES (?1, ?2, 'experience', ?3, 'dora', ?4)");
    Statement revision = db.prepare(
        "INSERT INTO revisions (id, article_id, revision, state, title, synopsis, body, "
        "mechanism, method, outcome, proof_level, limits, created_at, updated_at) VALUES "
        "(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 'verified', ?11, ?12, ?12)");
    Statement tag =
        db.prepare("INSERT INTO revision_tags (revision_id, kind, tag) VALUES (?1, 'tag', ?2)");
    Statement event = db.prepare("INSERT INTO outbox (at, event, ref, revision, domain) "
                                 "VALUES (?1, ?2, ?3, ?4, ?5)");
    const QString at = u"2026-03-01T09:00:00Z"_s;
    quint32 seed = 42;
    for (int a = 1; a <= articles; ++a) {
        const QString ref = u"EXP-"_s + QString::number(a);
        const QString &domain = Domains[a % Domains.size()];
        article.bind(1, a).bind(2, ref).bind(3, domain).bind(4, at);
        if (!check(article.exec(), "article"))
            return false;
        for (int r = 1; r <= 3; ++r) {
            const int id = (a - 1) * 3 + r;
            revision.bind(1, id).bind(2, a).bind(3, r);
            revision.bind(4, r == 3 ? u"active"_s : u"superseded"_s);
            revision.bind(5, sentence(seed, 6)).bind(6, sentence(seed, 15));
            revision.bind(7, sentence(seed, 80)).bind(8, sentence(seed, 12));
            revision.bind(9, sentence(seed, 12)).bind(10, sentence(seed, 10));
            revision.bind(11, sentence(seed, 8)).bind(12, at);
            if (!check(revision.exec(), "revision"))
                return false;
            for (const QString &t : {Words[a % Words.size()], Words[(a + r) % Words.size()]}) {
                tag.bind(1, id).bind(2, t);
                if (!check(tag.exec(), "tag"))
                    return false;
            }
            if (r > 1) {
                event.bind(1, at).bind(2, "revision-superseded").bind(3, ref).bind(4, r - 1);
                event.bind(5, domain);
                if (!check(event.exec(), "event"))
                    return false;
            }
            event.bind(1, at).bind(2, "revision-activated").bind(3, ref).bind(4, r);
            event.bind(5, domain);
            if (!check(event.exec(), "event"))
                return false;
        }
    }
    return check(transaction.commit(), "commit");
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    const int articles = args.size() > 1 ? args[1].toInt() : 100000;
    const int batch = args.size() > 2 ? args[2].toInt() : Projector::DefaultBatch;
    QTemporaryDir dir;
    auto opened = Database::open(dir.filePath(u"bench.db"_s));
    if (!opened) {
        std::fprintf(stderr, "%s\n", qPrintable(opened.error()));
        return 1;
    }
    const Database &db = **opened;
    Clock clock;

    QElapsedTimer timer;
    timer.start();
    if (!generate(db, articles))
        return 1;
    std::printf("generated %d articles, %d revisions, %d events in %.1f s\n", articles,
                articles * 3, articles * 5, double(timer.elapsed()) / 1000.0);

    Projector projector(db, clock);
    double cpu = cpuSeconds();
    timer.restart();
    auto run = projector.run(batch);
    if (!run) {
        std::fprintf(stderr, "projector: %s\n", qPrintable(run.error()));
        return 1;
    }
    const double projectS = double(timer.nsecsElapsed()) / 1e9;
    const double projectCpu = cpuSeconds() - cpu;
    std::printf("incremental: %lld events in %lld batches of %d, %.2f s = %.0f events/s "
                "(target >= 20000); CPU %.2f s = %.0f events/CPU-s\n",
                run->events, run->batches, batch, projectS, double(run->events) / projectS,
                projectCpu, double(run->events) / projectCpu);

    ProjectionRebuild rebuild(db, clock);
    cpu = cpuSeconds();
    timer.restart();
    auto rebuilt = rebuild.rebuild();
    if (!rebuilt) {
        std::fprintf(stderr, "rebuild: %s\n", qPrintable(rebuilt.error()));
        return 1;
    }
    std::printf("rebuild: %lld rows from %d revisions in %.2f s (target <= 10 s); CPU %.2f s\n",
                rebuilt->rows, articles * 3, double(timer.nsecsElapsed()) / 1e9,
                cpuSeconds() - cpu);

    timer.restart();
    auto verified = ProjectionVerify(db).verify();
    if (!verified) {
        std::fprintf(stderr, "verify: %s\n", qPrintable(verified.error()));
        return 1;
    }
    std::printf("verify: %s, %lld differences, %.2f s\n",
                verified->identical() ? "identical" : "DIFFERENT",
                qint64(verified->differences.size()), double(timer.nsecsElapsed()) / 1e9);
    return verified->identical() ? 0 : 1;
}
