// Mode B at 100,000 memory files (DESIGN.md §8): memory search vs a bare
// FTS5 MATCH on the same index (target: within 1.5x) and vs ripgrep over the
// same files as Markdown (target: at least 50x faster). One run prints all.
//
//   bench_memorysearch [ARTICLES] [WORKDIR]
//
// Files are generated from the PEP corpus's vocabulary (word frequencies kept,
// so common words stay common), written as decisions/DEC-<n>.md, imported
// with MemoryImport and projected: the same path real memory takes.

#include "Clock.h"
#include "Database.h"
#include "MemoryImport.h"
#include "MemorySearch.h"
#include "Projector.h"
#include "Statement.h"
#include "TestPaths.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QHash>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <cstdio>
#include <numeric>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

struct Vocabulary
{
    QStringList words;         // most frequent first
    QList<quint64> cumulative; // running sum of frequencies, for sampling
    QString sample(QRandomGenerator &random) const
    {
        const quint64 at = random.bounded(quint64(cumulative.last()));
        const auto it = std::upper_bound(cumulative.cbegin(), cumulative.cend(), at);
        return words[qMin(qsizetype(it - cumulative.cbegin()), words.size() - 1)];
    }
};

Vocabulary readVocabulary(const QString &corpus)
{
    static const QRegularExpression word(u"[A-Za-z][a-z]{2,14}"_s);
    QHash<QString, quint64> counts;
    QDirIterator it(corpus, {u"*.md"_s}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile file(it.next());
        if (!file.open(QIODevice::ReadOnly))
            continue;
        const QString text = QString::fromUtf8(file.readAll());
        for (auto m = word.globalMatch(text); m.hasNext();)
            ++counts[m.next().captured().toLower()];
    }
    QList<std::pair<quint64, QString>> sorted;
    for (auto c = counts.cbegin(); c != counts.cend(); ++c)
        sorted.append({c.value(), c.key()});
    std::sort(sorted.begin(), sorted.end(), std::greater<>());
    Vocabulary v;
    quint64 sum = 0;
    for (qsizetype i = 0; i < qMin<qsizetype>(sorted.size(), 30000); ++i) {
        v.words.append(sorted[i].second);
        v.cumulative.append(sum += sorted[i].first);
    }
    return v;
}

void writeTree(const QString &decisions, int articles, const Vocabulary &v)
{
    QRandomGenerator random(42);
    const QStringList statuses = {u"final"_s, u"final"_s,      u"accepted"_s,
                                  u"draft"_s, u"superseded"_s, u"rejected"_s};
    for (int n = 1; n <= articles; ++n) {
        QString title;
        for (int w = 0; w < 4; ++w)
            title += (w ? u" "_s : QString()) + v.sample(random);
        QString text;
        QTextStream out(&text);
        out << "---\nid: DEC-" << n << "\ntitle: \"" << title
            << "\"\ndomain: " << v.words[random.bounded(40)]
            << "\nlevel: operational\nstatus: " << statuses[random.bounded(statuses.size())]
            << "\ntags: [" << v.sample(random) << "]\nrelated_to: [DEC-"
            << 1 + random.bounded(articles) << "]\nupdated_at: "
            << QDate(2015, 1, 1).addDays(random.bounded(4000)).toString(Qt::ISODate)
            << "\n---\n\n# " << title << "\n\n";
        const int lines = 12 + random.bounded(16); // ~150-330 words, ~1-2 KB
        for (int l = 0; l < lines; ++l) {
            for (int w = 0; w < 12; ++w)
                out << (w ? " " : "") << v.sample(random);
            out << (l % 5 == 4 ? "\n\n" : "\n");
        }
        out.flush();
        QFile file(decisions + u"/DEC-%1.md"_s.arg(n));
        if (file.open(QIODevice::WriteOnly))
            file.write(text.toUtf8());
    }
}

