#pragma once

#include "Clock.h"
#include "Database.h"
#include "MemoryImport.h"
#include "Statement.h"
#include "TestPaths.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

#include <memory>

// A fresh database and an empty memory tree per test, the repository's
// memory corpus (tests/data/memory, see its README), and reads straight from
// the tables the import writes. Shared by the memory import tests.
namespace cw::test {

inline const QString CorpusDir = TestPaths::source("tests/data/memory");

class MemoryImportFixture
{
protected:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        m_tree = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid() && m_tree->isValid());
        auto db = Database::open(m_dir->filePath(QStringLiteral("test.db")));
        QVERIFY2(db, qPrintable(db.error()));
        m_db = std::move(*db);
        m_clock = std::make_unique<FixedClock>(
            QDateTime(QDate(2026, 3, 1), QTime(9, 0), QTimeZone::utc()));
    }

    void cleanup()
    {
        m_db.reset();
        m_tree.reset();
        m_dir.reset();
    }

    MemoryImportReport importTree(const QString &dir)
    {
        MemoryImport importer(*m_db, *m_clock);
        auto report = importer.importTree(dir);
        if (!report) {
            qWarning("import failed: %s", qPrintable(report.error()));
            return {};
        }
        return *report;
    }

    QString memoryDir() const { return m_tree->path() + QStringLiteral("/contexts/memory"); }

    // A file of the test's own memory tree, relative to contexts/memory.
    void writeFile(const QString &relative, const QByteArray &content)
    {
        const QString path = memoryDir() + u'/' + relative;
        QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        QCOMPARE(file.write(content), content.size());
    }

    qint64 count(const char *sql, const QString &arg = {})
    {
        Statement s = m_db->prepare(sql);
        if (!arg.isNull())
            s.bind(1, arg);
        auto row = s.step();
        if (!row || !*row) {
            qWarning("%s: %s", sql, qPrintable(row ? s.prepareError() : row.error()));
            return -1;
        }
        return s.int64(0);
    }

    QString text(const char *sql, const QString &arg)
    {
        Statement s = m_db->prepare(sql);
        s.bind(1, arg);
        auto row = s.step();
        return row && *row ? s.text(0) : QStringLiteral("<no row>");
    }

    // Read straight from the tables: these are the facts later stages query.
    QStringList links(const QString &ref, int revision, const char *kind)
    {
        Statement s = m_db->prepare(
            "SELECT l.target_ref FROM revision_links l JOIN revisions r ON r.id = l.revision_id "
            "JOIN articles a ON a.id = r.article_id WHERE a.ref = ?1 AND r.revision = ?2 "
            "AND l.kind = ?3 ORDER BY l.target_ref");
        s.bind(1, ref).bind(2, revision).bind(3, kind);
        QStringList refs;
        for (auto row = s.step(); row && *row; row = s.step())
            refs.append(s.text(0));
        return refs;
    }

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QTemporaryDir> m_tree;
    std::unique_ptr<Database> m_db;
    std::unique_ptr<FixedClock> m_clock;
};

} // namespace cw::test
