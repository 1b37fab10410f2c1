// Objects in a file's schema that the program did not create (issue #36,
// item 11): a trigger added with sqlite3 would run with the program's next
// write. Opening refuses the file and names it; check reports it; repair
// drops it, or gives the program's own object back its definition. The
// catalogue the open compares with is kept true to the migrations here.

#include "Database.h"
#include "SchemaCatalog.h"
#include "TestPaths.h"

#include <QCryptographicHash>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

// The attack: whoever records a retrieval makes mall an admin.
constexpr const char *ForeignTrigger =
    "CREATE TRIGGER memory_use_hook AFTER INSERT ON memory_use BEGIN "
    "INSERT OR IGNORE INTO principal_roles(principal, role) VALUES ('mall', 'admin'); END";

// Runs SQL on the file behind the program's back, as sqlite3 would.
bool tamper(const QString &path, const char *sql)
{
    sqlite3 *raw = nullptr;
    const bool opened = sqlite3_open(QFile::encodeName(path).constData(), &raw) == SQLITE_OK;
    const bool done = opened && sqlite3_exec(raw, sql, nullptr, nullptr, nullptr) == SQLITE_OK;
    sqlite3_close(raw);
    return done;
}

QByteArray contentOf(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly)
               ? QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256)
               : QByteArray();
}

} // namespace

class SchemaCatalogTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        m_path = m_dir->filePath(u"work.db"_s);
        // The catalogue's own test writes it; every other one needs a file.
        if (QByteArray(QTest::currentTestFunction()) == "theCatalogueIsWhatTheMigrationsCreate")
            return;
        auto created = Database::open(m_path, Database::Mode::OpenOrCreate);
        QVERIFY2(created, qPrintable(created.error()));
    }
    void cleanup() { m_dir.reset(); }

    void theCatalogueIsWhatTheMigrationsCreate();
    void aForeignTriggerIsRefusedByEveryOpenAndNamed();
    void aChangedDefinitionOfTheProgramsTriggerIsRefused();
    void sqlitesOwnStatisticsAreNotForeign();
    void reportingListsThemAndRepairRemovesThem();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_path;
};

void SchemaCatalogTest::theCatalogueIsWhatTheMigrationsCreate()
{
    auto fresh = Database::open(u":memory:"_s);
    QVERIFY2(fresh, qPrintable(fresh.error()));
    auto catalogue = SchemaCatalog::catalogOf(**fresh);
    QVERIFY2(catalogue, qPrintable(catalogue.error()));
    const QString source = TestPaths::source("resources/sql/catalog.txt");
    if (qEnvironmentVariableIsSet("CW_WRITE_CATALOG")) {
        QFile out(source);
        QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
        out.write(*catalogue);
    }
    QFile shipped(u":/cw/sql/catalog.txt"_s);
    QVERIFY(shipped.open(QIODevice::ReadOnly));
    QVERIFY2(shipped.readAll() == *catalogue,
             "resources/sql/catalog.txt does not describe what the migrations create: run "
             "CW_WRITE_CATALOG=1 build/ci/tests/storage_tst_schemacatalog, review the diff "
             "and rebuild");
    QVERIFY(catalogue->contains("\ntrigger "));
    QVERIFY(!catalogue->contains("sqlite_"));
}

void SchemaCatalogTest::aForeignTriggerIsRefusedByEveryOpenAndNamed()
{
    QVERIFY(tamper(m_path, ForeignTrigger));
    const QByteArray before = contentOf(m_path);
    for (const auto mode : {Database::Mode::OpenExisting, Database::Mode::ReadOnlyChecked,
                            Database::Mode::OpenOrCreate}) {
        auto opened = Database::open(m_path, mode);
        QVERIFY(!opened);
        QVERIFY2(opened.error().contains(u"trigger memory_use_hook, not created by this program "
                                         u"(CREATE TRIGGER memory_use_hook AFTER INSERT ON "
                                         u"memory_use"_s) &&
                     opened.error().contains(u"check --repair"_s),
                 qPrintable(opened.error()));
    }
    QCOMPARE(contentOf(m_path), before);
}

void SchemaCatalogTest::aChangedDefinitionOfTheProgramsTriggerIsRefused()
{
    // One of the program's own triggers, its body replaced under its name.
    sqlite3 *raw = nullptr;
    QCOMPARE(sqlite3_open(QFile::encodeName(m_path).constData(), &raw), SQLITE_OK);
    sqlite3_stmt *statement = nullptr;
    sqlite3_prepare_v2(raw,
                       "SELECT name, tbl_name FROM sqlite_schema WHERE type = 'trigger' "
                       "ORDER BY name LIMIT 1",
                       -1, &statement, nullptr);
    QCOMPARE(sqlite3_step(statement), SQLITE_ROW);
    const QByteArray name = reinterpret_cast<const char *>(sqlite3_column_text(statement, 0));
    const QByteArray table = reinterpret_cast<const char *>(sqlite3_column_text(statement, 1));
    sqlite3_finalize(statement);
    sqlite3_close(raw);
    const QByteArray replace = "DROP TRIGGER " + name + "; CREATE TRIGGER " + name +
                               " AFTER UPDATE ON " + table + " BEGIN DELETE FROM audit; END";
    QVERIFY(tamper(m_path, replace.constData()));
    auto opened = Database::open(m_path, Database::Mode::OpenExisting);
    QVERIFY(!opened);
    QVERIFY2(opened.error().contains(u"trigger "_s + QString::fromUtf8(name) +
                                     u", defined otherwise than this program defines it"_s),
             qPrintable(opened.error()));
}

void SchemaCatalogTest::sqlitesOwnStatisticsAreNotForeign()
{
    QVERIFY(tamper(m_path, "ANALYZE"));
    auto opened = Database::open(m_path, Database::Mode::OpenExisting);
    QVERIFY2(opened, qPrintable(opened.error()));
    QVERIFY((*opened)->foreignSchema().isEmpty());
}

void SchemaCatalogTest::reportingListsThemAndRepairRemovesThem()
{
    QVERIFY(tamper(m_path, ForeignTrigger));
    QVERIFY(tamper(m_path, "CREATE VIEW \"odd \"\"name\" AS SELECT 1; CREATE TABLE stash(x)"));
    {
        auto reported = Database::open(m_path, Database::Mode::ReadOnlyChecked,
                                       Database::ForeignSchema::Report);
        QVERIFY2(reported, qPrintable(reported.error()));
        QCOMPARE((*reported)->foreignSchema().size(), 3);
        QVERIFY(!(*reported)->repairSchema()); // read-only: nothing to repair with
    }
    auto db = Database::open(m_path, Database::Mode::OpenExisting, Database::ForeignSchema::Report);
    QVERIFY2(db, qPrintable(db.error()));
    auto repaired = (*db)->repairSchema();
    QVERIFY2(repaired, qPrintable(repaired.error()));
    QCOMPARE(*repaired, (QStringList{u"dropped trigger memory_use_hook"_s,
                                     u"dropped view odd \"name"_s, u"dropped table stash"_s}));
    QVERIFY((*db)->foreignSchema().isEmpty());
    db->reset();
    auto clean = Database::open(m_path, Database::Mode::OpenExisting);
    QVERIFY2(clean, qPrintable(clean.error()));
}

QTEST_GUILESS_MAIN(SchemaCatalogTest)
#include "tst_schemacatalog.moc"
