#pragma once

#include "Clock.h"
#include "Database.h"
#include "MemoryImport.h"
#include "MemorySearch.h"
#include "MemoryTree.h"
#include "Projector.h"
#include "TestPaths.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

#include <memory>

// Shared by the memory search tests: a small memory tree written here, whose
// rankings are counted by hand, and the repository's memory corpus
// (tests/data/memory), each imported and projected once per test case.
namespace cw::test {

using namespace Qt::StringLiterals;

inline const QString CorpusDir = TestPaths::source("tests/data/memory");

inline QByteArray decision(int number, const QByteArray &fields, const QByteArray &body)
{
    return "---\nid: DEC-" + QByteArray::number(number) + "\n" + fields + "---\n" + body;
}

inline QStringList paths(const MemorySearchResult &result)
{
    QStringList out;
    for (const MemorySearchHit &hit : result.hits)
        out.append(hit.filePath.section(u'/', -1).chopped(3)); // "DEC-4", "pooling-notes"
    return out;
}

inline QStringList relevances(const MemorySearchResult &result)
{
    QStringList out;
    for (const MemorySearchHit &hit : result.hits)
        out.append(relevanceName(hit.relevance));
    return out;
}

class MemorySearchFixture
{
protected:
    // m_db: the small tree; m_corpus: the repository's corpus.
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QByteArray infra = "domain: infrastructure\n";
        write(
            u"decisions/DEC-1.md"_s,
            decision(1,
                     infra + "title: Use connection pooling\nlevel: operational\nstatus: final\n"
                             "tags: [database, connection-pooling]\nrelated_to: [DEC-2]\n"
                             "updated_at: 2026-01-05\n",
                     "# Use connection pooling\n\nA pool per service.\nThe pool is sized by load.\n"
                     "Pool exhaustion is rare.\n"));
        write(u"decisions/DEC-2.md"_s,
              decision(2,
                       infra + "title: Database access\nlevel: strategic\nstatus: final\n"
                               "tags: [database]\nupdated_at: 2026-01-02\n",
                       "# Database access layer\n\nReplaces the ad-hoc access of DEC-42.\n"
                       "one pool\ntwo pool\n\nthe third line mentions a pool\nfourth\n"));
        write(
            u"decisions/DEC-3.md"_s,
            decision(3,
                     infra + "title: Pool metrics\nlevel: operational\nstatus: draft\n"
                             "tags: [database]\nrelated_to: [DEC-1]\nupdated_at: 2026-01-09\n",
                     "# Pool metrics\n\nBuilds on DEC-1. Measures the pool twice: pool, pool.\n"));
        write(u"decisions/DEC-4.md"_s,
              decision(4,
                       "domain: data\ntitle: Old pooling\nlevel: operational\nstatus: superseded\n"
                       "tags: [connection-pooling]\nrelated_to: [DEC-1]\nsuperseded_by: DEC-5\n"
                       "updated_at: 2025-06-01\n",
                       "# Old pooling\n\npool pool pool pool pool\n"));
        write(u"decisions/DEC-5.md"_s,
              decision(5,
                       infra + "title: Pool per tenant\nlevel: operational\nstatus: rejected\n"
                               "supersedes: DEC-4\nupdated_at: 2025-07-01\n",
                       "# Pool per tenant\n\nSee DEC-4 for the earlier approach.\n"));
        write(u"decisions/DEC-6.md"_s,
              decision(6, "domain: misc\ntitle: Follow-up to DEC-7\nstatus: final\n",
                       "Nothing else here.\n"));
        write(
            u"decisions/DEC-42.md"_s,
            decision(42,
                     infra + "title: Pool limits\nlevel: operational\nstatus: final\n"
                             "tags: [database, connection-pooling, limits]\nrelated_to: [DEC-4]\n"
                             "updated_at: 2026-01-05\n",
                     "# Pool limits\n\nLimits per pool, per DEC-1; see also DEC-40.\nPOOL pool\n"));
        write(u"domains/data/pooling-notes.md"_s,
              "# Pooling notes\n\nWe saw pool exhaustion twice. DEC-4 described it.\n");
        write(u"domains/data/other.md"_s, "# Other\n\nMentions DEC-42 only, and DEC-40, DEC-4x.\n");
        // Twelve decisions of one domain: DEC-99 must come before DEC-100.
        for (int n = 99; n <= 110; ++n)
            write(u"decisions/DEC-%1.md"_s.arg(n),
                  decision(n, "domain: bulk\ntitle: Bulk\nlevel: operational\nstatus: final\n",
                           "# Bulk\n\nfiller\n"));
        // Ten files whose titles alone blow the token budget.
        const QByteArray longTitle = QByteArray("Zebra ").repeated(200);
        for (int n = 200; n < 210; ++n)
            write(u"decisions/DEC-%1.md"_s.arg(n),
                  decision(n, "domain: long\nstatus: final\n",
                           "# " + longTitle + "\n\nzebra crossing\n"));
        auto db = importAndProject(m_dir.filePath(u"small.db"_s), m_dir.filePath(u"tree"_s));
        QVERIFY2(db, qPrintable(db.error()));
        m_db = std::move(*db);
        auto corpus = importAndProject(m_dir.filePath(u"corpus.db"_s), CorpusDir);
        QVERIFY2(corpus, qPrintable(corpus.error()));
        m_corpus = std::move(*corpus);
    }

    void write(const QString &relative, const QByteArray &content)
    {
        QVERIFY(cw::test::writeMemoryFile(m_dir.filePath(u"tree"_s), relative, content));
    }

    static Result<std::unique_ptr<Database>> importAndProject(const QString &dbPath,
                                                              const QString &tree)
    {
        static FixedClock clock(QDateTime(QDate(2026, 3, 1), QTime(9, 0), QTimeZone::utc()));
        auto db = Database::open(dbPath);
        if (!db)
            return fail(db.error());
        auto imported = MemoryImport(**db, clock).importTree(tree);
        if (!imported)
            return fail(imported.error());
        if (!imported->problems.isEmpty())
            return fail(imported->problems.join(u"; "_s));
        if (auto projected = Projector(**db, clock).run(); !projected)
            return fail(projected.error());
        return std::move(*db);
    }

    QTemporaryDir m_dir;
    std::unique_ptr<Database> m_db;
    std::unique_ptr<Database> m_corpus;
    FixedClock m_clock{QDateTime(QDate(2026, 3, 1), QTime(9, 0), QTimeZone::utc())};
};

} // namespace cw::test
