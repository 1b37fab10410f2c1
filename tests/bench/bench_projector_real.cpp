// Projector throughput at real document sizes (issue #16): bench_projector's
// ~100-word bodies hide what ~19 KB memory files cost (the text index and
// every copy of the body). One imported decision file per article, one
// revision, one revision-activated event each, as import-memory leaves them;
// body sizes are those of the PEP memory's files (read from the corpus when
// it is there, else the built-in 5%-quantiles taken from it), cycled, with
// words drawn from a Zipf-like vocabulary so the index has real-text terms.
// Prints events/s, MB/s, the batch percentiles, peak RSS of the projection
// and of the rebuild, and the load average.
//
//   bench_projector_real [FILES] [BATCH] [PEP_MEMORY_DIR]   (default 14720 1000)

#include "BenchSupport.h"
#include "Clock.h"
#include "Database.h"
#include "Percentiles.h"
#include "ProjectionRebuild.h"
#include "ProjectionVerify.h"
#include "Projector.h"
#include "Statement.h"
#include "TestPaths.h"
#include "Transaction.h"

#include <QCoreApplication>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QStringList>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <numeric>
#include <vector>

using namespace cw;
using cw::bench::percentile;
using namespace Qt::Literals::StringLiterals;

namespace {

// File sizes (bytes) of the PEP memory's 736 files at 0%, 5%, ... 100%.
constexpr int PepQuantiles[] = {272,   3010,  4543,  5720,  6842,  7938,  8714,
                                9857,  10995, 12637, 14069, 16188, 18110, 19878,
                                22117, 24910, 27749, 31846, 39822, 56996, 120838};

double cpuSeconds()
{
    return double(std::clock()) / CLOCKS_PER_SEC;
}

QString loadAverage()
{
    QFile file(u"/proc/loadavg"_s);
    if (!file.open(QIODevice::ReadOnly))
        return u"?"_s;
    return QString::fromLatin1(file.readAll()).section(u' ', 0, 2);
}

// Peak resident set in MB since the last reset; -1 without /proc.
double peakMegabytes()
{
    return cw::bench::statusMegabytes("VmHWM");
}

// Starts a new peak (Linux: writing 5 to clear_refs resets VmHWM).
void resetPeak()
{
    QFile clear(u"/proc/self/clear_refs"_s);
    if (clear.open(QIODevice::WriteOnly))
        clear.write("5");
}

std::vector<int> corpusSizes(const QString &dir)
{
    std::vector<int> sizes;
    QDirIterator it(dir, {u"*.md"_s}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        sizes.push_back(int(it.nextFileInfo().size()));
    return sizes;
}

// 2,000 sizes spread over the built-in quantiles (linear between them).
std::vector<int> builtInSizes()
{
    std::vector<int> sizes;
    const int steps = int(std::size(PepQuantiles)) - 1;
    for (int i = 0; i < 2000; ++i) {
        const double at = double(i) / 1999.0 * steps;
        const int low = qMin(int(at), steps - 1);
        const double f = at - low;
        sizes.push_back(int(PepQuantiles[low] * (1 - f) + PepQuantiles[low + 1] * f));
    }
    return sizes;
}

class Text
{
public:
    Text()
    {
        // 30,000 pronounceable words; drawn with probability ~ 1/rank.
        const char *syllables[] = {"ka", "to", "ri", "ne", "sa", "lu", "mo", "pe", "di", "ga",
                                   "fe", "ho", "ju", "ve", "zi", "bo", "ta", "re", "ni", "co"};
        for (int i = 0; i < 30000; ++i) {
            QString word;
            for (int n = i + 7; n > 0; n /= 20)
                word += QLatin1String(syllables[n % 20]);
            m_words.append(word);
            m_weight += 1.0 / (i + 1);
            m_cumulative.push_back(m_weight);
        }
    }

    QString words(int bytes)
    {
        QString out;
        out.reserve(bytes + 16);
        while (out.size() < bytes) {
            m_seed = m_seed * 1664525u + 1013904223u;
            const double pick = double(m_seed >> 8) / double(1u << 24) * m_weight;
            const auto it = std::lower_bound(m_cumulative.begin(), m_cumulative.end(), pick);
            out += m_words[qMin(int(it - m_cumulative.begin()), int(m_words.size()) - 1)];
            out += (m_seed & 0xF) == 0 ? u'\n' : u' ';
        }
        return out;
    }

private:
    QStringList m_words;
    std::vector<double> m_cumulative;
    double m_weight = 0;
    quint32 m_seed = 42;
};

bool check(const Status &status, const char *what)
{
    if (!status)
        std::fprintf(stderr, "%s: %s\n", what, qPrintable(status.error()));
    return status.ok();
}

// Returns the body bytes written, or -1.
qint64 generate(const Database &db, int files, const std::vector<int> &sizes)
{
    Transaction transaction(db);
    Statement article =
        db.prepare("INSERT INTO articles (id, ref, kind, domain, owner, source_path, created_at) "
                   "VALUES (?1, ?2, 'decision', 'development', 'dora', ?3, ?4)");
    Statement revision = db.prepare(
        "INSERT INTO revisions (id, article_id, revision, state, level, title, synopsis, body, "
        "created_at, updated_at) VALUES (?1, ?1, 1, 'active', 'project', ?2, ?3, ?4, ?5, ?5)");
    Statement tag =
        db.prepare("INSERT INTO revision_tags (revision_id, kind, tag) VALUES (?1, 'tag', ?2)");
    Statement event = db.prepare("INSERT INTO outbox (at, event, ref, revision, domain) VALUES "
                                 "(?1, 'revision-activated', ?2, 1, 'development')");
    const QString at = u"2026-03-01T09:00:00Z"_s;
    Text text;
    qint64 bytes = 0;
    for (int a = 1; a <= files; ++a) {
        const QString ref = u"DEC-"_s + QString::number(a);
        article.bind(1, a).bind(2, ref).bind(3, u"decisions/"_s + ref + u".md"_s).bind(4, at);
        if (!check(article.exec(), "article"))
            return -1;
        const QString body = text.words(sizes[size_t(a) % sizes.size()]);
        bytes += body.size();
        revision.bind(1, a).bind(2, text.words(50)).bind(3, text.words(120)).bind(4, body);
        revision.bind(5, at);
        if (!check(revision.exec(), "revision"))
            return -1;
        for (const QString &t : {u"area-%1"_s.arg(a % 40), u"kind-%1"_s.arg(a % 7)}) {
            if (!check(tag.bind(1, a).bind(2, t).exec(), "tag"))
                return -1;
        }
        if (!check(event.bind(1, at).bind(2, ref).exec(), "event"))
            return -1;
    }
    return check(transaction.commit(), "commit") ? bytes : -1;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    const int files = args.size() > 1 ? args[1].toInt() : 14720;
    const int batch = args.size() > 2 ? args[2].toInt() : Projector::DefaultBatch;
    const QString pep = args.size() > 3 ? args[3] : TestPaths::shared("corpus/pep-memory");
    std::vector<int> sizes = corpusSizes(pep);
    const bool fromCorpus = !sizes.empty();
    if (!fromCorpus)
        sizes = builtInSizes();
    std::printf("body sizes: %s (%zu sizes, p50 %.0f B, mean %.0f B)\n",
                fromCorpus ? qPrintable(pep) : "built-in PEP quantiles", sizes.size(),
                percentile(std::vector<double>(sizes.begin(), sizes.end()), 0.5),
                std::accumulate(sizes.begin(), sizes.end(), 0.0) / double(sizes.size()));

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
    const qint64 bytes = generate(db, files, sizes);
    if (bytes < 0)
        return 1;
    const double megabytes = double(bytes) / 1e6;
    std::printf("generated %d files, %.0f MB of bodies in %.1f s; load average %s\n", files,
                megabytes, double(timer.elapsed()) / 1000.0, qPrintable(loadAverage()));

    Projector projector(db, clock);
    std::vector<double> batchMs;
    resetPeak();
    double cpu = cpuSeconds();
    timer.restart();
    auto run = projector.run(batch, -1, [&](const ProjectorBatch &b) { batchMs.push_back(b.ms); });
    if (!run) {
        std::fprintf(stderr, "projector: %s\n", qPrintable(run.error()));
        return 1;
    }
    const double batchesS = double(timer.nsecsElapsed()) / 1e9;
    // What `curation-cli project` does once caught up: one index segment.
    QElapsedTimer tidy;
    tidy.start();
    for (bool more = true; more;) {
        auto tidied = projector.tidyIndex();
        if (!tidied) {
            std::fprintf(stderr, "tidy: %s\n", qPrintable(tidied.error()));
            return 1;
        }
        more = *tidied;
    }
    const double tidyS = double(tidy.nsecsElapsed()) / 1e9;
    const double projectS = double(timer.nsecsElapsed()) / 1e9;
    const double projectCpu = cpuSeconds() - cpu;
    std::printf("project: %lld events in %lld batches of %d, %.2f s (%.2f s batches + %.2f s index "
                "merge) = %.0f events/s, %.1f MB/s; CPU %.2f s = %.0f events/CPU-s\n",
                run->events, run->batches, batch, projectS, batchesS, tidyS,
                double(run->events) / projectS, megabytes / projectS, projectCpu,
                double(run->events) / projectCpu);
    std::printf("  batch ms p50 %.0f  p99 %.0f  max %.0f; peak RSS %.0f MB; load average %s\n",
                percentile(batchMs, 0.50), percentile(batchMs, 0.99),
                *std::max_element(batchMs.begin(), batchMs.end()), peakMegabytes(),
                qPrintable(loadAverage()));

    resetPeak();
    cpu = cpuSeconds();
    timer.restart();
    auto rebuilt = ProjectionRebuild(db, clock).rebuild();
    if (!rebuilt) {
        std::fprintf(stderr, "rebuild: %s\n", qPrintable(rebuilt.error()));
        return 1;
    }
    std::printf("rebuild: %lld rows in %.2f s; CPU %.2f s; peak RSS %.0f MB (target <= 150 MB); "
                "load average %s\n",
                rebuilt->rows, double(timer.nsecsElapsed()) / 1e9, cpuSeconds() - cpu,
                peakMegabytes(), qPrintable(loadAverage()));

    timer.restart();
    auto verified = ProjectionVerify(db).verify();
    if (!verified) {
        std::fprintf(stderr, "verify: %s\n", qPrintable(verified.error()));
        return 1;
    }
    std::printf("verify: %s, %lld differences, %.2f s; database %.0f MB\n",
                verified->identical() ? "identical" : "DIFFERENT",
                qint64(verified->differences.size()), double(timer.nsecsElapsed()) / 1e9,
                double(QFileInfo(dir.filePath(u"bench.db"_s)).size()) / 1e6);
    return verified->identical() ? 0 : 1;
}
