#pragma once

// Where a test's database lives. By default a file in a temporary folder;
// with CW_TEST_BACKEND=postgresql (the CTest label postgresql runs the
// scenario suites so, tests/CMakeLists.txt) a database of its own on the
// throw-away server of the postgresql fixture, created here at the current
// schema (PgTestServer::createAtCurrentSchema) and dropped again, which the
// same tests then drive through `--db URI`. The location
// connects as the role that owns the tables (PgTestServer::uri), so the
// tests' admin principal names that role as its db_role (adminDbRole).

#include "PgTestServer.h"

#include <QDir>
#include <QString>

#include <map>
#include <memory>

namespace cw::test {

class TestDatabase
{
public:
    static bool onServer()
    {
        return qEnvironmentVariable("CW_TEST_BACKEND") == QLatin1String("postgresql");
    }

    // The db_role of the admin principal the tests ingest: the role the
    // location connects as on a server, none for a file.
    static QString adminDbRole() { return onServer() ? QStringLiteral("cw_owner") : QString(); }

    // The member of a principal record (ingest's JSON Lines) that makes it
    // the person running the test: its database role on a server, its OS
    // login on a file. osLogin: Paths::osLoginName() (the tests that need
    // this link the model; this header does not).
    static QString selfIdentityMember(const QString &osLogin)
    {
        return onServer() ? QStringLiteral("\"db_role\":\"%1\"").arg(adminDbRole())
                          : QStringLiteral("\"os_user\":\"%1\"").arg(osLogin);
    }

    // filePath: where the database goes when it is a file.
    explicit TestDatabase(const QString &filePath)
    {
        if (!onServer()) {
            m_location = filePath;
            return;
        }
        static int made = 0;
        m_serverName = PgTestServer::unique(QStringLiteral("cw_test_%1").arg(++made));
        if (PgTestServer::createAtCurrentSchema(m_serverName)) {
            m_location = PgTestServer::uri(m_serverName);
        } else {
            // Never empty: an empty --db is the CLI's default database.
            qWarning("cannot create the server database %s", qPrintable(m_serverName));
            m_location =
                QStringLiteral("postgresql://127.0.0.1:1/%1_not_created").arg(m_serverName);
        }
    }
    ~TestDatabase()
    {
        if (!m_serverName.isEmpty())
            PgTestServer::dropDatabase(m_serverName);
    }
    TestDatabase(const TestDatabase &) = delete;
    TestDatabase &operator=(const TestDatabase &) = delete;

    // A file's path or a server URI (one no server answers when the
    // database could not be made).
    const QString &location() const { return m_location; }

private:
    QString m_location;
    QString m_serverName;
};

// The databases of a test that makes several, by file name: in its folder
// as files, or each a server database of its own (dropped with this).
class TestDatabases
{
public:
    explicit TestDatabases(QString folder)
        : m_folder(std::move(folder))
    {
    }

    // The location of the database called fileName, made on first use.
    QString location(const QString &fileName)
    {
        auto &database = m_databases[fileName];
        if (!database)
            database = std::make_unique<TestDatabase>(QDir(m_folder).filePath(fileName));
        return database->location();
    }

private:
    QString m_folder;
    std::map<QString, std::unique_ptr<TestDatabase>> m_databases;
};

} // namespace cw::test