double percentile(QList<double> values, double p)
{
    std::sort(values.begin(), values.end());
    return values.isEmpty() ? 0 : values[qMin(values.size() - 1, qsizetype(p * values.size()))];
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const int articles = argc > 1 ? QString::fromLocal8Bit(argv[1]).toInt() : 100000;
    QTemporaryDir temporary;
    const QString work = argc > 2 ? QString::fromLocal8Bit(argv[2]) : temporary.path();
    const QString memory = work + u"/tree/contexts/memory"_s;
    const QString dbPath = work + u"/bench.db"_s;
    const Vocabulary vocabulary = readVocabulary(TestPaths::shared("corpus/pep-memory"));
    std::printf("vocabulary: %lld words from the PEP corpus\n", qlonglong(vocabulary.words.size()));

    QElapsedTimer timer;
    Clock clock;
    if (!QFile::exists(dbPath)) {
        timer.start();
        QDir().mkpath(memory + u"/decisions"_s);
        writeTree(memory + u"/decisions"_s, articles, vocabulary);
        std::printf("wrote %d Markdown files in %.1f s\n", articles, timer.elapsed() / 1000.0);
        auto db = Database::open(dbPath);
        if (!db)
            return std::fprintf(stderr, "%s\n", qPrintable(db.error())), 1;
        timer.restart();
        auto imported = MemoryImport(**db, clock).importTree(work + u"/tree"_s);
        if (!imported)
            return std::fprintf(stderr, "%s\n", qPrintable(imported.error())), 1;
        std::printf("imported %d in %.1f s\n", imported->imported, timer.elapsed() / 1000.0);
        timer.restart();
        auto projected = Projector(**db, clock).run(5000);
        if (!projected)
            return std::fprintf(stderr, "%s\n", qPrintable(projected.error())), 1;
        std::printf("projected %lld events in %.1f s\n", projected->events,
                    timer.elapsed() / 1000.0);
    }
    auto opened = Database::open(dbPath);
    if (!opened)
        return std::fprintf(stderr, "%s\n", qPrintable(opened.error())), 1;
    const Database &db = **opened;
    std::printf("articles in the projection: %lld\n",
                qlonglong(db.queryInt("SELECT count(*) FROM projection").value()));

    // Queries across the frequency range: common, middling and rare words,
    // and some two-keyword queries; the same list for every contender.
    QRandomGenerator random(7);
    QList<QStringList> queries;
    for (int i = 0; i < 60; ++i)
        queries.append({vocabulary.words[50 + random.bounded(450)]});
    for (int i = 0; i < 60; ++i)
        queries.append({vocabulary.words[500 + random.bounded(4500)]});
    for (int i = 0; i < 60; ++i)
        queries.append({vocabulary.words[5000 + random.bounded(15000)]});
    for (int i = 0; i < 20; ++i)
        queries.append({vocabulary.words[200 + random.bounded(2000)],
                        vocabulary.words[200 + random.bounded(2000)]});

    MemorySearch search(db, nullptr);
    Statement bare = db.prepare("SELECT rowid FROM projection_fts WHERE projection_fts MATCH ?1 "
                                "ORDER BY rank LIMIT 10");
    auto runBare = [&](const QStringList &q) {
        bare.bind(1, MemorySearch::ftsExpression(q));
        while (bare.step().value()) {
        }
        bare.reset();
    };
    for (const QStringList &q : queries) { // warm the page cache for both
        runBare(q);
        (void)search.byContent(q);
    }
    QList<double> modeB, fts;
    for (int round = 0; round < 3; ++round) {
        for (const QStringList &q : queries) {
            timer.restart();
            auto result = search.byContent(q);
            modeB.append(timer.nsecsElapsed() / 1e6);
            if (!result)
                return std::fprintf(stderr, "%s\n", qPrintable(result.error())), 1;
            timer.restart();
            runBare(q);
            fts.append(timer.nsecsElapsed() / 1e6);
        }
    }
    const double sumB = std::accumulate(modeB.cbegin(), modeB.cend(), 0.0);
    const double sumF = std::accumulate(fts.cbegin(), fts.cend(), 0.0);
    std::printf("\n%lld queries x 3 rounds\n", qlonglong(queries.size()));
    std::printf("Mode B (MemorySearch::byContent):  p50 %.2f ms  p99 %.2f ms  mean %.2f ms\n",
                percentile(modeB, 0.5), percentile(modeB, 0.99), sumB / modeB.size());
    std::printf("bare FTS5 MATCH ORDER BY rank:     p50 %.2f ms  p99 %.2f ms  mean %.2f ms\n",
                percentile(fts, 0.5), percentile(fts, 0.99), sumF / fts.size());
    std::printf("ratio Mode B / bare MATCH:         p50 %.2fx  p99 %.2fx  total %.2fx "
                "(target <= 1.5x)\n",
                percentile(modeB, 0.5) / percentile(fts, 0.5),
                percentile(modeB, 0.99) / percentile(fts, 0.99), sumB / sumF);

    // ripgrep over the same files, one keyword at a time (rg -c -i KEYWORD
    // DIR), on a sample of the queries after one warm-up run.
    const QString rg = QStandardPaths::findExecutable(u"rg"_s);
    if (rg.isEmpty() || !QDir(memory).exists()) {
        std::printf("ripgrep comparison skipped (%s)\n",
                    rg.isEmpty() ? "rg not found: apt-get install ripgrep" : "no Markdown tree");
        return 0;
    }
    auto runRg = [&](const QString &keyword) {
        QProcess process;
        process.start(rg, {u"-c"_s, u"-i"_s, keyword, memory});
        process.waitForFinished(-1);
        process.readAllStandardOutput();
    };
    runRg(queries.first().first());
    QList<double> grep, modeBSample;
    for (qsizetype i = 0; i < queries.size(); i += 10) {
        timer.restart();
        runRg(queries[i].first());
        grep.append(timer.nsecsElapsed() / 1e6);
        timer.restart();
        (void)search.byContent({queries[i].first()});
        modeBSample.append(timer.nsecsElapsed() / 1e6);
    }
    std::printf("ripgrep -c -i (%lld queries):      p50 %.1f ms  p99 %.1f ms\n",
                qlonglong(grep.size()), percentile(grep, 0.5), percentile(grep, 0.99));
    std::printf("Mode B on the same queries:        p50 %.2f ms  p99 %.2f ms\n",
                percentile(modeBSample, 0.5), percentile(modeBSample, 0.99));
    std::printf("ratio ripgrep / Mode B:            p50 %.0fx  p99 %.0fx (target >= 50x)\n",
                percentile(grep, 0.5) / percentile(modeBSample, 0.5),
                percentile(grep, 0.99) / percentile(modeBSample, 0.99));
    return 0;
}
